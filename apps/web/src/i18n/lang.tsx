import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { createContext, type ReactNode, useContext } from 'react';

const LangContext = createContext<Lang>(DEFAULT_LANG);

/** The page's language (issue 29): fixed for the whole page, from its path (`/en/…` is English). */
export function LangProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <LangContext value={lang}>{children}</LangContext>;
}

export function useLang(): Lang {
  return useContext(LangContext);
}

/**
 * The language of the catalog's own texts (option names, introductions, places, keywords, the organiser's
 * details) where a page shows them: they are written in Japanese, so an English page marks them `lang="ja"`,
 * for screen readers to read them as Japanese and for the check that nothing else on the page is.
 */
export function useContentLang(): Lang | undefined {
  return useLang() === 'ja' ? undefined : 'ja';
}

const JAPANESE_SCRIPT = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/**
 * For a list the server may answer in the page's language or not (nationalities with or without an English
 * name): `lang="ja"` on the entries still written in Japanese, on a page in another language.
 */
export function useTextLang(): (text: string) => Lang | undefined {
  const contentLang = useContentLang();
  return (text) => (contentLang && JAPANESE_SCRIPT.test(text) ? contentLang : undefined);
}

let browserPageLang: Lang = DEFAULT_LANG;

/**
 * The page's language for code outside React (the API client's Accept-Language and messages, alerts): set once by
 * main.tsx from the path. The server's renderer never sets it: its calls only read, in the default language.
 */
export function setPageLang(lang: Lang): void {
  browserPageLang = lang;
}

export function pageLang(): Lang {
  return browserPageLang;
}
