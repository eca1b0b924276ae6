/** メール再送: a mail of the booking sent again, with what the customer will be told. */
import type { AdminMail } from '@tabi/contract/admin-bookings';
import { bookingActions, useBookingDetail, useConsoleAction } from '../../lib/booking-api.ts';
import { ActionDialog } from '../action-dialog.tsx';

import { Effect } from './shared.tsx';

interface ResendProps {
  rsvno: string;
  mail: Pick<AdminMail, 'id' | 'subject' | 'to' | 'kind'> | null;
  open: boolean;
  onClose(): void;
  onDone(message: string): void;
}

/** What each mail tells the customer, as the resend dialog says it. */
export const MAIL_CLAIM: Record<string, string> = {
  request_received: 'リクエストを受け付けたこと（予約は未確定）',
  booking_paid: 'ご予約とお支払いが完了し、予約が確定したこと',
  request_confirmed: 'リクエストの手配が完了し、期限までにお支払いいただくこと',
  request_declined: 'リクエストの手配ができなかったこと',
  request_withdrawn: 'お客様のご依頼でリクエストを取り消したこと',
  cancellation: 'キャンセルを承ったこと（キャンセル料と返金額）',
  payment_refunded: 'お支払いを返金したこと',
  day_before: '明日のご利用の集合場所・時間と当日のご案内',
};
/** Mails that tell the customer the booking stands: misleading once it is canceled. */
const LIVE_BOOKING_MAILS = new Set(['request_received', 'booking_paid', 'request_confirmed', 'day_before']);

/**
 * Resend one of a booking's mails (予約詳細 and the mail list); mails without a booking cannot be resent. The
 * dialog says what the mail tells the customer and the booking's state now, and warns when the two disagree (a
 * 「ご予約とお支払いが完了しました」 of a booking since canceled). The server queues one copy however often it is
 * asked, and none while the mail still waits to be sent.
 */
export function ResendMailDialog({ rsvno, mail, open, onClose, onDone }: ResendProps) {
  const booking = useBookingDetail(rsvno, open && mail !== null && rsvno !== '');
  const action = useConsoleAction(
    (sent: Pick<AdminMail, 'id' | 'subject'>) => bookingActions.resendMail(rsvno, { mailId: sent.id }),
    (_, sent) => onDone(`メール「${sent.subject}」を再送しました（送信キューに追加）。`),
  );
  const shown = booking.data?.booking;
  const canceled = shown?.state === 'canceled';
  const misleading = mail !== null && canceled && LIVE_BOOKING_MAILS.has(mail.kind);
  return (
    <ActionDialog
      open={open && mail !== null}
      title="メールを再送する"
      onClose={onClose}
      onSubmit={() => mail && action.mutate(mail)}
      submitLabel={misleading ? 'それでも再送する' : '再送する'}
      action={action}
      danger={misleading}
    >
      {mail && (
        <>
          <p>同じ内容のメールをもう一度送ります。予約の内容・金額・座席は変わりません。</p>
          <Effect
            rows={[
              ['予約番号', rsvno],
              ['件名', mail.subject],
              // The copy goes to the applicant's address as it is now (a corrected one).
              ['宛先', shown && shown.mail !== mail.to ? `${shown.mail}（元の宛先 ${mail.to} から訂正済み）` : mail.to],
              ['メールの内容', MAIL_CLAIM[mail.kind] ?? '—'],
              ['現在の予約状態', booking.data?.statusLabel ?? '…'],
              ['金額・座席', '変更なし'],
            ]}
          />
          {misleading && (
            <p className="adm-alert" role="alert">
              この予約は現在キャンセル済みです。このメールは、{MAIL_CLAIM[mail.kind]}
              をお知らせする内容です。再送すると、お客様が予約は有効だと誤解するおそれがあります。キャンセルをお知らせする場合は、キャンセルのメールを再送してください。
            </p>
          )}
        </>
      )}
    </ActionDialog>
  );
}

/** A participant as the dialog holds it: the request's member, the birthday as the date input shows it. */
