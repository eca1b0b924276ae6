/**
 * Cancellation with fee and refund (DESIGN §5, §12; ADR 0031 superseded by ADR 0101), for the customer
 * and for staff on the customer's behalf. Three steps, each safe to repeat:
 * (1) under the booking's lock: check, quote, claim the cancellation (`canceled_at` set, status still 1)
 *     and write its refunds down as provider calls, with the event, in one transaction;
 * (2) send the refunds with their idempotency keys, no lock held;
 * (3) under the lock: status 4, seats back, the mail and the event, once.
 * A crash between them leaves a claim whose refunds the reconciler sends and whose cancellation it
 * finishes; a customer who tries again with the same refund resumes it at once.
 */
import { ErrCd } from '@tabi/contract/constants';
import { isoDateToYmd } from '@tabi/contract/dates';
import { feeOverrideAbovePaid, Msg } from '@tabi/contract/messages';
import { say } from '@tabi/contract/said';
import type { Actor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CancelReason } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { anyArrived } from '../checkin/repository.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { cancellationMail, dayStoppedMail, loadMailBooking, loadStopNotice } from '../mail/templates.ts';
import {
  findPaidPayments,
  type PaymentRow,
  PROVIDER_CALL_GRACE_MS,
  planRefunds,
  refundableByPayment,
  refundsSettled,
  sendPendingRefunds,
  voidOpenSlips,
  voidRefusedRefunds,
} from '../payment/index.ts';
import { cancelQuote } from './cancel-fee.ts';
import { recordEvent, stateOf } from './events.ts';
import {
  canMove,
  effectiveLifecycle,
  isEnded,
  lifecycleOf,
  type StateColumns,
  transition,
  wasPaid,
} from './lifecycle.ts';
import * as repo from './repository.ts';
import { returnAllSeats } from './seats.ts';

/** Who asked for a cancellation, as its reason (a company stop says so itself). */
const CANCEL_REASON_OF_ACTOR = {
  customer: 'customer',
  staff: 'staff',
  system: 'staff',
  reseller: 'reseller',
} as const satisfies Record<Actor['kind'], CancelReason>;

export interface CancelQuote {
  cancelfee: number;
  refund: number;
}

export interface CancelOptions {
  actor: Actor;
  /** The refund the customer was shown (POST /booking/cancel's `refund`): a different one is refused. */
  expectedRefund?: number;
  /** Staff only: the fee charged instead of the policy's, with the reason (kept in the history). */
  feeOverride?: { amount: number; reason: string };
  /**
   * The company called the day off (催行中止): no fee, everything paid refunded, the stop's mail; a
   * cancellation already claimed is resumed rather than refused (a stop runs again after a crash).
   */
  company?: boolean;
  /**
   * Asked under the booking's lock before a new claim: whether the cancellation is still due (a 催行中止 cancels a
   * booking only while it is on a stopped day; a change of day may have moved it since the stop listed it). When it
   * answers false nothing is claimed and {@link CancellationNotDue} is thrown.
   */
  stillDue?: (tx: DbOrTx, booking: repo.BookingRow) => Promise<boolean>;
}

/** A cancellation asked with `stillDue` that was no longer due: nothing was changed. */
export class CancellationNotDue extends Error {
  constructor(readonly rsvno: string) {
    super(`the cancellation of ${rsvno} is no longer due`);
    this.name = 'CancellationNotDue';
  }
}

/** A cancellation claimed and not final (a crash, or a refund still being sent). */
export function cancellationPending(booking: StateColumns): boolean {
  return lifecycleOf(booking) === 'cancelling';
}

/** Refuses, with the reason, a booking this actor may not cancel (SPEC §4 for the customer). */
function assertCancellable(ctx: AppContextBase, booking: repo.BookingRow, actor: Actor): void {
  if (isEnded(lifecycleOf(booking))) throw AppError.conflict(ErrCd.generic, say('alreadyCanceled'));
  if (actor.kind === 'staff') {
    // Staff cancel a booking made by card, paid or not, also on or after its day (a no-show); requests are declined.
    if (!canMove(booking, 'claimCancellation')) throw AppError.conflict(ErrCd.generic, say('notCancellable'));
    return;
  }
  // A card booking unpaid past its hour is expired already for the customer (SPEC §3's label).
  // So is a konbini slip past its deadline (ADR 0213).
  const unpaid = lifecycleOf(booking) === 'held' || lifecycleOf(booking) === 'awaiting';
  if (unpaid && effectiveLifecycle(booking, ctx.clock.now()) === 'expired') {
    throw AppError.conflict(ErrCd.generic, say('alreadyCanceled'));
  }
  // SPEC §4: only a booking made by card, and only before its first day.
  if (!canMove(booking, 'claimCancellation')) throw AppError.conflict(ErrCd.generic, say('cancelNotAllowed'));
  if (isoDateToYmd(booking.fromdate) <= todayIn(ctx.clock))
    throw AppError.conflict(ErrCd.generic, say('cancelTooLate'));
}

