import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { systemActor } from './actor.ts';
import type { AppContext } from './context.ts';
import { OUTBOX_QUEUED_CHANNEL, STOCK_CHANGED_CHANNEL } from './db/client.ts';
import { type JobDefinition, startRunner } from './jobs/runner.ts';
import { sweepUnpaidBookings } from './modules/booking/sweeper.ts';
import { refreshStalePriceRanges } from './modules/catalog/repository.ts';
import { runStops } from './modules/day-stop/service.ts';
import { createMailSender, processOutbox } from './modules/mail/worker.ts';
import { sweepMedia } from './modules/media/sweeper.ts';
import { sendDueDayBeforeMails } from './modules/operations/day-before.ts';
import { sendDueRentalSheets } from './modules/operations/rental-sheet.ts';
import { reconcile, remindSlips, reportIsEmpty } from './modules/payment/index.ts';
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
/** キャンセル待ち: seats that came back are offered this often, and soon after any move of seats (ADR 0167). */
export const WAITLIST_INTERVAL_MS = 30_000;
/** The list's kept price ranges are checked for a new day this often (a stale one is only slower, never wrong). */
export const PRICE_RANGE_INTERVAL_MS = 10 * 60_000;
/** Day-before mails and rental sheets due (from their hour the day before, once each: ADR 0166) are sent this often. */
export const DAY_BEFORE_INTERVAL_MS = 5 * 60_000;

/**
 * This instance in the jobs table: its host and port, the same across its restarts (so a restart frees at once what
 * a kill left held), or its process when the system picks the port.
 */
export function instanceName(port: number): string {
  return port === 0 ? `${os.hostname()}:pid${process.pid}` : `${os.hostname()}:${port}`;
}

/**
 * The background work, one job each, run by the one runner on every instance (ADR 0183): each job runs at start,
 * then every interval after its previous run ends, on one instance at a time; rows inside a job are claimed with
 * SKIP LOCKED, photo files under their media lock. stop() waits for the runs in flight.
 */
export function startWorkers(
  ctx: AppContext,
  log: FastifyBaseLogger,
  intervals: { sweepMs?: number; mailMs?: number; reconcileMs?: number; mediaMs?: number; retentionMs?: number } = {},
  instance = instanceName(ctx.config.port),
): Workers {
  const sender = createMailSender(ctx, log);
  const jobs: JobDefinition[] = [];
  const job = (name: string, everyMs: number, run: () => Promise<void>) => jobs.push({ name, everyMs, run });

  job('reconciler', intervals.reconcileMs ?? RECONCILE_INTERVAL_MS, async () => {
    const report = await reconcile(ctx);
    if (!reportIsEmpty(report)) log.info({ report }, 'reconciler finished half-done payment steps');
  });
  job('sweeper', intervals.sweepMs ?? SWEEP_INTERVAL_MS, async () => {
    const { expired, lapsed } = await sweepUnpaidBookings(ctx);
    if (expired.length + lapsed.length > 0) log.info({ expired, lapsed }, 'unpaid bookings canceled');
    // The day before a konbini slip's deadline, its reminder (ADR 0213).
    const reminded = await remindSlips(ctx, systemActor('sweeper'));
    if (reminded > 0) log.info({ reminded }, 'konbini slip reminders queued');
  });
  job('mail', intervals.mailMs ?? MAIL_INTERVAL_MS, async () => {
    await processOutbox(ctx, sender, log);
  });
  // 催行中止 still running (a crash, or more bookings than the request's few seconds), to the end (ADR 0165).
  job('day-stops', intervals.reconcileMs ?? RECONCILE_INTERVAL_MS, async () => {
    await runStops(ctx);
  });
  job('day-before', DAY_BEFORE_INTERVAL_MS, async () => {
    const mailed = await sendDueDayBeforeMails(ctx);
    if (mailed.length > 0) log.info({ mailed: mailed.length }, 'day-before mails queued');
    const sheets = await sendDueRentalSheets(ctx);
    if (sheets.length > 0) log.info({ sheets }, 'rental sheets mailed to facilities');
  });
  // キャンセル待ち: an offer follows any committed move of seats, on this instance or another (ADR 0167).
  job('waitlist', WAITLIST_INTERVAL_MS, async () => {
    const run = await runWaitlist(ctx);
    if (run.offered.length + run.expired.length + run.collected > 0) log.info({ waitlist: run }, 'waitlist offers');
  });
  job('media', intervals.mediaMs ?? MEDIA_SWEEP_INTERVAL_MS, async () => {
    const { removed } = await sweepMedia(ctx);
    if (removed.length > 0) log.info({ removed }, 'photo files no row names removed');
  });
  // The list's kept price ranges move to the new day after midnight in Tokyo (migration 0016).
  job('price-ranges', PRICE_RANGE_INTERVAL_MS, async () => {
    await refreshStalePriceRanges(ctx.db);
  });
  job('retention', intervals.retentionMs ?? RETENTION_INTERVAL_MS, async () => {
    const removed = await runRetention(ctx);
    if (!retentionIsEmpty(removed)) log.info({ removed }, 'retention removed old mail content, sessions and limits');
    // Passport numbers, birthdays and diet choices past their keeping time (ADR 0164).
    const erased = await erasePersonalData(ctx);
    if (erased > 0) log.info({ erased }, 'personal data of past bookings erased');
  });

  const runner = startRunner(ctx.db, jobs, log, { instance });
  // A commit that queued a mail or moved seats (on any instance) brings its job forward to within NUDGE_MS.
  const nudges: [string, string][] = [
    [OUTBOX_QUEUED_CHANNEL, 'mail'],
    [STOCK_CHANGED_CHANNEL, 'waitlist'],
  ];
  for (const [channel, name] of nudges) {
    ctx.notifications?.subscribe(channel, {
      notify: () => {
        runner.nudge(name).catch((err: unknown) => log.error({ err, job: name }, 'job not brought forward'));
      },
      live: () => undefined,
    });
  }

  return {
    async stop() {
      await runner.stop();
      sender.close();
    },
  };
}
