/**
 * The words a validation failure is said in, when a schema gives no message of its own: polite words a clerk or a
 * customer can act on (「200文字以内で入力してください」), never a program's wording (zod's own Japanese locale says
 * 「大きすぎる値: stringは200文字以下である必要があります」). Each is a reference to the shared rules' catalog
 * (`say`, ADR 0206), written in the language of the page or the answer that shows it. Where a failure is said
 * together with its field, `fieldLabel` names the field as the forms do, never by its path in the request.
 */
import type { z } from 'zod';
import { TRANSLATED_LANGS, type TranslatedLang } from './content.ts';
import type { MessageParams } from './message-params.gen.ts';
import { type PlainKey, say } from './said.ts';

const EXPECTED: Record<string, PlainKey> = {
  number: 'rule.number',
  int: 'rule.integer',
  bigint: 'rule.integer',
  string: 'rule.text',
  boolean: 'rule.yesNo',
  array: 'rule.list',
  object: 'rule.format',
  date: 'rule.date',
};

const FORMAT: Record<string, PlainKey> = {
  date: 'rule.dateFormat',
  datetime: 'rule.dateTimeFormat',
  email: 'rule.emailFormat',
  url: 'rule.urlFormat',
};

export const validationMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return say('rule.required');
      return say(EXPECTED[issue.expected] ?? 'rule.format');
    case 'invalid_value':
      return say('rule.choice');
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return say('rule.maxChars', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return say('rule.maxItems', { max });
      return issue.inclusive ? say('rule.atMost', { max }) : say('rule.below', { max });
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? say('rule.required') : say('rule.minChars', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return say('rule.minItems', { min });
      return issue.inclusive ? say('rule.atLeast', { min }) : say('rule.above', { min });
    }
    case 'invalid_format':
      return say(FORMAT[issue.format] ?? 'rule.format');
    case 'not_multiple_of':
      return say('rule.multipleOf', { divisor: Number(issue.divisor) });
    case 'unrecognized_keys':
      return say('rule.unknownKeys');
    default:
      return say('rule.invalid');
  }
};

/** The request fields a refusal can point at, across the API (the customer's and the console's). */
type FieldName = keyof MessageParams['rules'] extends infer K
  ? K extends `field.${infer F}`
    ? F extends 'nthPerson' | 'nthItem' | 'inLang'
      ? never
      : F
    : never
  : never;

const FIELD_NAMES = new Set<string>([
  'sei',
  'mei',
  'seikana',
  'meikana',
  'birthday',
  'sex',
  'nationality_id',
  'ageclass',
  'tel',
  'mail',
  'seats',
  'from',
  'to',
  'weekdays',
  'adultbaika',
  'middlebaika',
  'childbaika',
  'infantbaika',
  'fee',
  'amount',
  'reason',
  'note',
  'month',
  'sort',
  'page',
  'usefrom',
  'useto',
  'rsvfrom',
  'rsvto',
  'date',
  'usedate',
  'boots_size',
  'wear_size',
  'model',
  'webname',
  'useFrom',
  'useTo',
  'caption',
  'alt',
  'password',
  'code',
] satisfies FieldName[]);

/** A field's name as the forms say it (「姓」, "family name"), in the language the message is written in. */
export function fieldName(name: FieldName): string {
  return say(`field.${name}`);
}

/**
 * A request field named as the forms name it, never by its path: 「2人目の姓」 for participants, 「2件目の…」 elsewhere,
 * 「商品名（韓国語）」 for a catalog text in another language.
 */
export function fieldLabel(path: readonly PropertyKey[]): string | undefined {
  const name = [...path].reverse().find((p): p is FieldName => typeof p === 'string' && FIELD_NAMES.has(p));
  if (!name) return undefined;
  const field = fieldName(name);
  const lang = path[0] === 'translations' ? TRANSLATED_LANGS.find((l) => l === path[1]) : undefined;
  if (lang) return say('field.inLang', { field, lang: say(`lang.${lang satisfies TranslatedLang}`) });
  const index = path.find((p): p is number => typeof p === 'number');
  if (index === undefined) return field;
  const nth = path.includes('memberList') ? 'field.nthPerson' : 'field.nthItem';
  return say(nth, { n: index + 1, field });
}
