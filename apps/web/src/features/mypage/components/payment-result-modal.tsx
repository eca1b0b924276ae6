import { CheckoutResult } from '@tabi/contract/constants';
import { Modal } from '../../../components/modal.tsx';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';

/**
 * SPEC §2: back from the payment page, checkout-processing 0 or 1 says how it went. A checkout that ended in a konbini
 * slip comes back as a success too, though nothing is paid yet (ADR 0213): the booking, now awaiting the store, says so.
 */
export function PaymentResultModal({
  result,
  awaitingKonbini,
  onClose,
}: {
  result: string | null;
  awaitingKonbini: boolean;
  onClose(): void;
}) {
  const t = useMypageMessages();
  const success = result === CheckoutResult.success;
  const failed = result === CheckoutResult.failed;
  const slipIssued = success && awaitingKonbini;
  let title = t('paymentAborted');
  let note = t('paymentAbortedNote');
  if (slipIssued) {
    title = t('konbiniIssued');
    note = t('konbiniIssuedNote');
  } else if (success) {
    title = t('paymentDone');
    note = t('paymentDoneNote');
  }
  return (
    <Modal open={success || failed} title={title} onClose={onClose}>
      <p className={styles.modalLead}>{note}</p>
    </Modal>
  );
}
