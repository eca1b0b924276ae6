/** キャンセル by staff: the fee the policy gives, or another with its reason, and the refund it leaves. */
import { FEE_REASON_MAX, type StaffCancelRequest, staffCancelRequest } from '@tabi/contract/admin-bookings';
import { tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/form/field.tsx';
import { errorText } from '../../lib/admin-api.ts';
import { bookingActions, useConsoleAction } from '../../lib/booking-api.ts';
import { yen } from '../../lib/format.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { useSchemaForm } from '../schema-form.tsx';

import { type DialogProps, Effect, seatsOf } from './shared.tsx';

const FEE_PATTERN = /^\d{1,9}$/;
const FEE_INVALID = '0円以上の整数で入力してください。';

/** A fee typed as the clerk may type it: full-width digits and thousands separators read. */
const typedFee = (text: string) => text.normalize('NFKC').replace(/[,，]/g, '').trim();

/**
 * The cancellation form: a fee of one's own (特例) needs a whole number of yen and a reason; what it sends is the
 * contract's staffCancelRequest (the refund the clerk was shown is added when it is sent).
 */
const cancelForm = z
  .object({ override: z.boolean(), fee: z.string(), reason: z.string() })
  .superRefine((v, ctx) => {
    if (!v.override) return;
    if (!FEE_PATTERN.test(typedFee(v.fee))) ctx.addIssue({ code: 'custom', path: ['fee'], message: FEE_INVALID });
    if (v.reason.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: Msg.feeOverrideReasonRequired });
    }
  })
  .transform((v) => (v.override ? { feeOverride: { amount: Number(typedFee(v.fee)), reason: v.reason } } : {}))
  .pipe(staffCancelRequest);
type CancelFormValues = z.input<typeof cancelForm>;
type CancelBody = z.output<typeof cancelForm>;
const NO_OVERRIDE: CancelFormValues = { override: false, fee: '', reason: '' };

export function CancelDialog({ detail, open, onClose, onDone }: DialogProps) {
  const rsvno = detail.booking.rsvno;
  const action = useConsoleAction(
    (body: StaffCancelRequest) => bookingActions.cancel(rsvno, body),
    (r) => onDone(`キャンセルしました。キャンセル料 ${yen(r.cancelfee)}、返金 ${yen(r.refund)}。`),
  );
  const cancel = useSchemaForm(cancelForm, {
    defaultValues: NO_OVERRIDE,
    mode: 'onChange',
    // Sent with the refund the clerk was shown (the quote below, as it is when the form is submitted).
    onSubmit: (body: CancelBody) => {
      if (quote.data) action.mutate({ ...body, expectedRefund: quote.data.refund });
    },
  });
  const { form } = cancel;
  const { errors } = form.formState;
  const [override, fee] = useWatch({ control: form.control, name: ['override', 'fee'] });
  const feeValid = FEE_PATTERN.test(typedFee(fee));
  const feeAmount = override && feeValid ? Number(typedFee(fee)) : undefined;
  // Not while the cancellation is on its way or done: the refresh every action ends with would ask for a quote of a
  // booking already canceled (refused, 409) while the dialog is still closing.
  const quoting = open && !action.isPending && !action.isSuccess;
  const quote = useQuery({
    queryKey: ['admin', 'booking', rsvno, 'cancel-quote', feeAmount ?? null],
    queryFn: () => bookingActions.cancelQuote(rsvno, feeAmount === undefined ? {} : { fee: feeAmount }),
    enabled: quoting,
    retry: false,
    staleTime: 0,
  });
  const policy = useQuery({
    queryKey: ['admin', 'booking', rsvno, 'cancel-quote', null],
    queryFn: () => bookingActions.cancelQuote(rsvno, {}),
    enabled: quoting,
    retry: false,
  });
  // What was paid does not depend on the fee typed: shown even while that fee is refused.
  const paid = (quote.data ?? policy.data)?.paid;
  const feeMissing = override && !feeValid;
  const close = () => {
    cancel.reset(NO_OVERRIDE);
    onClose();
  };
  return (
    <ActionDialog
      open={open}
      title="お客様に代わってキャンセル"
      onClose={close}
      onSubmit={() => void cancel.submit()}
      submitLabel="キャンセルを確定する"
      returnFocus="heading"
      danger
      wide
      action={action}
      disabled={!quote.data || quote.isFetching}
      error={quote.error ? errorText(quote.error) : null}
    >
      <p>
        予約 {rsvno}{' '}
        {paid === 0
          ? 'をキャンセルし、お客様にキャンセルのメールを送ります（お支払いがないため返金はありません）。この操作は取り消せません。'
          : 'をキャンセルし、決済代行会社を通じて返金し、お客様にキャンセルのメールを送ります。この操作は取り消せません。'}
      </p>
      <Effect
        rows={[
          ['ご予約金額', yen(detail.booking.amountjp)],
          ['お支払い済み', paid === undefined ? '…' : yen(paid)],
          ['規定のキャンセル料', policy.data ? yen(policy.data.cancelfee) : '…'],
          // While a fee of one's own is not a number yet, its effect is not shown as the policy's.
          ['適用するキャンセル料', feeMissing ? '—' : quote.data ? yen(quote.data.cancelfee) : '…'],
          ['返金額', feeMissing ? '—' : quote.data ? yen(quote.data.refund) : '…'],
          [
            '在庫に戻す座席',
            // Staff may cancel on or after the day (a no-show): its seats go back to a day no longer sold.
            detail.booking.fromdate < tokyoYmd(new Date())
              ? `${seatsOf(detail)}（利用日を過ぎているため、販売には影響しません）`
              : seatsOf(detail),
          ],
        ]}
      />
      {paid === 0 ? (
        <p className="adm-muted">お支払いのないご予約のため、キャンセル料はかかりません。</p>
      ) : (
        <label className="adm-check">
          <input
            type="checkbox"
            {...form.register('override', {
              onChange: (e: ChangeEvent<HTMLInputElement>) => {
                if (e.target.checked && form.getValues('fee') === '' && policy.data) {
                  form.setValue('fee', String(policy.data.cancelfee));
                }
              },
            })}
          />
          キャンセル料を変更する（特例）
        </label>
      )}
      {override && (
        <div className="adm-override">
          <Field label="キャンセル料（円）" error={errors.fee?.message}>
            {(c) => <input {...c} inputMode="numeric" {...form.register('fee')} />}
          </Field>
          <Field
            label="変更の理由"
            required
            hint="履歴に残ります（お客様には表示されません）。お客様へのメールには「キャンセル料は、当社の判断により設定いたしました。」と記載されます。"
            error={errors.reason?.message}
          >
            {(c) => <textarea {...c} rows={2} maxLength={FEE_REASON_MAX} {...form.register('reason')} />}
          </Field>
        </div>
      )}
    </ActionDialog>
  );
}
