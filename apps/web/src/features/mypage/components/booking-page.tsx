import type { Booking, BookingOption } from '@tabi/contract/booking';
import { say } from '@tabi/contract/said';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AsideLayout } from '../../../components/aside-layout.tsx';
import { KonbiniSlip } from '../../../components/konbini-slip.tsx';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useFormat } from '../../../i18n/format.ts';
import { useSaid } from '../../../i18n/messages.ts';
import { showAlert } from '../../../lib/alert.ts';
import { API, ApiError, ApiUnavailableError, call, failureMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { createCheckout } from '../api/create-checkout.ts';
import { bookingQueryKey, bookingQueryOptions, useBooking } from '../api/get-booking.ts';
import { useOptionSummary } from '../api/get-option-summary.ts';
import {
  businessToday,
  cardPaymentWindow,
  couponUseDate,
  hasCoupons,
  paymentCheck,
  productCode,
  rentalLinkVisible,
} from '../lib/booking-view.ts';
import { useMypageMessages } from '../lib/messages.ts';
import { logoutToLogin, useLogoutOnFailure } from '../lib/use-logout-on-failure.ts';
import { BasicInfo } from './basic-info.tsx';
import { BookingActions } from './booking-actions.tsx';
import { CancelModal } from './cancel-modal.tsx';
import { ConsentModal } from './consent-modal.tsx';
import { Cost } from './cost.tsx';
import styles from './mypage.module.css';
import { itineraryId, OptionAccordion } from './option-accordion.tsx';
import { Participants } from './participants.tsx';
import { PaymentResultModal } from './payment-result-modal.tsx';
import { RentalSizes } from './rental-sizes.tsx';
import { Ticket } from './ticket.tsx';
import { UsageGuide } from './usage-guide.tsx';

const CHECKOUT_QUERY = 'checkout-processing';
/** The checkout session the return link names (used by the purchase flow's complete page; not needed here). */
const SESSION_QUERY = 'session_id';

/** Reads checkout-processing once, then takes it out of the address so a reload does not show it again. */
function useCheckoutResult(): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const [result, setResult] = useState<string | null>(() => params.get(CHECKOUT_QUERY));
  useEffect(() => {
    if (!params.has(CHECKOUT_QUERY)) return;
    const next = new URLSearchParams(params);
    next.delete(CHECKOUT_QUERY);
    next.delete(SESSION_QUERY);
    setParams(next, { replace: true });
  }, [params, setParams]);
  return [result, () => setResult(null)];
}

const CHANGE_QUERY = 'change';

/**
 * Back from paying a change's difference (ADR 0197): the server is asked about the checkout (it fulfils a paid one
 * that no webhook has yet, the one fulfilment path), the booking is read again and the customer told; the address
 * loses the query so a reload does not tell again.
 */
function useChangeReturn(paidMessage: string): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const rsvno = useAuthStore((s) => s.rsvno) ?? '';
  useEffect(() => {
    const outcome = params.get(CHANGE_QUERY);
    if (outcome === null) return;
    const session = params.get(SESSION_QUERY);
    const next = new URLSearchParams(params);
    next.delete(CHANGE_QUERY);
    next.delete(SESSION_QUERY);
    setParams(next, { replace: true });
    if (outcome !== 'paid' || !session) return;
    void call(API['POST /checkout/result'], { body: { session_id: session } }, { loading: false })
      .then(() => queryClient.invalidateQueries({ queryKey: bookingQueryKey(rsvno) }))
      .then(() => showAlert(paidMessage))
      .catch(() => undefined);
  }, [params, setParams, queryClient, rsvno, paidMessage]);
}

/** My page's change dialog, given by the route (it composes other features: STYLE §1). */
export type ChangeDialog = (props: {
  booking: Booking;
  today: string;
  open: boolean;
  onClose(): void;
  onDone(): void;
}) => ReactNode;

