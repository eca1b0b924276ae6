/**
 * Payment of a checkout (DESIGN §6): the one fulfilment path, from the sandbox page, the Stripe webhook, a return-page
 * check, the sweeper and the reconciler. Safe to call any number of times, even at once: the payment row is locked and
 * only its first paid transition asks the booking (`ctx.onPayment.paid`, ADR 0181). A payment the booking cannot keep
 * is refunded in full through the one refund path, after the transaction commits.
 */
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { paymentsFulfilled } from '../../metrics.ts';
import { planRefunds, sendPendingRefunds } from './refunds.ts';
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

export async function fulfil(ctx: AppContext, checkoutSessionId: string, actor: Actor): Promise<FulfilOutcome> {
  const session = await ctx.payment.retrieveCheckout(checkoutSessionId);
  if (session.paymentStatus !== 'paid') {
    paymentsFulfilled.inc({ outcome: 'unpaid' });
    return 'unpaid';
  }

  const result = await ctx.db.transaction(async (tx): Promise<{ outcome: FulfilOutcome; rsvno?: string }> => {
    let payment = await repo.lockPaymentBySession(tx, checkoutSessionId);
    if (!payment && session.rsvno && (await ctx.onPayment.lockBooking(tx, session.rsvno))) {
      // A session opened elsewhere (e.g. a retried create whose answer was lost): adopt it.
      await repo.insertPayment(tx, {
        rsvno: session.rsvno,
        provider: ctx.payment.name,
        checkoutSessionId,
        amount: session.amount,
      });
      payment = await repo.lockPaymentBySession(tx, checkoutSessionId);
    }
    if (!payment) return { outcome: 'unknown' };
    if (payment.status === 'paid' || payment.status === 'refunded') return { outcome: 'already' };

    const now = ctx.clock.now();
    // What was actually charged (a promotion code may have lowered it) is what can be refunded later.
    const charged = session.amount || payment.amount;
    await repo.markPaymentPaid(
      tx,
      payment.id,
      { chargeId: session.chargeId, amount: charged, method: session.method },
      now,
    );
    await repo.finishCheckoutCall(tx, checkoutSessionId, now);
    const { rsvno } = payment;
    const verdict = await ctx.onPayment.paid(
      ctx,
      tx,
      { rsvno, paymentId: payment.id, amount: charged, checkoutSessionId },
      actor,
    );
    if (verdict === 'paid' || verdict === 'reinstated') return { outcome: verdict, rsvno };
    const paidRow = { ...payment, status: 'paid' as const, chargeId: session.chargeId, amount: charged };
    await planRefunds(tx, rsvno, [paidRow], charged, verdict, now);
    return { outcome: 'refunded', rsvno };
  });

  paymentsFulfilled.inc({ outcome: result.outcome });
  if (result.outcome === 'refunded' && result.rsvno) {
    await sendPendingRefunds(ctx, result.rsvno, ['duplicate', 'late', 'change'], actor);
  }
  return result.outcome;
}
