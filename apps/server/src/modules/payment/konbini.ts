/**
 * Konbini slips (ADR 0213): the provider issues a slip for a checkout, the booking waits for it at the store until
 * its deadline, and the slip is paid (the one fulfilment path, `fulfil`), or fails (expired, voided). Each step is safe
 * to repeat: from the sandbox's page, Stripe's webhook, the return page, the reconciler and the sweeper.
 */
import type { KonbiniSlip } from '@tabi/contract/booking';
import { tokyoDayStart, tokyoYmd, toTokyoIso } from '@tabi/contract/dates';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import * as repo from './repository.ts';

/** What became of a slip the provider reports: the booking now waits for it, or it came too late and was voided. */
export type SlipOutcome = 'awaiting' | 'late' | 'already' | 'unknown';

/** When a slip's reminder is due: 09:00 in Tokyo the day before its deadline. */
export function reminderDueAt(expiresAt: Date): Date {
  const dayBefore = tokyoDayStart(tokyoYmd(new Date(expiresAt.getTime() - 86_400_000)));
  return new Date(dayBefore.getTime() + 9 * 3_600_000);
}

/**
 * Records the slip the provider issued for a checkout and tells the booking, which keeps its seats until the slip's
 * deadline ('awaiting'); a booking that can no longer wait (expired, canceled meanwhile) has the slip voided.
 */
export async function recordSlip(ctx: AppContext, checkoutSessionId: string, actor: Actor): Promise<SlipOutcome> {
  const session = await ctx.payment.retrieveCheckout(checkoutSessionId);
  const slip = session.slip;
  if (!slip || session.paymentStatus === 'paid') return 'unknown';
  const outcome = await ctx.db.transaction(async (tx): Promise<SlipOutcome> => {
    const payment = await repo.lockPaymentBySession(tx, checkoutSessionId);
    if (!payment || payment.status !== 'open') return payment ? 'already' : 'unknown';
    const now = ctx.clock.now();
    const recorded = await repo.insertSlip(tx, {
      paymentId: payment.id,
      rsvno: payment.rsvno,
      codes: slip.codes,
      expiresAt: slip.expiresAt,
      voucherUrl: slip.voucherUrl,
      issuedAt: now,
      // A slip issued after its reminder would be due has just been mailed: no reminder.
      remindedAt: now >= reminderDueAt(slip.expiresAt) ? now : null,
    });
    if (!recorded) return 'already';
    return ctx.onPayment.slipIssued(
      ctx,
      tx,
      { rsvno: payment.rsvno, paymentId: payment.id, checkoutSessionId, expiresAt: slip.expiresAt },
      actor,
    );
  });
  if (outcome === 'late') await voidSlips(ctx, [checkoutSessionId]);
  return outcome;
}

/**
 * A slip the provider no longer takes (it expired, or was voided) whose payment is still open: the payment is closed
 * and the booking, if it still waits for that slip, expires and gives its seats back.
 */
export async function closeFailedSlip(ctx: AppContext, checkoutSessionId: string, actor: Actor): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const payment = await repo.lockPaymentBySession(tx, checkoutSessionId);
    if (!payment || payment.status !== 'open') return false;
    await repo.markPaymentStatus(tx, checkoutSessionId, 'expired');
    await repo.finishCheckoutCall(tx, checkoutSessionId, ctx.clock.now());
    await ctx.onPayment.slipFailed(ctx, tx, { rsvno: payment.rsvno, paymentId: payment.id }, actor);
    return true;
  });
}

/** Voids slips at the provider, so that the store refuses them; a failure is left to the late-payment refund. */
export async function voidSlips(ctx: AppContext, checkoutSessionIds: string[]): Promise<void> {
  for (const id of checkoutSessionIds) {
    // Not voided (the provider cannot be reached): a payment of it still comes to `fulfil`, which refunds it.
    await ctx.payment.voidSlip(id).catch(() => undefined);
  }
}

/** Voids the booking's slips not paid yet (it was canceled). */
export async function voidOpenSlips(ctx: AppContext, rsvno: string): Promise<void> {
  await voidSlips(ctx, await repo.openSlipSessions(ctx.db, rsvno));
}

/** The booking's slip waiting at the store, as the pages show it; null when it has none. */
export async function openSlipOf(ctx: Pick<AppContext, 'db'>, rsvno: string): Promise<KonbiniSlip | null> {
  const row = await repo.findOpenSlip(ctx.db, rsvno);
  if (!row) return null;
  return {
    codes: row.codes.map((c) => ({
      store: c.store,
      payment_code: c.paymentCode,
      confirmation_number: c.confirmationNumber,
    })),
    expires_at: toTokyoIso(row.expiresAt),
    voucher_url: row.voucherUrl,
  };
}

const REMIND_BATCH = 50;

/** Sends the reminders due now (the day before each slip's deadline), once each; returns how many. */
export async function remindSlips(ctx: AppContext, actor: Actor): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const due = await repo.claimSlipsToRemind(tx, now, REMIND_BATCH);
      for (const slip of due) {
        await repo.markSlipReminded(tx, slip.paymentId, now);
        await ctx.onPayment.slipReminder(ctx, tx, { rsvno: slip.rsvno, paymentId: slip.paymentId }, actor);
      }
      return due.length;
    });
    total += count;
    if (count < REMIND_BATCH) return total;
  }
}
