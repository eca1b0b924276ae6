import { STAFF_BACKGROUND_HEADER } from '@tabi/contract/admin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCall } from './admin-api.ts';
import { useBackgroundRefresh } from './polling.ts';

const KEY = ['admin', 'me'] as const;

function Polled() {
  const query = useQuery({ queryKey: KEY, queryFn: () => adminCall(CONSOLE['GET /me']) });
  useBackgroundRefresh(KEY, () => adminCall(CONSOLE['GET /me'], {}, { background: true }), 60_000);
  return <p>{query.data?.mail ?? '読み込み中'}</p>;
}

let calls: Headers[];
beforeEach(() => {
  calls = [];
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(new Headers(init.headers));
      const me = { id: 1, mail: 'op@example.jp', role: 'operator', totpEnabled: false, mustChangePassword: false };
      return new Response(JSON.stringify({ errcd: '000', errMsg: '', response: me }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the console's timed refresh", () => {
  it('marks only its own timed calls as background, so they do not keep an idle session alive', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Polled />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('op@example.jp')).toBeTruthy();
    expect(calls).toHaveLength(1);
    // Opening the screen is the person's doing.
    expect(calls[0]?.get(STAFF_BACKGROUND_HEADER)).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(calls).toHaveLength(3);
    expect(calls.slice(1).map((h) => h.get(STAFF_BACKGROUND_HEADER))).toEqual(['1', '1']);
  });
});
