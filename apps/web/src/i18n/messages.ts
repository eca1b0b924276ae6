/**
 * The customer side's fixed texts (ADR 0205): ICU MessageFormat in one catalog per language (`../messages/<lang>`),
 * one JSON file per area, formatted by the contract's `messageFormatter` (FormatJS, ADR 0222). The Japanese of an
 * area is imported beside its components and ships in their chunk; every other language's catalog is one chunk,
 * loaded only by its pages.
 * `MessageParams` (written from the catalogs by scripts/message-catalogs.mjs) types each key and its values, and
 * the build fails on a key or a parameter that one language has and another has not.
 */
import { INTL_LOCALE, type Lang } from '@tabi/contract/i18n';
import { type FormatMessage, messageFormatter } from '@tabi/contract/message-format';
import { isSaid, writeSaid } from '@tabi/contract/said';
import { useEffect, useSyncExternalStore } from 'react';
import { useLang } from './lang.tsx';
import type { MessageParams } from './message-params.gen.ts';

export type Area = keyof MessageParams;

/** An area's messages as its JSON file holds them (texts, or their syntax trees once the build has parsed them). */
export type AreaCatalog = Record<string, unknown>;

/** Each language's catalog of every area. */
export type LangCatalog = Record<Area, AreaCatalog>;

/** A message of an area by its key, with the values it names. */
export type Translate<A extends Area> = <K extends keyof MessageParams[A] & string>(
  key: K,
  ...values: MessageParams[A][K] extends null ? [] : [MessageParams[A][K]]
) => string;

/** A language's module: its catalog of every area. */
interface LangModule {
  catalog: LangCatalog;
}

/** The catalogs of the languages other than Japanese, each loaded by the first page in it. */
const LOADERS: Record<Exclude<Lang, 'ja'>, () => Promise<LangModule>> = {
  en: () => import('./en.ts'),
  ko: () => import('./ko.ts'),
  'zh-Hant': () => import('./zh-Hant.ts'),
  'zh-Hans': () => import('./zh-Hans.ts'),
};

const loaded = new Map<Lang, LangModule>();
const loading = new Map<Lang, Promise<void>>();

/** Brings a language's catalog in before a page of it renders (main.tsx, entry-server.tsx). */
export function loadMessages(lang: Lang): Promise<void> {
  if (lang === 'ja' || loaded.has(lang)) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = LOADERS[lang]().then((module) => {
      loaded.set(lang, module);
    });
    loading.set(lang, pending);
  }
  return pending;
}

function failLoudly(error: Error): void {
  // A missing key or value is stopped by the catalog check and the typecheck; one that slips through is shown.
  if (import.meta.env.PROD) console.error(error);
  else throw error;
}

/**
 * A catalog's messages in a language. Dates in messages are calendar days, given as midnight UTC (`calendarDay`), so
 * every browser shows the same day.
 */
function formatterOf(lang: Lang, messages: AreaCatalog): FormatMessage {
  return messageFormatter(INTL_LOCALE[lang], messages, { timeZone: 'UTC', onError: failLoudly });
}

/** A calendar day as a message's date value: `2026-12-01`, `20261201` or a day picker's local date. */
export function calendarDay(day: string | Date): number {
  if (day instanceof Date) return Date.UTC(day.getFullYear(), day.getMonth(), day.getDate());
  const digits = day.replaceAll('-', '');
  return Date.UTC(Number(digits.slice(0, 4)), Number(digits.slice(4, 6)) - 1, Number(digits.slice(6, 8)));
}

/**
 * An area's texts: a hook for components (`const t = useCatalogMessages(); t('title')`) and `.in(lang)` for code
 * that is told the language.
 */
export function defineMessages<A extends Area>(area: A, ja: AreaCatalog) {
  const translators = new Map<Lang, Translate<A>>();
  const pick = (lang: Lang): Translate<A> => {
    let translate = translators.get(lang);
    if (!translate) {
      const catalog = lang === 'ja' ? ja : loaded.get(lang)?.catalog[area];
      if (!catalog) throw new Error(`the ${lang} messages are not loaded (loadMessages)`);
      translate = formatterOf(lang, catalog) as Translate<A>;
      translators.set(lang, translate);
    }
    return translate;
  };
  const useMessages = (): Translate<A> => pick(useLang());
  return Object.assign(useMessages, { in: pick });
}

/**
 * What the shared rules say (ADR 0206: a form's field errors, the notices my page and the coupons make from the
 * contract's rules), written in a language from the contract's `rules.json`. Each language's is a small chunk that
 * no page waits for: it is asked for once a page shows a form or a notice, and a message asked for before it came
 * is written when it comes.
 */
const RULES: Record<Lang, () => Promise<{ default: AreaCatalog }>> = {
  ja: () => import('@tabi/contract/messages/ja/rules.json'),
  en: () => import('@tabi/contract/messages/en/rules.json'),
  ko: () => import('@tabi/contract/messages/ko/rules.json'),
  'zh-Hant': () => import('@tabi/contract/messages/zh-Hant/rules.json'),
  'zh-Hans': () => import('@tabi/contract/messages/zh-Hans/rules.json'),
};

type WriteSaid = (text: string) => string;
const rulesIn = new Map<Lang, WriteSaid>();
const rulesLoading = new Map<Lang, Promise<WriteSaid>>();
const rulesListeners = new Set<() => void>();

export function loadRules(lang: Lang): Promise<WriteSaid> {
  let pending = rulesLoading.get(lang);
  if (!pending) {
    pending = RULES[lang]().then(({ default: catalog }) => {
      const format = formatterOf(lang, catalog);
      const write: WriteSaid = (text) => writeSaid(text, format);
      rulesIn.set(lang, write);
      for (const listener of rulesListeners) listener();
      return write;
    });
    rulesLoading.set(lang, pending);
  }
  return pending;
}

/** The rules' messages in `lang` once its catalog is here; any other text is written as it is. */
export function saidIn(lang: Lang): WriteSaid | undefined {
  return rulesIn.get(lang);
}

const subscribeRules = (listener: () => void) => {
  rulesListeners.add(listener);
  return () => rulesListeners.delete(listener);
};
/** Until the catalog comes, a rule's message is not shown (an instant at most: it is asked for with the form). */
const beforeRules: WriteSaid = (text) => (isSaid(text) ? '' : text);

/** The rules' messages in the page's language (`say('nameTooLong', { max })` → 「50文字以内に…」), for components. */
export function useSaid(): WriteSaid {
  const lang = useLang();
  const write = useSyncExternalStore(
    subscribeRules,
    () => rulesIn.get(lang),
    () => rulesIn.get(lang),
  );
  useEffect(() => {
    if (!write) void loadRules(lang);
  }, [lang, write]);
  return write ?? beforeRules;
}
