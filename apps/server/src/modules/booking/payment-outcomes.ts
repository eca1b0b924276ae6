/**
 * The booking's answers to what happens to its money (ADR 0181): the payments module calls these through
 * `ctx.onPayment` and never reaches into the booking otherwise. Each answer changes the booking through its one
 * lifecycle and writes the history; the payments module keeps its own rows.
 */
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import {
  bookingPaidMail,
  konbiniReminderMail,
  konbiniSlipMail,
  loadMailBooking,
  paymentRefundedMail,
} from '../mail/templates.ts';
import { openSlipOf, type PaidVerdict, type PaymentOutcomes } from '../payment/index.ts';
import { finishCancellation, tryFinishCancellation } from './cancel.ts';
import { changePaid } from './change.ts';
import { recordEvent, stateOf } from './events.ts';
import { canMove, lifecycleOf, transition, wasPaid } from './lifecycle.ts';
import * as repo from './repository.ts';
import { retakeAllSeats } from './seats.ts';
import { cancelUnpaid } from './service.ts';

const BATCH = 50;

/**
 * What a paid checkout does to the booking, under the booking's lock: paid in time (a card booking, even past its
 * hour until the sweeper comes, or a confirmed request), reinstated when it expired and its seats are still free,
 * else refunded. A cancellation claimed before this payment committed stands: the payment came too late.
 */
async function decide(tx: DbOrTx, booking: repo.BookingRow): Promise<Exclude<PaidVerdict, 'change'>> {
  if (wasPaid(booking)) return 'duplicate';
  if (canMove(booking, 'pay')) return 'paid';
  return canMove(booking, 'reinstate') && (await retakeAllSeats(tx, booking.rsvno)) ? 'reinstated' : 'late';
}

export const bookingPaymentOutcomes: PaymentOutcomes = {
  payableAs(booking) {
    if (wasPaid(booking)) return 'paid';
    switch (lifecycleOf(booking)) {
      case 'held':
        return 'card';
      case 'offered':
        return 'request';
      default:
        return 'none';
    }
  },

  async lockBooking(tx, rsvno) {
    return (await repo.lockBooking(tx, rsvno)) !== undefined;
  },

  async paid(ctx, tx, checkout, actor) {
    const booking = await repo.lockBooking(tx, checkout.rsvno);
    if (!booking) throw new Error(`payment ${checkout.paymentId} names no booking`);
    const now = ctx.clock.now();
    // A paid booking's checkout of a change's difference (ADR 0197): the change decides.
    const change = wasPaid(booking) ? await changePaid(ctx, tx, checkout, actor) : null;
    if (change) return change;
    const verdict = await decide(tx, booking);
    if (verdict === 'duplicate' || verdict === 'late') {
      await recordEvent(tx, now, booking.rsvno, actor, verdict === 'duplicate' ? 'duplicate_payment' : 'late_payment', {
        before: stateOf(booking),
        after: { amount: checkout.amount, checkout_session: checkout.checkoutSessionId, refund: checkout.amount },
      });
      return verdict;
    }
    const after = await transition(tx, booking, verdict === 'paid' ? 'pay' : 'reinstate');
    const mail = await loadMailBooking(tx, ctx.config, booking.rsvno, { ticket: true });
    if (mail) await enqueueMail(tx, bookingPaidMail(mail));
    await recordEvent(tx, now, booking.rsvno, actor, verdict, {
      before: stateOf(booking),
      after: {
        ...stateOf(after),
        amount: checkout.amount,
        checkout_session: checkout.checkoutSessionId,
      },
    });
    return verdict;
  },

  async slipIssued(ctx, tx, slip, actor) {
    const booking = await repo.lockBooking(tx, slip.rsvno);
    if (!booking) throw new Error(`konbini slip of payment ${slip.paymentId} names no booking`);
    const now = ctx.clock.now();
    if (!canMove(booking, 'awaitSlip')) {
      await recordEvent(tx, now, booking.rsvno, actor, 'konbini_slip_refused', {
        before: stateOf(booking),
        after: { checkout_session: slip.checkoutSessionId },
      });
      return 'late';
    }
    const after = await transition(tx, booking, 'awaitSlip', { paymentDeadline: slip.expiresAt });
    await recordEvent(tx, now, booking.rsvno, actor, 'konbini_slip', {
      before: stateOf(booking),
      after: { ...stateOf(after), payment_deadline: slip.expiresAt, checkout_session: slip.checkoutSessionId },
    });
    const [mail, shown] = await Promise.all([
      loadMailBooking(tx, ctx.config, booking.rsvno),
      openSlipOf({ db: tx }, booking.rsvno),
    ]);
    if (mail && shown) await enqueueMail(tx, konbiniSlipMail(mail, shown));
    return 'awaiting';
  },

  async slipFailed(ctx, tx, slip, actor) {
    const booking = await repo.lockBooking(tx, slip.rsvno);
    if (booking && lifecycleOf(booking) === 'awaiting') await cancelUnpaid(ctx, tx, booking, 'expired', actor);
  },

  async slipReminder(ctx, tx, slip, actor) {
    const booking = await repo.findBooking(tx, slip.rsvno);
    if (!booking || lifecycleOf(booking) !== 'awaiting') return;
    const [mail, shown] = await Promise.all([
      loadMailBooking(tx, ctx.config, booking.rsvno),
      openSlipOf({ db: tx }, booking.rsvno),
    ]);
    if (!mail || !shown) return;
    await enqueueMail(tx, konbiniReminderMail(mail, shown));
    await recordEvent(tx, ctx.clock.now(), booking.rsvno, actor, 'konbini_reminder', {
      after: { payment_deadline: booking.paymentDeadline },
    });
  },

  async refunded(ctx, tx, refund, actor) {
    await recordEvent(tx, ctx.clock.now(), refund.rsvno, actor, 'refund_sent', {
      after: {
        amount: refund.amount,
        reason: refund.reason,
        refund_id: refund.providerRef,
        payment_id: refund.paymentId,
      },
    });
    if (refund.reason === 'duplicate' || refund.reason === 'late') {
      const mail = await loadMailBooking(tx, ctx.config, refund.rsvno);
      if (mail) await enqueueMail(tx, paymentRefundedMail(mail, refund.amount, refund.reason));
    }
  },

  async refundFailed(ctx, tx, refund, actor) {
    await recordEvent(tx, ctx.clock.now(), refund.rsvno, actor, 'refund_failed', {
      after: { amount: refund.amount, reason: refund.reason, attempts: refund.attempts },
      note: refund.error.slice(0, 200),
    });
  },

  cancellationRefunded: (ctx, rsvno, actor) => tryFinishCancellation(ctx, rsvno, actor),

  async finishCancellations(ctx, before, rsvno, actor) {
    let total = 0;
    for (;;) {
      const finished = await ctx.db.transaction(async (tx) => {
        const pending = await repo.claimPendingCancellations(tx, before, BATCH, rsvno);
        let count = 0;
        for (const booking of pending) if (await finishCancellation(ctx, tx, booking, actor)) count += 1;
        return { count, full: pending.length === BATCH };
      });
      total += finished.count;
      if (!finished.full || finished.count === 0) return total;
    }
  },
};
