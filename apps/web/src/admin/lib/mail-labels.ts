/** The outbox's mails as the console names them: メール一覧, 予約詳細's mails and its history. */
export const MAIL_STATUS_LABEL: Record<string, string> = {
  pending: '送信待ち',
  sending: '送信中',
  sent: '送信済み',
  failed: '送信失敗（再送停止）',
};
export const MAIL_KIND_LABEL: Record<string, string> = {
  request_received: 'リクエスト受付',
  booking_paid: '予約確定・決済完了',
  request_confirmed: 'リクエスト手配済み',
  request_declined: 'リクエストお断り',
  request_withdrawn: 'リクエスト取り消し（お客様）',
  cancellation: 'キャンセル',
  payment_refunded: '返金のお知らせ',
  booking_changed: '日時変更のお知らせ',
  change_failed: '日時変更をお受けできなかったお知らせ',
  day_stopped: '催行中止のお知らせ',
  waitlist_joined: 'キャンセル待ち登録',
  waitlist_offered: 'キャンセル待ちのご案内（お席確保）',
  day_before: '前日案内',
  rental_sheet: 'レンタル準備表（施設あて）',
};
