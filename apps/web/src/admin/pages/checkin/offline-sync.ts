/**
 * Sending the check-ins made offline (ADR 0215): in the order they were made, each through the scan call with its
 * `scanned_at`; each leaves the queue once the server has answered it, whatever its verdict, and an answer other than
 * the copy's goes to the list to check. The network's state as the page shows it comes from here too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../lib/admin-api.ts';
import { sendScan, unreachable } from './checkin-api.ts';
import { departureKey, reviewOf, withBooking } from './offline-copy.ts';
import { queuedScans, settleScan, updateCopy } from './offline-store.ts';

/**
 * The queue is tried again this often while it is not empty (besides the `online` event and the page's load): a door's
 * network comes and goes, the `online` event may come before the network carries, and a try while it does not is one
 * small request that fails at once.
 */
export const SYNC_RETRY_MS = 5_000;

export type SyncOutcome =
  /** Every queued check-in answered (`sent` of them now). */
  | { state: 'sent'; sent: number }
  /** The network is still away: the rest waits. */
  | { state: 'unreachable'; sent: number }
  /** The server refused for a while (signed out, busy): the rest waits, and the staff is told. */
  | { state: 'refused'; sent: number; message: string };

/**
 * Answers the server gives that a later try may not: signed out (sign in again, the queue waits), the anti-forgery
 * token, too many calls, the server down. Any other refusal is the server's judgement of that scan.
 */
const triedAgain = (status: number) => [401, 403, 408, 419, 429].includes(status) || status >= 500;

async function drain(): Promise<SyncOutcome> {
  let sent = 0;
  for (let next = queuedScans()[0]; next; next = queuedScans()[0]) {
    const queued = next;
    try {
      const answer = await sendScan(queued.request);
      settleScan(queued.id, reviewOf(answer, queued));
      const booking = answer.booking;
      if (booking) {
        const r = queued.request;
        updateCopy(departureKey({ usedate: r.usedate, opcd: r.opcd ?? '', startTime: r.start_time ?? '' }), (pack) =>
          withBooking(pack, booking),
        );
      }
    } catch (error) {
      if (unreachable(error)) return { state: 'unreachable', sent };
      if (!(error instanceof ApiError) || triedAgain(error.status)) {
        return { state: 'refused', sent, message: errorText(error) };
      }
      settleScan(queued.id, {
        id: queued.id,
        rsvno: queued.rsvno,
        applicant: queued.applicant,
        scannedAt: queued.request.scanned_at,
        verdict: null,
        first: null,
        message: error.errMsg,
      });
    }
    sent += 1;
  }
  return { state: 'sent', sent };
}

let running: Promise<SyncOutcome> | null = null;

/** Sends the queue; a call while a send runs waits for that one (the `online` event and the timer may meet). */
export function syncQueue(): Promise<SyncOutcome> {
  running ??= drain().finally(() => {
    running = null;
  });
  return running;
}

/**
 * Whether the scanner is offline: the browser says so, or the last call made found no network (a Wi-Fi without a way
 * out looks online to the browser). Any call that reaches the server says it is back.
 */
export function useNetwork(): { offline: boolean; reached: (ok: boolean) => void } {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [reachable, setReachable] = useState(true);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return { offline: !online || !reachable, reached: setReachable };
}

/**
 * Sends the queue on the page's load, on the `online` event and every SYNC_RETRY_MS while it is not empty; after a
 * send, the counts and the copy are asked again (they have the check-ins now).
 */
export function useOfflineSync(
  pending: number,
  reached: (ok: boolean) => void,
  onRefused: (message: string) => void,
): void {
  const client = useQueryClient();
  const run = useCallback(async () => {
    if (!navigator.onLine || queuedScans().length === 0) return;
    const outcome = await syncQueue();
    if (outcome.state === 'unreachable') reached(false);
    else reached(true);
    if (outcome.state === 'refused') onRefused(outcome.message);
    if (outcome.sent > 0) await client.invalidateQueries({ queryKey: ['admin', 'checkin'] });
  }, [client, reached, onRefused]);

  useEffect(() => {
    void run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [run]);

  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => void run(), SYNC_RETRY_MS);
    return () => clearInterval(timer);
  }, [pending, run]);
}
