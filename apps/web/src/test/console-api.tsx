/**
 * The console's component tests: a fetch mock that answers as the API does (SPEC §7's envelope), with the
 * anti-forgery cookie set as the browser would hold it, and screens rendered in a QueryClient that does not retry.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';

/**
 * How long a test waits for what a screen shows after a call: a console page is large for jsdom, and on a busy
 * machine a query of it, or a page load after a save, takes seconds (testing-library's and Vitest's 1 s are too short).
 */
export const LOADED = { timeout: 10_000 };

/** A success answering `response`. */
export const envelopeOf = (response: unknown): Response =>
  new Response(JSON.stringify({ errcd: '000', errMsg: '', response }));

/** A call as the mock received it: its URL, its method and its JSON body (empty for a GET). */
export interface ApiCall {
  url: URL;
  method: string;
  body: Record<string, unknown>;
}

/**
 * Answers every fetch with `answer`: a Response it returns is sent as it is, anything else as a success's
 * `response`. Cleans up after each test of the file that calls it.
 */
export function stubConsoleApi(answer: (call: ApiCall) => unknown): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const result = await answer({ url: new URL(input, 'http://localhost'), method: init?.method ?? 'GET', body });
      return result instanceof Response ? result : envelopeOf(result);
    }),
  );
}

/**
 * A console screen's calls: each GET answered by its path from `gets`, each POST recorded (in the list returned) and
 * answered by `post`; any other call fails the test.
 */
export function stubConsoleCalls(
  gets: Record<string, unknown>,
  post: (call: ApiCall) => unknown = () => ({ ok: true }),
): ApiCall[] {
  const posts: ApiCall[] = [];
  stubConsoleApi((call) => {
    if (call.method === 'POST') {
      posts.push(call);
      return post(call);
    }
    if (Object.hasOwn(gets, call.url.pathname)) return gets[call.url.pathname];
    throw new Error(`unexpected call ${call.url}`);
  });
  return posts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
