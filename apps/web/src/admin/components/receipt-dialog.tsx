/**
 * 予約詳細's 領収書 (ADR 0163): the booking's receipt (the travel price once paid, or the fee after a
 * cancellation with one), issued with the 宛名 the clerk enters when none was issued yet, else reissued with the
 * stored one and marked 再発行. The PDF is saved; the issue is in the history with the staff member as actor.
 */
import { RECEIPT_KIND_LABEL, type ReceiptStatus, receiptFileName } from '@tabi/contract/receipt';
import { printableAddressee as addresseeSchema } from '@tabi/contract/receipt-font';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../components/form/field.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { tokyoDateTime, yen } from '../lib/format.ts';
import { issueStaffReceipt, useStaffReceipts } from '../lib/receipt-api.ts';
import { ActionDialog } from './action-dialog.tsx';
import { Facts } from './page.tsx';

/** The toolbar's 領収書 button and its dialog; nothing while the booking has no receipt to issue. */
export function ReceiptAction({ rsvno, onDone }: { rsvno: string; onDone(message: string): void }) {
  const receipts = useStaffReceipts(rsvno);
  const [open, setOpen] = useState(false);
  const receipt = receipts.data?.receipts[0];
  if (!receipt) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {receipt.issued ? '領収書を再発行' : '領収書を発行'}
      </button>
      <ReceiptDialog
        rsvno={rsvno}
        receipt={receipt}
        open={open}
        onClose={() => setOpen(false)}
        onDone={(message) => {
          setOpen(false);
          onDone(message);
        }}
      />
    </>
  );
}

function ReceiptDialog({
  rsvno,
  receipt,
  open,
  onClose,
  onDone,
}: {
  rsvno: string;
  receipt: ReceiptStatus;
  open: boolean;
  onClose(): void;
  onDone(message: string): void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const checked = addresseeSchema.safeParse(name);
  const problem = receipt.issued || checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const action = useMutation<Blob, ApiError>({
    mutationFn: () =>
      issueStaffReceipt(rsvno, {
        kind: receipt.kind,
        ...(receipt.issued || !checked.success ? {} : { addressee: checked.data }),
      }),
    onSuccess: async (pdf) => {
      saveFile(pdf, receiptFileName(rsvno, receipt.kind));
      setName('');
      setTouched(false);
      onDone(
        receipt.issued
          ? '領収書を再発行しました（PDFをダウンロード）。'
          : '領収書を発行しました（PDFをダウンロード）。',
      );
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const rows: [string, string][] = [
    ['種類', `${RECEIPT_KIND_LABEL[receipt.kind]}（但し ${RECEIPT_KIND_LABEL[receipt.kind]}として）`],
    ['金額', `${yen(receipt.amount)}${receipt.kind === 'payment' ? '（税込・10%対象）' : '（不課税）'}`],
  ];
  if (receipt.issued) {
    rows.push(
      ['宛名', `${receipt.addressee ?? ''} 様`],
      ['発行', `${receipt.issueCount}回（最終 ${receipt.lastIssuedAt ? tokyoDateTime(receipt.lastIssuedAt) : '—'}）`],
    );
  }
  return (
    <ActionDialog
      open={open}
      title={receipt.issued ? '領収書の再発行' : '領収書の発行'}
      submitLabel={receipt.issued ? '再発行してダウンロード' : '発行してダウンロード'}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (problem === null) action.mutate();
      }}
      action={action}
    >
      <p>
        {receipt.issued
          ? '発行済みの領収書を、同じ宛名で「再発行」と記載して発行します（宛名は変更できません）。'
          : 'お客様のご依頼の宛名で領収書を発行します。発行後は宛名を変更できず、2回目以降は「再発行」と記載されます。'}
      </p>
      <Facts rows={rows} className="adm-effect" />
      {!receipt.issued && (
        <Field
          label="宛名"
          required
          error={touched ? (problem ?? undefined) : undefined}
          hint="会社名またはお名前（60文字以内）"
        >
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setTouched(true)}
              autoComplete="off"
            />
          )}
        </Field>
      )}
    </ActionDialog>
  );
}