/**
 * A booking used already — its coupons used at a facility, or a traveller checked in at the door (ADR 0215) — is not
 * refunded by its policy's quote: the customer cannot cancel it, and staff say the fee themselves, with a reason; a
 * company stop refunds everything all the same. Checked under the booking's lock, which a coupon's use and a scan take
 * too, so a use and a claim never both pass.
 */
async function assertNoCouponUsed(db: DbOrTx, booking: repo.BookingRow, options: CancelOptions): Promise<void> {
  if (options.company || options.feeOverride) return;
  const staff = options.actor.kind === 'staff';
  if ((await repo.couponsUsed(db, booking.rsvno)) > 0) {
    throw AppError.conflict(ErrCd.generic, staff ? Msg.staffCancelCouponsUsed : say('cancelCouponsUsed'));
  }
  if (await anyArrived(db, booking.rsvno)) {
    throw AppError.conflict(ErrCd.generic, staff ? Msg.staffCancelCheckedIn : say('cancelCheckedIn'));
  }
}

function checkFeeOverride(booking: repo.BookingRow, override: CancelOptions['feeOverride']): void {
  if (!override) return;
  if (!Number.isInteger(override.amount) || override.amount < 0 || override.amount > booking.amountjp) {
    throw new AppError(ErrCd.generic, say('feeOverrideInvalid'), 422);
  }
  if (override.reason.trim() === '') throw new AppError(ErrCd.generic, say('feeOverrideReasonRequired'), 422);
}

/** The fee under the booking's policy today (or the staff's override) and the refund of what was paid. */
async function quoteFor(
  ctx: AppContextBase,
  db: DbOrTx,
  booking: repo.BookingRow,
  lock: boolean,
  override?: CancelOptions['feeOverride'],
): Promise<{ quote: CancelQuote; paid: PaymentRow[]; policyFee: number }> {
  const paid = await findPaidPayments(db, booking.rsvno, lock);
  const refundable = await refundableByPayment(db, booking.rsvno, paid);
  // Paid bookings without a payment record were paid outside the provider (settled by hand).
  const paidAmount =
    paid.length > 0 ? refundable.reduce((sum, r) => sum + r.available, 0) : wasPaid(booking) ? booking.amountjp : 0;
  const policy = cancelQuote({
    policy: booking.cancelPolicy,
    fromdate: isoDateToYmd(booking.fromdate),
    today: todayIn(ctx.clock),
    amount: booking.amountjp,
    paid: paidAmount,
  });
  // A fee set by hand is kept, like the policy's, out of what was paid (nothing, for a booking never paid).
  if (override && override.amount > paidAmount) {
    throw new AppError(ErrCd.generic, feeOverrideAbovePaid(paidAmount), 422);
  }
  const cancelfee = override ? override.amount : policy.cancelfee;
  return { quote: { cancelfee, refund: Math.max(0, paidAmount - cancelfee) }, paid, policyFee: policy.cancelfee };
}

/** POST /booking/cancelprice, and the console's preview: what a cancellation now would charge and refund. */
export async function quoteCancellation(
  ctx: AppContextBase,
  rsvno: string,
  actor: Actor,
  feeOverride?: CancelOptions['feeOverride'],
): Promise<CancelQuote> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  if (cancellationPending(booking)) {
    return { cancelfee: booking.cancelFee ?? 0, refund: booking.refundAmount ?? 0 };
  }
  assertCancellable(ctx, booking, actor);
  checkFeeOverride(booking, feeOverride);
  await assertNoCouponUsed(ctx.db, booking, { actor, feeOverride });
  return (await quoteFor(ctx, ctx.db, booking, false, feeOverride)).quote;
}

