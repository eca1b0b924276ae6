/**
 * The catalog's own texts in other languages (ADR 0177): each row of an option, a photo, a region, an
 * area, a city, a keyword or a nationality keeps its Japanese in its columns (SPEC's fields) and its other
 * languages in one `translations` object, `{ en: { webname: '…', … } }`. A text missing or empty in a language
 * is shown in Japanese, field by field; a page marks such a text `lang="ja"`.
 */
import type { Lang } from './i18n.ts';

/** The languages a text is translated into: every language but Japanese, which is the row's own columns. */
export type TranslatedLang = Exclude<Lang, 'ja'>;
export const TRANSLATED_LANGS = ['en'] as const satisfies readonly TranslatedLang[];

/** A row's texts in the other languages, by language then field (a column's property name). */
export type Translations<F extends string> = Partial<Record<TranslatedLang, Partial<Record<F, string>>>>;

/** An option's translated texts: what a visitor reads; codes, prices, times and the phone number stay as they are. */
export const OPTION_TEXT_FIELDS = [
  'webname',
  'introduction',
  'contents',
  'optionattention',
  'information',
  'cancelNote',
  'ageNote',
  'meetpoint',
  'companyname',
  'companyattention',
  'hours',
  'address',
  'departurePoint',
  'arrivalPoint',
  'dayBeforeNote',
] as const;
export type OptionTextField = (typeof OPTION_TEXT_FIELDS)[number];

/** A photo's caption and alt text. */
export const IMAGE_TEXT_FIELDS = ['caption', 'alt'] as const;
export type ImageTextField = (typeof IMAGE_TEXT_FIELDS)[number];

/**
 * The row's texts in `lang`: each field of `fields` that has a non-empty translation replaces the Japanese, the
 * others stay Japanese. Japanese answers the row itself.
 */
export function inLang<T extends object, F extends keyof T & string>(
  row: T,
  translations: Translations<F> | null | undefined,
  lang: Lang,
  fields: readonly F[],
): T {
  if (lang === 'ja') return row;
  const texts = translations?.[lang];
  if (!texts) return row;
  const out = { ...row };
  for (const field of fields) {
    const text = texts[field];
    if (text !== undefined && text.trim() !== '') (out as Record<string, unknown>)[field] = text;
  }
  return out;
}

/** A text written in Japanese (kana or kanji in it): on a page in another language, it is marked `lang="ja"`. */
const JAPANESE_SCRIPT = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
export function isJapaneseText(text: string | null | undefined): boolean {
  return text != null && JAPANESE_SCRIPT.test(text);
}
