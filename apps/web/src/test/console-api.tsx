/**
 * The console's component tests: screens rendered in a QueryClient that does not retry; their calls are answered by
 * the test's network (api-server.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';

/**
 * How long a test waits for what a screen shows after a call: a console page is large for jsdom, and on a busy
 * machine a query of it, or a page load after a save, takes seconds (testing-library's and Vitest's 1 s are too short).
 */
export const LOADED = { timeout: 10_000 };

afterEach(() => {
  cleanup();
});

/** `ui` inside the query client the console's screens need. */
export function renderWithQuery(ui: ReactElement) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );
}

/** A dialog rendered open, found by its accessible name. */
export function showDialog(dialog: ReactElement, name: string): HTMLElement {
  renderWithQuery(dialog);
  return screen.getByRole('dialog', { name });
}
