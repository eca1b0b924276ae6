/**
 * The customer side's languages (DESIGN §15, ADRs 0176, 0205): Japanese at SPEC's paths, word for word, and the
 * others under their own prefix (BCP 47 tags, written in lower case in paths). The console stays Japanese. Adding a
 * language is a new entry here and a catalog folder that the build holds to the Japanese one.
 */

export const LANGS = ['ja', 'en', 'ko', 'zh-Hant', 'zh-Hans'] as const;
export type Lang = (typeof LANGS)[number];

export const DEFAULT_LANG: Lang = 'ja';

/** Where each language's pages live: the Japanese at SPEC's paths, the others under their own prefix. */
export const LANG_BASE: Record<Lang, string> = {
  ja: '',
  en: '/en',
  ko: '/ko',
  'zh-Hant': '/zh-hant',
  'zh-Hans': '/zh-hans',
};

/** The locale each language writes numbers, dates and plurals in (`Intl`): English as British English. */
export const INTL_LOCALE: Record<Lang, string> = {
  ja: 'ja',
  en: 'en-GB',
  ko: 'ko',
  'zh-Hant': 'zh-Hant',
  'zh-Hans': 'zh-Hans',
};

/** The names a language switch shows, each in its own language. */
export const LANG_NAMES: Record<Lang, string> = {
  ja: '日本語',
  en: 'English',
  ko: '한국어',
  'zh-Hant': '繁體中文',
  'zh-Hans': '简体中文',
};

/**
 * What a page in one language says to a visitor whose browser asks for another of ours first: written in the
 * language it offers, so it is here rather than in a catalog the page has not loaded.
 */
export const LANG_SUGGESTION: Record<Lang, { text: string; link: string; dismiss: string }> = {
  ja: { text: 'このページは日本語でもご覧いただけます。', link: '日本語で見る', dismiss: '閉じる' },
  en: { text: 'This page is also available in English.', link: 'View in English', dismiss: 'Close' },
  ko: { text: '이 페이지는 한국어로도 보실 수 있습니다.', link: '한국어로 보기', dismiss: '닫기' },
  'zh-Hant': { text: '本頁面也提供繁體中文版。', link: '查看繁體中文版', dismiss: '關閉' },
  'zh-Hans': { text: '本页面也提供简体中文版。', link: '查看简体中文版', dismiss: '关闭' },
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * Which of ours a language tag names, whatever its letter case or separator: its language (`EN`, `en-GB` → `en`),
 * and for Chinese its script, or else its region (`zh-TW`, `zh-HK`, `zh-MO` → Traditional; `zh`, `zh-CN`, `zh-SG` →
 * Simplified). Null for any other language.
 */
export function langOfTag(tag: string): Lang | null {
  const [language = '', ...subtags] = tag.trim().toLowerCase().split(/[-_]/);
  if (language === 'zh') {
    if (subtags.includes('hant')) return 'zh-Hant';
    if (subtags.includes('hans')) return 'zh-Hans';
    return subtags.some((s) => s === 'tw' || s === 'hk' || s === 'mo') ? 'zh-Hant' : 'zh-Hans';
  }
  return isLang(language) ? language : null;
}

/**
 * The language a booking keeps, from what a client sent (SPEC §7: the browser's language, which browsers and
 * clients write in any case, sometimes with a region or script): one of ours (`langOfTag`), and Japanese for
 * anything else, so that what is stored is always one we write in.
 */
export function normaliseLang(value: string | null | undefined): Lang {
  return langOfTag(value ?? '') ?? DEFAULT_LANG;
}

/** The language of a page's path: `/en`, `/ko`, `/zh-hant`, `/zh-hans` and what is under them; else Japanese. */
export function langOfPath(pathname: string): Lang {
  const lower = pathname.toLowerCase();
  for (const lang of LANGS) {
    const base = LANG_BASE[lang];
    if (base && (lower === base || lower.startsWith(`${base}/`))) return lang;
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
    const lang = langOfTag(range);
    if (lang) return lang;
  }
  return null;
}
