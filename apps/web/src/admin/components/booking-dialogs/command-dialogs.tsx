/** The actions of 予約詳細 that need no input: confirm or decline a request, reconcile the payments. */
import { bookingActions } from '../../lib/booking-api.ts';
import { tokyoDateTime, yen } from '../../lib/format.ts';

import { CommandDialog, type DialogProps, Effect, seatsOf } from './shared.tsx';

export function ConfirmRequestDialog(props: DialogProps) {
  const { detail } = props;
  return (
    <CommandDialog
      {...props}
      run={bookingActions.confirm}
      done={(r) => `リクエストを確定しました。お支払い期限：${tokyoDateTime(r.paymentDeadline)}`}
      title="リクエストを確定（手配済みにする）"
      submitLabel="確定する"
      returnFocus="heading"
    >
      <p>
        予約 {detail.booking.rsvno}{' '}
        {'を「仮予約（手配済）」にし、お客様に手配完了のメールを送ります。' +
          'お客様はお支払い期限（72時間後、ただし利用日の前日まで）までマイページから決済できます。'}
      </p>
      <Effect
        rows={[
          ['お支払いいただく金額', yen(detail.booking.amountjp)],
          ['座席', `${seatsOf(detail)}（確保したまま）`],
        ]}
      />
    </CommandDialog>
  );
}

export function DeclineRequestDialog(props: DialogProps) {
  const { detail } = props;
  return (
    <CommandDialog
      {...props}
      run={bookingActions.decline}
      done={() => 'リクエストをお断りしました（キャンセル済み）。'}
      title="リクエストをお断りする"
      submitLabel="お断りする"
      returnFocus="heading"
      danger
    >
      <p>予約 {detail.booking.rsvno} をキャンセルし、お客様にお断りのメールを送ります。この操作は取り消せません。</p>
      <Effect
        rows={[
          ['お客様のお支払い', `${yen(0)}（未決済のため返金なし）`],
          ['在庫に戻す座席', seatsOf(detail)],
        ]}
      />
    </CommandDialog>
  );
}

export function ReconcileDialog(props: DialogProps) {
  const { detail } = props;
  const pending = detail.providerCalls.filter((c) => c.state === 'begun' || c.state === 'open' || c.stuck);
  const refunds = pending.filter((c) => c.kind === 'refund').reduce((sum, c) => sum + c.amount, 0);
  return (
    <CommandDialog
      {...props}
      run={bookingActions.reconcile}
      done={(r) =>
        `照合しました：返金 ${r.refundsSent}件、決済の反映 ${r.paymentsFulfilled}件、キャンセル確定 ${r.cancellationsFinished}件` +
        (r.refundsFailed > 0 || r.errors.length > 0 ? `、失敗 ${r.refundsFailed + r.errors.length}件` : '') +
        '。'
      }
      title="今すぐ照合"
      submitLabel="照合する"
    >
      <p>
        {'この予約の未完了の決済処理を、決済代行会社の記録に照らして今すぐ完了させます（通常は1分ごとに自動で行われます）。' +
          '支払われた決済は予約に反映し、未送信の返金は同じ内容で送り直し、返金が揃ったキャンセルを確定します。'}
      </p>
      <Effect
        rows={[
          ['未完了の処理', `${pending.length}件`],
          ['送信待ちの返金', yen(refunds)],
          [
            '座席',
            detail.canceledAt && detail.booking.state !== 'canceled'
              ? `キャンセル確定で${seatsOf(detail)}を戻す`
              : '変更なし',
          ],
        ]}
      />
    </CommandDialog>
  );
}
