import { CheckoutResult } from '@tabi/contract/constants';
import { Modal } from '../../../components/modal.tsx';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';

/** SPEC §2: back from the payment page, checkout-processing 0 or 1 says how it went. */
export function PaymentResultModal({ result, onClose }: { result: string | null; onClose(): void }) {
  const t = useMypageMessages();
  const success = result === CheckoutResult.success;
  const failed = result === CheckoutResult.failed;
  return (
    <Modal open={success || failed} title={success ? t('paymentDone') : t('paymentAborted')} onClose={onClose}>
      <p className={styles.modalLead}>{success ? t('paymentDoneNote') : t('paymentAbortedNote')}</p>
    </Modal>
  );
}
