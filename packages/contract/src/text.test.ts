import { describe, expect, it } from 'vitest';
import { createBookingRequest, loginRequest } from './booking.ts';
import { nameProblem, phoneProblem } from './booking-rules.ts';
import { plainText } from './envelope.ts';
import { Msg } from './messages.ts';
import { hasControlCharacters } from './text.ts';

const CONTROLS = [
  '\u0000',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
];
const ALLOWED = ['ヤマダ', 'Mary-Ann O’Neil', '山田　太郎', 'Zoë', '😀', '\u200b', '\u200d', 'ｱｲｳ', 'ﾔﾏﾀﾞ'];

describe('control characters (issue 11, item 6)', () => {
  it.each(CONTROLS.map((c) => [c.codePointAt(0)?.toString(16).padStart(4, '0'), c]))('U+%s is refused', (_hex, c) => {
    expect(hasControlCharacters(`a${c}b`)).toBe(true);
    const result = plainText().safeParse(`a${c}b`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(Msg.controlCharacters);
    expect(nameProblem(`ヤマ${c}ダ`)).toBe(Msg.controlCharacters);
    expect(phoneProblem(`090${c}1234`)).toBe(Msg.controlCharacters);
  });

  it.each(ALLOWED)('%s is accepted', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
    expect(plainText().safeParse(text).success).toBe(true);
    expect(nameProblem(text)).toBeNull();
  });

  it('is checked before trimming, so a trailing CR/LF is refused too', () => {
    expect(loginRequest.safeParse({ rsvno: 'AA100001\r\n', tel: '09012345678' }).success).toBe(false);
    expect(loginRequest.safeParse({ rsvno: ' AA100001 ', tel: '09012345678' }).data?.rsvno).toBe('AA100001');
  });

  it('covers the booking request’s names, members and rentals', () => {
    const base = {
      opcd: 'OP1',
      usedate: '20261201',
      sei: 'ヤマダ',
      mei: 'タロウ',
      tel: '090-1234-5678',
      mail: 'a@example.com',
      amountjp: '8000',
      memberList: [
        { seq: '1', sei: 'ヤマダ', mei: 'タロウ', sex: '1', birthday: '19900101', ageclass: '1', nationality_id: '1' },
      ],
      rentskiList: [{ seq: '1', model: '1', boots_size: '25.0', wear_size: 'M' }],
    };
    expect(createBookingRequest.safeParse(base).success).toBe(true);
    const member = base.memberList[0];
    const rental = base.rentskiList[0];
    for (const bad of [
      { ...base, sei: 'ヤマ\nダ' },
      { ...base, webname_localized: '\u202e' },
      { ...base, memberList: [{ ...member, mei: 'タ\u0085ロウ' }] },
      { ...base, memberList: [{ ...member, seq: '1\n' }] },
      { ...base, rentskiList: [{ ...rental, wear_size: 'M\u2066' }] },
    ]) {
      const result = createBookingRequest.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(Msg.controlCharacters);
    }
  });
});
