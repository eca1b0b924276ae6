import { textLangOn } from '@tabi/contract/content';
import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { createContext, type ReactNode, useContext } from 'react';

const LangContext = createContext<Lang>(DEFAULT_LANG);

/** The page's language: fixed for the whole page, from its path (`/en/…` is English). */
export function LangProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <LangContext value={lang}>{children}</LangContext>;
}

export function useLang(): Lang {
  return useContext(LangContext);
}

/**
 * The language to mark a text of the catalog or of a customer with (option names and texts, places, keywords, the
 * organiser's details, names in kanji) on a page in another language: the server answers each text in the page's
 * language where it has it, and in Japanese otherwise (ADR 0177); a text written in Japanese is marked
 * `lang="ja"`, for screen readers to read it as Japanese and for the check that nothing else on the page is.
 */
export function useTextLang(): (text: string | null | undefined) => Lang | undefined {
  const lang = useLang();
  return (text) => textLangOn(lang, text);
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
