/**
 * Customer pages as a component test renders them: at an address of a memory router, each page in the site's <main>
 * as the layout puts it, with a fresh query client, and a line that says where the app is (`currentPath()`).
 */

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

function Location() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

/** The address the app is at now: the path and the query the page reads its search from. */
export function currentPath(): string | null {
  return screen.getByTestId('location').textContent;
}

/** `pages` by their route path, the app at `path`. */
export function renderPages(path: string, pages: Record<string, ReactNode>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(pages).map(([route, page]) => (
            <Route key={route} path={route} element={<main>{page}</main>} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
