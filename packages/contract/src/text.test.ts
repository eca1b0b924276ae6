import { describe, expect, it } from 'vitest';
import { noteRequest, staffCancelRequest } from './admin-bookings.ts';
import { photoTextRequest } from './admin-media.ts';
import { createBookingRequest, loginRequest } from './booking.ts';
import { nameProblem, phoneProblem } from './booking-rules.ts';
import { multilineText, personName, plainText } from './envelope.ts';
import { Msg } from './messages.ts';
import { japanese } from './test/japanese.ts';
import { hasControlCharacters, hasControlCharactersInLines, hasInvisibleNameCharacters } from './text.ts';

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

describe('control characters', () => {
  it.each(CONTROLS.map((c) => [c.codePointAt(0)?.toString(16).padStart(4, '0'), c]))('U+%s is refused', (_hex, c) => {
    expect(hasControlCharacters(`a${c}b`)).toBe(true);
    const result = plainText().safeParse(`a${c}b`);
    expect(result.success).toBe(false);
    expect(japanese(result.error?.issues[0]?.message)).toBe(Msg.controlCharacters);
    expect(japanese(nameProblem(`ヤマ${c}ダ`))).toBe(Msg.controlCharacters);
    expect(japanese(phoneProblem(`090${c}1234`))).toBe(Msg.controlCharacters);
  });

  it.each(ALLOWED)('%s is accepted', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
    expect(plainText().safeParse(text).success).toBe(true);
    if (text !== '\u200b') expect(nameProblem(text)).toBeNull();
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
      expect(result.error?.issues.map((i) => japanese(i.message))).toContain(Msg.controlCharacters);
    }
  });
});

/** Invisible or line-breaking characters a person's name may not hold. */
const NAME_INVISIBLE = ['\u2028', '\u2029', '\u200b', '\u00ad'];

describe('person names', () => {
  const member = {
    seq: '1',
    sei: 'ヤマダ',
    mei: 'タロウ',
    sex: '1',
    birthday: '19900101',
    ageclass: '1',
    nationality_id: '1',
  };
  const base = {
    opcd: 'OP1',
    usedate: '20261201',
    sei: 'ヤマダ',
    mei: 'タロウ',
    tel: '090-1234-5678',
    mail: 'a@example.com',
    amountjp: '8000',
    memberList: [member],
  };

  it.each(NAME_INVISIBLE.map((c) => [c.codePointAt(0)?.toString(16).padStart(4, '0'), c]))(
    'U+%s is refused in a name with a Japanese message, on both sides',
    (_hex, c) => {
      expect(hasInvisibleNameCharacters(`ヤマ${c}ダ`)).toBe(true);
      expect(japanese(nameProblem(`ヤマ${c}ダ`))).toBe(Msg.nameInvisibleCharacters);
      expect(japanese(personName().safeParse(`ヤマ${c}ダ`).error?.issues[0]?.message)).toBe(
        Msg.nameInvisibleCharacters,
      );
      for (const bad of [
        { ...base, sei: `ヤマ${c}ダ` },
        { ...base, mei: `${c}タロウ` },
        { ...base, memberList: [{ ...member, sei: `ヤマダ${c}` }] },
        { ...base, memberList: [{ ...member, mei: `タ${c}ロウ` }] },
      ]) {
        const result = createBookingRequest.safeParse(bad);
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((i) => japanese(i.message))).toEqual([Msg.nameInvisibleCharacters]);
      }
    },
  );

  it('keeps the names people write, and U+200B and U+2028 outside names', () => {
    for (const name of ['ヤマダ', 'Mary-Ann O’Neil', '山田　太郎', 'Zoë', '👨\u200d👩\u200d👧', 'ﾔﾏﾀﾞ']) {
      expect(nameProblem(name)).toBeNull();
      expect(personName().safeParse(name).success).toBe(true);
    }
    expect(createBookingRequest.safeParse(base).success).toBe(true);
    expect(plainText().safeParse('a\u200bb').success).toBe(true);
  });
});

describe('staff free text', () => {
  it('keeps line breaks and tabs in a text of several lines, and refuses every other control', () => {
    expect(hasControlCharactersInLines('一行目\r\n二行目\n\t字下げ')).toBe(false);
    expect(multilineText().safeParse('一行目\r\n二行目\n\t字下げ').success).toBe(true);
    for (const c of CONTROLS.filter((c) => !['\t', '\n', '\r'].includes(c))) {
      expect(hasControlCharactersInLines(`a${c}b`)).toBe(true);
      expect(japanese(multilineText().safeParse(`a${c}b`).error?.issues[0]?.message)).toBe(Msg.controlCharacters);
    }
  });

  it.each(['\u0007', '\u001b', '\u0085', '\u202e', '\u2066'].map((c) => [c.codePointAt(0)?.toString(16), c]))(
    'refuses U+%s in a booking note, a fee override reason and a photo caption or alt text',
    (_hex, c) => {
      const messages = (result: { error?: { issues: { message: string }[] } }) =>
        result.error?.issues.map((i) => japanese(i.message));
      expect(messages(noteRequest.safeParse({ note: `電話あり${c}` }))).toEqual([Msg.controlCharacters]);
      expect(messages(staffCancelRequest.safeParse({ feeOverride: { amount: 0, reason: `お客様都合${c}` } }))).toEqual([
        Msg.controlCharacters,
      ]);
      const none = { caption: '', alt: '' };
      const translations = { en: none, ko: none, 'zh-Hant': none, 'zh-Hans': none };
      const photo = (texts: object) => photoTextRequest.safeParse({ ...none, translations, ...texts });
      expect(messages(photo({ caption: `屋形船${c}` }))).toEqual([Msg.controlCharacters]);
      expect(messages(photo({ alt: `夕暮れ${c}` }))).toEqual([Msg.controlCharacters]);
      expect(messages(photo({ translations: { ...translations, ko: { caption: `유람선${c}`, alt: '' } } }))).toEqual([
        Msg.controlCharacters,
      ]);
    },
  );

  it('keeps the line breaks of a note and of a reason', () => {
    expect(noteRequest.parse({ note: '電話あり\n折り返し済み' }).note).toBe('電話あり\n折り返し済み');
    expect(staffCancelRequest.parse({ feeOverride: { amount: 100, reason: '台風\r\n欠航' } }).feeOverride?.reason).toBe(
      '台風\r\n欠航',
    );
  });
});
