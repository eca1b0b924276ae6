import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Consent, ConsentForm, NO_CONSENT } from '../../../components/consent-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { StepIndicator } from '../../../components/step-indicator.tsx';
import { useCommonMessages } from '../../../i18n/common.ts';
import { useFormat } from '../../../i18n/format.ts';
import { useLang } from '../../../i18n/lang.tsx';
import { showAlert } from '../../../lib/alert.ts';
import { type Completion, useReservationStore } from '../../../stores/reservation-store.ts';
import { useNationalities } from '../api/get-nationalities.ts';
import { COMPLETE_FAILED_PATH, listPath } from '../lib/list-path.ts';
import { useReservationMessages } from '../lib/messages.ts';
import { purchaseStepIndex, purchaseSteps } from '../lib/steps.ts';
import { payPendingBooking, submitBooking } from '../lib/submit-booking.ts';
import { BookingSummary } from './booking-summary.tsx';
import { CancelTerms } from './cancel-terms.tsx';
import styles from './check-page.module.css';
import { DiscountForm } from './discount-form.tsx';
import flow from './flow.module.css';
import { PeopleReview } from './people-review.tsx';

/**
 * The booking made on this page and not paid yet, while it can still be paid: back from the card checkout
 * (Back, or the page restored from the back-forward cache), the page comes back as it was and pays that
 * booking rather than making another.
 */
function payableCompletion(completed: Completion | null, now: number): Completion | null {
  return completed && !completed.request && now < Date.parse(completed.expiresAt) ? completed : null;
}

