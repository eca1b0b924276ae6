import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import { OUTBOX_QUEUED_CHANNEL, STOCK_CHANGED_CHANNEL } from './db/client.ts';
import { sweepUnpaidBookings } from './modules/booking/sweeper.ts';
import { refreshStalePriceRanges } from './modules/catalog/repository.ts';
import { runStops } from './modules/day-stop/service.ts';
import { createMailSender, processOutbox } from './modules/mail/worker.ts';
import { sweepMedia } from './modules/media/sweeper.ts';
import { sendDueDayBeforeMails } from './modules/operations/day-before.ts';
import { sendDueRentalSheets } from './modules/operations/rental-sheet.ts';
import { reconcile, reportIsEmpty } from './modules/payment/index.ts';
import { erasePersonalData } from './modules/privacy/service.ts';
import { retentionIsEmpty, runRetention } from './modules/retention/service.ts';
import { runWaitlist } from './modules/waitlist/service.ts';

export interface Workers {
  stop(): Promise<void>;
}

export const SWEEP_INTERVAL_MS = 60_000;
export const MAIL_INTERVAL_MS = 10_000;
export const RECONCILE_INTERVAL_MS = 60_000;
/** Photo files no row names (a crash between a file and its row) are looked for this often; see MEDIA_GRACE_MS. */
export const MEDIA_SWEEP_INTERVAL_MS = 15 * 60_000;
/** Old mails' content, ended sessions, rate-limit windows and personal data past its time go this often (ADR 0162, 0164). */
export const RETENTION_INTERVAL_MS = 15 * 60_000;
/** How long a loop waits after a notification before it runs, so that a burst of them makes one run. */
export const NUDGE_MS = 300;
/** キャンセル待ち: seats that came back are offered this often, and soon after any move of seats (ADR 0167). */
export const WAITLIST_INTERVAL_MS = 30_000;
/** The list's kept price ranges are checked for a new day this often (a stale one is only slower, never wrong). */
export const PRICE_RANGE_INTERVAL_MS = 10 * 60_000;
/** Day-before mails and rental sheets due (from their hour the day before, once each: ADR 0166) are sent this often. */
export const DAY_BEFORE_INTERVAL_MS = 5 * 60_000;

/**
 * Background work (reconciler, expiry sweep, mail outbox, photo files no row names, retention) on every instance,
 * each run at start; rows are claimed with SKIP LOCKED, photo files under their media lock.
 * Each loop waits for its previous run before scheduling the next, and stop() waits for a run in flight.
 */
export function startWorkers(
  ctx: AppContext,
  log: FastifyBaseLogger,
  intervals: { sweepMs?: number; mailMs?: number; reconcileMs?: number; mediaMs?: number; retentionMs?: number } = {},
): Workers {
  const sender = createMailSender(ctx, log);
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  /**
   * Runs `work` at start, then everyMs after each run ends. A notification on `nudgedBy` (sent when a transaction
   * commits) brings the next run forward to NUDGE_MS from now, or right after the run in flight, so that what the
   * notification announces is handled within about a second instead of at the next interval.
   */
  function loop(name: string, everyMs: number, work: () => Promise<void>, nudgedBy?: string): void {
    let timer: NodeJS.Timeout | undefined;
    let inFlight = false;
    let nudged = false;
    const schedule = (ms: number) => {
      if (timer) {
        clearTimeout(timer);
        timers.delete(timer);
      }
      timer = setTimeout(tick, ms);
      timer.unref();
      timers.add(timer);
    };
    const tick = () => {
      if (timer) timers.delete(timer);
      timer = undefined;
      if (stopped) return;
      inFlight = true;
      nudged = false;
      const run = work()
        .catch((error: unknown) => log.error({ err: error, worker: name }, 'background work failed'))
        .finally(() => {
          running.delete(run);
          inFlight = false;
          if (!stopped) schedule(nudged ? NUDGE_MS : everyMs);
        });
      running.add(run);
    };
    schedule(0);
    if (!nudgedBy) return;
    ctx.notifications?.subscribe(nudgedBy, {
      notify: () => {
        if (stopped || nudged) return;
        nudged = true;
        if (!inFlight) schedule(NUDGE_MS);
      },
      live: () => undefined,
    });
  }

  loop('reconciler', intervals.reconcileMs ?? RECONCILE_INTERVAL_MS, async () => {
    const report = await reconcile(ctx);
    if (!reportIsEmpty(report)) log.info({ report }, 'reconciler finished half-done payment steps');
  });
  loop('sweeper', intervals.sweepMs ?? SWEEP_INTERVAL_MS, async () => {
    const { expired, lapsed } = await sweepUnpaidBookings(ctx);
    if (expired.length + lapsed.length > 0) log.info({ expired, lapsed }, 'unpaid bookings canceled');
  });
  loop(
    'mail',
    intervals.mailMs ?? MAIL_INTERVAL_MS,
    async () => {
      await processOutbox(ctx, sender, log);
    },
    OUTBOX_QUEUED_CHANNEL,
  );
  // 催行中止 still running (a crash, or more bookings than the request's few seconds), to the end (issue 27).
  loop('day-stops', intervals.reconcileMs ?? RECONCILE_INTERVAL_MS, async () => {
    await runStops(ctx);
  });
  loop('day-before', DAY_BEFORE_INTERVAL_MS, async () => {
    const mailed = await sendDueDayBeforeMails(ctx);
    if (mailed.length > 0) log.info({ mailed: mailed.length }, 'day-before mails queued');
    const sheets = await sendDueRentalSheets(ctx);
    if (sheets.length > 0) log.info({ sheets }, 'rental sheets mailed to facilities');
  });
  // キャンセル待ち: an offer follows any committed move of seats, on this instance or another (ADR 0167).
  loop(
    'waitlist',
    WAITLIST_INTERVAL_MS,
    async () => {
      const run = await runWaitlist(ctx);
      if (run.offered.length + run.expired.length + run.collected > 0) log.info({ waitlist: run }, 'waitlist offers');
    },
    STOCK_CHANGED_CHANNEL,
  );
  loop('media', intervals.mediaMs ?? MEDIA_SWEEP_INTERVAL_MS, async () => {
    const { removed } = await sweepMedia(ctx);
    if (removed.length > 0) log.info({ removed }, 'photo files no row names removed');
  });
  // The list's kept price ranges move to the new day after midnight in Tokyo (issue 30, migration 0016).
  loop('price-ranges', PRICE_RANGE_INTERVAL_MS, async () => {
    await refreshStalePriceRanges(ctx.db);
  });
  loop('retention', intervals.retentionMs ?? RETENTION_INTERVAL_MS, async () => {
    const removed = await runRetention(ctx);
    if (!retentionIsEmpty(removed)) log.info({ removed }, 'retention removed old mail content, sessions and limits');
    // Passport numbers, birthdays and diet choices past their keeping time (issue 28, ADR 0164).
    const erased = await erasePersonalData(ctx);
    if (erased > 0) log.info({ erased }, 'personal data of past bookings erased');
  });

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled(running);
      sender.close();
    },
  };
}
