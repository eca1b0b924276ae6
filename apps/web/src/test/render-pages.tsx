/**
 * Customer pages as a component test renders them: at an address of a memory router, each page in the site's <main>
 * as the layout puts it, with a fresh query client, in the page's language, and a line that says where the app is
 * (`currentPath()`); and what of another language such a page shows (`otherLanguageOutsideContent`).
 */

import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { LangProvider } from '../i18n/lang.tsx';

function Location() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

/** The address the app is at now: the path and the query the page reads its search from. */
export function currentPath(): string | null {
  return screen.getByTestId('location').textContent;
}

/**
 * `pages` by their route path, the app at `path`, in `lang` (Japanese unless told). A page in another language is at
 * its path without the language's prefix, as the app's router has it (its basename); its catalog is loaded first
 * (`loadMessages`).
 */
export function renderPages(path: string, pages: Record<string, ReactNode>, lang: Lang = DEFAULT_LANG) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LangProvider lang={lang}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {Object.entries(pages).map(([route, page]) => (
              <Route key={route} path={route} element={<main>{page}</main>} />
            ))}
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </LangProvider>
    </QueryClientProvider>,
  );
}

/** The scripts that are another language's on a page in `lang`: kana, Han and Hangul on an English page. */
const FOREIGN_SCRIPTS: Partial<Record<Lang, RegExp>> = {
  en: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\p{Script=Hangul}]/u,
  ko: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  'zh-Hant': /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
  'zh-Hans': /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
};

/**
 * Text of another language on a page rendered in `lang`, outside what is marked with its own `lang` (the catalog's
 * texts without a translation): every text node, and the placeholder, alt, title and aria-label of every element, as
 * the browser tests' `otherLanguageOutsideContent` (e2e/support/checks.ts) reads a page. An element with no `lang`
 * above it is in the page's language (the browser's pages have it on <html>). An attribute may quote a text the page
 * shows marked (a link's name that includes a Japanese option name).
 */
export function otherLanguageOutsideContent(lang: Lang, root: Element = document.body): string[] {
  const foreign = FOREIGN_SCRIPTS[lang];
  if (!foreign) return [`no check for a page in ${lang}`];
  const markedOther = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? lang) !== lang;
  const marked = Array.from(root.querySelectorAll('[lang]'))
    .filter((el) => el.getAttribute('lang') !== lang)
    .map((el) => el.textContent?.trim() ?? '')
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const leaks: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!parent || markedOther(parent) || parent.closest('script, style, [hidden]')) continue;
    if (foreign.test(node.textContent ?? '')) leaks.push(`text: ${node.textContent?.trim()}`);
  }
  for (const el of Array.from(root.querySelectorAll('[placeholder], [alt], [title], [aria-label]'))) {
    if (markedOther(el)) continue;
    for (const name of ['placeholder', 'alt', 'title', 'aria-label']) {
      let value = el.getAttribute(name) ?? '';
      for (const text of marked) value = value.split(text).join('');
      if (foreign.test(value)) leaks.push(`${name}: ${el.getAttribute(name)}`);
    }
  }
  return leaks;
}
