import { Msg } from '@tabi/contract/messages';
import type { AgeRules } from '@tabi/contract/party';
import { japanese } from '@tabi/contract/test/japanese';
import { describe, expect, it } from 'vitest';
import { OP0001_AGES } from '../../../test/option-fixture.ts';
import {
  type LeaderFormValues,
  type MemberFormValues,
  memberFormSchema,
  type PersonFormValues,
  requiredFieldsFilled,
} from './member-schema.ts';

const rules: AgeRules = OP0001_AGES;

const person = (overrides: Partial<PersonFormValues> = {}): PersonFormValues => ({
  lastName: 'YAMADA',
  firstName: 'TARO',
  birthday: '1990/01/31',
  sex: '1',
  nationalityId: '1',
  passportNumber: '',
  vegetarianMeals: false,
  ageClass: 'adult',
  ...overrides,
});

const leader = (overrides: Partial<LeaderFormValues> = {}): LeaderFormValues => ({
  ...person(),
  phoneNumber: '090-1234-5678',
  email: 'taro@example.com',
  ...overrides,
});

const form = (overrides: Partial<MemberFormValues> = {}): MemberFormValues => ({
  leader: leader(),
  sameAsLeader: false,
  members: [person()],
  ...overrides,
});

const schema = (needsPassport = false) =>
  memberFormSchema({ rules, usedate: '20260315', today: '20260101', needsPassport });

function messages(values: MemberFormValues, needsPassport = false): Record<string, string> {
  const result = schema(needsPassport).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), japanese(i.message)]));
}

describe('memberFormSchema', () => {
  it('refuses control and bidi characters in names and the phone, as the server does', () => {
    const values = form({
      leader: leader({ lastName: 'YAMA\nDA', phoneNumber: '090\u202e1234' }),
      members: [person({ firstName: 'TA\u0085RO' })],
    });
    const found = messages(values);
    expect(found).toMatchObject({
      'leader.lastName': Msg.controlCharacters,
      'members.0.firstName': Msg.controlCharacters,
    });
    expect(found['leader.phoneNumber']).toBeDefined();
  });

  it('accepts a complete form', () => {
    expect(messages(form())).toEqual({});
  });

  it('refuses impossible and future birthdays with SPEC §5 wording', () => {
    expect(messages(form({ members: [person({ birthday: '1990/02/30' })] }))['members.0.birthday']).toBe(
      Msg.invalidDate,
    );
    expect(messages(form({ leader: leader({ birthday: '2026/01/02' }) }))['leader.birthday']).toBe(Msg.invalidDate);
  });

  it('checks the age on the use date against the class bounds that exist', () => {
    // Turns 12 on 2026/03/16, the day after the use date: still 11, a child.
    const child = person({ ageClass: 'child', birthday: '2014/03/16' });
    expect(messages(form({ members: [child] }))).toEqual({});
    expect(messages(form({ members: [person({ birthday: '2014/03/16' })] }))['members.0.birthday']).toBe(
      '大人の年齢は12歳以上になるよう入力してください',
    );
    expect(messages(form({ members: [{ ...child, birthday: '2020/03/16' }] }))['members.0.birthday']).toBe(
      '小人の年齢は6歳以上11歳以下になるよう入力してください',
    );
  });

  it('counts the applicant as an adult', () => {
    expect(messages(form({ leader: leader({ birthday: '2015/01/01' }) }))['leader.birthday']).toBe(
      '大人の年齢は12歳以上になるよう入力してください',
    );
  });

  it('limits names to 30 and the phone to 15 characters', () => {
    const long = 'A'.repeat(31);
    const result = messages(form({ leader: leader({ lastName: long, phoneNumber: '0'.repeat(21) }) }));
    expect(result['leader.lastName']).toBe('30文字以内になるよう入力してください');
    expect(result['leader.phoneNumber']).toBe('20文字以内になるよう入力してください');
    expect(messages(form({ members: [person({ firstName: long })] }))['members.0.firstName']).toBe(
      '30文字以内になるよう入力してください',
    );
  });

  it('asks the names in Latin letters, as the form says, and says what is allowed', () => {
    for (const name of ['太郎😀', '山田 花子', 'ヤマダ', 'TARO2']) {
      expect(messages(form({ leader: leader({ firstName: name }) }))['leader.firstName']).toBe(Msg.nameRoman);
    }
    for (const name of ["O'BRIEN", 'MARY ANNE', 'Jean-Luc', 'ST. JOHN', 'ＹＡＭＡＤＡ']) {
      expect(messages(form({ members: [person({ lastName: name })] }))['members.0.lastName']).toBeUndefined();
    }
  });

  it('checks the e-mail pattern', () => {
    expect(messages(form({ leader: leader({ email: 'taro@example' }) }))['leader.email']).toBe(Msg.invalidEmail);
  });

  it('requires the passport number only when the option lists it', () => {
    expect(messages(form())).toEqual({});
    expect(messages(form(), true)['leader.passportNumber']).toBeDefined();
    const withPassport = form({
      leader: leader({ passportNumber: 'TK1234567' }),
      members: [person({ passportNumber: 'TK7654321' })],
    });
    expect(messages(withPassport, true)).toEqual({});
  });
});

describe('requiredFieldsFilled', () => {
  it('needs every required field of the applicant and the participants', () => {
    expect(requiredFieldsFilled(form(), false)).toBe(true);
    expect(requiredFieldsFilled(form({ leader: leader({ email: ' ' }) }), false)).toBe(false);
    expect(requiredFieldsFilled(form({ members: [person({ sex: '' })] }), false)).toBe(false);
    expect(requiredFieldsFilled(form({ members: [person({ nationalityId: '' })] }), false)).toBe(false);
    expect(requiredFieldsFilled(form(), true)).toBe(false);
  });
});
