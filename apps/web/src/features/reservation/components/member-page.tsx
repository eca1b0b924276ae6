import { Msg } from '@tabi/contract/messages';
import { Link, Navigate } from 'react-router';
import { StepIndicator } from '../../../components/step-indicator.tsx';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { listPath } from '../lib/list-path.ts';
import { purchaseStepIndex, purchaseSteps } from '../lib/steps.ts';
import { BookingSummary } from './booking-summary.tsx';
import styles from './flow.module.css';
import { MemberForm } from './member-form.tsx';

/** /reservation/member (SPEC §2 Participant entry). */
export function MemberPage() {
  const optionDetail = useReservationStore((s) => s.optionDetail);
  const md = useReservationStore((s) => s.md);
  if (!optionDetail) return <Navigate to={listPath(md)} replace />;
  const hasRental = optionDetail.rentalcd !== '';
  return (
    <div className="container page">
      <Link to={listPath(md)} className={`back-link ${styles.back}`}>
        {Msg.backToList}
      </Link>
      <StepIndicator steps={purchaseSteps(hasRental)} current={purchaseStepIndex('member', hasRental)} />
      <h1 className="page-title">お客様情報入力</h1>
      <p className={styles.lead}>お申込者様とご参加の皆様の情報を入力してください。</p>
      <div className={styles.layout}>
        <aside className={styles.aside} aria-label="ご予約内容">
          <BookingSummary />
        </aside>
        <MemberForm
          submitLabel={hasRental ? Msg.toRental : Msg.toCheck}
          nextPath={hasRental ? '/reservation/rental' : '/reservation/check'}
        />
      </div>
    </div>
  );
}
