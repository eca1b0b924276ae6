/**
 * The site's languages as the console names them (DESIGN §15: the console stays Japanese), and where a text left
 * empty in one is shown from instead (ADR 0207: the language's, else English, else the row's Japanese).
 */
import { FALLBACK_LANG, TRANSLATED_LANGS, type TranslatedLang } from '@tabi/contract/content';
import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';

export const LANG_LABEL: Record<Lang, string> = {
  ja: '日本語',
  en: '英語',
  ko: '韓国語',
  'zh-Hant': '中国語（繁体字）',
  'zh-Hans': '中国語（簡体字）',
};

/** A booking's language: the pages it was made on, and the language its mails are sent in. */
export const BOOKING_LANG_LABEL: Record<Lang, string> = {
  ja: '日本語',
  en: '英語（メールは英語で送信）',
  ko: '韓国語（メールは韓国語で送信）',
  'zh-Hant': '中国語（繁体字、メールは繁体字で送信）',
  'zh-Hans': '中国語（簡体字、メールは簡体字で送信）',
};

export function isTranslatedLang(lang: Lang): lang is TranslatedLang {
  return (TRANSLATED_LANGS as readonly Lang[]).includes(lang);
}

/** The languages a text empty in `lang` is looked for in, in order (none for Japanese, the row's own columns). */
export function fallbacksOf(lang: Lang): Lang[] {
  if (!isTranslatedLang(lang)) return [];
  const chain: Lang[] = [FALLBACK_LANG, DEFAULT_LANG];
  return chain.filter((next) => next !== lang);
}

/** 「英語、英語もなければ日本語」: what a page in `lang` shows for a text it has not ('' for Japanese). */
export function shownInstead(lang: Lang): string {
  const names = fallbacksOf(lang).map((l) => LANG_LABEL[l]);
  const [first, ...rest] = names;
  return rest.reduce((text, next, i) => `${text}、${names[i]}もなければ${next}`, first ?? '');
}

/** 「空欄の項目は英語、英語もなければ日本語で表示されます。」 ('' for Japanese). */
export function emptyFieldsHint(lang: Lang): string {
  const instead = shownInstead(lang);
  return instead && `空欄の項目は${instead}で表示されます。`;
}

/** One value per translated language, in TRANSLATED_LANGS's order. */
export function byLang<T>(make: (lang: TranslatedLang) => T): Record<TranslatedLang, T> {
  return Object.fromEntries(TRANSLATED_LANGS.map((lang) => [lang, make(lang)])) as Record<TranslatedLang, T>;
}

/** 「韓国語・中国語（簡体字）」: languages listed as the console writes them. */
export function langList(langs: readonly Lang[]): string {
  return langs.map((l) => LANG_LABEL[l]).join('・');
}
