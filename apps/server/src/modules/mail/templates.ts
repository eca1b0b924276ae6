/**
 * DESIGN §7: the Japanese mails, polite, each as a text and an HTML part (issue 14) with the itinerary, the
 * amount, the cancellation policy and its free-cancellation deadline, the way to my page, and for a paid
 * booking its .ics calendar file. Each builder returns a mail ready for `enqueueMail`.
 */

import { cancelPolicyLines, freeCancelUntil } from '@tabi/contract/cancel-policy';
import {
  AGE_CLASS_LABEL,
  type AgeClass,
  PaymentStatus,
  RENTAL_TYPE_LABEL,
  type RentalTypeCode,
} from '@tabi/contract/constants';
import { formatTokyoDateTime, formatYmd, tokyoYmd, type Ymd } from '@tabi/contract/dates';
import { DAY_STOP_REASON_MAIL, type DayStopReason } from '@tabi/contract/day-stop';
import { formatJpy } from '@tabi/contract/format';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CancelTier, MailAttachment } from '../../db/schema.ts';
import { bookingOrigin } from '../../http/origin.ts';
import { buildIcs } from './ics.ts';
import { type MailBlock, renderHtml, renderText } from './mail-render.ts';
import type { OutgoingMail } from './outbox.ts';
import { findBookingForMail, findStopOf } from './repository.ts';

export const MailKind = {
  requestReceived: 'request_received',
  bookingPaid: 'booking_paid',
  requestConfirmed: 'request_confirmed',
  requestDeclined: 'request_declined',
  requestWithdrawn: 'request_withdrawn',
  cancellation: 'cancellation',
  paymentRefunded: 'payment_refunded',
  dayStopped: 'day_stopped',
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
  /** Meeting place and time as the option gives them (null when it gives none). */
  meetpoint?: string | null;
  departurePoint?: string | null;
  departureTime?: string | null;
  arrivalPoint?: string | null;
  arrivalTime?: string | null;
  address?: string;
}

