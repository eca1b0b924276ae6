/**
 * The catalog's own texts in other languages (ADR 0177): each row of an option, a photo, a region, an
 * area, a city, a keyword or a nationality keeps its Japanese in its columns (SPEC's fields) and its other
 * languages in one `translations` object, `{ en: { webname: '…', … } }`. A text missing or empty in a language
 * is shown in Japanese, field by field; a page marks such a text `lang="ja"`.
 */
import type { Lang } from './i18n.ts';

/** The languages a text is translated into: every language but Japanese, which is the row's own columns. */
export type TranslatedLang = Exclude<Lang, 'ja'>;
export const TRANSLATED_LANGS = ['en', 'ko', 'zh-Hant', 'zh-Hans'] as const satisfies readonly TranslatedLang[];

/** A row's texts in the other languages, by language then field (a column's property name). */
export type Translations<F extends string> = Partial<Record<TranslatedLang, Partial<Record<F, string>>>>;

/**
 * An option's translated texts: what a visitor reads; codes, prices, times and the phone number stay as they are. Each
 * is plain text or HTML (the editor's rich text), which pages show as HTML and the server sanitises when it is saved.
 */
const OPTION_TEXT_KIND = {
  webname: 'plain',
  introduction: 'html',
  contents: 'html',
  optionattention: 'html',
  information: 'html',
  cancelNote: 'html',
  ageNote: 'html',
  meetpoint: 'plain',
  companyname: 'plain',
  companyattention: 'html',
  hours: 'plain',
  address: 'plain',
  departurePoint: 'plain',
  arrivalPoint: 'plain',
  dayBeforeNote: 'plain',
} as const satisfies Record<string, 'plain' | 'html'>;
export type OptionTextField = keyof typeof OPTION_TEXT_KIND;
/** The texts in the order a translation keeps them (the history compares stored and edited translations as JSON). */
export const OPTION_TEXT_FIELDS = Object.keys(OPTION_TEXT_KIND) as readonly OptionTextField[];

export type OptionHtmlField = {
  [F in OptionTextField]: (typeof OPTION_TEXT_KIND)[F] extends 'html' ? F : never;
}[OptionTextField];
export const OPTION_HTML_FIELDS = OPTION_TEXT_FIELDS.filter(
  (f): f is OptionHtmlField => OPTION_TEXT_KIND[f] === 'html',
);

/** A photo's caption and alt text. */
export const IMAGE_TEXT_FIELDS = ['caption', 'alt'] as const;
export type ImageTextField = (typeof IMAGE_TEXT_FIELDS)[number];

/** Where a text missing in a language is looked for next, before the row's Japanese (English is the one most of our visitors read). */
export const FALLBACK_LANG = 'en' satisfies TranslatedLang;

/**
 * The row's texts in `lang`: each field of `fields` takes its translation in `lang`, else its English, else stays
 * Japanese (an empty translation is none). Japanese answers the row itself.
 */
export function inLang<T extends object, F extends keyof T & string>(
  row: T,
  translations: Translations<F> | null | undefined,
  lang: Lang,
  fields: readonly F[],
): T {
  if (lang === 'ja' || !translations) return row;
  const chain = [translations[lang], translations[FALLBACK_LANG]];
  const out = { ...row };
  for (const field of fields) {
    const text = chain.map((texts) => texts?.[field]).find((t) => t !== undefined && t.trim() !== '');
    if (text !== undefined) (out as Record<string, unknown>)[field] = text;
  }
  return out;
}

/** A text written in Japanese (kana or kanji in it): on a page in another language, it is marked `lang="ja"`. */
const JAPANESE_SCRIPT = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
export function isJapaneseText(text: string | null | undefined): boolean {
  return text != null && JAPANESE_SCRIPT.test(text);
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * The language to mark a text of the catalog with on a page in `page`'s language, when it is not the page's own
 * (ADR 0177): a text without a translation falls back to English, then Japanese, and is read by its script.
 * Chinese is written in Han, so on a Chinese page only kana tell Japanese; Latin letters alone are English.
 */
export function textLangOn(page: Lang, text: string | null | undefined): Lang | undefined {
  if (page === 'ja' || !text) return undefined;
  if (KANA.test(text)) return 'ja';
  const chinese = page === 'zh-Hant' || page === 'zh-Hans';
  if (HAN.test(text)) return chinese ? undefined : 'ja';
  if (page === 'en' || HANGUL.test(text)) return undefined;
  return LATIN.test(text) ? 'en' : undefined;
}