/** The data the confirm step needs; SPEC §5 sends the user back to the list when any is missing. */
function useEntryCheck(): boolean {
  const navigate = useNavigate();
  const ok = useReservationStore((s) => s.optionDetail !== null && s.prices !== null && s.leader !== null);
  const closed = useReservationStore((s) => s.completed !== null && !payableCompletion(s.completed, Date.now()));
  const handled = useRef(false);
  const common = useCommonMessages();

  useEffect(() => {
    if (handled.current) return;
    const state = useReservationStore.getState();
    if (state.completed && !payableCompletion(state.completed, Date.now())) {
      // A request already sent, or a booking whose hour has passed: nothing left to do here.
      handled.current = true;
      navigate(COMPLETE_FAILED_PATH, { replace: true });
      return;
    }
    if (!ok) {
      handled.current = true;
      showAlert(common('unexpected'));
      navigate(listPath(state.md), { replace: true });
    }
  }, [ok, navigate, common]);

  useEffect(() => {
    // A page restored from the back-forward cache after the checkout redirect is in the same situation.
    const onPageShow = (event: PageTransitionEvent) => {
      const { completed } = useReservationStore.getState();
      if (event.persisted && completed && !payableCompletion(completed, Date.now())) {
        navigate(COMPLETE_FAILED_PATH, { replace: true });
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [navigate]);

  return ok && !closed;
}

/** /reservation/check (SPEC §2 Confirm). */
export function CheckPage() {
  const t = useReservationMessages();
  const format = useFormat();
  const lang = useLang();
  const navigate = useNavigate();
  const ready = useEntryCheck();
  const optionDetail = useReservationStore((s) => s.optionDetail);
  const usedate = useReservationStore((s) => s.usedate);
  const leader = useReservationStore((s) => s.leader);
  const members = useReservationStore((s) => s.members);
  const nationalities = useNationalities();
  const [consentOpen, setConsentOpen] = useState(false);
  const [consent, setConsent] = useState<Consent>(NO_CONSENT);
  const [submitting, setSubmitting] = useState(false);
  const pending = useReservationStore((s) => payableCompletion(s.completed, Date.now()));

  useEffect(() => {
    // Restored from the back-forward cache after leaving for the checkout: the button works again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  if (!ready || !optionDetail || !leader || !usedate) return null;
  const hasRental = optionDetail.rentalcd !== '';
  const isRequest = optionDetail.flg_request_item === 1;
  const agreed = consent.delivery && consent.privacy;
  const previousPath = hasRental ? '/reservation/rental' : '/reservation/member';

  const submit = async () => {
    if (!agreed || submitting) return;
    setSubmitting(true);
    setConsentOpen(false);
    let leftPage = false;
    const deps = {
      navigate: (path: string) => navigate(path),
      redirect: (url: string) => {
        leftPage = true;
        window.location.assign(url);
      },
      now: () => Date.now(),
      // SPEC's navigator.language on the Japanese pages; an English page's booking is kept as English.
      language: lang === 'ja' ? navigator.language : lang,
    };
    if (pending) await payPendingBooking(pending.rsvno, deps);
    else await submitBooking(deps);
    // While the browser leaves for the checkout the button stays disabled.
    if (!leftPage) setSubmitting(false);
  };

  const submitButton = (
    <button
      type="button"
      className={`btn btn-primary ${styles.submit}`}
      disabled={!agreed || submitting}
      aria-describedby={agreed ? undefined : 'consent-notice'}
      aria-busy={submitting}
      onClick={submit}
    >
      {isRequest ? t('submitRequest') : t('submitPurchase')}
    </button>
  );
  // On a slow line the card page takes seconds to open: the wait is said, not only a greyed button.
  const progress = submitting && (
    <output className={styles.progress}>
      <Spinner small />
      {t('submitting', { request: isRequest })}
    </output>
  );

  return (
    <div className={`container page ${styles.page}`}>
      <Link to="/reservation/member" className={flow.back}>
        {t('backToMember')}
      </Link>
      <StepIndicator
        steps={purchaseSteps(hasRental, (step) => t(`steps.${step}`))}
        current={purchaseStepIndex('check', hasRental)}
      />
      <h1 className="page-title">{t('checkTitle')}</h1>
      <p className={flow.lead}>{t('checkLead', { request: isRequest })}</p>
      {pending && (
        <output className={styles.requestNote}>
          {t('pendingPayment', { rsvno: pending.rsvno, until: format.dateTime(pending.expiresAt) })}
        </output>
      )}
      <BookingSummary />
      <DiscountForm locked={pending !== null} />
      <PeopleReview
        option={optionDetail}
        usedate={usedate}
        leader={leader}
        members={members}
        nationalities={nationalities.data}
      />
      <CancelTerms option={optionDetail} usedate={usedate} />
      {isRequest && <p className={styles.requestNote}>{t('requestNote')}</p>}
      <section className={`card ${styles.consent}`} aria-labelledby="consent-heading">
        <h2 id="consent-heading" className={styles.consentHeading}>
          {t('consentTitle')}
        </h2>
        <p className={styles.consentState} aria-live="polite">
          {agreed ? t('consentGiven') : t('consentNeeded')}
        </p>
        <button type="button" className="btn btn-outline" onClick={() => setConsentOpen(true)}>
          {t('openConsent')}
        </button>
      </section>
      <div className={styles.actions}>
        {/* Said while a consent is missing, as the button stays disabled; gone once both are ticked. */}
        {!agreed && (
          <p id="consent-notice" className={styles.notice}>
            {t('needConsent')}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="button" className="btn btn-outline" onClick={() => navigate(previousPath)}>
            {t('back')}
          </button>
          {submitButton}
        </div>
        {progress}
      </div>
      <Modal
        open={consentOpen}
        title={t('consentDialog')}
        onClose={() => setConsentOpen(false)}
        footer={
          <button type="button" className="btn btn-secondary" disabled={!agreed} onClick={() => setConsentOpen(false)}>
            {t('agreeAndBack')}
          </button>
        }
      >
        <CancelTerms option={optionDetail} usedate={usedate} compact />
        <ConsentForm travelkubun={optionDetail.travelkubun} value={consent} onChange={setConsent} />
        {!agreed && <p className={styles.modalNotice}>{t('needConsent')}</p>}
      </Modal>
    </div>
  );
}
