/**
 * The customer side's languages (DESIGN §15, ADR 0176): Japanese at SPEC's paths, word for word, and English
 * under /en/. The console stays Japanese. Adding a language is a new entry here and a catalog that the
 * typecheck holds to the Japanese one.
 */

export const LANGS = ['ja', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export const DEFAULT_LANG: Lang = 'ja';

/** Where each language's pages live: the Japanese at SPEC's paths, the others under their own prefix. */
export const LANG_BASE: Record<Lang, string> = { ja: '', en: '/en' };

/** The locale each language writes numbers, dates and plurals in (`Intl`): English as British English. */
export const INTL_LOCALE: Record<Lang, string> = { ja: 'ja', en: 'en-GB' };

/** The names a language switch shows, each in its own language. */
export const LANG_NAMES: Record<Lang, string> = { ja: '日本語', en: 'English' };

/**
 * What a page in one language says to a visitor whose browser asks for another of ours first: written in the
 * language it offers, so it is here rather than in a catalog the page has not loaded.
 */
export const LANG_SUGGESTION: Record<Lang, { text: string; link: string; dismiss: string }> = {
  ja: { text: 'このページは日本語でもご覧いただけます。', link: '日本語で見る', dismiss: '閉じる' },
  en: { text: 'This page is also available in English.', link: 'View in English', dismiss: 'Close' },
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * The language a booking keeps, from what a client sent (SPEC §7: the first two letters of the browser's language,
 * which browsers and clients write in any case, sometimes with a region): one of ours, whatever its letter case or
 * region (`EN`, `en-GB` → `en`), and Japanese for anything else, so that what is stored is always one we write in.
 */
export function normaliseLang(value: string | null | undefined): Lang {
  const primary = (value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLang(primary) ? primary : DEFAULT_LANG;
}

/** The language of a page's path: `/en` and anything under `/en/` is English; every other path is Japanese. */
export function langOfPath(pathname: string): Lang {
  for (const lang of LANGS) {
    const base = LANG_BASE[lang];
    if (base && (pathname === base || pathname.startsWith(`${base}/`))) return lang;
  }
  return DEFAULT_LANG;
}

/** A page's path without its language prefix, as SPEC names it: `/en/detail` → `/detail`, `/en` → `/`. */
export function pathWithoutLang(pathname: string): string {
  const base = LANG_BASE[langOfPath(pathname)];
  return base ? pathname.slice(base.length) || '/' : pathname;
}

/** The same page in another language: `/detail` in English is `/en/detail`; `/` is `/en/`. */
export function pathInLang(pathname: string, lang: Lang): string {
  const bare = pathWithoutLang(pathname);
  const base = LANG_BASE[lang];
  return base ? `${base}${bare}` : bare;
}

/**
 * The first of our languages that an Accept-Language header (or `navigator.languages`) asks for, by its order
 * of preference; null when it names none of them. Only ever a suggestion: nothing redirects by it.
 */
export function preferredLang(accepted: string | readonly string[] | undefined): Lang | null {
  if (!accepted) return null;
  const ranges =
    typeof accepted === 'string'
      ? accepted
          .split(',')
          .map((part, index) => {
            const [range = '', ...params] = part.trim().split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            const quality = q ? Number(q.slice(2)) : 1;
            return { range: range.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
          })
          .filter((r) => r.range && r.quality > 0)
          .sort((a, b) => b.quality - a.quality || a.index - b.index)
          .map((r) => r.range)
      : accepted.map((r) => r.toLowerCase());
  for (const range of ranges) {
    const primary = range.split('-')[0];
    if (isLang(primary)) return primary;
  }
  return null;
}

/** How many of a thing, in English: "1 adult", "2 adults". Japanese has one form (2名). */
export function plural(count: number, one: string, other: string): string {
  return `${count} ${count === 1 ? one : other}`;
}
