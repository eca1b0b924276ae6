import { formatTokyoDateTime } from '@tabi/contract/dates';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { StepIndicator } from '../../../components/step-indicator.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { useCheckoutResult } from '../api/get-checkout-result.ts';
import { purchaseSteps } from '../lib/steps.ts';
import { startCheckout } from '../lib/submit-booking.ts';
import styles from './complete-page.module.css';

/** A new checkout for the same booking while its hold lasts (issue 14.3); the browser holds its capability. */
function payAgain(rsvno: string): Promise<void> {
  // On failure the visitor is told and stays here: this is the failed page already.
  return startCheckout(rsvno, { navigate: () => undefined, redirect: (url) => window.location.assign(url) });
}

/**
 * /reservation/complete (SPEC §2 Complete): shows the result, and the booking session ends on entry. Back
 * from the card checkout, the return link names the checkout session, and the page asks the server what
 * became of it (issue 14.2), so Back, Forward or another tab cannot lose a paid customer's booking number.
 */
export function CompletePage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const isLogin = useAuthStore((s) => s.isLogin);
  // Read once, before the session ends; what the page shows lives on in component state.
  const [completion] = useState(() => useReservationStore.getState().completed);
  const [hasRental] = useState(() => (useReservationStore.getState().optionDetail?.rentalcd ?? '') !== '');
  const result = useCheckoutResult(sessionId);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    // Idempotent, so React StrictMode's second run is harmless.
    useReservationStore.getState().reset();
  }, []);
  const record = result.data;
  const success = record ? record.paid : params.get('processing') === 'success';
  const rsvno = record?.rsvno ?? completion?.rsvno ?? null;
  usePageMeta(rsvno && !success ? '予約未完了' : undefined);

  if (sessionId && result.isPending) {
    return (
      <div className="container page">
        <output className={`card ${styles.panel}`}>お支払いの結果を確認しています…</output>
      </div>
    );
  }
  if (!rsvno) return <Navigate to="/" replace />;

  if (!success) {
    const payableUntil = record?.payable_until ?? null;
    return (
      <div className="container page">
        <div className={`card ${styles.panel}`}>
          <h1 className={`page-title ${styles.title}`}>ご予約は完了していません</h1>
          <dl className={styles.rsvno}>
            <dt>予約番号</dt>
            <dd data-testid="rsvno">{rsvno}</dd>
          </dl>
          <p className={styles.message}>決済が完了しなかったため、ご予約は完了しておりません。</p>
          {payableUntil ? (
            <>
              <p className={styles.message}>
                {formatTokyoDateTime(new Date(payableUntil))}
                までにお支払いいただければ、このご予約のお席を確保したままお手続きいただけます。
              </p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={retrying}
                onClick={() => {
                  setRetrying(true);
                  void payAgain(rsvno).finally(() => setRetrying(false));
                }}
              >
                別のカードで再決済
              </button>
            </>
          ) : (
            <p className={styles.message}>お手数ですが、もう一度最初からお手続きください。</p>
          )}
          <p className="hint">お支払いが完了していないご予約は、自動的に取り消されます。</p>
          <Link to="/" className="btn btn-secondary">
            トップページへ
          </Link>
        </div>
      </div>
    );
  }

  const request = !record && completion?.request === true;
  const steps = purchaseSteps(hasRental);
  return (
    <div className="container page">
      <StepIndicator steps={steps} current={steps.length - 1} />
      <div className={`card ${styles.panel}`}>
        <h1 className={`page-title ${styles.title}`}>
          {request ? 'リクエストを受け付けました' : 'ご予約が完了しました'}
        </h1>
        <dl className={styles.rsvno}>
          <dt>予約番号</dt>
          <dd data-testid="rsvno">{rsvno}</dd>
        </dl>
        <p className={styles.thanks}>このたびはお申し込みいただき、誠にありがとうございます。</p>
        {request ? (
          <p className={styles.message}>
            リクエストを受け付けました。空き状況を確認のうえ、手配が確定しましたら担当者よりメールにてご連絡いたします。
            <br />
            予約確定のご連絡後、マイページからお支払いいただけます。
          </p>
        ) : (
          <p className={styles.message}>
            ご登録のメールアドレスに予約確認メールをお送りしました。
            <br />
            ご予約の内容はマイページでご確認いただけます。
          </p>
        )}
        <p className="hint">マイページには、予約番号とお申し込み時の電話番号でログインできます。</p>
        <Link to={isLogin ? '/mypage' : '/login'} className="btn btn-primary">
          マイページへ
        </Link>
      </div>
    </div>
  );
}
