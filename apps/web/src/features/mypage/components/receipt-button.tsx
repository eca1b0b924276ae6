import { zodResolver } from '@hookform/resolvers/zod';
import { ADDRESSEE_MAX, type ReceiptStatus, receiptFileName } from '@tabi/contract/receipt';
import { type AddresseeForm, addresseeForm } from '@tabi/contract/receipt-font';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { bookingQueryOptions } from '../api/get-booking.ts';
import { receiptsQueryKey, useIssueReceipt, useReceipts } from '../api/receipts.ts';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './receipt.module.css';

/**
 * 領収書 on my page once the booking is paid (and, after a cancellation with a fee, the fee's own).
 * The first time a dialog asks for the 宛名 (it cannot be changed later); after that the same dialog shows the
 * stored one and issues a 再発行. The PDF is saved (a phone's browser offers to open it).
 */
export function ReceiptButtons() {
  const t = useMypageMessages();
  const rsvno = useAuthStore((s) => s.rsvno) ?? '';
  // The page's query already holds the booking: no second fetch for it.
  const { data: booking } = useQuery({ ...bookingQueryOptions(rsvno), enabled: Boolean(rsvno), refetchOnMount: false });
  const state = booking ? booking.state : null;
  const eligible = state === 'paid' || (state === 'canceled' && (booking?.cancelfee ?? 0) > 0);
  const receipts = useReceipts(rsvno, eligible);
  const [open, setOpen] = useState<ReceiptStatus | null>(null);
  const [saved, setSaved] = useState('');
  const trigger = useRef<HTMLButtonElement | null>(null);

  if (!eligible || !receipts.data || receipts.data.receipts.length === 0) return null;

  function close(done?: string) {
    setOpen(null);
    if (done) setSaved(done);
  }

  return (
    <>
      {receipts.data.receipts.map((receipt) => (
        <button
          key={receipt.kind}
          type="button"
          className="btn btn-outline btn-block"
          aria-haspopup="dialog"
          onClick={(event) => {
            trigger.current = event.currentTarget;
            setSaved('');
            setOpen(receipt);
          }}
        >
          {receipt.kind === 'payment' ? t('receiptButton') : t('feeReceiptButton')}
        </button>
      ))}
      <p className={styles.saved} aria-live="polite" data-testid="receipt-saved">
        {saved}
      </p>
      {open && <ReceiptDialog rsvno={rsvno} receipt={open} onClose={close} opener={trigger} />}
    </>
  );
}

function ReceiptDialog({
  rsvno,
  receipt,
  onClose,
  opener,
}: {
  rsvno: string;
  receipt: ReceiptStatus;
  /** The button that opened it: the focus goes back there. */
  opener: RefObject<HTMLButtonElement | null>;
  /** With the message to say once the PDF was saved. */
  onClose(done?: string): void;
}) {
  const t = useMypageMessages();
  const format = useFormat();
  const formId = useId();
  const queryClient = useQueryClient();
  const issue = useIssueReceipt();
  const { register, handleSubmit, formState } = useForm<AddresseeForm>({
    resolver: zodResolver(addresseeForm),
    defaultValues: { addressee: '' },
  });
  const refusal = issue.isPending ? null : failureMessage(issue.error);
  const reissue = receipt.issued;

  async function download(addressee?: string) {
    if (issue.isPending) return;
    let pdf: Blob;
    try {
      pdf = await issue.mutateAsync({ rsvno, kind: receipt.kind, ...(addressee ? { addressee } : {}) });
    } catch {
      // Said from the mutation's error below (network, token and session failures were alerted already).
      return;
    }
    saveFile(pdf, receiptFileName(rsvno, receipt.kind));
    // The next issue is a 再発行: the list says so before the dialog opens again.
    await queryClient.invalidateQueries({ queryKey: receiptsQueryKey(rsvno) });
    onClose(reissue ? t('receiptReissueSaved') : t('receiptSaved'));
  }

  const submit = reissue
    ? (event: FormEvent) => {
        event.preventDefault();
        void download();
      }
    : handleSubmit((values) => download(values.addressee));

  return (
    <Modal
      open
      title={reissue ? t('receiptReissue') : t('receiptIssue')}
      onClose={() => onClose()}
      returnFocusTo={opener}
      footer={
        <button
          type="submit"
          form={formId}
          className="btn btn-primary"
          disabled={issue.isPending}
          aria-busy={issue.isPending}
        >
          {reissue ? t('reissueAndDownload') : t('issueAndDownload')}
        </button>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.form}>
        <dl className={`info-list ${styles.facts}`}>
          <div>
            <dt>{t('receiptFor')}</dt>
            <dd>{t('receiptForKind', { kind: t(`receiptKinds.${receipt.kind}`) })}</dd>
          </div>
          <div>
            <dt>{t('receiptAmount')}</dt>
            <dd>
              {format.yen(receipt.amount)}
              {receipt.kind === 'payment' ? t('taxed') : t('untaxed')}
            </dd>
          </div>
          {reissue && (
            <div>
              <dt>{t('addressee')}</dt>
              <dd data-testid="receipt-addressee">{t('addresseeHonorific', { name: receipt.addressee ?? '' })}</dd>
            </div>
          )}
        </dl>
        {reissue ? (
          <p className="hint">{t('issuedBefore', { n: receipt.issueCount })}</p>
        ) : (
          <Field
            label={t('addressee')}
            required
            error={formState.errors.addressee?.message}
            hint={t('addresseeHint', { max: ADDRESSEE_MAX })}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                {...register('addressee')}
                maxLength={ADDRESSEE_MAX * 2}
                autoComplete="organization"
                placeholder={t('addresseePlaceholder')}
              />
            )}
          </Field>
        )}
        {refusal && (
          <p className="error-text" role="alert">
            {refusal}
          </p>
        )}
      </form>
    </Modal>
  );
}
