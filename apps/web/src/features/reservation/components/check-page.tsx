import { formatTokyoDateTime } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Consent, ConsentForm, NO_CONSENT } from '../../../components/consent-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { StepIndicator } from '../../../components/step-indicator.tsx';
import { showAlert } from '../../../lib/alert.ts';
import { type Completion, useReservationStore } from '../../../stores/reservation-store.ts';
import { useNationalities } from '../api/get-nationalities.ts';
import { COMPLETE_FAILED_PATH, listPath } from '../lib/list-path.ts';
import { purchaseStepIndex, purchaseSteps } from '../lib/steps.ts';
import { payPendingBooking, submitBooking } from '../lib/submit-booking.ts';
import { BookingSummary } from './booking-summary.tsx';
import styles from './check-page.module.css';
import flow from './flow.module.css';
import { PeopleReview } from './people-review.tsx';

/**
 * The booking made on this page and not paid yet, while it can still be paid: back from the card checkout
 * (Back, or the page restored from the back-forward cache), the page comes back as it was and pays that
 * booking rather than making another (issue 14.2).
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
      showAlert(Msg.unexpected);
      navigate(listPath(state.md), { replace: true });
    }
  }, [ok, navigate]);

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
      language: navigator.language,
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
      aria-describedby="consent-notice"
      onClick={submit}
    >
      {isRequest ? Msg.submitRequest : Msg.submitPurchase}
    </button>
  );

  return (
    <div className={`container page ${styles.page}`}>
      <Link to="/reservation/member" className={flow.back}>
        {Msg.backToMember}
      </Link>
      <StepIndicator steps={purchaseSteps(hasRental)} current={purchaseStepIndex('check', hasRental)} />
      <h1 className="page-title">購入内容確認</h1>
      <p className={flow.lead}>
        ご予約内容をご確認のうえ、同意書をご確認いただき
        {isRequest ? '「リクエスト」' : '「購入（決済）」'}ボタンを押してください。
      </p>
      {pending && (
        <output className={styles.requestNote}>
          予約番号 {pending.rsvno} のご予約はお支払いがまだ完了していません。
          {formatTokyoDateTime(pending.expiresAt)}
          までに「購入（決済）」からお支払いいただくと、ご予約が確定します。
        </output>
      )}
      <BookingSummary />
      <PeopleReview
        option={optionDetail}
        usedate={usedate}
        leader={leader}
        members={members}
        nationalities={nationalities.data}
      />
      {isRequest && (
        <p className={styles.requestNote}>
          リクエスト商品のため、この時点ではご予約は確定しません。空き状況を確認のうえ、メールにてご連絡いたします。お支払いは予約確定後となります。
        </p>
      )}
      <section className={`card ${styles.consent}`} aria-labelledby="consent-heading">
        <h2 id="consent-heading" className={styles.consentHeading}>
          同意書
        </h2>
        <p className={styles.consentState} aria-live="polite">
          {agreed ? '同意書の内容に同意済みです。' : '同意書をご確認のうえ、2つの項目に同意してください。'}
        </p>
        <button type="button" className="btn btn-outline" onClick={() => setConsentOpen(true)}>
          同意書を確認する
        </button>
      </section>
      <div className={styles.actions}>
        <p id="consent-notice" className={styles.notice}>
          {Msg.needConsent}
        </p>
        <div className={styles.buttons}>
          <button type="button" className="btn btn-outline" onClick={() => navigate(previousPath)}>
            戻る
          </button>
          {submitButton}
        </div>
      </div>
      <Modal
        open={consentOpen}
        title="同意書の確認"
        onClose={() => setConsentOpen(false)}
        footer={
          <button type="button" className="btn btn-secondary" disabled={!agreed} onClick={() => setConsentOpen(false)}>
            同意して戻る
          </button>
        }
      >
        <ConsentForm travelkubun={optionDetail.travelkubun} value={consent} onChange={setConsent} />
        <p className={styles.modalNotice}>{Msg.needConsent}</p>
      </Modal>
    </div>
  );
}
