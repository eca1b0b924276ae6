/** Texts of キャンセル待ち (ADR 0167): the block under the calendar, its dialog and the mail link's panel. */

import { formatMonthDayJa, ymdToLocalDate } from '@tabi/contract/dates';
import { WaitlistMsg } from '@tabi/contract/waitlist-messages';
import { defineMessages } from '../../../i18n/messages.ts';

export const waitlistJa = {
  title: 'キャンセル待ち',
  soldOutTitle: '満席の日のキャンセル待ち',
  soldOutText: '満席の日は、キャンセル待ちにご登録いただけます。空きが出ましたらご登録順にメールでお知らせします。',
  join: 'キャンセル待ちに登録',
  submit: '登録する',
  joined: WaitlistMsg.joined,
  joinedDetail: (day: string, party: number) =>
    `${day}・${party}名でキャンセル待ちを承りました。お席に空きが出ましたら、ご登録順にメールでご案内します。`,
  joinLead: '満席の日にキャンセルなどで空きが出ましたら、ご登録順にメールでお知らせし、お席を一定時間確保します。',
  day: 'ご希望の日付',
  /** A sold-out day in the dialog: 11月23日(月). */
  dayLabel: (day: string) => formatMonthDayJa(ymdToLocalDate(day)),
  party: '人数',
  partyHint: 'ご一緒に参加される方を含めた人数です。',
  people: (n: number) => `${n}名`,
  mail: 'メールアドレス',
  rateLimited: WaitlistMsg.rateLimited,
  offerTitle: 'キャンセル待ちのお席をご用意しました',
  offerHeldBefore: (day: string) => `${day}のお席を`,
  offerHeld: (n: number) => `${n}名分`,
  offerHeldMiddle: '、',
  offerHeldAfter: 'まで確保しています。期限までにお申し込み手続きを完了してください。',
  book: '人数を選んで申し込む',
  decline: '辞退する',
  waitingTitle: 'キャンセル待ちに登録中です',
  waitingText: (day: string, party: number) =>
    `${day}・${party}名でお待ちいただいています。お席に空きが出ましたら、ご登録順にメールでご案内します。`,
  leave: 'キャンセル待ちを取り消す',
  left: WaitlistMsg.left,
  alreadyEnded: WaitlistMsg.alreadyEnded,
  tokenUnknown: WaitlistMsg.tokenUnknown,
  offerUsed: WaitlistMsg.offerUsed,
  offerExpired: WaitlistMsg.offerExpired,
  withdrawn: 'このキャンセル待ちは取り消されています。',
  panel: 'キャンセル待ちのご案内',
};

export const useWaitlistMessages = defineMessages('waitlist', waitlistJa);
