import { randomUUID } from 'node:crypto';
import type { CheckoutResult } from '@tabi/contract/booking';
import { unpaidGraceEnd, unpaidGraceOver } from '@tabi/contract/booking-rules';
import { ErrCd } from '@tabi/contract/constants';
import { isoDateToYmd, toTokyoIso } from '@tabi/contract/dates';
import { LANG_BASE, langOfPath } from '@tabi/contract/i18n';
import { say } from '@tabi/contract/said';
import { systemActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { textIn } from '../../i18n/said-text.ts';
import { fulfil } from './fulfil.ts';
import { openSlipOf, recordSlip } from './konbini.ts';
import { konbiniDays, offeredMethods } from './konbini-rules.ts';
import type { CheckoutInput, CheckoutSession } from './provider.ts';
import * as repo from './repository.ts';
import { PROVIDER_CALL_GRACE_MS } from './repository.ts';

/** Japan's consumption tax, included in every price (DESIGN §2). */
export const TAX_RATE_PERCENT = 10;
/** Stripe refuses a checkout session that expires sooner than 30 minutes after its creation. */
export const MIN_CHECKOUT_MINUTES = 30;
const PAYMENT_LINK_MINUTES = 60;

/** Where the customer may be sent back to after paying: the purchase flow's complete page or my page, in any language. */
const RETURN_PATH = /^\/(?:reservation\/complete|mypage)(?:[/?#]|$)/;

export function isAllowedReturnPath(path: string): boolean {
  // Printable ASCII only (anything else arrives percent-encoded), and nothing a browser reads as another host.
  if (!/^[!-~]+$/.test(path) || path.includes('//') || path.includes('\\')) return false;
  const base = LANG_BASE[langOfPath(path)];
  return path.startsWith(base) && RETURN_PATH.test(path.slice(base.length));
}

export interface CheckoutOptions {
  /** Where the return links point: siteOrigin() of the request (PUBLIC_URL when set). */
  origin: string;
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
async function payableUntil(
  ctx: AppContext,
  booking: repo.PayableBooking,
  now: Date,
  options: CheckoutOptions,
): Promise<Date> {
  switch (ctx.onPayment.payableAs(booking)) {
    case 'card': {
      if (unpaidGraceOver(booking.rsvdate, now)) throw AppError.conflict(ErrCd.generic, say('pastDeadline'));
      // Sales of its day may close within the booking's hour: not paid for after that (ADR 0191).
      const closes = await repo.salesCloseOf(ctx.db, booking.rsvno);
      if (closes && now >= closes) throw AppError.conflict(ErrCd.generic, say('salesClosed'));
      return closes ? earliest(unpaidGraceEnd(booking.rsvdate), closes) : unpaidGraceEnd(booking.rsvdate);
    }
    case 'request': {
      if (!options.requireSession) throw AppError.forbidden();
      await options.requireSession();
      const deadline = booking.paymentDeadline;
      if (!deadline || now >= deadline) throw AppError.conflict(ErrCd.generic, say('pastDeadline'));
      return earliest(deadline, new Date(now.getTime() + minutes(PAYMENT_LINK_MINUTES)));
    }
    default:
      throw AppError.conflict(ErrCd.generic, say('notPayable'));
  }
}

/**
 * The ways a booking's checkout offers: PAYMENT_METHODS, konbini among them only while a slip would have a day before
 * the use date and the amount is one the stores take (ADR 0213).
 */
function konbiniOffer(
  ctx: AppContext,
  booking: repo.PayableBooking,
  now: Date,
): Pick<CheckoutInput, 'methods' | 'konbiniDays'> {
  const configured = ctx.config.paymentMethods;
  if (!configured.includes('konbini')) return { methods: configured };
  const payBy = ctx.onPayment.payableAs(booking) === 'request' ? booking.paymentDeadline : null;
  const days = konbiniDays(now, isoDateToYmd(booking.fromdate), booking.amountjp, payBy);
  return days > 0 ? { methods: configured, konbiniDays: days } : { methods: offeredMethods(configured, 0) };
}

/** How long before its expiry an open checkout is still handed out again rather than a new one made. */
const REUSE_MARGIN_MINUTES = 10;

interface CheckoutRequestRecord {
  input: Omit<CheckoutInput, 'expiresAt' | 'methods'> & { expiresAt: string; methods?: CheckoutInput['methods'] };
  /**
   * The booking change whose difference this checkout pays (ADR 0197), written down before the provider is called:
   * a crash before the change learns its session id still lets the payment find its change.
   */
  changeId?: number;
}

function toInput(record: CheckoutRequestRecord): CheckoutInput {
  // A call written down before checkouts offered other ways than card is sent as it was made.
  return { ...record.input, methods: record.input.methods ?? ['card'], expiresAt: new Date(record.input.expiresAt) };
}

/**
 * The booking's open checkout with the same return links, while it has time left: at most one open
 * checkout per booking and destination, so a reload or a double click never opens a second.
 */
async function reusableCheckout(ctx: AppContext, rsvno: string, input: CheckoutInput, now: Date) {
  for (const call of await repo.openCheckoutCalls(ctx.db, rsvno)) {
    const earlier = toInput(call.request as unknown as CheckoutRequestRecord);
    const sameWay = earlier.successUrl === input.successUrl && earlier.cancelUrl === input.cancelUrl;
    const timeLeft = earlier.expiresAt.getTime() - now.getTime() > minutes(REUSE_MARGIN_MINUTES);
    if (!sameWay || !timeLeft || earlier.amount !== input.amount || !call.providerRef) continue;
    const session = await ctx.payment.retrieveCheckout(call.providerRef).catch(() => undefined);
    if (session?.status === 'open' && session.url) return session;
  }
  return undefined;
}

/**
 * Makes a written-down checkout call with its idempotency key and records the session as an open payment
 * (DESIGN §12). Repeating it (the reconciler after a crash) answers the same session.
 */
export async function sendCheckoutCall(ctx: AppContext, call: repo.ProviderCallRow): Promise<CheckoutSession> {
  const session = await ctx.payment.createCheckout(
    toInput(call.request as unknown as CheckoutRequestRecord),
    call.idempotencyKey,
  );
  await ctx.db.transaction(async (tx) => {
    await repo.insertPayment(tx, {
      rsvno: call.rsvno,
      provider: ctx.payment.name,
      checkoutSessionId: session.id,
      amount: call.amount,
    });
    // Watched from now on: a session paid whose fulfilment a crash cut off is found by the reconciler.
    await repo.advanceProviderCall(tx, call.id, ['begun'], {
      state: 'open',
      providerRef: session.id,
      nextAttemptAt: new Date(ctx.clock.now().getTime() + CHECKOUT_WATCH_MS),
    });
  });
  return session;
}

/** How often an open checkout is asked about by the reconciler (a paid one is normally fulfilled at once). */
export const CHECKOUT_WATCH_MS = 30_000;

/**
 * Opens a hosted checkout for the booking's own amount (never a client's), written down before the call
 * and recorded as an open payment after it. Used by POST /checkout for the purchase flow and for my page
 * (ADR 0020).
 */
export async function createCheckoutForBooking(
  ctx: AppContext,
  rsvno: string,
  options: CheckoutOptions,
): Promise<{ url: string }> {
  if (!isAllowedReturnPath(options.successPath) || !isAllowedReturnPath(options.cancelPath)) {
    throw new AppError(ErrCd.generic, say('checkoutPathInvalid'), 422);
  }
  const booking = await repo.findPayableBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  const now = ctx.clock.now();
  const until = await payableUntil(ctx, booking, now, options);
  if (booking.amountjp <= 0) throw AppError.conflict(ErrCd.generic, say('notPayable'));
  // The checkout speaks the language of the page it returns to: its line item too.
  const lang = langOfPath(options.successPath);
  const names = await repo.bookingOptionNames(ctx.db, rsvno, lang);
  const input: CheckoutInput = {
    rsvno,
    name: names.join(textIn(lang, say('listSeparator'))) || textIn(lang, say('checkoutBooking', { rsvno })),
    amount: booking.amountjp,
    taxRatePercent: TAX_RATE_PERCENT,
    customerEmail: booking.mail,
    successUrl: `${options.origin}${withSessionPlaceholder(options.successPath)}`,
    cancelUrl: `${options.origin}${withSessionPlaceholder(options.cancelPath)}`,
    expiresAt: latest(until, new Date(now.getTime() + minutes(MIN_CHECKOUT_MINUTES))),
    ...konbiniOffer(ctx, booking, now),
  };
  const reusable = await reusableCheckout(ctx, rsvno, input, now);
  if (reusable) return { url: reusable.url };
  return { url: (await openCheckout(ctx, input, now)).url };
}

/**
 * Opens a checkout of `amount` yen for a paid booking: the difference a change to a dearer departure costs (ADR
 * 0197). The booking decides what the payment is for when it is fulfilled (`onPayment.paid`).
 */
export async function createCheckoutForDifference(
  ctx: AppContext,
  change: { id: number; rsvno: string; amount: number },
  options: Omit<CheckoutOptions, 'requireSession'>,
): Promise<CheckoutSession> {
  const { rsvno, amount } = change;
  if (!isAllowedReturnPath(options.successPath) || !isAllowedReturnPath(options.cancelPath)) {
    throw new AppError(ErrCd.generic, say('checkoutPathInvalid'), 422);
  }
  const booking = await repo.findPayableBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  const now = ctx.clock.now();
  const lang = langOfPath(options.successPath);
  const names = await repo.bookingOptionNames(ctx.db, rsvno, lang);
  const what = names.join(textIn(lang, say('listSeparator')));
  return openCheckout(
    ctx,
    {
      rsvno,
      name: textIn(lang, say('checkoutChange', { what })),
      amount,
      taxRatePercent: TAX_RATE_PERCENT,
      customerEmail: booking.mail,
      successUrl: `${options.origin}${withSessionPlaceholder(options.successPath)}`,
      cancelUrl: `${options.origin}${withSessionPlaceholder(options.cancelPath)}`,
      expiresAt: new Date(now.getTime() + minutes(MIN_CHECKOUT_MINUTES)),
      // A change waits for its difference minutes, not days: no konbini slip (ADR 0213).
      methods: offeredMethods(ctx.config.paymentMethods, 0),
    },
    now,
    change.id,
  );
}

/** The booking change a checkout session pays the difference of, as its call was written down before it was made. */
export async function changeOfCheckout(
  db: DbOrTx,
  checkout: { rsvno: string; checkoutSessionId: string },
): Promise<number | null> {
  const call = await repo.findCheckoutCall(db, checkout.rsvno, checkout.checkoutSessionId);
  return (call?.request as unknown as CheckoutRequestRecord | undefined)?.changeId ?? null;
}

/** Writes the checkout call down, makes it and records the open payment (DESIGN §12). */
async function openCheckout(
  ctx: AppContext,
  input: CheckoutInput,
  now: Date,
  changeId?: number,
): Promise<CheckoutSession> {
  const { rsvno } = input;
  const record: CheckoutRequestRecord = {
    input: { ...input, expiresAt: input.expiresAt.toISOString() },
    ...(changeId === undefined ? {} : { changeId }),
  };
  const call = await repo.insertProviderCall(ctx.db, {
    kind: 'checkout',
    rsvno,
    idempotencyKey: `checkout_${rsvno}_${randomUUID()}`,
    amount: input.amount,
    request: record as unknown as Record<string, unknown>,
    state: 'begun',
    nextAttemptAt: new Date(now.getTime() + PROVIDER_CALL_GRACE_MS),
    createdAt: now,
  });
  try {
    return await sendCheckoutCall(ctx, call);
  } catch {
    throw new AppError(ErrCd.generic, say('checkoutFailed'), 502);
  }
}

/** Stripe replaces it in the success and cancel links with the session's id; the sandbox does the same. */
export const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** A return path with the checkout session named in it, so the return page can ask the server. */
export function withSessionPlaceholder(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}session_id=${SESSION_PLACEHOLDER}`;
}

/**
 * POST /checkout/result: the booking behind a checkout session, as the provider and our records say now.
 * A session the provider reports paid is fulfilled here if nothing else has yet (the one fulfilment path).
 * The session id is the provider's unguessable secret, handed to this browser in its return link.
 */
export async function checkoutResult(ctx: AppContext, sessionId: string): Promise<CheckoutResult> {
  const payment = await repo.findPaymentBySession(ctx.db, sessionId);
  if (!payment) throw AppError.notFound(say('checkoutNotFound'));
  const session = await ctx.payment.retrieveCheckout(sessionId).catch(() => undefined);
  if (session?.paymentStatus === 'paid' && payment.status === 'open') {
    await fulfil(ctx, sessionId, systemActor('checkout'));
  } else if (session?.slip && payment.status === 'open') {
    await recordSlip(ctx, sessionId, systemActor('checkout'));
  }
  const booking = await repo.findPayableBooking(ctx.db, payment.rsvno);
  if (!booking) throw AppError.notFound(say('checkoutNotFound'));
  const now = ctx.clock.now();
  const payable = ctx.onPayment.payableAs(booking);
  const paid = payable === 'paid';
  const open = payable === 'card' && !unpaidGraceOver(booking.rsvdate, now);
  const until = unpaidGraceEnd(booking.rsvdate);
  return {
    rsvno: booking.rsvno,
    rsvdate: toTokyoIso(booking.rsvdate),
    paid,
    payable_until: open ? toTokyoIso(until) : null,
    konbini: paid ? null : await openSlipOf(ctx, booking.rsvno),
  };
}
