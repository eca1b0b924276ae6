import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { KonbiniSlip } from '../../../components/konbini-slip.tsx';
import { StepIndicator } from '../../../components/step-indicator.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { useCheckoutResult } from '../api/get-checkout-result.ts';
import { loginAsBooker } from '../api/open-booked.ts';
import { useReservationMessages } from '../lib/messages.ts';
import { purchaseSteps } from '../lib/steps.ts';
import { startCheckout } from '../lib/submit-booking.ts';
import styles from './complete-page.module.css';

/** A new checkout for the same booking while its hold lasts; the browser holds its capability. */
function payAgain(rsvno: string): Promise<void> {
  // On failure the visitor is told and stays here: this is the failed page already.
  return startCheckout(rsvno, { navigate: () => undefined, redirect: (url) => window.location.assign(url) });
}

/**
 * /reservation/complete (SPEC §2 Complete): shows the result, and the booking session ends on entry. Back
 * from the card checkout, the return link names the checkout session, and the page asks the server what
 * became of it, so Back, Forward or another tab cannot lose a paid customer's booking number.
 */
export function CompletePage() {
  const t = useReservationMessages();
  const format = useFormat();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const isLogin = useAuthStore((s) => s.isLogin);
  const loggedInAs = useAuthStore((s) => s.rsvno);
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  // Read once, before the session ends; what the page shows lives on in component state.
  const [completion] = useState(() => useReservationStore.getState().completed);
  const [hasRental] = useState(() => (useReservationStore.getState().optionDetail?.rentalcd ?? '') !== '');
  // The day and time booked, as the flow chose them (the store is emptied on entry).
  const [booked] = useState(() => {
    const { usedate, startTime, endTime } = useReservationStore.getState();
    return usedate ? format.departure(usedate, startTime ?? '', endTime ?? '', { weekday: true }) : null;
  });
  const result = useCheckoutResult(sessionId);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    // Idempotent, so React StrictMode's second run is harmless.
    useReservationStore.getState().reset();
  }, []);
  const record = result.data;
  // Back with a konbini slip (ADR 0213): not paid yet, but the booking is held until the slip's deadline.
  const slip = record?.konbini ?? null;
  const success = record ? record.paid || slip !== null : params.get('processing') === 'success';
  const rsvno = record?.rsvno ?? completion?.rsvno ?? null;
  usePageMeta(rsvno && !success ? t('notCompleteTitle') : undefined);

  if (sessionId && result.isPending) {
    return (
      <div className="container page">
        <output className={`card ${styles.panel}`}>{t('checkingPayment')}</output>
      </div>
    );
  }
  if (!rsvno) return <Navigate to="/" replace />;

  if (!success) {
    const payableUntil = record?.payable_until ?? null;
    return (
      <div className="container page">
        <div className={`card ${styles.panel}`}>
          <h1 className={`page-title ${styles.title}`}>{t('notComplete')}</h1>
          <dl className={styles.rsvno}>
            <dt>{t('rsvno')}</dt>
            <dd data-testid="rsvno">{rsvno}</dd>
          </dl>
          <p className={styles.message}>{t('paymentNotCompleted')}</p>
          {payableUntil ? (
            <>
              <p className={styles.message}>{t('payAgainUntil', { until: format.dateTime(new Date(payableUntil)) })}</p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={retrying}
                onClick={() => {
                  setRetrying(true);
                  void payAgain(rsvno).finally(() => setRetrying(false));
                }}
              >
                {t('payAgain')}
              </button>
            </>
          ) : (
            <p className={styles.message}>{t('startAgain')}</p>
          )}
          <p className="hint">{t('unpaidCancelled')}</p>
          <Link to="/" className="btn btn-secondary">
            {t('toTop')}
          </Link>
        </div>
      </div>
    );
  }

  /**
   * This browser made the booking: my page opens on it directly (its purchase cookie stands for the number and the
   * phone); logged in to another booking, the session moves to this one. After the cookie's hour, the login page.
   */
  async function openMyPage(booked: string): Promise<void> {
    if (isLogin && loggedInAs === booked) {
      navigate('/mypage');
      return;
    }
    try {
      const session = await loginAsBooker(booked);
      useAuthStore.getState().login(session.session, session.rsvno);
      navigate('/mypage');
    } catch {
      navigate('/login');
    }
  }

  const request = !record && completion?.request === true;
  const steps = purchaseSteps(hasRental, (step) => t(`steps.${step}`));
  let title = t('bookingComplete');
  if (slip) title = t('konbiniIssued');
  else if (request) title = t('requestReceived');
  return (
    <div className="container page">
      <StepIndicator steps={steps} current={steps.length - 1} />
      <div className={`card ${styles.panel}`}>
        <h1 className={`page-title ${styles.title}`}>{title}</h1>
        <dl className={styles.rsvno}>
          <dt>{t('rsvno')}</dt>
          <dd data-testid="rsvno">{rsvno}</dd>
          {booked && (
            <>
              <dt>{t('usedate')}</dt>
              <dd className={styles.when} data-testid="complete-usedate">
                {booked}
              </dd>
            </>
          )}
        </dl>
        <p className={styles.thanks}>{t('thanks')}</p>
        {slip ? (
          <>
            <p className={styles.message}>
              {t('konbiniHeld')}
              <br />
              {t('konbiniMailSent')}
            </p>
            <KonbiniSlip slip={slip} className={styles.slip} />
            <p className={styles.message}>{t('konbiniOnMyPage')}</p>
          </>
        ) : request ? (
          <p className={styles.message}>
            {t('requestNext1')}
            <br />
            {t('requestNext2')}
          </p>
        ) : (
          <p className={styles.message}>
            {t('bookedNext1')}
            <br />
            {t('bookedNext2')}
          </p>
        )}
        <p className="hint">{t('loginHint')}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={opening}
          aria-busy={opening}
          onClick={() => {
            setOpening(true);
            void openMyPage(rsvno).finally(() => setOpening(false));
          }}
        >
          {t('toMyPage')}
        </button>
      </div>
    </div>
  );
}
