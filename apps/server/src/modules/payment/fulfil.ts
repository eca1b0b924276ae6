import { BookingStatus, PaymentStatus } from '@tabi/contract/constants';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { retakeAllSeats } from '../booking/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { bookingPaidMail, cancellationMail, loadMailBooking } from '../mail/templates.ts';
import type { CheckoutSession } from './provider.ts';
import * as repo from './repository.ts';

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

async function refundWhole(ctx: AppContext, tx: DbOrTx, payment: repo.PaymentRow, session: CheckoutSession) {
  if (!session.chargeId) throw new Error(`payment ${payment.id} has no charge to refund`);
  const refund = await ctx.payment.refund(session.chargeId, session.amount || payment.amount);
  await repo.recordRefund(tx, payment.id, refund.amount, true);
  const mail = await loadMailBooking(tx, ctx.config, payment.rsvno);
  if (mail) await enqueueMail(tx, cancellationMail(mail, 0, refund.amount));
}

/**
 * The one fulfilment path (DESIGN §6), from the sandbox page, the Stripe webhook or a return-page check.
 * Safe to call any number of times, even at once: the payment row is locked and only its first paid
 * transition changes the booking and queues the mail.
 */
export async function fulfil(ctx: AppContext, checkoutSessionId: string): Promise<FulfilOutcome> {
  const session = await ctx.payment.retrieveCheckout(checkoutSessionId);
  if (session.paymentStatus !== 'paid') return 'unpaid';

  return ctx.db.transaction(async (tx) => {
    let payment = await repo.lockPaymentBySession(tx, checkoutSessionId);
    if (!payment && session.rsvno && (await repo.lockBooking(tx, session.rsvno))) {
      // A session opened elsewhere (e.g. a retried create whose answer was lost): adopt it.
      await repo.insertPayment(tx, {
        rsvno: session.rsvno,
        provider: ctx.payment.name,
        checkoutSessionId,
        amount: session.amount,
      });
      payment = await repo.lockPaymentBySession(tx, checkoutSessionId);
    }
    if (!payment) return 'unknown';
    if (payment.status === 'paid' || payment.status === 'refunded') return 'already';

    const booking = await repo.lockBooking(tx, payment.rsvno);
    if (!booking) return 'unknown';
    const now = ctx.clock.now();
    // What was actually charged (a promotion code may have lowered it) is what can be refunded later.
    await repo.markPaymentPaid(tx, payment.id, session.chargeId, session.amount || payment.amount, now);

    if (booking.statusPayment === PaymentStatus.completed) {
      await refundWhole(ctx, tx, payment, session);
      return 'refunded';
    }
    const cardBooking = booking.status === BookingStatus.completed && booking.flgRequestRsv === 0;
    const confirmedRequest = booking.status === BookingStatus.tmp && booking.flgRequestRsv === 1;
    if (cardBooking || confirmedRequest) {
      await repo.markBookingPaid(tx, booking.rsvno);
      await queuePaidMail(ctx, tx, booking.rsvno);
      return 'paid';
    }
    if (booking.status === BookingStatus.canceled && booking.cancelReason === 'expired') {
      if (await retakeAllSeats(tx, booking.rsvno)) {
        await repo.markBookingPaid(tx, booking.rsvno);
        await queuePaidMail(ctx, tx, booking.rsvno);
        return 'reinstated';
      }
    }
    await refundWhole(ctx, tx, payment, session);
    return 'refunded';
  });
}
