/**
 * What the payments module tells the booking, and the only way it reaches it (ADR 0181): the booking module
 * implements this interface (booking/payment-outcomes.ts) and the composition root hands it to the context as
 * `onPayment`. Payments own their tables and the provider; the booking decides what money means for the booking.
 */
import type { Actor } from '../../actor.ts';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PayableBooking, RefundReason } from './repository.ts';

/** A checkout the provider reports paid, its payment row already marked paid in the caller's transaction. */
export interface PaidCheckout {
  rsvno: string;
  paymentId: number;
  /** What was actually charged (a promotion code may have lowered it). */
  amount: number;
  checkoutSessionId: string;
}

/**
 * The booking's answer to a payment: kept ('paid', or 'reinstated' when an expired booking got its seats back), or
 * not kept and refunded in full ('duplicate': it was paid already; 'late': canceled, its seats gone, or a
 * cancellation claimed first).
 */
export type PaidVerdict = 'paid' | 'reinstated' | Extract<RefundReason, 'duplicate' | 'late' | 'change'>;

/** A refund as the booking hears of it. */
export interface RefundOutcome {
  rsvno: string;
  paymentId: number;
  amount: number;
  reason: RefundReason;
  /** The provider's id of the refund (confirmed ones). */
  providerRef?: string;
}

/** How a booking may be paid now, as the booking says: a card booking, a confirmed request, paid already, or not. */
export type PayableAs = 'card' | 'request' | 'paid' | 'none';

/** A konbini slip issued for a checkout of the booking (ADR 0213), its slip row written in the caller's transaction. */
export interface IssuedSlip {
  rsvno: string;
  paymentId: number;
  checkoutSessionId: string;
  expiresAt: Date;
}

export interface PaymentOutcomes {
  /** Whether and how the booking may be paid (its lifecycle decides; the payments module sets the checkout's time). */
  payableAs(booking: PayableBooking): PayableAs;
  /** Locks the booking a checkout opened elsewhere names, so that it can be adopted; false when there is none. */
  lockBooking(tx: DbOrTx, rsvno: string): Promise<boolean>;
  /** A checkout was paid: the booking takes the money or says why it cannot (then it is refunded in full). */
  paid(ctx: AppContextBase, tx: DbOrTx, checkout: PaidCheckout, actor: Actor): Promise<PaidVerdict>;
  /**
   * A konbini slip was issued: the booking waits for it until its deadline ('awaiting', mailing the slip), or says it
   * can no longer wait ('late': the slip is voided).
   */
  slipIssued(ctx: AppContextBase, tx: DbOrTx, slip: IssuedSlip, actor: Actor): Promise<'awaiting' | 'late'>;
  /** A slip failed (expired, voided): a booking still waiting for it expires. */
  slipFailed(ctx: AppContextBase, tx: DbOrTx, slip: { rsvno: string; paymentId: number }, actor: Actor): Promise<void>;
  /** The day before a slip's deadline: the customer is reminded, if the booking still waits for it. */
  slipReminder(
    ctx: AppContextBase,
    tx: DbOrTx,
    slip: { rsvno: string; paymentId: number },
    actor: Actor,
  ): Promise<void>;
  /** The provider confirmed a refund, in the transaction that books it. */
  refunded(ctx: AppContextBase, tx: DbOrTx, refund: RefundOutcome, actor: Actor): Promise<void>;
  /** A refund was given up (refused, or out of attempts), in the transaction that says so. */
  refundFailed(
    ctx: AppContextBase,
    tx: DbOrTx,
    refund: RefundOutcome & { attempts: number; error: string },
    actor: Actor,
  ): Promise<void>;
  /** Every refund of the booking's cancellation may now be confirmed: the cancellation becomes final if it can. */
  cancellationRefunded(ctx: AppContextBase, rsvno: string, actor: Actor): Promise<boolean>;
  /**
   * The reconciler's last step: cancellations claimed before `before` whose refunds are all confirmed (a crash after
   * the last refund, or none to make) become final. Returns how many did.
   */
  finishCancellations(ctx: AppContextBase, before: Date, rsvno: string | undefined, actor: Actor): Promise<number>;
}
