import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Refreshes a console query every `intervalMs` while the page is visible, by calling `fetchInBackground`: the
 * query's fetch marked as the console's own (adminCall's `background`), so the server answers it without taking it
 * for the staff member's activity. A screen left open therefore never keeps an idle session alive (DESIGN §11: 30
 * idle minutes); what the person does — opening a screen, searching, any action — still does. TanStack Query's own
 * `refetchInterval` cannot tell its timed fetches from the others, hence this timer.
 */
export function useBackgroundRefresh(
  queryKey: QueryKey,
  fetchInBackground: () => Promise<unknown>,
  intervalMs: number,
) {
  const client = useQueryClient();
  const fetcher = useRef(fetchInBackground);
  fetcher.current = fetchInBackground;
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const timer = window.setInterval(() => {
      // As TanStack Query's refetchInterval does by default: no refresh while the tab is hidden.
      if (document.visibilityState === 'hidden') return;
      // A failure (a session that ended) lands in the query's state, where the screen shows it as for any load.
      void client
        .fetchQuery({ queryKey: JSON.parse(key) as QueryKey, queryFn: () => fetcher.current(), staleTime: 0 })
        .catch(() => undefined);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [client, key, intervalMs]);
}
