import type { BookingState } from '@tabi/contract/booking-rules';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';

const TONE: Record<BookingState, string | undefined> = {
  paid: styles.statusPaid,
  canceled: styles.statusCanceled,
  unpaid: styles.statusUnpaid,
  offered: styles.statusTmp,
  requested: styles.statusRequested,
  awaiting: styles.statusAwaiting,
  unknown: undefined,
};

/** The booking's state as SPEC §3 names it (in the page's language), coloured by the state, not by its words. */
export function StatusBadge({ state }: { state: BookingState }) {
  const t = useMypageMessages();
  const label = t(`states.${state}`);
  if (!label) return null;
  return (
    <span className={`${styles.status} ${TONE[state] ?? ''}`} data-testid="booking-status">
      <span className="visually-hidden">{t('statusLabel')}</span>
      {label}
    </span>
  );
}
