import { UNPAID_GRACE_MINUTES } from '@tabi/contract/constants';
import type { AppContextBase } from '../../context.ts';
import * as repo from './repository.ts';
import { cancelUnpaid } from './service.ts';

const BATCH = 50;

export interface SweepResult {
  expired: string[];
  lapsed: string[];
}

/**
 * DESIGN §5: card bookings unpaid 1 hour after reception, and confirmed requests past their payment
 * deadline, are canceled and give their seats back. Rows are claimed with SKIP LOCKED, so every
 * instance may sweep at once and a booking being paid right now is left to its payment.
 */
export async function sweepUnpaidBookings(ctx: AppContextBase): Promise<SweepResult> {
  const result: SweepResult = { expired: [], lapsed: [] };
  for (;;) {
    const now = ctx.clock.now();
    const cutoff = new Date(now.getTime() - UNPAID_GRACE_MINUTES * 60_000);
    const done = await ctx.db.transaction(async (tx) => {
      const expired = await repo.claimUnpaidCardBookings(tx, cutoff, BATCH);
      for (const rsvno of expired) await cancelUnpaid(tx, rsvno, now, 'expired');
      const lapsed = await repo.claimLapsedRequests(tx, now, BATCH);
      for (const rsvno of lapsed) await cancelUnpaid(tx, rsvno, now, 'expired');
      result.expired.push(...expired);
      result.lapsed.push(...lapsed);
      return expired.length < BATCH && lapsed.length < BATCH;
    });
    if (done) return result;
  }
}
