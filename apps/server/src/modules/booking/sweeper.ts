import { unpaidGraceCutoff } from '@tabi/contract/booking-rules';
import { systemActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { settleOpenPayments } from '../payment/index.ts';
import * as repo from './repository.ts';
import { cancelUnpaid } from './service.ts';

const BATCH = 50;

export interface SweepResult {
  expired: string[];
  lapsed: string[];
}

/**
 * DESIGN §5: card bookings unpaid 1 hour after reception, and confirmed requests past their payment
 * deadline, are canceled and give their seats back. First the provider is asked about each one's open
 * checkouts, and one it reports paid is fulfilled instead (DESIGN §12). Rows are claimed with SKIP LOCKED,
 * so every instance may sweep at once and a booking being paid right now is left to its payment.
 */
export async function sweepUnpaidBookings(ctx: AppContext): Promise<SweepResult> {
  const actor = systemActor('sweeper');
  const result: SweepResult = { expired: [], lapsed: [] };
  const cutoffAt = unpaidGraceCutoff;

  const now = ctx.clock.now();
  const candidates = [
    ...(await repo.claimUnpaidCardBookings(ctx.db, cutoffAt(now), BATCH * 4, false)),
    ...(await repo.claimLapsedRequests(ctx.db, now, BATCH * 4, false)),
  ];
  for (const booking of candidates) await settleOpenPayments(ctx, booking.rsvno, actor);

  for (;;) {
    const at = ctx.clock.now();
    const done = await ctx.db.transaction(async (tx) => {
      const expired = await repo.claimUnpaidCardBookings(tx, cutoffAt(at), BATCH);
      for (const booking of expired) await cancelUnpaid(ctx, tx, booking, 'expired', actor);
      const lapsed = await repo.claimLapsedRequests(tx, at, BATCH);
      for (const booking of lapsed) await cancelUnpaid(ctx, tx, booking, 'expired', actor);
      result.expired.push(...expired.map((b) => b.rsvno));
      result.lapsed.push(...lapsed.map((b) => b.rsvno));
      return expired.length < BATCH && lapsed.length < BATCH;
    });
    if (done) return result;
  }
}
