/**
 * Payment of a booking (DESIGN §6): the one fulfilment path, from the sandbox page, the Stripe webhook,
 * a return-page check, the sweeper and the reconciler. Safe to call any number of times, even at once:
 * the payment row is locked and only its first paid transition changes the booking and queues the mail.
 * A payment that cannot be kept is refunded through the one refund path, after the transaction commits.
 */
import { BookingStatus, PaymentStatus } from '@tabi/contract/constants';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { paymentsFulfilled } from '../../metrics.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { bookingPaidMail, loadMailBooking } from '../mail/templates.ts';
import * as payments from '../payment/repository.ts';
import { cancellationPending } from './cancel.ts';
import { type Actor, recordEvent, stateOf } from './events.ts';
import { planRefunds, type RefundReason, sendPendingRefunds } from './refunds.ts';
import * as repo from './repository.ts';
import { retakeAllSeats } from './seats.ts';

export type FulfilOutcome =
  /** The booking is now paid (and a confirmed request completed). */
  | 'paid'
  /** The booking had expired unpaid; its seats were free again and it is paid now. */
  | 'reinstated'
  /** The money could not be kept (seats gone, booking canceled or already paid): refunded in full. */
  | 'refunded'
  /** This session was fulfilled before: nothing changed. */
  | 'already'
  /** The provider does not report the session as paid. */
  | 'unpaid'
  /** No booking is known for the session. */
  | 'unknown';

async function queuePaidMail(ctx: AppContext, tx: DbOrTx, rsvno: string): Promise<void> {
  const mail = await loadMailBooking(tx, ctx.config, rsvno);
  if (mail) await enqueueMail(tx, bookingPaidMail(mail));
}

export async function fulfil(ctx: AppContext, checkoutSessionId: string, actor: Actor): Promise<FulfilOutcome> {
  const session = await ctx.payment.retrieveCheckout(checkoutSessionId);
  if (session.paymentStatus !== 'paid') {
    paymentsFulfilled.inc({ outcome: 'unpaid' });
    return 'unpaid';
  }

  const result = await ctx.db.transaction(async (tx): Promise<{ outcome: FulfilOutcome; rsvno?: string }> => {
    let payment = await payments.lockPaymentBySession(tx, checkoutSessionId);
    if (!payment && session.rsvno && (await repo.lockBooking(tx, session.rsvno))) {
      // A session opened elsewhere (e.g. a retried create whose answer was lost): adopt it.
      await payments.insertPayment(tx, {
        rsvno: session.rsvno,
        provider: ctx.payment.name,
        checkoutSessionId,
        amount: session.amount,
      });
      payment = await payments.lockPaymentBySession(tx, checkoutSessionId);
    }
    if (!payment) return { outcome: 'unknown' };
    if (payment.status === 'paid' || payment.status === 'refunded') return { outcome: 'already' };

    const booking = await repo.lockBooking(tx, payment.rsvno);
    if (!booking) return { outcome: 'unknown' };
    const now = ctx.clock.now();
    // What was actually charged (a promotion code may have lowered it) is what can be refunded later.
    const charged = session.amount || payment.amount;
    await payments.markPaymentPaid(tx, payment.id, session.chargeId, charged, now);
    await payments.finishCheckoutCall(tx, checkoutSessionId, now);
    const paidRow = { ...payment, status: 'paid' as const, chargeId: session.chargeId, amount: charged };

    const refundInFull = async (reason: RefundReason): Promise<{ outcome: FulfilOutcome; rsvno: string }> => {
      await planRefunds(tx, booking.rsvno, [paidRow], charged, reason, now);
      await recordEvent(tx, now, booking.rsvno, actor, reason === 'duplicate' ? 'duplicate_payment' : 'late_payment', {
        before: stateOf(booking),
        after: { amount: charged, checkout_session: checkoutSessionId, refund: charged },
      });
      return { outcome: 'refunded', rsvno: booking.rsvno };
    };

    if (booking.statusPayment === PaymentStatus.completed) return refundInFull('duplicate');
    // A cancellation claimed before this payment committed stands: the payment came too late (issue 24.1).
    const cardBooking =
      booking.status === BookingStatus.completed && booking.flgRequestRsv === 0 && !cancellationPending(booking);
    const confirmedRequest = booking.status === BookingStatus.tmp && booking.flgRequestRsv === 1;
    const expired = booking.status === BookingStatus.canceled && booking.cancelReason === 'expired';
    const reinstated = expired && (await retakeAllSeats(tx, booking.rsvno));
    if (!(cardBooking || confirmedRequest || reinstated)) return refundInFull('late');

    await repo.markBookingPaid(tx, booking.rsvno);
    await queuePaidMail(ctx, tx, booking.rsvno);
    await recordEvent(tx, now, booking.rsvno, actor, reinstated ? 'reinstated' : 'paid', {
      before: stateOf(booking),
      after: {
        ...stateOf({ ...booking, status: BookingStatus.completed, statusPayment: PaymentStatus.completed }),
        amount: charged,
        checkout_session: checkoutSessionId,
      },
    });
    return { outcome: reinstated ? 'reinstated' : 'paid', rsvno: booking.rsvno };
  });

  paymentsFulfilled.inc({ outcome: result.outcome });
  if (result.outcome === 'refunded' && result.rsvno) {
    await sendPendingRefunds(ctx, result.rsvno, ['duplicate', 'late'], actor);
  }
  return result.outcome;
}
