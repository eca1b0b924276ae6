/** 商品編集's form state: every input as typed, turned into the contract's option input (and back). */

import {
  type CancelTierInput,
  createOptionRequest,
  OPTION_NULLABLE_TEXT_KEYS,
  OPTION_NUMBER_KEYS,
  type OptionFields,
  type OptionInput,
  type OptionNullableTextKey,
  type OptionNumberKey,
  updateOptionRequest,
} from '@tabi/contract/admin-catalog';
import { STANDARD_CANCEL_POLICY } from '@tabi/contract/cancel-policy';
import { OPTION_TEXT_FIELDS, type TranslatedLang } from '@tabi/contract/content';
import { z } from 'zod';
import { byLang } from './langs.ts';

export interface TierDraft {
  daysBefore: string;
  percent: string;
}

/**
 * Numbers and optional texts as typed ('' = not set); the cancel policy's tiers, or null for the default; the
 * texts in the other languages as typed, every one a string ('' = not translated).
 */
export type OptionDraft = Omit<
  OptionFields,
  OptionNumberKey | OptionNullableTextKey | 'cancelPolicy' | 'travelkubun' | 'exCd'
> &
  Record<OptionNumberKey | OptionNullableTextKey, string> & {
    travelkubun: string;
    exCd: string;
    cancelPolicy: TierDraft[] | null;
  };

export const DEFAULT_TIERS: CancelTierInput[] = STANDARD_CANCEL_POLICY.map((tier) => ({ ...tier }));

type DraftTranslations = OptionDraft['translations'];

/** Every text of every language empty: a new option is shown in Japanese on every other page until it is translated. */
export function emptyTranslations(): DraftTranslations {
  return byLang(() => Object.fromEntries(OPTION_TEXT_FIELDS.map((f) => [f, ''])) as DraftTranslations[TranslatedLang]);
}

/** An option's translations as the form holds them: every text of every language, '' where there is none. */
function draftTranslations(saved: OptionFields['translations']): DraftTranslations {
  const empty = emptyTranslations();
  return byLang((lang) => ({ ...empty[lang], ...saved[lang] }));
}

export function emptyDraft(today: string): OptionDraft {
  const year = Number(today.slice(0, 4));
  return {
    webname: '',
    homencd: '',
    areacd: '',
    citycd: '',
    fromspotcd: '',
    keycds: [],
    travelkubun: '0',
    exCd: '0',
    serviceno: '',
    departurePoint: '',
    departureTime: '',
    arrivalPoint: '',
    arrivalTime: '',
    exIssueMethod: '',
    flgRequestItem: false,
    isCoupon: false,
    facilityId: '',
    adultAgeMin: '12',
    adultAgeMax: '',
    middleAgeMin: '',
    middleAgeMax: '',
    childAgeMin: '6',
    childAgeMax: '11',
    infantAgeMin: '0',
    infantAgeMax: '5',
    minPeople: '1',
    maxPeople: '8',
    minTravellers: '',
    decisionDaysBefore: '',
    decisionTime: '',
    salesCutoffDaysBefore: '0',
    salesCutoffTime: '00:00',
    rentalcd: '',
    extendedFields: [],
    meetpoint: '',
    introduction: '',
    contents: '',
    optionattention: '',
    information: '',
    cancelNote: '',
    ageNote: '',
    companyname: '',
    companyattention: '',
    hours: '',
    address: '',
    tel: '',
    dayBeforeMail: true,
    dayBeforeNote: '',
    cancelPolicy: null,
    lat: '',
    lon: '',
    useFrom: today,
    useTo: `${year + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28'),
    sort: '100',
    translations: emptyTranslations(),
  };
}

export function draftOf(fields: OptionFields): OptionDraft {
  const numbers = Object.fromEntries(
    OPTION_NUMBER_KEYS.map((k) => [k, fields[k] === null ? '' : String(fields[k])]),
  ) as Record<OptionNumberKey, string>;
  const texts = Object.fromEntries(OPTION_NULLABLE_TEXT_KEYS.map((k) => [k, fields[k] ?? ''])) as Record<
    OptionNullableTextKey,
    string
  >;
  return {
    ...fields,
    ...numbers,
    ...texts,
    translations: draftTranslations(fields.translations),
    travelkubun: String(fields.travelkubun),
    exCd: String(fields.exCd),
    cancelPolicy:
      fields.cancelPolicy?.map((t) => ({ daysBefore: String(t.daysBefore), percent: String(t.percent) })) ?? null,
  };
}

/** A number as typed: full-width digits are read as digits, '' is "not set", anything else stays NaN (refused). */
function numberOf(text: string): number | null {
  const v = text.normalize('NFKC').trim();
  if (v === '') return null;
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
}

export function inputOf(d: OptionDraft): OptionInput {
  const numbers = Object.fromEntries(OPTION_NUMBER_KEYS.map((k) => [k, numberOf(d[k])])) as Record<
    OptionNumberKey,
    number | null
  >;
  const texts = Object.fromEntries(OPTION_NULLABLE_TEXT_KEYS.map((k) => [k, d[k] === '' ? null : d[k]])) as Record<
    OptionNullableTextKey,
    string | null
  >;
  return {
    ...d,
    ...numbers,
    ...texts,
    sort: numbers.sort ?? 0,
    fromspotcd: texts.fromspotcd,
    travelkubun: d.travelkubun === '1' ? 1 : 0,
    exCd: (Number(d.exCd) as 0 | 1 | 2 | 3) ?? 0,
    cancelPolicy:
      d.cancelPolicy?.map((t) => ({
        daysBefore: numberOf(t.daysBefore) ?? Number.NaN,
        percent: numberOf(t.percent) ?? Number.NaN,
      })) ?? null,
  } as OptionInput;
}

/** What 商品編集's form holds: a new option's code (not asked for once it exists) and its fields as typed. */
export interface OptionFormValues {
  opcd: string;
  option: OptionDraft;
}

/** The form's first values: an option's own fields, or a new option's defaults selling from `today` (YYYY-MM-DD). */
export function formValuesOf(option: OptionFields | null, today: string): OptionFormValues {
  return { opcd: '', option: option ? draftOf(option) : emptyDraft(today) };
}

/**
 * The form read into the body of the save call and checked by the contract's schema for it, so that its messages
 * are the server's, at the paths of the form's own fields (`opcd`, `option.webname`,
 * `option.translations.ko.webname`): a new option's code and fields (POST /options)…
 */
export const newOptionForm = z
  .custom<OptionFormValues>()
  .transform((v) => ({ opcd: v.opcd, option: inputOf(v.option) }))
  .pipe(createOptionRequest);
/** …or an option's fields alone (POST /options/{opcd}). */
export const optionForm = z
  .custom<OptionFormValues>()
  .transform((v) => ({ option: inputOf(v.option) }))
  .pipe(updateOptionRequest);
export type OptionBody = z.output<typeof newOptionForm> | z.output<typeof optionForm>;
