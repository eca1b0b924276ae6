/**
 * キャンセル待ち's limits and messages, apart from its schemas (waitlist.ts) so that a page showing them does not
 * carry zod (the detail page's block under the calendar).
 */

/** The most seats one entry waits for (a booking's participant list allows 50). */
export const WAITLIST_MAX_PARTY = 50;

export const WaitlistMsg = {
  mailRequired: 'メールアドレスを入力してください',
  mailInvalid: '有効なメールアドレスを入力してください',
  partyRequired: '人数を選択してください',
  partyRange: `人数は1〜${WAITLIST_MAX_PARTY}名で選択してください`,
  dayRequired: 'ご希望の日付を選択してください',
  joined: 'キャンセル待ちに登録しました。確認のメールをお送りしました。',
  /** The day is not sold out for this party: it can be booked now. */
  seatsLeft: 'ご指定の日付・人数はまだお席があります。そのままご予約ください。',
  dayNotWaitable: 'ご指定の日付はキャンセル待ちを受け付けておりません。',
  partyOutOfOption: (min: number, max: number) => `この商品の利用可能人数は${min}〜${max}名です。`,
  alreadyWaiting: 'このメールアドレスで同じ日付のキャンセル待ちにすでに登録されています。',
  rateLimited: 'お申し込みが短時間に集中しています。しばらく時間をおいてから再度お試しください。',
  tokenUnknown: 'キャンセル待ちの登録が見つかりません。メールのリンクをご確認ください。',
  offerExpired: 'お席の確保期限を過ぎたため、このご案内は無効になりました。',
  offerUsed: 'このご案内ではすでにご予約いただいています。',
  offerNotOffered: 'まだお席のご案内はありません。空きが出ましたらメールでお知らせします。',
  offerMismatch: 'ご案内した商品・日付と異なるため、お申し込みできません。',
  offerPartyTooLarge: (held: number) => `確保しているお席は${held}名分です。${held}名以内でお申し込みください。`,
  left: 'キャンセル待ちの登録を取り消しました。',
  alreadyEnded: 'このキャンセル待ちはすでに終了しています。',
} as const;
