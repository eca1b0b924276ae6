import { BookingStatus, ErrCd, PaymentStatus, UNPAID_GRACE_MINUTES } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import * as repo from './repository.ts';

/** Japan's consumption tax, included in every price (DESIGN §2). */
export const TAX_RATE_PERCENT = 10;
/** Stripe refuses a checkout session that expires sooner than 30 minutes after its creation. */
export const MIN_CHECKOUT_MINUTES = 30;
const PAYMENT_LINK_MINUTES = 60;

/** Where the customer may be sent back to after paying: the purchase flow's complete page or my page. */
const RETURN_PATH = /^\/(?:reservation\/complete|mypage)(?:[/?#]|$)/;

export function isAllowedReturnPath(path: string): boolean {
  // Printable ASCII only (anything else arrives percent-encoded), and nothing a browser reads as another host.
  return RETURN_PATH.test(path) && /^[!-~]+$/.test(path) && !path.includes('//') && !path.includes('\\');
}

export interface CheckoutOptions {
  /** Relative path on this site, e.g. /reservation/complete?processing=success or /mypage?checkout-processing=0. */
  successPath: string;
  cancelPath: string;
  /**
   * Proves the caller holds a customer session for this booking (e.g. `() => requireSession(ctx, token, rsvno)`).
   * Needed to pay a confirmed request; the purchase flow's card booking within its hour needs none.
   */
  requireSession?: () => Promise<unknown>;
}

const minutes = (n: number) => n * 60_000;

function latest(a: Date, b: Date): Date {
  return a > b ? a : b;
}

function earliest(a: Date, b: Date): Date {
  return a < b ? a : b;
}

/** When the booking may be paid and until when; throws SPEC §8's payment messages otherwise. */
async function payableUntil(booking: repo.PayableBooking, now: Date, options: CheckoutOptions): Promise<Date> {
  if (booking.statusPayment === PaymentStatus.completed) throw AppError.conflict(ErrCd.generic, Msg.notPayable);
  if (booking.status === BookingStatus.completed && booking.flgRequestRsv === 0) {
    const graceEnd = new Date(booking.rsvdate.getTime() + minutes(UNPAID_GRACE_MINUTES));
    if (now >= graceEnd) throw AppError.conflict(ErrCd.generic, Msg.pastDeadline);
    return graceEnd;
  }
  if (booking.status === BookingStatus.tmp && booking.flgRequestRsv === 1) {
    if (!options.requireSession) throw AppError.forbidden();
    await options.requireSession();
    const deadline = booking.paymentDeadline;
    if (!deadline || now >= deadline) throw AppError.conflict(ErrCd.generic, Msg.pastDeadline);
    return earliest(deadline, new Date(now.getTime() + minutes(PAYMENT_LINK_MINUTES)));
  }
  throw AppError.conflict(ErrCd.generic, Msg.notPayable);
}

/**
 * Opens a hosted checkout for the booking's own amount (never a client's) and records it as an open
 * payment. Used by POST /checkout for the purchase flow and for my page (ADR 0020).
 */
export async function createCheckoutForBooking(
  ctx: AppContext,
  rsvno: string,
  options: CheckoutOptions,
): Promise<{ url: string }> {
  if (!isAllowedReturnPath(options.successPath) || !isAllowedReturnPath(options.cancelPath)) {
    throw new AppError(ErrCd.generic, Msg.checkoutPathInvalid, 422);
  }
  const booking = await repo.findPayableBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(Msg.bookingNotFound);
  const now = ctx.clock.now();
  const until = await payableUntil(booking, now, options);
  const names = await repo.bookingOptionNames(ctx.db, rsvno);

  let session: Awaited<ReturnType<AppContext['payment']['createCheckout']>>;
  try {
    session = await ctx.payment.createCheckout({
      rsvno,
      name: names.join('、') || `ご予約 ${rsvno}`,
      amount: booking.amountjp,
      taxRatePercent: TAX_RATE_PERCENT,
      customerEmail: booking.mail,
      successUrl: `${ctx.config.publicUrl}${options.successPath}`,
      cancelUrl: `${ctx.config.publicUrl}${options.cancelPath}`,
      expiresAt: latest(until, new Date(now.getTime() + minutes(MIN_CHECKOUT_MINUTES))),
    });
  } catch {
    throw new AppError(ErrCd.generic, Msg.checkoutFailed, 502);
  }
  await repo.insertPayment(ctx.db, {
    rsvno,
    provider: ctx.payment.name,
    checkoutSessionId: session.id,
    amount: booking.amountjp,
  });
  return { url: session.url };
}

export interface RefundResult {
  refunded: number;
  refundIds: string[];
}

/**
 * Refunds `amount` yen of what the booking has paid, through the provider, oldest payment first, and
 * records it. Pass the caller's transaction to refund as part of its change (e.g. a cancellation):
 * the payment rows are locked there. Amount 0 or a booking that paid nothing refunds nothing.
 */
export async function refundPayment(
  ctx: AppContext,
  tx: DbOrTx | undefined,
  rsvno: string,
  amount: number,
): Promise<RefundResult> {
  if (!Number.isInteger(amount) || amount < 0) throw AppError.badRequest();
  const run = async (db: DbOrTx): Promise<RefundResult> => {
    const result: RefundResult = { refunded: 0, refundIds: [] };
    const payments = (await repo.lockRefundablePayments(db, rsvno)).filter(
      (p) => p.chargeId && p.amount > p.refundedAmount,
    );
    const refundable = payments.reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);
    if (amount === 0 || refundable === 0) return result;
    if (amount > refundable) throw new AppError(ErrCd.generic, Msg.refundFailed, 409);
    let left = amount;
    for (const payment of payments) {
      if (left <= 0 || !payment.chargeId) break;
      const available = payment.amount - payment.refundedAmount;
      const part = Math.min(left, available);
      let refund: { id: string; amount: number };
      try {
        refund = await ctx.payment.refund(payment.chargeId, part);
      } catch {
        throw new AppError(ErrCd.generic, Msg.refundFailed, 502);
      }
      await repo.recordRefund(db, payment.id, refund.amount, refund.amount >= available);
      result.refunded += refund.amount;
      result.refundIds.push(refund.id);
      left -= refund.amount;
    }
    return result;
  };
  return tx ? run(tx) : ctx.db.transaction(run);
}