export function BookingPage({ changeDialog: ChangeModal }: { changeDialog?: ChangeDialog }) {
  const t = useMypageMessages();
  const common = useCommonMessages();
  const said = useSaid();
  const format = useFormat();
  const rsvno = useAuthStore((s) => s.rsvno) ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const bookingQuery = useBooking(rsvno);
  const booking = bookingQuery.data ?? null;
  useLogoutOnFailure(failureMessage(bookingQuery.error));

  const code = booking ? productCode(booking) : null;
  const summary = useOptionSummary(code);
  const [checkoutResult, clearCheckoutResult] = useCheckoutResult();
  const [consentOpen, setConsentOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [changeOpen, setChangeOpen] = useState(false);
  useChangeReturn(t('changePaid'));
  const [paying, setPaying] = useState(false);

  const reload = useCallback(() => {
    setCancelOpen(false);
    setChangeOpen(false);
    return queryClient.invalidateQueries({ queryKey: bookingQueryKey(rsvno) });
  }, [queryClient, rsvno]);
  const closeCancel = useCallback(() => setCancelOpen(false), []);

  function logout() {
    logoutToLogin(navigate);
  }

  /** SPEC's pay button (a confirmed request) and the one of an unpaid card booking differ only in the check. */
  async function pay(kind: 'request' | 'card') {
    if (paying) return;
    setPaying(true);
    try {
      // SPEC §4: the booking is fetched again and checked again right before paying; a refusal is the
      // booking query's failure, which alerts and logs out (useLogoutOnFailure).
      const fresh = await queryClient.fetchQuery(bookingQueryOptions(rsvno)).catch((error: unknown) => {
        if (error instanceof ApiError) return null;
        throw error;
      });
      if (!fresh) return;
      const check = kind === 'card' ? (cardPaymentWindow(fresh) ? 'ok' : 'notPayable') : paymentCheck(fresh);
      if (check !== 'ok') {
        showAlert(check === 'pastDeadline' ? t('pastDeadline') : t('notPayable'));
        await reload();
        return;
      }
      const url = await createCheckout(rsvno).catch((error: unknown) => {
        if (error instanceof ApiError && failureMessage(error) !== null) return '';
        throw error;
      });
      if (!url) {
        showAlert(t('checkoutFailed'));
        return;
      }
      window.location.assign(url);
      return;
    } catch (error) {
      // Network, token and session (001) failures were already alerted by the API client.
      const alerted = error instanceof ApiError || (error instanceof ApiUnavailableError && error.kind !== 'invalid');
      if (!alerted) showAlert(t('checkoutFailed'));
    }
    setPaying(false);
  }

  function showItinerary(option: BookingOption) {
    const panel = document.getElementById(itineraryId(option));
    if (panel instanceof HTMLDetailsElement) {
      panel.open = true;
      panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
      panel.querySelector('summary')?.focus({ preventScroll: true });
    }
  }

  if (!booking) {
    return (
      <div className="container page">
        <h1 className="page-title">{t('title')}</h1>
        {bookingQuery.isError ? (
          <div className={`card ${styles.section}`}>
            <p role="alert">{common('unexpected')}</p>
            <button type="button" className="btn btn-outline" onClick={() => bookingQuery.refetch()}>
              {t('reload')}
            </button>
          </div>
        ) : (
          <p className="hint" aria-live="polite">
            {t('loadingBooking')}
          </p>
        )}
      </div>
    );
  }

  const today = businessToday(booking.servertime);
  const { state, payable } = booking;
  const cardWindow = payable ? null : cardPaymentWindow(booking);
  const couponDate = couponUseDate(booking);
  const firstOption = booking.optionList[0];
  const productName = summary.data?.webname || firstOption?.webname || '';
  const rentalLink = rentalLinkVisible(booking.fromdate, summary.data?.rentalcd, today);

  return (
    <div className="container page">
      <h1 className="page-title">{t('title')}</h1>
      <AsideLayout
        head={
          <div className={styles.headStack}>
            {/* What the customer must do now comes first: pay the slip at the store before its deadline. */}
            {booking.konbini && state === 'awaiting' && (
              <KonbiniSlip slip={booking.konbini} className={`card ${styles.section}`} />
            )}
            <BasicInfo booking={booking} code={code ?? ''} state={state} productName={productName} />
          </div>
        }
        aside={
          <BookingActions
            payable={payable}
            paymentDeadline={
              payable && booking.payment_deadline_date ? format.dateTime(booking.payment_deadline_date) : null
            }
            paying={paying}
            couponLink={hasCoupons(booking)}
            couponNote={
              couponDate !== null && couponDate !== today
                ? said(say('couponNotToday', { day: format.day(couponDate) }))
                : null
            }
            cardPaymentNote={
              cardWindow
                ? said(
                    say('cardPaymentNotice', {
                      until: format.dateTime(cardWindow.until),
                      minutes: cardWindow.minutesLeft,
                    }),
                  )
                : null
            }
            rentalLink={rentalLink}
            changeable={booking.changeable === true && ChangeModal !== undefined}
            cancellable={booking.cancellable}
            onPay={() => pay('request')}
            onCardPay={() => pay('card')}
            onConsent={() => setConsentOpen(true)}
            onChange={() => setChangeOpen(true)}
            onCancel={() => setCancelOpen(true)}
            onLogout={logout}
          />
        }
      >
        <Ticket booking={booking} />
        <Participants booking={booking} />
        <RentalSizes
          booking={booking}
          rentalcd={summary.data?.rentalcd}
          changeLater={!rentalLink && state !== 'canceled'}
        />
        <Cost booking={booking} />
        <UsageGuide options={booking.optionList} today={today} onShowItinerary={showItinerary} />
        <OptionAccordion options={booking.optionList} />
      </AsideLayout>
      <ConsentModal
        open={consentOpen}
        travelkubun={summary.data?.travelkubun ?? 0}
        onClose={() => setConsentOpen(false)}
      />
      <CancelModal rsvno={booking.rsvno} open={cancelOpen} onClose={closeCancel} onDone={reload} />
      {ChangeModal && (
        <ChangeModal
          booking={booking}
          today={today}
          open={changeOpen}
          onClose={() => setChangeOpen(false)}
          onDone={reload}
        />
      )}
      <PaymentResultModal
        result={checkoutResult}
        awaitingKonbini={state === 'awaiting'}
        onClose={clearCheckoutResult}
      />
    </div>
  );
}
