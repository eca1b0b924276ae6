import {
  birthdayProblem,
  bookingNameProblem,
  EMAIL_PATTERN,
  phoneProblem,
  tooLong,
} from '@tabi/contract/booking-rules';
import { AGE_CLASSES } from '@tabi/contract/constants';
import type { Ymd } from '@tabi/contract/dates';
import type { AgeRules } from '@tabi/contract/party';
import { say } from '@tabi/contract/said';
import { fieldName } from '@tabi/contract/validation-messages';
import { z } from 'zod';
import type { PersonDraft } from '../../../stores/reservation-store.ts';
import { parseBirthdayText } from './birthday-text.ts';

export const PASSPORT_MAX_LENGTH = 20;

/** What the participant screen edits for one person (the store's draft of it); the birthday as typed (YYYY/MM/DD). */
export type PersonFormValues = PersonDraft;

export interface LeaderFormValues extends PersonFormValues {
  phoneNumber: string;
  email: string;
}

export interface MemberFormValues {
  leader: LeaderFormValues;
  sameAsLeader: boolean;
  members: PersonFormValues[];
}

/** The fields participant 1 takes over from the applicant while 申込者と同じ is ticked. */
export const SHARED_WITH_LEADER = [
  'lastName',
  'firstName',
  'birthday',
  'sex',
  'nationalityId',
  'passportNumber',
  'vegetarianMeals',
] as const satisfies readonly (keyof PersonFormValues)[];

export interface MemberRuleContext {
  rules: AgeRules;
  /** The use date: ages are counted on it. */
  usedate: Ymd;
  /** Tokyo today: birthdays after it are invalid. */
  today: Ymd;
  needsPassport: boolean;
}

type Field = Parameters<typeof fieldName>[0];
/** 「〇〇を入力してください」: a text left empty. */
const required = (field: Field) => say('rule.enterField', { field: fieldName(field) });
/** 「〇〇を選択してください」: a choice (a list, a date picker) left empty; the console's forms say it the same way. */
export const choose = (field: Field) => say('rule.chooseField', { field: fieldName(field) });

function fromProblem(check: (value: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = check(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

function personFields({ needsPassport }: MemberRuleContext) {
  return z.object({
    lastName: z.string().trim().min(1, required('sei')).superRefine(fromProblem(bookingNameProblem)),
    firstName: z.string().trim().min(1, required('mei')).superRefine(fromProblem(bookingNameProblem)),
    birthday: z.string().trim().min(1, choose('birthday')),
    sex: z.enum(['', '1', '2']).refine((v) => v !== '', choose('sex')),
    nationalityId: z.string().min(1, choose('nationality_id')),
    passportNumber: needsPassport
      ? z
          .string()
          .trim()
          .min(1, required('passport'))
          .max(PASSPORT_MAX_LENGTH, tooLong(PASSPORT_MAX_LENGTH))
          .regex(/^[A-Za-z0-9]*$/, say('rule.passportCharacters'))
      : z.string(),
    vegetarianMeals: z.boolean(),
    ageClass: z.enum(AGE_CLASSES),
  });
}

function checkBirthday({ rules, usedate, today }: MemberRuleContext) {
  return (person: { birthday: string; ageClass: PersonFormValues['ageClass'] }, ctx: z.RefinementCtx) => {
    if (!person.birthday) return;
    const day = parseBirthdayText(person.birthday);
    // SPEC §5: ages count on the use date; the applicant's form carries ageClass 'adult'.
    const problem = day ? birthdayProblem(day, person.ageClass, usedate, today, rules) : say('invalidDate');
    if (problem) ctx.addIssue({ code: 'custom', path: ['birthday'], message: problem });
  };
}

const PHONE_CHARACTERS = /^[0-9+\-() ]+$/;

/** SPEC §5's participant-screen rules, with its messages (verbatim in Japanese) by key. */
export function memberFormSchema(context: MemberRuleContext) {
  const fields = personFields(context);
  const birthday = checkBirthday(context);
  const leader = fields
    .extend({
      phoneNumber: z
        .string()
        .trim()
        .min(1, required('tel'))
        .superRefine(fromProblem(phoneProblem))
        .refine((v) => PHONE_CHARACTERS.test(v.normalize('NFKC')), say('rule.phoneCharacters')),
      email: z.string().trim().min(1, required('mail')).regex(EMAIL_PATTERN, say('invalidEmail')),
    })
    .superRefine(birthday);
  return z.object({ leader, sameAsLeader: z.boolean(), members: z.array(fields.superRefine(birthday)) });
}

function filled(value: string): boolean {
  return value.trim().length > 0;
}

function personFilled(person: PersonFormValues, needsPassport: boolean): boolean {
  return (
    filled(person.lastName) &&
    filled(person.firstName) &&
    filled(person.birthday) &&
    person.sex !== '' &&
    person.nationalityId !== '' &&
    (!needsPassport || filled(person.passportNumber))
  );
}

/** SPEC §4: Next works only when every required field holds something (participants need no phone or e-mail). */
export function requiredFieldsFilled(values: MemberFormValues, needsPassport: boolean): boolean {
  const { leader, members } = values;
  return (
    personFilled(leader, needsPassport) &&
    filled(leader.phoneNumber) &&
    filled(leader.email) &&
    members.every((m) => personFilled(m, needsPassport))
  );
}
