import { Link, Navigate } from 'react-router';
import { StepIndicator } from '../../../components/step-indicator.tsx';
import { useReservationStore } from '../../../stores/reservation-store.ts';
import { listPath } from '../lib/list-path.ts';
import { useReservationMessages } from '../lib/messages.ts';
import { purchaseStepIndex, purchaseSteps } from '../lib/steps.ts';
import styles from './flow.module.css';
import { RentalForm } from './rental-form.tsx';

/** /reservation/rental (SPEC §2 Rental entry (purchase)); only options with a rental code come here. */
export function RentalPage() {
  const t = useReservationMessages();
  const optionDetail = useReservationStore((s) => s.optionDetail);
  const leader = useReservationStore((s) => s.leader);
  const md = useReservationStore((s) => s.md);
  if (!optionDetail) return <Navigate to={listPath(md)} replace />;
  if (!optionDetail.rentalcd) return <Navigate to="/reservation/check" replace />;
  // The participants' names come from the previous screen; without them there is nothing to size.
  if (!leader) return <Navigate to="/reservation/member" replace />;
  return (
    <div className="container page">
      <Link to="/reservation/member" className={`back-link ${styles.back}`}>
        {t('backToMember')}
      </Link>
      <StepIndicator
        steps={purchaseSteps(true, (step) => t(`steps.${step}`))}
        current={purchaseStepIndex('rental', true)}
      />
      <h1 className="page-title">{t('rentalTitle')}</h1>
      <p className={styles.lead}>{t('rentalLead')}</p>
      <RentalForm rentalcd={optionDetail.rentalcd} />
    </div>
  );
}
