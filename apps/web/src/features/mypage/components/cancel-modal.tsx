import { useEffect, useId, useState } from 'react';
import { Choice } from '../../../components/form/field.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { showAlert } from '../../../lib/alert.ts';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { useCancelPrice } from '../api/get-cancel-price.ts';
import { useMypageMessages } from '../lib/messages.ts';
import { BookingDialog } from './booking-dialog.tsx';
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
  const t = useMypageMessages();
  const format = useFormat();
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
      showAlert(t('cancelDone'));
    } catch (error) {
      // SPEC §8: a refusal alerts its code and message; network, token and session were already alerted.
      if (error instanceof ApiError && failureMessage(error) !== null) showAlert(`${error.errcd} ${error.errMsg}`);
    }
    onDone();
  }

  return (
    <BookingDialog
      open={open}
      title={t('cancelTitle')}
      lead={t('cancelLead')}
      confirmLabel={t('cancelConfirm')}
      danger
      disabled={!quote || !agreed || cancel.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {quote ? (
        <dl className={styles.cancelPrice}>
          <div>
            <dt>{t('cancelFee')}</dt>
            <dd data-testid="cancel-fee">{format.yen(quote.cancelfee)}</dd>
          </div>
          <div>
            <dt>{t('cancelRefund')}</dt>
            <dd data-testid="cancel-refund">{format.yen(quote.refund)}</dd>
          </div>
        </dl>
      ) : (
        <p className="hint" aria-live="polite">
          {t('cancelCalculating')}
        </p>
      )}
      {quote && quote.refund > 0 && <p className="hint">{t('cancelRefundNote')}</p>}
      <Choice
        look="consent"
        className={styles.consent}
        label={t('cancelConsent')}
        input={{ id: consentId, checked: agreed, onChange: (e) => setAgreed(e.currentTarget.checked), required: true }}
      />
    </BookingDialog>
  );
}
