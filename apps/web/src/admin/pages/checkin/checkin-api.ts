/**
 * The scanner's calls (ADR 0215): the day's departures with their counts, the departure's pack kept for offline, and
 * scan, undo and no-shows.
 */
import type { CheckinAnswer, CheckinScanRequest } from '@tabi/contract/checkin';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { adminCall } from '../../lib/admin-api.ts';
import type { Departure } from './offline-copy.ts';
import { savePack } from './offline-store.ts';

/** The counts follow every device's scans: asked again this often while the page is open. */
export const COUNTS_REFRESH_MS = 5_000;

/** The offline copy is taken again this often while the network is there. */
export const PACK_REFRESH_MS = 60_000;

const dayKey = (usedate: string) => ['admin', 'checkin', 'day', usedate] as const;
export const packQueryKey = ['admin', 'checkin', 'pack'] as const;

/** The call never reached the server (no network): what the scanner answers from its copy instead. */
export function unreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

export function useCheckinDay(usedate: string) {
  return useQuery({
    queryKey: dayKey(usedate),
    queryFn: () => adminCall(CONSOLE['GET /checkin/day'], { query: { usedate } }, { background: true }),
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

/**
 * The departure's pack, downloaded and kept (offline-store.ts) now and every minute; the query holds only when it was
 * taken, the copy itself is read from the store.
 */
export function useOfflinePack(d: Departure) {
  return useQuery({
    queryKey: [...packQueryKey, d.usedate, d.opcd, d.startTime],
    queryFn: async () => {
      const pack = await adminCall(
        CONSOLE['GET /checkin/departure'],
        { query: { usedate: d.usedate, opcd: d.opcd, start_time: d.startTime } },
        { background: true },
      );
      savePack(pack);
      return pack.servertime;
    },
    refetchInterval: PACK_REFRESH_MS,
  });
}

/** The scan call itself, also for a check-in made offline and sent later (with its `scanned_at`). */
export function sendScan(body: CheckinScanRequest): Promise<CheckinAnswer> {
  return adminCall(CONSOLE['POST /checkin/scan'], { body });
}

export function useScan(usedate: string) {
  const client = useQueryClient();
  return useMutation({
    // Never paused while the browser says it is offline: the page answers from its copy when the call fails.
    networkMode: 'always',
    mutationFn: sendScan,
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
