/**
 * The customer side's fixed texts (ADR 0176): one typed catalog per language and area. The Japanese of an area
 * is written beside its components (and ships in their chunk, as the texts did before); the English of every
 * area is one module, `en.ts`, loaded only on English pages. `Messages` names each area's Japanese catalog, and
 * `en.ts` must match it key for key: a key missing in English, or one English has and Japanese has not, fails
 * the typecheck.
 */
import type { Lang } from '@tabi/contract/i18n';
import type { authJa } from '../features/auth/lib/messages.ts';
import type { availabilityJa } from '../features/availability/lib/messages.ts';
import type { detailJa } from '../features/catalog/lib/detail-messages.ts';
import type { catalogJa } from '../features/catalog/lib/messages.ts';
import type { couponJa } from '../features/coupon/lib/messages.ts';
import type { mypageJa } from '../features/mypage/lib/messages.ts';
import type { reservationJa } from '../features/reservation/lib/messages.ts';
import type { waitlistJa } from '../features/waitlist/lib/messages.ts';
import type { commonJa } from './common.ts';
import { useLang } from './lang.tsx';
import type { sharedJa } from './shared.ts';

/** A catalog's shape with its texts as any string (the Japanese may quote SPEC's constants, typed as literals). */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer E)[]
      ? readonly Widen<E>[]
      : T extends object
        ? { [K in keyof T]: Widen<T[K]> }
        : T;

export interface Messages {
  common: Widen<typeof commonJa>;
  shared: Widen<typeof sharedJa>;
  catalog: Widen<typeof catalogJa>;
  detail: Widen<typeof detailJa>;
  auth: Widen<typeof authJa>;
  availability: Widen<typeof availabilityJa>;
  reservation: Widen<typeof reservationJa>;
  mypage: Widen<typeof mypageJa>;
  coupon: Widen<typeof couponJa>;
  waitlist: Widen<typeof waitlistJa>;
}

export type Area = keyof Messages;

let english: Messages | null = null;
let loadingEnglish: Promise<void> | null = null;

/** Brings a language's catalog in before a page of it renders (main.tsx, entry-server.tsx). */
export function loadMessages(lang: Lang): Promise<void> {
  if (lang === 'ja' || english) return Promise.resolve();
  loadingEnglish ??= import('./en.ts').then((module) => {
    english = module.en;
  });
  return loadingEnglish;
}

/**
 * An area's texts: a hook for components (`const t = useCatalogMessages()`) and `.in(lang)` for code that is
 * told the language.
 */
export function defineMessages<A extends Area>(area: A, ja: Messages[A]) {
  const pick = (lang: Lang): Messages[A] => {
    if (lang === 'ja') return ja;
    if (!english) throw new Error(`the ${lang} messages are not loaded (loadMessages)`);
    return english[area];
  };
  const useMessages = (): Messages[A] => pick(useLang());
  return Object.assign(useMessages, { in: pick });
}
