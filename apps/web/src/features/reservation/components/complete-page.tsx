import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { StepIndicator } from '../../../components/step-indicator.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { purchaseSteps } from '../lib/steps.ts';
import styles from './complete-page.module.css';

/** /reservation/complete (SPEC §2 Complete): shows the result, and the booking session ends on entry. */
export function CompletePage() {
  const [params] = useSearchParams();
  const success = params.get('processing') === 'success';
  const isLogin = useAuthStore((s) => s.isLogin);
  // Read once, before the session ends; what the page shows lives on in component state.
  const [completion] = useState(() => useReservationStore.getState().completed);
  const [hasRental] = useState(() => (useReservationStore.getState().optionDetail?.rentalcd ?? '') !== '');

  useEffect(() => {
    // Idempotent, so React StrictMode's second run is harmless.
    useReservationStore.getState().reset();
  }, []);
  usePageMeta(completion && !success ? '予約未完了' : undefined);

  if (!completion) return <Navigate to="/" replace />;

  if (!success) {
    return (
      <div className="container page">
        <div className={`card ${styles.panel}`}>
          <h1 className={`page-title ${styles.title}`}>ご予約は完了していません</h1>
          <p className={styles.message}>
            決済が完了しなかったため、ご予約は完了しておりません。
            <br />
            お手数ですが、もう一度最初からお手続きください。
          </p>
          <p className="hint">お支払いが完了していないご予約は、自動的に取り消されます。</p>
          <Link to="/" className="btn btn-secondary">
            トップページへ
          </Link>
        </div>
      </div>
    );
  }

  const steps = purchaseSteps(hasRental);
  return (
    <div className="container page">
      <StepIndicator steps={steps} current={steps.length - 1} />
      <div className={`card ${styles.panel}`}>
        <h1 className={`page-title ${styles.title}`}>
          {completion.request ? 'リクエストを受け付けました' : 'ご予約が完了しました'}
        </h1>
        <dl className={styles.rsvno}>
          <dt>予約番号</dt>
          <dd data-testid="rsvno">{completion.rsvno}</dd>
        </dl>
        <p className={styles.thanks}>このたびはお申し込みいただき、誠にありがとうございます。</p>
        {completion.request ? (
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
