import { formatJpy } from '@tabi/contract/format';
import { Msg } from '@tabi/contract/messages';
import { useEffect, useId, useState } from 'react';
import { Choice } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { showAlert } from '../../../lib/alert.ts';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { useCancelPrice } from '../api/get-cancel-price.ts';
import styles from './mypage.module.css';

/**
 * SPEC §2/§8 cancellation: the fee and refund from cancelprice, a required consent checkbox, then
 * cancel with that refund; the result is alerted and the page reloads either way.
 */
export function CancelModal({
  rsvno,
  open,
  onClose,
  onDone,
}: {
  rsvno: string;
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const price = useCancelPrice(rsvno, open);
  const cancel = useCancelBooking();
  const [agreed, setAgreed] = useState(false);
  const consentId = useId();

  useEffect(() => {
    if (!open) setAgreed(false);
  }, [open]);

  const failure = failureMessage(price.error);
  useEffect(() => {
    if (open && failure !== null) {
      showAlert(failure);
      onClose();
    }
  }, [open, failure, onClose]);

  const quote = price.data ?? null;

  async function confirm() {
    if (!quote || !agreed) return;
    try {
      await cancel.mutateAsync({ rsvno, refund: quote.refund });
      showAlert(Msg.cancelDone);
    } catch (error) {
      // SPEC §8: a refusal alerts its code and message; network, token and session were already alerted.
      if (error instanceof ApiError && failureMessage(error) !== null) showAlert(`${error.errcd} ${error.errMsg}`);
    }
    onDone();
  }

  return (
    <Modal
      open={open}
      title="予約のキャンセル"
      onClose={onClose}
      footer={
        <button
          type="button"
          className={`btn ${styles.dangerButton}`}
          disabled={!quote || !agreed || cancel.isPending}
          onClick={confirm}
        >
          キャンセルを確定する
        </button>
      }
    >
      <p className={styles.modalLead}>この予約をキャンセルします。キャンセル料と返金額をご確認ください。</p>
      {quote ? (
        <dl className={styles.cancelPrice}>
          <div>
            <dt>キャンセル料</dt>
            <dd data-testid="cancel-fee">{formatJpy(quote.cancelfee)}</dd>
          </div>
          <div>
            <dt>返金額</dt>
            <dd data-testid="cancel-refund">{formatJpy(quote.refund)}</dd>
          </div>
        </dl>
      ) : (
        <p className="hint" aria-live="polite">
          キャンセル料を計算しています…
        </p>
      )}
      {quote && quote.refund > 0 && (
        <p className="hint">返金はご利用のクレジットカードへ行われます。反映までお時間がかかる場合があります。</p>
      )}
      <Choice
        look="consent"
        className={styles.consent}
        label="キャンセル規定とキャンセル料を確認し、キャンセルに同意します"
        input={{ id: consentId, checked: agreed, onChange: (e) => setAgreed(e.currentTarget.checked), required: true }}
      />
    </Modal>
  );
}
