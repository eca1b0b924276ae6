/** DESIGN §7: the Japanese mails, plain text and polite. Each builder returns a mail ready for `enqueueMail`. */
import { AGE_CLASS_LABEL, type AgeClass } from '@tabi/contract/constants';
import { formatTokyoDateTime, formatYmd, type Ymd } from '@tabi/contract/dates';
import { formatJpy } from '@tabi/contract/format';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bookingOrigin } from '../../http/origin.ts';
import type { OutgoingMail } from './outbox.ts';
import { findBookingForMail } from './repository.ts';

export const MailKind = {
  requestReceived: 'request_received',
  bookingPaid: 'booking_paid',
  requestConfirmed: 'request_confirmed',
  requestDeclined: 'request_declined',
  cancellation: 'cancellation',
  paymentRefunded: 'payment_refunded',
} as const;
export type MailKind = (typeof MailKind)[keyof typeof MailKind];

export interface MailBookingLine {
  webname: string;
  /** YYYYMMDD (or YYYY-MM-DD as stored). */
  usedate: string;
  adultqty: number;
  middleqty: number;
  childqty: number;
  infantqty: number;
}

/** What every mail needs to know about a booking; load it with `loadMailBooking`. */
export interface MailBooking {
  rsvno: string;
  sei: string;
  mei: string;
  mail: string;
  amountjp: number;
  paymentDeadline: Date | null;
  lines: MailBookingLine[];
  /** The site's login page: PUBLIC_URL's, or the origin the booking was made on (issue 14.1). */
  loginUrl: string;
}

export async function loadMailBooking(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl' | 'publicUrlFixed'>,
  rsvno: string,
): Promise<MailBooking | undefined> {
  const found = await findBookingForMail(db, rsvno);
  if (!found) return undefined;
  const { origin, ...booking } = found;
  return { ...booking, loginUrl: `${bookingOrigin(config, origin)}/login` };
}

const SIGNATURE = [
  '――――――――――――――――――――',
  'さくらトラベル オプション予約係',
  '※このメールは送信専用です。ご返信いただいてもお答えできませんのでご了承ください。',
].join('\n');

function party(line: MailBookingLine): string {
  const counts: [AgeClass, number][] = [
    ['adult', line.adultqty],
    ['middle', line.middleqty],
    ['child', line.childqty],
    ['infant', line.infantqty],
  ];
  return counts
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${AGE_CLASS_LABEL[c]}${n}名`)
    .join('、');
}

function summary(b: MailBooking): string {
  const lines = b.lines.flatMap((line) => [
    `商品名　　：${line.webname}`,
    `ご利用日　：${formatYmd(line.usedate as Ymd)}`,
    `ご利用人数：${party(line)}`,
  ]);
  return ['■ご予約内容', `予約番号　：${b.rsvno}`, ...lines, `お支払金額：${formatJpy(b.amountjp)}（税込）`].join('\n');
}

function myPageGuide(b: MailBooking): string {
  return [
    'ご予約内容はマイページでご確認いただけます。',
    '予約番号とお申し込み時の電話番号でログインしてください。',
    b.loginUrl,
  ].join('\n');
}

function compose(kind: MailKind, b: MailBooking, subject: string, paragraphs: string[]): OutgoingMail {
  const body = [`${b.sei} ${b.mei} 様`, '', ...paragraphs.flatMap((p) => [p, '']), SIGNATURE, ''].join('\n');
  return { kind, rsvno: b.rsvno, to: b.mail, subject: `【さくらトラベル】${subject}（予約番号：${b.rsvno}）`, body };
}

export function requestReceivedMail(b: MailBooking): OutgoingMail {
  return compose(MailKind.requestReceived, b, 'リクエストを受け付けました', [
    'このたびはお申し込みいただき、誠にありがとうございます。\n以下の内容でリクエストを受け付けました。',
    summary(b),
    '現時点ではご予約は確定しておりません。\n手配の可否を確認のうえ、担当者より改めてメールでご連絡いたします。\nお支払いは手配確定後のご案内に従ってお手続きください。',
    myPageGuide(b),
  ]);
}

export function bookingPaidMail(b: MailBooking): OutgoingMail {
  return compose(MailKind.bookingPaid, b, 'ご予約とお支払いが完了しました', [
    'このたびはご予約いただき、誠にありがとうございます。\nお支払いを確認し、以下の内容でご予約が確定しました。',
    summary(b),
    myPageGuide(b),
    '当日はお気をつけてお出かけください。',
  ]);
}

export function requestConfirmedMail(b: MailBooking): OutgoingMail {
  const deadline = b.paymentDeadline ? formatTokyoDateTime(b.paymentDeadline) : '';
  return compose(MailKind.requestConfirmed, b, 'リクエストの手配が完了しました', [
    'お待たせいたしました。\nお申し込みいただいたリクエストの手配が完了しました。',
    summary(b),
    `■お支払い期限\n${deadline}\n期限までにマイページからカードでお支払いください。\n期限を過ぎますとご予約は自動的に取り消しとなりますので、あらかじめご了承ください。`,
    myPageGuide(b),
  ]);
}

export function requestDeclinedMail(b: MailBooking): OutgoingMail {
  return compose(MailKind.requestDeclined, b, 'リクエストの手配ができませんでした', [
    'このたびはお申し込みいただき、誠にありがとうございます。\n誠に申し訳ございませんが、ご希望の内容で手配することができませんでした。',
    summary(b),
    'お支払いは発生しておりません。\nまたのご利用を心よりお待ちしております。',
    myPageGuide(b),
  ]);
}

export function cancellationMail(b: MailBooking, fee: number, refund: number): OutgoingMail {
  const money =
    refund > 0
      ? `ご返金額は、ご利用のカード会社を通じて返金いたします。\n返金の反映時期はカード会社により異なります。`
      : 'ご返金はございません。';
  return compose(MailKind.cancellation, b, 'キャンセルを承りました', [
    '以下のご予約のキャンセルを承りました。',
    summary(b),
    `■キャンセル料金\nキャンセル料：${formatJpy(fee)}\nご返金額　　：${formatJpy(refund)}`,
    money,
    myPageGuide(b),
    'またのご利用を心よりお待ちしております。',
  ]);
}

/**
 * A payment that could not be kept was refunded in full: a second payment of a booking already paid, or a
 * payment that arrived after the booking had lapsed and its seats were gone. The booking itself says which.
 */
export function paymentRefundedMail(b: MailBooking, amount: number, reason: 'duplicate' | 'late'): OutgoingMail {
  const why =
    reason === 'duplicate'
      ? 'このご予約のお支払いはすでに完了しておりましたため、重ねてお支払いいただいた分を全額返金いたしました。\nご予約は引き続き有効です。'
      : 'お支払いの確認がお支払い期限を過ぎた後となり、ご予約の座席を確保できなかったため、お支払いいただいた金額を全額返金いたしました。\n誠に申し訳ございませんが、このご予約は取り消しとなっております。';
  return compose(MailKind.paymentRefunded, b, 'お支払いを返金しました', [
    why,
    summary(b),
    `■ご返金額\n${formatJpy(amount)}`,
    'ご返金は、ご利用のカード会社を通じて行われます。反映時期はカード会社により異なります。',
    myPageGuide(b),
  ]);
}