/** Step 1: the claim, or the claim found again by a retry with the same refund (after a crash). */
export async function beginCancellation(
  ctx: AppContextBase,
  rsvno: string,
  options: CancelOptions,
): Promise<CancelQuote> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, rsvno);
    if (!booking) throw AppError.notFound(say('bookingNotFound'));
    if (cancellationPending(booking)) {
      // Resumed by a retry once its own request has had time to finish (it may have crashed); not while
      // that request may still be sending the refunds.
      const pending = { cancelfee: booking.cancelFee ?? 0, refund: booking.refundAmount ?? 0 };
      if (options.company) return pending;
      const sameAsked = options.expectedRefund === undefined || options.expectedRefund === pending.refund;
      const stale = now.getTime() - (booking.canceledAt?.getTime() ?? now.getTime()) >= PROVIDER_CALL_GRACE_MS;
      if (!sameAsked || !stale || options.feeOverride) throw AppError.conflict(ErrCd.generic, say('cancelInProgress'));
      return pending;
    }
    if (options.stillDue && !(await options.stillDue(tx, booking))) throw new CancellationNotDue(rsvno);
    assertCancellable(ctx, booking, options.actor);
    checkFeeOverride(booking, options.feeOverride);
    await assertNoCouponUsed(tx, booking, options);
    const { quote, paid, policyFee } = await quoteFor(ctx, tx, booking, true, options.feeOverride);
    if (options.expectedRefund !== undefined && options.expectedRefund !== quote.refund) {
      throw AppError.conflict(ErrCd.generic, say('cancelPriceChanged'));
    }
    await transition(tx, booking, 'claimCancellation', {
      canceledAt: now,
      cancelFee: quote.cancelfee,
      refundAmount: quote.refund,
      cancelReason: options.company ? 'company' : CANCEL_REASON_OF_ACTOR[options.actor.kind],
    });
    await planRefunds(tx, rsvno, paid, quote.refund, 'cancel', now);
    await recordEvent(tx, now, rsvno, options.actor, 'cancel_requested', {
      before: stateOf(booking),
      // A fee set by hand is kept beside the policy's fee it replaced.
      after: {
        ...quote,
        ...(options.feeOverride ? { policy_fee: policyFee, fee_override: options.feeOverride.amount } : {}),
      },
      note: options.feeOverride?.reason ?? null,
    });
    return quote;
  });
}

/**
 * Step 3, in the caller's transaction with the booking locked: final once every refund of the claim is
 * confirmed. Returns false while one is still unsent (or refused and waiting for a person).
 */
export async function finishCancellation(
  ctx: AppContextBase,
  tx: DbOrTx,
  booking: repo.BookingRow,
  actor: Actor,
): Promise<boolean> {
  if (!cancellationPending(booking)) return false;
  if (!(await refundsSettled(tx, booking.rsvno, 'cancel'))) return false;
  const now = ctx.clock.now();
  // The seats first: the departure's row before the rows of its resources and sizes, which the state change below
  // gives back, in the order a booking takes them (DESIGN §5, ADR 0217).
  await returnAllSeats(tx, booking.rsvno);
  const after = await transition(tx, booking, 'finishCancellation');
  const cancelfee = booking.cancelFee ?? 0;
  const refund = booking.refundAmount ?? 0;
  const mail = await loadMailBooking(tx, ctx.config, booking.rsvno);
  if (mail) {
    await enqueueMail(
      tx,
      booking.cancelReason === 'company'
        ? dayStoppedMail(
            mail,
            refund,
            await loadStopNotice(tx, booking.rsvno, mail.loginUrl, mail.lang ?? 'ja', ctx.clock.now()),
          )
        : cancellationMail(mail, cancelfee, refund),
    );
  }
  await recordEvent(tx, now, booking.rsvno, actor, 'canceled', {
    before: stateOf(booking),
    after: { ...stateOf(after), cancelfee, refund },
  });
  return true;
}

/** Locks the booking and finishes its cancellation if it can; used after step 2 and by the reconciler. */
export async function tryFinishCancellation(ctx: AppContextBase, rsvno: string, actor: Actor): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, rsvno);
    return booking ? finishCancellation(ctx, tx, booking, actor) : false;
  });
}

/** The provider refused every refund of a claim before any money moved: the booking is as it was. */
async function release(ctx: AppContextBase, rsvno: string, actor: Actor): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, rsvno);
    if (!booking || !cancellationPending(booking)) return false;
    if (!(await voidRefusedRefunds(tx, rsvno, 'cancel'))) return false;
    await transition(tx, booking, 'releaseCancellation');
    await recordEvent(tx, ctx.clock.now(), rsvno, actor, 'cancel_released', {
      before: { cancelfee: booking.cancelFee, refund: booking.refundAmount },
      note: 'refund refused by the payment provider',
    });
    return true;
  });
}

/** Cancels a booking: the customer's POST /booking/cancel, or staff on the customer's behalf. */
export async function cancelBooking(ctx: AppContext, rsvno: string, options: CancelOptions): Promise<CancelQuote> {
  const quote = await beginCancellation(ctx, rsvno, options);
  const sent = await sendPendingRefunds(ctx, rsvno, ['cancel'], options.actor);
  if (sent.refused > 0 || sent.retry > 0) {
    // Refused outright with nothing refunded: released, as if never asked. Otherwise (the provider could
    // not be reached) the cancellation stands and the reconciler sends the refunds when it can.
    if (await release(ctx, rsvno, options.actor)) throw new AppError(ErrCd.generic, say('refundFailed'), 502);
    throw new AppError(ErrCd.generic, say('refundPending'), 502);
  }
  if (!(await tryFinishCancellation(ctx, rsvno, options.actor))) {
    const booking = await repo.findBooking(ctx.db, rsvno);
    if (!booking || lifecycleOf(booking) !== 'canceled') throw new AppError(ErrCd.generic, say('refundFailed'), 502);
  }
  // A konbini slip not paid yet is voided, so that the store refuses it (ADR 0213).
  await voidOpenSlips(ctx, rsvno);
  return quote;
}
