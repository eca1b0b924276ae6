import type { ReactNode } from 'react';
import { Modal } from '../../../components/modal.tsx';
import styles from './mypage.module.css';

interface BookingDialogProps {
  open: boolean;
  title: string;
  /** The first paragraph: what the dialog does to the booking. */
  lead: string;
  /** The footer's one button, which does it. */
  confirmLabel: string;
  /** A change that cannot be undone (a cancellation): the button is red. */
  danger?: boolean;
  disabled: boolean;
  /** While the change is being sent; left out, the button says nothing of it. */
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
  children: ReactNode;
}

/** A dialog of my page that changes the booking: its lead, what the change is, and one button in the footer. */
export function BookingDialog({
  open,
  title,
  lead,
  confirmLabel,
  danger = false,
  disabled,
  busy,
  onConfirm,
  onClose,
  children,
}: BookingDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <button
          type="button"
          className={danger ? `btn ${styles.dangerButton}` : 'btn btn-primary'}
          disabled={disabled}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      }
    >
      <p className={styles.modalLead}>{lead}</p>
      {children}
    </Modal>
  );
}
