/**
 * The one refund path (ADR 0101), used by cancellation and by late or duplicate payments. A refund is
 * written down as a provider call in the transaction that decides it, sent afterwards with its idempotency
 * key and no lock held, and booked once when the provider confirms it; the reconciler sends what a crash
 * left unsent with the same key, so no refund is ever lost or made twice.
 */
import { randomUUID } from 'node:crypto';
import type { AppContextBase } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { refunds } from '../../metrics.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { loadMailBooking, paymentRefundedMail } from '../mail/templates.ts';
import type { PaymentProvider } from '../payment/provider.ts';
import { ProviderRefusal } from '../payment/provider.ts';
import {
  advanceProviderCall,
  findPaymentById,
  findProviderCalls,
  insertProviderCall,
  noteProviderCallFailure,
  PROVIDER_CALL_GRACE_MS,
  type ProviderCallRow,
  pendingRefundsByPayment,
} from '../payment/repository.ts';
import { type Actor, recordEvent } from './events.ts';
import { type PaymentRow, recordRefund } from './repository.ts';

export type RefundReason = 'cancel' | 'duplicate' | 'late';

/** After this many failed attempts a refund waits for a person (the console's dashboard shows it). */
export const REFUND_MAX_ATTEMPTS = 8;

type Ctx = AppContextBase & { payment: PaymentProvider };

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
 * Writes refunds of `amount` yen spread over `paid` (oldest first) as begun provider calls, in the
 * caller's transaction. Payments without a charge id were settled outside the provider and are skipped.
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
    calls.push(
      await insertProviderCall(tx, {
        kind: 'refund',
        rsvno,
        paymentId: payment.id,
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
  return new Date(now.getTime() + Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1)));
}

/**
 * Sends one written-down refund with its key and books it once: the payment's refunded amount, the call
 * done, the event, and for a late or duplicate payment the customer's mail (a cancellation mails when it
 * is final). Of two workers sending the same call, the provider answers both with one refund and only
 * one of them books it.
 */
export async function sendRefund(ctx: Ctx, call: ProviderCallRow, actor: Actor): Promise<SendOutcome> {
  const payment = call.paymentId === null ? undefined : await findPaymentById(ctx.db, call.paymentId);
  let result: { id: string; amount: number };
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
    await recordRefund(tx, paymentId, result.amount);
    await recordEvent(tx, now, call.rsvno, actor, 'refund_sent', {
      after: { amount: result.amount, reason: call.reason, refund_id: result.id, payment_id: paymentId },
    });
    if (call.reason === 'duplicate' || call.reason === 'late') {
      const mail = await loadMailBooking(tx, ctx.config, call.rsvno);
      if (mail) await enqueueMail(tx, paymentRefundedMail(mail, result.amount, call.reason));
    }
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
    if (giveUp) {
      await recordEvent(tx, now, call.rsvno, actor, 'refund_failed', {
        after: { amount: call.amount, reason: call.reason, attempts: call.attempts },
        note: message.slice(0, 200),
      });
    }
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
