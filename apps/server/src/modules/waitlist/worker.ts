/**
 * When キャンセル待ち's offers go out (ADR 0167): the worker loop's pass every WAITLIST_INTERVAL_MS on every
 * instance, and a nudge soon after any committed move of seats this instance hears of (its own, at once; the
 * others', through the stock channel), so that an offer follows a cancellation within about a second.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { STOCK_CHANGED_CHANNEL } from '../../db/client.ts';
import { type DayRun, runWaitlist } from './service.ts';

/** How long a nudge waits for more moves of seats before the pass runs. */
export const WAITLIST_NUDGE_MS = 300;

function report(log: FastifyBaseLogger, run: DayRun): void {
  if (run.offered.length + run.expired.length + run.collected > 0) log.info({ waitlist: run }, 'waitlist offers');
}

/** A pass at a time: a nudge during a pass runs one more pass after it. */
export class WaitlistRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Listens for moves of seats (the nudge). */
  listen(): void {
    this.ctx.notifications?.subscribe(STOCK_CHANGED_CHANNEL, {
      notify: () => this.nudge(),
      live: () => undefined,
    });
  }

  nudge(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run().catch((error: unknown) =>
        this.log.error({ err: error, worker: 'waitlist' }, 'background work failed'),
      );
    }, WAITLIST_NUDGE_MS);
    this.timer.unref();
  }

  /** One pass now (or right after the one running). */
  async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          if (this.stopped) return;
          report(this.log, await runWaitlist(this.ctx));
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
