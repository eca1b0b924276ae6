import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { showAlert } from '../../../lib/alert.ts';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { bookingQueryKey, bookingQueryOptions } from '../api/get-booking.ts';
import { useWithdrawRequest } from '../api/withdraw-request.ts';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';

/**
 * リクエストを取り消す, only while the request waits for its answer (and until its use date), behind a
 * confirmation dialog. Reads the logged-in booking from my page's own query; the result is alerted and the
 * booking fetched again either way (a refusal says why: answered meanwhile, or past the use date).
 */
export function WithdrawRequest() {
  const t = useMypageMessages();
  const rsvno = useAuthStore((s) => s.rsvno) ?? '';
  const queryClient = useQueryClient();
  // The page's query already holds the booking: no second fetch for this button.
  const { data: booking } = useQuery({ ...bookingQueryOptions(rsvno), enabled: Boolean(rsvno), refetchOnMount: false });
  const withdraw = useWithdrawRequest();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  if (!booking?.withdrawable) return null;

  async function confirm() {
    try {
      await withdraw.mutateAsync(rsvno);
      showAlert(t('requestWithdrawDone'));
    } catch (error) {
      // SPEC §8: a refusal alerts its code and message; network, token and session were already alerted.
      if (error instanceof ApiError && failureMessage(error) !== null) showAlert(`${error.errcd} ${error.errMsg}`);
    }
    setOpen(false);
    await queryClient.invalidateQueries({ queryKey: bookingQueryKey(rsvno) });
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={`btn btn-block ${styles.cancelButton}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {t('withdraw')}
      </button>
      <Modal
        open={open}
        title={t('withdrawTitle')}
        onClose={() => setOpen(false)}
        returnFocusTo={trigger}
        footer={
          <button
            type="button"
            className={`btn ${styles.dangerButton}`}
            disabled={withdraw.isPending}
            aria-busy={withdraw.isPending}
            onClick={confirm}
          >
            {t('withdrawConfirm')}
          </button>
        }
      >
        <p className={styles.modalLead}>{t('withdrawLead')}</p>
        <p className="hint">{t('withdrawNote')}</p>
      </Modal>
    </>
  );
}
