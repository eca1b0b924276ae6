import { createBookingRequest } from '@tabi/contract/booking';
import { COMPLETION_EXPIRY_MINUTES, ErrCd } from '@tabi/contract/constants';
import { useCommonMessages } from '../../../i18n/common.ts';
import { pageLang } from '../../../i18n/lang.tsx';
import { brToNewline, showAlert } from '../../../lib/alert.ts';
import { ApiError, failureMessage, sitePath } from '../../../lib/api-client.ts';
import { isReservationExpired, useReservationStore } from '../../../stores/reservation-store.ts';
import { createBooking, reviseBooking } from '../api/create-booking.ts';
import { createCheckout } from '../api/create-checkout.ts';
import { reservationAmount } from './amount.ts';
import { bookingPayload } from './booking-payload.ts';
import { COMPLETE_FAILED_PATH, COMPLETE_SUCCESS_PATH, listPath } from './list-path.ts';
import { useReservationMessages } from './messages.ts';
import { refreshPurchaseStatus } from './purchase-status.ts';

/** SPEC §4: completion data expires at the reservation date plus 1 hour. */
export function completionExpiry(rsvdate: string, now: number): string {
  const reserved = Date.parse(rsvdate);
  return new Date((Number.isNaN(reserved) ? now : reserved) + COMPLETION_EXPIRY_MINUTES * 60_000).toISOString();
}

export interface SubmitDeps {
  navigate(path: string): void;
  /** window.location.assign: the card checkout lives on another page. */
  redirect(url: string): void;
  now(): number;
  language: string;
}

/** Opens the card checkout for a booking; on any failure the booking is left unpaid (it expires) and the failed page shows. */
export async function startCheckout(rsvno: string, deps: Pick<SubmitDeps, 'navigate' | 'redirect'>): Promise<void> {
  try {
    const { url } = await createCheckout({
      rsvno,
      success_path: sitePath(COMPLETE_SUCCESS_PATH),
      cancel_path: sitePath(COMPLETE_FAILED_PATH),
    });
    if (url) {
      deps.redirect(url);
      return;
    }
  } catch {
    // Reported just below, like a refusal.
  }
  showAlert(useReservationMessages.in(pageLang())('checkoutFailed'));
  deps.navigate(COMPLETE_FAILED_PATH);
}

/** The booking as the confirm page shows it, or null (after the alert) when the flow cannot go on. */
function currentPayload(deps: SubmitDeps) {
  // Another tab has started another purchase since this page opened: the page now says so, and this tab's
  // data is not booked over it (nor the other tab's names under this tab's option).
  if (refreshPurchaseStatus().kind !== 'own') return null;
  const state = useReservationStore.getState();
  const { optionDetail, usedate, leader, md } = state;
  if (isReservationExpired(state.startedAt, deps.now())) {
    showAlert(useReservationMessages.in(pageLang())('sessionExpired'));
    deps.navigate(listPath(md));
    return null;
  }
  if (!optionDetail || !usedate || !leader || !state.prices) {
    showAlert(useCommonMessages.in(pageLang())('unexpected'));
    deps.navigate(listPath(md));
    return null;
  }
  const payload = bookingPayload({
    optionDetail,
    usedate,
    startTime: state.startTime ?? '',
    md,
    amount: reservationAmount(state.party, state.prices, state.amount),
    leader,
    members: state.members,
    language: deps.language,
    waitlistToken: state.waitlist?.token,
    discount: state.discount,
  });
  if (!createBookingRequest.safeParse(payload).success) {
    showAlert(useCommonMessages.in(pageLang())('unexpected'));
    return null;
  }
  return { payload, state };
}

/** A refusal's message alerted (exceptions are swallowed: network trouble was alerted already). */
function alertRefusal(error: unknown): void {
  const refusal = failureMessage(error);
  if (refusal !== null) showAlert(brToNewline(refusal));
}

/**
 * SPEC §4 / §8 confirm step: refuse a session older than 20 minutes, create the booking, then either
 * complete a request item or start the card checkout. Non-success answers alert the server's message
 * (no stock returns to the list keeping md); exceptions are swallowed.
 */
export async function submitBooking(deps: SubmitDeps): Promise<void> {
  const current = currentPayload(deps);
  if (!current) return;
  const { payload, state } = current;
  try {
    const { rsvno, rsvdate } = await createBooking(payload);
    const request = state.optionDetail?.flg_request_item === 1;
    state.complete({ rsvno, expiresAt: completionExpiry(rsvdate, deps.now()), request });
    // A request is paid later; a booking of ¥0 (a discount of all of it too) has nothing to pay (the server marks it
    // paid).
    if (request || payload.amountjp === '0' || state.discount?.amountjp === 0) {
      deps.navigate(COMPLETE_SUCCESS_PATH);
      return;
    }
    await startCheckout(rsvno, deps);
  } catch (error) {
    alertRefusal(error);
    if (error instanceof ApiError && error.errcd === ErrCd.noStock) deps.navigate(listPath(state.md));
  }
}

/**
 * Back from the checkout with the booking made and unpaid: the booking first takes what the
 * confirm page shows (names changed since, for instance), then the checkout opens again. When the server
 * cannot take the change (paid meanwhile, expired, another party), it says why and nothing is paid.
 */
export async function payPendingBooking(rsvno: string, deps: SubmitDeps): Promise<void> {
  const current = currentPayload(deps);
  if (!current) return;
  try {
    await reviseBooking({ ...current.payload, rsvno });
  } catch (error) {
    alertRefusal(error);
    return;
  }
  await startCheckout(rsvno, deps);
}
