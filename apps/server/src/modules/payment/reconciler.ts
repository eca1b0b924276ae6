/**
 * DESIGN §12's reconciler (ADR 0101): at start and every minute on every instance, it finishes from the
 * provider's own record what a crash left half-done. A checkout written down but never answered is made
 * again with its key; an open checkout the provider reports paid is fulfilled, a lapsed one closed; a
 * refund written down and not confirmed is sent again with its key; a cancellation whose refunds are all
 * confirmed is made final by the booking (ADR 0181). Calls are claimed with SKIP LOCKED and a lease, so instances share the work
 * and none holds a lock while it talks to the provider.
 */
import { type Actor, systemActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { retryDelayMs } from '../../jobs/backoff.ts';
import { reconcilerFindings } from '../../metrics.ts';
import { fulfil } from './fulfil.ts';
import { closeFailedSlip, recordSlip } from './konbini.ts';
import { sendRefund } from './refunds.ts';
import * as payments from './repository.ts';
import { CHECKOUT_WATCH_MS, sendCheckoutCall } from './service.ts';

const BATCH = 50;
/** While a worker talks to the provider about a call, no other worker takes it. */
const LEASE_MS = 2 * 60_000;
/** Stripe keeps an idempotency key 24 hours: a checkout begun longer ago than that cannot be asked again. */
const CHECKOUT_KEY_LIFETIME_MS = 24 * 3_600_000;
/** How often a konbini slip waiting at the store is asked about (its payment normally arrives as an event). */
const SLIP_WATCH_MS = 15 * 60_000;

export interface ReconcileReport {
  checkoutsMade: number;
  paymentsFulfilled: number;
  checkoutsClosed: number;
  refundsSent: number;
  refundsFailed: number;
  cancellationsFinished: number;
  errors: string[];
}

function emptyReport(): ReconcileReport {
  return {
    checkoutsMade: 0,
    paymentsFulfilled: 0,
    checkoutsClosed: 0,
    refundsSent: 0,
    refundsFailed: 0,
    cancellationsFinished: 0,
    errors: [],
  };
}

/**
 * Asks the provider about one checkout session: paid → fulfilled (whatever the booking's state, the one
 * fulfilment path decides); lapsed → closed. Returns what it found.
 */
export async function settleCheckout(
  ctx: AppContext,
  checkoutSessionId: string,
  actor: Actor,
): Promise<'fulfilled' | 'closed' | 'open' | 'slip'> {
  const session = await ctx.payment.retrieveCheckout(checkoutSessionId);
  if (session.paymentStatus === 'paid') {
    await fulfil(ctx, checkoutSessionId, actor);
    return 'fulfilled';
  }
  // A konbini slip waiting at the store (recorded once), or one that failed: expired or voided (ADR 0213).
  if (session.slip) {
    await recordSlip(ctx, checkoutSessionId, actor);
    return 'slip';
  }
  if (session.status === 'complete') {
    await closeFailedSlip(ctx, checkoutSessionId, actor);
    return 'closed';
  }
  if (session.status === 'expired') {
    await ctx.db.transaction(async (tx) => {
      await payments.markPaymentStatus(tx, checkoutSessionId, 'expired');
      await payments.finishCheckoutCall(tx, checkoutSessionId, ctx.clock.now());
    });
    return 'closed';
  }
  return 'open';
}

/** Every open checkout of a booking, asked about before the sweeper cancels it (paid ones are kept). */
export async function settleOpenPayments(ctx: AppContext, rsvno: string, actor: Actor): Promise<void> {
  for (const payment of await payments.findOpenPayments(ctx.db, rsvno)) {
    try {
      await settleCheckout(ctx, payment.checkoutSessionId, actor);
    } catch {
      // The provider cannot be asked now: the reconciler asks again; the sweeper's later payment path refunds.
    }
  }
}

async function reconcileCall(
  ctx: AppContext,
  call: payments.ProviderCallRow,
  actor: Actor,
  report: ReconcileReport,
): Promise<void> {
  const now = ctx.clock.now();
  if (call.kind === 'refund') {
    const outcome = await sendRefund(ctx, call, actor);
    if (outcome === 'done') report.refundsSent += 1;
    else report.refundsFailed += 1;
    if (
      outcome === 'done' &&
      call.reason === 'cancel' &&
      (await ctx.onPayment.cancellationRefunded(ctx, call.rsvno, actor))
    ) {
      report.cancellationsFinished += 1;
    }
    return;
  }
  if (call.state === 'begun') {
    if (now.getTime() - call.createdAt.getTime() > CHECKOUT_KEY_LIFETIME_MS) {
      await payments.advanceProviderCall(ctx.db, call.id, ['begun'], { state: 'void', doneAt: now });
      return;
    }
    const session = await sendCheckoutCall(ctx, call);
    report.checkoutsMade += 1;
    if (session.paymentStatus === 'paid') {
      await fulfil(ctx, session.id, actor);
      report.paymentsFulfilled += 1;
    }
    return;
  }
  if (!call.providerRef) return;
  const found = await settleCheckout(ctx, call.providerRef, actor);
  if (found === 'fulfilled') report.paymentsFulfilled += 1;
  else if (found === 'closed') report.checkoutsClosed += 1;
  else {
    // A slip is paid at the store within days: asked about far less often than a checkout of minutes.
    await payments.advanceProviderCall(ctx.db, call.id, ['open'], {
      nextAttemptAt: new Date(now.getTime() + (found === 'slip' ? SLIP_WATCH_MS : CHECKOUT_WATCH_MS)),
    });
  }
}

/** One pass; with `rsvno`, that booking's unfinished steps whether due or not (`booking:reconcile RSVNO`). */
export async function reconcile(
  ctx: AppContext,
  options: { rsvno?: string; actor?: Actor } = {},
): Promise<ReconcileReport> {
  const actor = options.actor ?? systemActor('reconciler');
  const report = emptyReport();
  const seen = new Set<number>();
  for (;;) {
    const now = ctx.clock.now();
    const calls = (
      await payments.claimDueProviderCalls(ctx.db, now, new Date(now.getTime() + LEASE_MS), BATCH, options.rsvno)
    ).filter((c) => !seen.has(c.id));
    for (const call of calls) {
      seen.add(call.id);
      try {
        await reconcileCall(ctx, call, actor, report);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        report.errors.push(`call ${call.id} (${call.kind} ${call.rsvno}): ${message}`);
        await payments.noteProviderCallFailure(
          ctx.db,
          call.id,
          message,
          new Date(now.getTime() + retryDelayMs(call.attempts)),
          false,
        );
      }
    }
    if (calls.length < BATCH || options.rsvno) break;
  }

  // Cancellations claimed whose refunds are all confirmed (a crash after the last refund, or none to make).
  const before = new Date(ctx.clock.now().getTime() - (options.rsvno ? 0 : payments.PROVIDER_CALL_GRACE_MS));
  report.cancellationsFinished += await ctx.onPayment.finishCancellations(ctx, before, options.rsvno, actor);
  for (const [kind, count] of Object.entries(report)) {
    if (typeof count === 'number' && count > 0) reconcilerFindings.inc({ kind }, count);
  }
  if (report.errors.length > 0) reconcilerFindings.inc({ kind: 'errors' }, report.errors.length);
  return report;
}

export function reportIsEmpty(report: ReconcileReport): boolean {
  return Object.entries(report).every(([key, value]) => (key === 'errors' ? value.length === 0 : value === 0));
}
