/**
 * Customer pages as a component test renders them: at an address of a memory router, each page in the site's <main>
 * as the layout puts it, with a fresh query client, in the page's language, and a line that says where the app is
 * (`currentPath()`); and what of another language such a page shows (`otherLanguageTexts`, other-language.ts).
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
