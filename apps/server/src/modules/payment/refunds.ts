/**
 * The one refund path (ADR 0101, ADR 0181), used by cancellation and by late or duplicate payments. A refund is a row
 * of its own, decided in the transaction that decides it and written down with its provider call; it is sent
 * afterwards with its idempotency key and no lock held, and booked once when the provider confirms it; the reconciler
 * sends what a crash left unsent with the same key, so no refund is ever lost or made twice.
 */

import { randomUUID } from 'node:crypto';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import { retryDelayMs } from '../../jobs/backoff.ts';
import { refunds } from '../../metrics.ts';
import { ProviderRefusal } from './provider.ts';
import {
  addRefundedAmount,
  advanceProviderCall,
  advanceRefund,
  findPaymentById,
  findProviderCalls,
  findRefunds,
  insertProviderCall,
  insertRefund,
  noteProviderCallFailure,
  type PaymentRow,
  PROVIDER_CALL_GRACE_MS,
  type ProviderCallRow,
  pendingRefundsByPayment,
  type RefundReason,
} from './repository.ts';

/** After this many failed attempts a refund waits for a person (the console's dashboard shows it). */
export const REFUND_MAX_ATTEMPTS = 8;

type Ctx = AppContextBase & Pick<AppContext, 'payment' | 'onPayment'>;

/** What each payment still holds: paid, less refunded, less refunds written down and not yet confirmed. */
export async function refundableByPayment(
  tx: DbOrTx,
  rsvno: string,
  paid: PaymentRow[],
): Promise<{ payment: PaymentRow; available: number }[]> {
  const pending = await pendingRefundsByPayment(tx, rsvno);
  return paid.map((payment) => ({
    payment,
    available: Math.max(0, payment.amount - payment.refundedAmount - (pending.get(payment.id) ?? 0)),
  }));
}

/**
 * Decides refunds of `amount` yen spread over `paid` (oldest first): a refund row each, written down with its begun
 * provider call, in the caller's transaction. Payments without a charge id were settled outside the provider and are
 * skipped.
 */
export async function planRefunds(
  tx: DbOrTx,
  rsvno: string,
  paid: PaymentRow[],
  amount: number,
  reason: RefundReason,
  now: Date,
): Promise<ProviderCallRow[]> {
  const calls: ProviderCallRow[] = [];
  let left = amount;
  for (const { payment, available } of await refundableByPayment(tx, rsvno, paid)) {
    if (left <= 0) break;
    const part = Math.min(left, available);
    if (part <= 0 || !payment.chargeId) continue;
    const refund = await insertRefund(tx, { paymentId: payment.id, rsvno, amount: part, reason, createdAt: now });
    calls.push(
      await insertProviderCall(tx, {
        kind: 'refund',
        rsvno,
        paymentId: payment.id,
        refundId: refund.id,
        idempotencyKey: `refund_${rsvno}_${randomUUID()}`,
        amount: part,
        reason,
        request: { chargeId: payment.chargeId },
        state: 'begun',
        nextAttemptAt: new Date(now.getTime() + PROVIDER_CALL_GRACE_MS),
        createdAt: now,
      }),
    );
    left -= part;
  }
  return calls;
}

export type SendOutcome = 'done' | 'refused' | 'retry';

function retryAt(now: Date, attempts: number): Date {
  return new Date(now.getTime() + retryDelayMs(attempts));
}

/** The refund a call makes, as the booking hears of it. */
function outcomeOf(call: ProviderCallRow, paymentId: number, amount: number, providerRef?: string) {
  return {
    rsvno: call.rsvno,
    paymentId,
    amount,
    reason: (call.reason ?? 'cancel') as RefundReason,
    ...(providerRef ? { providerRef } : {}),
  };
}

/**
 * Sends one written-down refund with its key and books it once: the refund succeeded, the payment's refunded total,
 * the call done, and the booking told (its history, and the customer's mail where one is due). Of two workers sending
 * the same call, the provider answers both with one refund and only one of them books it.
 */
