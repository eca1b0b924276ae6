import { Msg } from '@tabi/contract/messages';
import styles from './mypage.module.css';

const TONE: Record<string, string | undefined> = {
  [Msg.statusPaid]: styles.statusPaid,
  [Msg.statusCanceled]: styles.statusCanceled,
  [Msg.statusUnpaid]: styles.statusUnpaid,
  [Msg.statusTmp]: styles.statusTmp,
  [Msg.statusRequested]: styles.statusRequested,
};

export function StatusBadge({ label }: { label: string }) {
  if (!label) return null;
  return (
    <span className={`${styles.status} ${TONE[label] ?? ''}`} data-testid="booking-status">
      <span className="visually-hidden">ステータス：</span>
      {label}
    </span>
  );
}
