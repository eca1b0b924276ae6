import { CheckoutResult } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { Modal } from '../../../components/modal.tsx';
import styles from './mypage.module.css';

/** SPEC §2: back from the payment page, checkout-processing 0 or 1 says how it went. */
export function PaymentResultModal({ result, onClose }: { result: string | null; onClose(): void }) {
  const success = result === CheckoutResult.success;
  const failed = result === CheckoutResult.failed;
  return (
    <Modal open={success || failed} title={success ? Msg.paymentDone : Msg.paymentAborted} onClose={onClose}>
      <p className={styles.modalLead}>
        {success
          ? 'お支払いを受け付けました。ご予約内容はこのページでいつでもご確認いただけます。'
          : 'お支払いは完了していません。お支払い期限までに、このページのお支払いボタンからあらためてお手続きください。'}
      </p>
    </Modal>
  );
}