export async function sendRefund(ctx: Ctx, call: ProviderCallRow, actor: Actor): Promise<SendOutcome> {
  const payment = call.paymentId === null ? undefined : await findPaymentById(ctx.db, call.paymentId);
  let result: { id: string; amount: number; awaitingAccount?: boolean };
  try {
    if (!payment?.chargeId) throw new ProviderRefusal('the payment has no charge to refund');
    result = await ctx.payment.refund(payment.chargeId, call.amount, call.idempotencyKey);
  } catch (error) {
    return noteFailure(ctx, call, actor, error);
  }
  const paymentId = payment.id;

  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const booked = await advanceProviderCall(tx, call.id, ['begun', 'failed'], {
      state: 'done',
      providerRef: result.id,
      doneAt: now,
      lastError: null,
    });
    if (!booked) return;
    refunds.inc({ reason: call.reason ?? 'unknown' });
    if (call.refundId !== null) {
      await advanceRefund(tx, call.refundId, ['pending', 'failed'], {
        state: 'succeeded',
        providerRef: result.id,
        doneAt: now,
        // A konbini payment's refund: made, paid out once the customer gives the provider a bank account (ADR 0213).
        awaitingAccount: result.awaitingAccount === true,
      });
    }
    await addRefundedAmount(tx, paymentId, result.amount);
    await ctx.onPayment.refunded(ctx, tx, outcomeOf(call, paymentId, result.amount, result.id), actor);
  });
  return 'done';
}

/** A refused refund is given up at once; any other failure is tried again later, up to the limit. */
async function noteFailure(ctx: Ctx, call: ProviderCallRow, actor: Actor, error: unknown): Promise<SendOutcome> {
  const refused = error instanceof ProviderRefusal;
  const giveUp = refused || call.attempts >= REFUND_MAX_ATTEMPTS;
  const now = ctx.clock.now();
  const message = error instanceof Error ? error.message : String(error);
  await ctx.db.transaction(async (tx) => {
    await noteProviderCallFailure(tx, call.id, message, retryAt(now, call.attempts), giveUp);
    if (!giveUp) return;
    if (call.refundId !== null) await advanceRefund(tx, call.refundId, ['pending'], { state: 'failed', doneAt: now });
    const refund = outcomeOf(call, call.paymentId ?? 0, call.amount);
    await ctx.onPayment.refundFailed(ctx, tx, { ...refund, attempts: call.attempts, error: message }, actor);
  });
  return refused ? 'refused' : 'retry';
}

export interface SendSummary {
  done: number;
  refused: number;
  retry: number;
}

/** Sends every written-down refund of a booking for the given reasons, oldest first. */
export async function sendPendingRefunds(
  ctx: Ctx,
  rsvno: string,
  reasons: readonly RefundReason[],
  actor: Actor,
): Promise<SendSummary> {
  const summary: SendSummary = { done: 0, refused: 0, retry: 0 };
  const calls = (await findProviderCalls(ctx.db, rsvno)).filter(
    (c) => c.kind === 'refund' && c.state === 'begun' && reasons.includes(c.reason as RefundReason),
  );
  for (const call of calls) summary[await sendRefund(ctx, call, actor)] += 1;
  return summary;
}

/**
 * Whether the refunds of a booking for `reason` are all confirmed (none decided and unconfirmed, none given up):
 * a cancellation becomes final only then.
 */
export async function refundsSettled(db: DbOrTx, rsvno: string, reason: RefundReason): Promise<boolean> {
  return (await findRefunds(db, rsvno)).every(
    (r) => r.reason !== reason || r.state === 'succeeded' || r.state === 'void',
  );
}

/**
 * The provider refused every refund of a booking for `reason` before any money moved: they are voided, with their
 * calls, and true is answered; false, and nothing changes, when one of them was made or may still be.
 */
export async function voidRefusedRefunds(tx: DbOrTx, rsvno: string, reason: RefundReason): Promise<boolean> {
  const refundRows = (await findRefunds(tx, rsvno)).filter((r) => r.reason === reason);
  if (refundRows.some((r) => r.state === 'succeeded' || r.state === 'pending')) return false;
  const calls = (await findProviderCalls(tx, rsvno)).filter((c) => c.kind === 'refund' && c.reason === reason);
  for (const call of calls) await advanceProviderCall(tx, call.id, ['failed'], { state: 'void' });
  for (const refund of refundRows) await advanceRefund(tx, refund.id, ['failed'], { state: 'void' });
  return true;
}
