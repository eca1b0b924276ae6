/** The scanner's calls (ADR 0215): the day's departures with their counts, and scan, undo and no-shows. */
import type { CheckinAnswer, CheckinScanRequest } from '@tabi/contract/checkin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '../../lib/admin-api.ts';

/** The counts follow every device's scans: asked again this often while the page is open. */
export const COUNTS_REFRESH_MS = 5_000;

const dayKey = (usedate: string) => ['admin', 'checkin', 'day', usedate] as const;

export function useCheckinDay(usedate: string) {
  return useQuery({
    queryKey: dayKey(usedate),
    queryFn: () => adminCall(CONSOLE['GET /checkin/day'], { query: { usedate } }, { background: true }),
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

export function useScan(usedate: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckinScanRequest): Promise<CheckinAnswer> =>
      adminCall(CONSOLE['POST /checkin/scan'], { body }),
    onSettled: () => client.invalidateQueries({ queryKey: dayKey(usedate) }),
  });
}

export function useUndo(usedate: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { rsvno: string; seqs?: number[]; device: string }) =>
      adminCall(CONSOLE['POST /checkin/undo'], { body }),
    onSettled: () => client.invalidateQueries({ queryKey: dayKey(usedate) }),
  });
}

export function useNoShows(usedate: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { usedate: string; opcd: string; start_time: string; device: string }) =>
      adminCall(CONSOLE['POST /checkin/no-shows'], { body }),
    onSettled: () => client.invalidateQueries({ queryKey: dayKey(usedate) }),
  });
}
