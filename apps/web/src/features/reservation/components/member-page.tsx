import { Link, Navigate } from 'react-router';
import { StepIndicator } from '../../../components/step-indicator.tsx';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { listPath } from '../lib/list-path.ts';
import { useReservationMessages } from '../lib/messages.ts';
import { purchaseStepIndex, purchaseSteps } from '../lib/steps.ts';
import { BookingSummary } from './booking-summary.tsx';
import styles from './flow.module.css';
import { MemberForm } from './member-form.tsx';

/** /reservation/member (SPEC §2 Participant entry). */
export function MemberPage() {
  const t = useReservationMessages();
  const optionDetail = useReservationStore((s) => s.optionDetail);
  const md = useReservationStore((s) => s.md);
  if (!optionDetail) return <Navigate to={listPath(md)} replace />;
  const hasRental = optionDetail.rentalcd !== '';
  return (
    <div className="container page">
      <Link to={listPath(md)} className={`back-link ${styles.back}`}>
        {t('backToList')}
      </Link>
      <StepIndicator
        steps={purchaseSteps(hasRental, (step) => t(`steps.${step}`))}
        current={purchaseStepIndex('member', hasRental)}
      />
      <h1 className="page-title">{t('memberTitle')}</h1>
      <p className={styles.lead}>{t('memberLead')}</p>
      <div className={styles.layout}>
        <aside className={styles.aside} aria-label={t('bookingDetails')}>
          <BookingSummary />
        </aside>
        <MemberForm
          submitLabel={hasRental ? t('toRental') : t('toCheck')}
          nextPath={hasRental ? '/reservation/rental' : '/reservation/check'}
        />
      </div>
    </div>
  );
}