/** One participant's rental (ski/snowboard) choice and sizes. */
export interface MailRental {
  seq: number;
  sei: string | null;
  mei: string | null;
  model: string;
  bootsSize: string;
  wearSize: string;
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
  /** Paid (1) or not (0); a paid booking's mails carry its .ics file. */
  statusPayment?: number;
  rsvdate?: Date;
  /** The booking's own meeting point, when it has one. */
  meetpoint?: string | null;
  cancelPolicy?: CancelTier[];
  rentals?: MailRental[];
  /** A cancellation's fee was set by staff instead of the policy's (the cancellation mail says so). */
  feeSetByStaff?: boolean;
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

export const SIGNATURE = [
  '――――――――――――――――――――',
  'さくらトラベル オプション予約係',
  '※このメールは送信専用です。ご返信いただいてもお答えできませんのでご了承ください。',
].join('\n');

export function party(line: MailBookingLine): string {
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

export function ymdOf(usedate: string): Ymd {
  return usedate.replaceAll('-', '');
}

export function meetingPlace(b: MailBooking, line: MailBookingLine): string | null {
  return line.meetpoint?.trim() || b.meetpoint?.trim() || line.departurePoint?.trim() || null;
}

export function rentalText(r: MailRental): string {
  const parts = [
    r.model ? (RENTAL_TYPE_LABEL[r.model as RentalTypeCode] ?? r.model) : '',
    r.bootsSize ? `ブーツ ${r.bootsSize}cm` : '',
    r.wearSize ? `ウェア ${r.wearSize}` : '',
  ].filter(Boolean);
  const who = r.sei || r.mei ? `参加者${r.seq}（${[r.sei, r.mei].filter(Boolean).join(' ')}様）` : `参加者${r.seq}`;
  return `${who}：${parts.join('／') || 'なし'}`;
}

/** The itinerary: per option its date, meeting time and place and party; then rentals and the amount. */
function itinerary(b: MailBooking): MailBlock[] {
  const rows: [string, string][] = [['予約番号', b.rsvno]];
  for (const line of b.lines) {
    rows.push(['商品名', line.webname], ['ご利用日', formatYmd(ymdOf(line.usedate))]);
    if (line.departureTime?.trim()) rows.push(['集合時間', line.departureTime.trim()]);
    const place = meetingPlace(b, line);
    if (place) rows.push(['集合場所', place]);
    rows.push(['ご利用人数', party(line)]);
  }
  rows.push(['合計金額', `${formatJpy(b.amountjp)}（税込）`]);
  const blocks: MailBlock[] = [{ kind: 'facts', title: 'ご予約内容', rows }];
  const rentals = b.rentals ?? [];
  if (rentals.length > 0) blocks.push({ kind: 'list', title: 'レンタル（サイズ）', items: rentals.map(rentalText) });
  return blocks;
}

/** The policy the booking carries and the last free day, computed from it and the first use date. */
function cancellationPolicy(b: MailBooking): MailBlock[] {
  const policy = b.cancelPolicy ?? [];
  const first = b.lines.map((l) => ymdOf(l.usedate)).sort()[0];
  if (policy.length === 0 || !first) return [];
  // A booking made after its last free day never had one: the line would only mislead.
  const booked = b.rsvdate ? tokyoYmd(b.rsvdate) : null;
  const free = freeCancelUntil(policy, first);
  const until = free && (booked === null || free >= booked) ? free : null;
  const items = [
    ...(until ? [`無料キャンセル期限：${formatYmd(until)}まで`] : []),
    ...cancelPolicyLines(policy).map((l) => (l.startsWith('旅行開始後') ? l : `ご利用日の${l}`)),
  ];
  return [{ kind: 'list', title: 'キャンセル規定', items }];
}

function summary(b: MailBooking): MailBlock[] {
  return [...itinerary(b), ...cancellationPolicy(b)];
}

export function myPageGuide(b: MailBooking): MailBlock {
  return {
    kind: 'link',
    text: 'ご予約内容はマイページでご確認いただけます。\n予約番号とお申し込み時の電話番号でログインしてください。',
    label: 'マイページでご予約を確認する',
    url: b.loginUrl,
  };
}

/** A paid booking's days as a calendar file. */
export function calendarFile(b: MailBooking): MailAttachment {
  const events = b.lines.map((line, i) => {
    const place = meetingPlace(b, line);
    return {
      uid: `${b.rsvno}-${i + 1}@sakura-travel`,
      day: ymdOf(line.usedate),
      start: line.departureTime ?? null,
      end: line.arrivalTime ?? null,
      summary: line.webname,
      location: place ?? (line.address?.trim() || null),
      description: `予約番号：${b.rsvno}\nご利用人数：${party(line)}\nマイページ：${b.loginUrl}`,
    };
  });
  return {
    filename: `booking-${b.rsvno}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: buildIcs(events, b.rsvdate ?? new Date(0)),
  };
}

function isPaid(b: MailBooking): boolean {
  return b.statusPayment === PaymentStatus.completed;
}

type Paragraph = string | MailBlock | MailBlock[];

function compose(kind: MailKind, b: MailBooking, title: string, paragraphs: Paragraph[]): OutgoingMail {
  const blocks = paragraphs.flatMap((p): MailBlock[] =>
    typeof p === 'string' ? [{ kind: 'paragraph', text: p }] : Array.isArray(p) ? p : [p],
  );
  const greeting = `${b.sei} ${b.mei} 様`;
  const subject = `【さくらトラベル】${title}（予約番号：${b.rsvno}）`;
  return {
    kind,
    rsvno: b.rsvno,
    to: b.mail,
    subject,
    body: renderText(greeting, blocks, SIGNATURE),
    html: renderHtml(subject, greeting, blocks, SIGNATURE),
    attachments: isPaid(b) && kind !== MailKind.cancellation && kind !== MailKind.dayStopped ? [calendarFile(b)] : [],
  };
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
    { kind: 'facts', title: 'お支払い期限', rows: [['お支払い期限', deadline]] },
    '期限までにマイページからカードでお支払いください。\n期限を過ぎますとご予約は自動的に取り消しとなりますので、あらかじめご了承ください。',
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

/** The customer withdrew a request from my page before it was answered (issue 28). */
export function requestWithdrawnMail(b: MailBooking): OutgoingMail {
  return compose(MailKind.requestWithdrawn, b, 'リクエストの取り消しを承りました', [
    'このたびはお申し込みいただき、誠にありがとうございます。\nお客様のご依頼により、下記のリクエスト予約の取り消しを承りました。',
    summary(b),
    'お支払いは発生しておりませんので、キャンセル料はかかりません。\nまたのご利用を心よりお待ちしております。',
    myPageGuide(b),
  ]);
}

/**
 * The cancellation: the booking, then what was paid, the fee and the refund. A fee under the booking's policy
 * is explained by the policy listed above it; a fee staff set by hand (お客様に代わってキャンセル with a fee of
 * their own) is said to be the company's decision, and the policy, whose free-cancellation day and tiers did not
 * decide it, is left out. The staff's reason is internal (the console says so) and is never mailed.
 */
export function cancellationMail(b: MailBooking, fee: number, refund: number): OutgoingMail {
  const nothingPaid = fee === 0 && refund === 0;
  const setByStaff = b.feeSetByStaff === true && !nothingPaid;
  // Nothing charged and nothing back: the booking was never paid (or cost nothing), so no fee is said.
  const money: Paragraph[] = nothingPaid
    ? ['お支払いは発生しておりませんので、キャンセル料・ご返金はございません。']
    : [
        {
          kind: 'facts',
          title: 'キャンセル料金',
          rows: [
            ['お支払い済み金額', formatJpy(fee + refund)],
            ['キャンセル料', formatJpy(fee)],
            ['ご返金額', formatJpy(refund)],
          ],
        },
        ...(setByStaff
          ? ['キャンセル料は、当社の判断により設定いたしました。']
          : fee > 0 && cancellationPolicy(b).length > 0
            ? ['キャンセル料は、上記のキャンセル規定に基づいて算出しております。']
            : []),
        refund > 0
          ? `ご返金額は、ご利用のカード会社を通じて返金いたします。\n返金の反映時期はカード会社により異なります。`
          : 'ご返金はございません。',
      ];
  return compose(MailKind.cancellation, b, 'キャンセルを承りました', [
    '以下のご予約のキャンセルを承りました。',
    setByStaff ? itinerary(b) : summary(b),
    ...money,
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
    { kind: 'facts', title: 'ご返金額', rows: [['ご返金額', formatJpy(amount)]] },
    'ご返金は、ご利用のカード会社を通じて行われます。反映時期はカード会社により異なります。',
    myPageGuide(b),
  ]);
}

/** Why and what next, for the mail of a day the company called off (催行中止, issue 27). */
export interface StopNotice {
  /** 「悪天候が予想される」, or the staff's own words for その他. */
  reason: string;
  /** The option's next days still for sale after the stopped one (at most 5). */
  nextDays: { usedate: string; seats: number }[];
  detailUrl: string;
}

/** The stop of this booking's day, as its mail says it; null when the booking is not part of a stop. */
export async function loadStopNotice(db: DbOrTx, rsvno: string, loginUrl: string): Promise<StopNotice | null> {
  const found = await findStopOf(db, rsvno);
  if (!found) return null;
  const reason =
    found.reason === 'other' ? found.reasonText : DAY_STOP_REASON_MAIL[found.reason as Exclude<DayStopReason, 'other'>];
  return {
    reason: reason ?? found.reasonText,
    nextDays: found.nextDays,
    detailUrl: `${loginUrl.replace(/\/login$/, '')}/detail?opcd=${encodeURIComponent(found.opcd)}`,
  };
}

/**
 * 催行中止 (issue 27): the company called the day off, says why, cancels without any fee, refunds in full what was
 * paid, and offers the option's next open days. No calendar file: there is nothing to go to.
 */
export function dayStoppedMail(b: MailBooking, refund: number, notice: StopNotice | null): OutgoingMail {
  const why = notice?.reason ? `${notice.reason}ため、` : '';
  const money: Paragraph[] =
    refund > 0
      ? [
          {
            kind: 'facts',
            title: 'ご返金',
            rows: [
              ['ご返金額（全額）', formatJpy(refund)],
              ['キャンセル料', formatJpy(0)],
            ],
          },
          'お支払いいただいた代金は、キャンセル料をいただかずに全額ご返金いたします。\nご返金はご利用のカード会社を通じて行われます。反映時期はカード会社により異なります。',
        ]
      : ['お支払いは発生しておりませんので、キャンセル料・ご返金はございません。'];
  const next: Paragraph[] =
    notice && notice.nextDays.length > 0
      ? [
          {
            kind: 'list',
            title: '同じ商品の今後の空き状況',
            items: notice.nextDays.map((d) => `${formatYmd(d.usedate)}　残り${d.seats}席`),
          },
          {
            kind: 'link',
            text: '別の日にご参加いただける場合は、あらためてお申し込みください。',
            label: '空き状況を見てお申し込みする',
            url: notice.detailUrl,
          },
        ]
      : [];
  return compose(MailKind.dayStopped, b, '催行中止のお知らせ', [
    `このたびはお申し込みいただき、誠にありがとうございます。\n誠に申し訳ございませんが、${why}下記のご予約は当社の判断により催行を中止させていただくことになりました。`,
    itinerary(b),
    ...money,
    ...next,
    myPageGuide(b),
    'ご迷惑をおかけいたしますことを深くお詫び申し上げます。またのご利用を心よりお待ちしております。',
  ]);
}
