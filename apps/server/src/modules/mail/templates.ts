/**
 * DESIGN §7: the Japanese mails, polite, each as a text and an HTML part with the itinerary, the
 * amount, the cancellation policy and its free-cancellation deadline, the way to my page, and for a paid
 * booking its .ics calendar file. Each builder returns a mail ready for `enqueueMail`.
 */

import type { KonbiniSlip } from '@tabi/contract/booking';
import {
  cancelLines,
  cancelLineText,
  cancelPercent,
  freeCancelUntil,
  writeCancelText,
} from '@tabi/contract/cancel-policy';
import type { AgeClass, RentalTypeCode } from '@tabi/contract/constants';
import {
  daysBetween,
  formatDay,
  formatDeparture,
  formatTimes,
  formatTokyoDateTime,
  tokyoYmd,
  type Ymd,
} from '@tabi/contract/dates';
import type { DayStopReason } from '@tabi/contract/day-stop';
import type { BookingDiscount } from '@tabi/contract/discounts';
import { formatYen } from '@tabi/contract/format';
import { LANG_BASE, type Lang } from '@tabi/contract/i18n';
import { displayName } from '@tabi/contract/person-name';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CancelTier, MailAttachment } from '../../db/schema.ts';
import { bookingOrigin } from '../../http/origin.ts';
import { pageText } from '../../i18n/page-text.ts';
import { wasPaid } from '../booking/lifecycle.ts';
import { buildIcs } from './ics.ts';
import { type MailBlock, renderHtml, renderText } from './mail-render.ts';
import { type MailText, mailLang, mailText } from './mail-text.ts';
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
  bookingChanged: 'booking_changed',
  changeFailed: 'change_failed',
  konbiniSlip: 'konbini_slip',
  konbiniReminder: 'konbini_reminder',
  konbiniExpired: 'konbini_expired',
} as const;
export type MailKind = (typeof MailKind)[keyof typeof MailKind];

export interface MailBookingLine {
  webname: string;
  /** YYYYMMDD (or YYYY-MM-DD as stored). */
  usedate: string;
  /** The departure's start and end (`HH:MM`), '' (or absent) for a whole day (ADR 0196). */
  startTime?: string;
  endTime?: string;
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
  /** Paid by a konbini slip (ADR 0213): a refund is paid into the bank account the provider asks the customer for. */
  paidAtKonbini?: boolean;
  /** The site's login page: PUBLIC_URL's, or the origin the booking was made on, in `lang`. */
  loginUrl: string;
  /** The mails' language: English for a booking made on the English pages; Japanese by default. */
  lang?: Lang;
  /** Its 割引コード (ADR 0210): the total is what is paid, shown after the price before it and the discount. */
  discount?: BookingDiscount | null;
  /** A paid booking's ticket (ADR 0212): its QR code's text and the code as a PNG in base64. */
  ticket?: { code: string; png: string } | null;
}

export async function loadMailBooking(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl' | 'publicUrlFixed'>,
  rsvno: string,
  /** `ticket`: draw the ticket's image, for the paid mail that shows it. */
  options: { ticket?: boolean } = {},
): Promise<MailBooking | undefined> {
  const found = await findBookingForMail(db, rsvno, options);
  if (!found) return undefined;
  const { origin, lang: bookingLang, ...booking } = found;
  const lang = mailLang(bookingLang);
  return { ...booking, lang, loginUrl: `${bookingOrigin(config, origin)}${LANG_BASE[lang]}/login` };
}

export const SIGNATURE = mailText('ja')('signature');

/** The words of a booking's mails, in its language. */
export function textOf(b: Pick<MailBooking, 'lang'>): MailText {
  return mailText(b.lang ?? 'ja');
}

export function party(line: MailBookingLine, t: MailText = mailText('ja')): string {
  const counts: [AgeClass, number][] = [
    ['adult', line.adultqty],
    ['middle', line.middleqty],
    ['child', line.childqty],
    ['infant', line.infantqty],
  ];
  return counts
    .filter(([, n]) => n > 0)
    .map(([c, n]) => t('partyPart', { ageClass: t(`ageClasses.${c}`), n }))
    .join(t('partyJoin'));
}

export function ymdOf(usedate: string): Ymd {
  return usedate.replaceAll('-', '');
}

export function meetingPlace(b: MailBooking, line: MailBookingLine): string | null {
  return line.meetpoint?.trim() || b.meetpoint?.trim() || line.departurePoint?.trim() || null;
}

export function rentalText(r: MailRental, t: MailText = mailText('ja')): string {
  const parts = [
    r.model ? (t(`rentalTypes.${r.model as RentalTypeCode}`) ?? r.model) : '',
    r.bootsSize ? t('boots', { size: r.bootsSize }) : '',
    r.wearSize ? t('wear', { size: r.wearSize }) : '',
  ].filter(Boolean);
  const who =
    r.sei || r.mei
      ? t('participantNamed', { seq: r.seq, name: displayName(r.sei ?? '', r.mei ?? '', t.lang) })
      : t('participant', { seq: r.seq });
  return t('rentalLine', { who, parts: parts.join(t('rentalJoin')) || t('none') });
}

/** The itinerary: per option its date, meeting time and place and party; then rentals and the amount. */
function itinerary(b: MailBooking): MailBlock[] {
  const t = textOf(b);
  const lang = b.lang ?? 'ja';
  const rows: [string, string][] = [[t('rsvno'), b.rsvno]];
  for (const line of b.lines) {
    rows.push(
      [t('option'), line.webname],
      [t('usedate'), formatDeparture(ymdOf(line.usedate), line.startTime ?? '', line.endTime ?? '', lang)],
    );
    if (line.departureTime?.trim()) rows.push([t('meetingTime'), line.departureTime.trim()]);
    const place = meetingPlace(b, line);
    if (place) rows.push([t('meetingPlace'), place]);
    rows.push([t('party'), party(line, t)]);
  }
  if (b.discount) {
    rows.push(
      [t('beforeDiscount'), formatYen(b.discount.list_amount, lang)],
      [t('discountLine', { code: b.discount.code }), `−${formatYen(b.discount.discount, lang)}`],
    );
  }
  rows.push([t('total'), t('taxIncluded', { amount: formatYen(b.amountjp, lang) })]);
  const blocks: MailBlock[] = [{ kind: 'facts', title: t('booking'), rows }];
  const rentals = b.rentals ?? [];
  if (rentals.length > 0) {
    blocks.push({ kind: 'list', title: t('rentals'), items: rentals.map((r) => rentalText(r, t)) });
  }
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
  const t = textOf(b);
  const lang = b.lang ?? 'ja';
  // Booked within a charged tier: the fee applied from the booking on, as the check page said before payment.
  const feeAtBooking = booked === null ? 0 : cancelPercent(policy, daysBetween(booked, first));
  const items = [
    ...(until ? [t('freeUntil', { day: formatDay(until, lang) })] : []),
    ...(feeAtBooking > 0 ? [t('feeAtBooking', { percent: feeAtBooking })] : []),
    // The pages' words for the policy, in the mail's language; a day is counted back from the day of use.
    ...cancelLines(policy).map((line) => {
      const text = writeCancelText(cancelLineText(line), t.lang, (key, values) => pageText(t.lang, key, values));
      return line.kind === 'tier' && line.from < 0 ? text : t('policyLine', { line: text });
    }),
  ];
  return [{ kind: 'list', title: t('policy'), items }];
}

function summary(b: MailBooking): MailBlock[] {
  return [...itinerary(b), ...cancellationPolicy(b)];
}

export function myPageGuide(b: MailBooking): MailBlock {
  const t = textOf(b);
  return { kind: 'link', text: t('myPageText'), label: t('myPageLink'), url: b.loginUrl };
}

/** A paid booking's days as a calendar file. */
export function calendarFile(b: MailBooking): MailAttachment {
  const events = b.lines.map((line, i) => {
    const place = meetingPlace(b, line);
    return {
      uid: `${b.rsvno}-${i + 1}@sakura-travel`,
      day: ymdOf(line.usedate),
      // The departure's own times (ADR 0196), else the option's meeting and end times.
      start: line.startTime || line.departureTime || null,
      end: line.startTime ? line.endTime || null : (line.arrivalTime ?? null),
      summary: line.webname,
      location: place ?? (line.address?.trim() || null),
      description: textOf(b)('icsDescription', { rsvno: b.rsvno, party: party(line, textOf(b)), url: b.loginUrl }),
    };
  });
  return {
    filename: `booking-${b.rsvno}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: buildIcs(events, b.rsvdate ?? new Date(0)),
  };
}

function isPaid(b: MailBooking): boolean {
  return b.statusPayment !== undefined && wasPaid({ statusPayment: b.statusPayment });
}

type Paragraph = string | MailBlock | MailBlock[];

/** The ticket's QR code inside the HTML part. */
const TICKET_CID = 'ticket-qr';

/** A paid booking's ticket as a block of its mail and the image it shows (ADR 0212); nothing without one. */
function ticketParts(b: MailBooking): { blocks: MailBlock[]; attachments: MailAttachment[] } {
  if (!b.ticket) return { blocks: [], attachments: [] };
  const t = textOf(b);
  return {
    blocks: [
      {
        kind: 'image',
        title: t('ticketTitle'),
        text: t('ticketText'),
        alt: t('ticketAlt', { rsvno: b.rsvno }),
        cid: TICKET_CID,
      },
    ],
    attachments: [
      {
        filename: `ticket-${b.rsvno}.png`,
        contentType: 'image/png',
        content: b.ticket.png,
        encoding: 'base64',
        cid: TICKET_CID,
      },
    ],
  };
}

function compose(
  kind: MailKind,
  b: MailBooking,
  title: string,
  paragraphs: Paragraph[],
  extra: MailAttachment[] = [],
): OutgoingMail {
  const blocks = paragraphs.flatMap((p): MailBlock[] =>
    typeof p === 'string' ? [{ kind: 'paragraph', text: p }] : Array.isArray(p) ? p : [p],
  );
  const t = textOf(b);
  const greeting = t('greeting', { name: displayName(b.sei, b.mei, t.lang) });
  const subject = t('subject', { title, rsvno: b.rsvno });
  return {
    kind,
    rsvno: b.rsvno,
    to: b.mail,
    subject,
    body: renderText(greeting, blocks, t('signature'), b.lang ?? 'ja'),
    html: renderHtml(subject, greeting, blocks, t('signature'), b.lang ?? 'ja'),
    attachments: [
      ...(isPaid(b) && kind !== MailKind.cancellation && kind !== MailKind.dayStopped ? [calendarFile(b)] : []),
      ...extra,
    ],
  };
}

export function requestReceivedMail(b: MailBooking): OutgoingMail {
  const t = textOf(b);
  return compose(MailKind.requestReceived, b, t('requestReceivedTitle'), [
    t('requestReceivedLead'),
    summary(b),
    t('requestReceivedNext'),
    myPageGuide(b),
  ]);
}

export function bookingPaidMail(b: MailBooking): OutgoingMail {
  const t = textOf(b);
  const ticket = ticketParts(b);
  return compose(
    MailKind.bookingPaid,
    b,
    t('paidTitle'),
    [t('paidLead'), summary(b), ticket.blocks, myPageGuide(b), t('paidEnd')],
    ticket.attachments,
  );
}

export function requestConfirmedMail(b: MailBooking): OutgoingMail {
  const t = textOf(b);
  const deadline = b.paymentDeadline ? formatTokyoDateTime(b.paymentDeadline, b.lang ?? 'ja') : '';
  return compose(MailKind.requestConfirmed, b, t('confirmedTitle'), [
    t('confirmedLead'),
    summary(b),
    { kind: 'facts', title: t('deadline'), rows: [[t('deadline'), deadline]] },
    t('confirmedNext'),
    myPageGuide(b),
  ]);
}

export function requestDeclinedMail(b: MailBooking): OutgoingMail {
  const t = textOf(b);
  return compose(MailKind.requestDeclined, b, t('declinedTitle'), [
    t('declinedLead'),
    summary(b),
    t('declinedNext'),
    myPageGuide(b),
  ]);
}

/** The customer withdrew a request from my page before it was answered. */
export function requestWithdrawnMail(b: MailBooking): OutgoingMail {
  const t = textOf(b);
  return compose(MailKind.requestWithdrawn, b, t('withdrawnTitle'), [
    t('withdrawnLead'),
    summary(b),
    t('withdrawnNext'),
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
  const t = textOf(b);
  const yen = (amount: number) => formatYen(amount, b.lang ?? 'ja');
  const nothingPaid = fee === 0 && refund === 0;
  const setByStaff = b.feeSetByStaff === true && !nothingPaid;
  // Nothing charged and nothing back: the booking was never paid (or cost nothing), so no fee is said.
  const money: Paragraph[] = nothingPaid
    ? [t('nothingPaid')]
    : [
        {
          kind: 'facts',
          title: t('cancelCost'),
          rows: [
            [t('paid'), yen(fee + refund)],
            [t('cancelFee'), yen(fee)],
            [t('refund'), yen(refund)],
          ],
        },
        ...(setByStaff ? [t('feeByCompany')] : fee > 0 && cancellationPolicy(b).length > 0 ? [t('feeByPolicy')] : []),
        refund > 0 ? t(b.paidAtKonbini ? 'refundByBank' : 'refundByCard') : t('noRefund'),
      ];
  return compose(MailKind.cancellation, b, t('cancelledTitle'), [
    t('cancelledLead'),
    setByStaff ? itinerary(b) : summary(b),
    ...money,
    myPageGuide(b),
    t('againSoon'),
  ]);
}

/**
 * A payment that could not be kept was refunded in full: a second payment of a booking already paid, or a
 * payment that arrived after the booking had lapsed and its seats were gone. The booking itself says which.
 */
export function paymentRefundedMail(b: MailBooking, amount: number, reason: 'duplicate' | 'late'): OutgoingMail {
  const t = textOf(b);
  return compose(MailKind.paymentRefunded, b, t('refundedTitle'), [
    reason === 'duplicate' ? t('refundedDuplicate') : t('refundedLate'),
    summary(b),
    { kind: 'facts', title: t('refund'), rows: [[t('refund'), formatYen(amount, b.lang ?? 'ja')]] },
    t(b.paidAtKonbini ? 'refundByBank' : 'refundByCardShort'),
    myPageGuide(b),
  ]);
}

/**
 * A change of departure (ADR 0197): what it was and what it is now, the difference paid or refunded, then the booking
 * as it now stands (and its calendar file).
 */
export function bookingChangedMail(b: MailBooking, before: string, difference: number): OutgoingMail {
  const t = textOf(b);
  const line = b.lines[0];
  const lang = b.lang ?? 'ja';
  const now = line ? formatDeparture(ymdOf(line.usedate), line.startTime ?? '', line.endTime ?? '', lang) : '';
  const rows: [string, string][] = [
    [t('changedBefore'), before],
    [t('changedAfter'), now],
  ];
  if (difference > 0) rows.push([t('changedPaid'), formatYen(difference, lang)]);
  if (difference < 0) rows.push([t('changedRefund'), formatYen(-difference, lang)]);
  return compose(MailKind.bookingChanged, b, t('changedTitle'), [
    t('changedLead'),
    { kind: 'facts', title: t('changedFacts'), rows },
    ...(difference < 0 ? [t('refundByCardShort')] : []),
    summary(b),
    myPageGuide(b),
  ]);
}

/** A dearer departure filled while its difference was being paid: the booking stays, the difference goes back. */
export function changeFailedMail(b: MailBooking, difference: number): OutgoingMail {
  const t = textOf(b);
  return compose(MailKind.changeFailed, b, t('changeFailedTitle'), [
    t('changeFailedLead'),
    { kind: 'facts', title: t('refund'), rows: [[t('refund'), formatYen(difference, b.lang ?? 'ja')]] },
    t('refundByCardShort'),
    summary(b),
    myPageGuide(b),
  ]);
}

/** A konbini slip as a mail shows it (ADR 0213): per store its numbers, then the deadline and the slip's page. */
function slipBlocks(b: MailBooking, slip: KonbiniSlip): MailBlock[] {
  const t = textOf(b);
  const lang = b.lang ?? 'ja';
  const rows: [string, string][] = [[t('konbiniDeadline'), formatTokyoDateTime(slip.expires_at, lang)]];
  for (const code of slip.codes) {
    rows.push([t('konbiniStore'), t(`konbiniStore.${code.store}`)]);
    rows.push([t('konbiniPaymentCode'), code.payment_code]);
    if (code.confirmation_number) rows.push([t('konbiniConfirmation'), code.confirmation_number]);
  }
  if (slip.voucher_url) rows.push([t('konbiniVoucher'), slip.voucher_url]);
  return [{ kind: 'facts', title: t('konbiniSlipFacts'), rows }];
}

/** The slip was issued: how to pay it at the store, and that the booking lapses after its deadline. */
export function konbiniSlipMail(b: MailBooking, slip: KonbiniSlip): OutgoingMail {
  const t = textOf(b);
  return compose(MailKind.konbiniSlip, b, t('konbiniSlipTitle'), [
    t('konbiniSlipLead'),
    slipBlocks(b, slip),
    t('konbiniHowTo'),
    summary(b),
    myPageGuide(b),
  ]);
}

/** The day before the slip's deadline, while it is not paid. */
export function konbiniReminderMail(b: MailBooking, slip: KonbiniSlip): OutgoingMail {
  const t = textOf(b);
  return compose(MailKind.konbiniReminder, b, t('konbiniReminderTitle'), [
    t('konbiniReminderLead'),
    slipBlocks(b, slip),
    t('konbiniHowTo'),
    summary(b),
    myPageGuide(b),
  ]);
}

/** The slip's deadline passed unpaid: the booking is canceled and its seats given back. */
export function konbiniExpiredMail(b: MailBooking): OutgoingMail {
  const t = textOf(b);
  return compose(MailKind.konbiniExpired, b, t('konbiniExpiredTitle'), [
    t('konbiniExpiredLead'),
    summary(b),
    t('nothingPaid'),
    myPageGuide(b),
    t('againSoon'),
  ]);
}

/** Why and what next, for the mail of a day the company called off (催行中止). */
export interface StopNotice {
  /** 「悪天候が予想される」, or the staff's own words for その他. */
  reason: string;
  /** What the staff wrote in 理由の説明 beside a listed reason (the form says it goes in the mail); '' if nothing. */
  note: string;
  /** The option's next days still for sale after the stopped one (at most 5). */
  nextDays: { usedate: string; seats: number }[];
  detailUrl: string;
  /**
   * When one departure was called off (ADR 0196): the same day's other departures still on sale, in time order, and
   * the option's detail page on that day; none for a whole day's stop.
   */
  sameDay: { startTime: string; endTime: string; seats: number }[];
  sameDayUrl: string;
}

/** The stop of this booking's day, as its mail says it; null when the booking is not part of a stop. */
export async function loadStopNotice(
  db: DbOrTx,
  rsvno: string,
  loginUrl: string,
  lang: Lang,
  now: Date,
): Promise<StopNotice | null> {
  const found = await findStopOf(db, rsvno, now);
  if (!found) return null;
  const reason =
    found.reason === 'other'
      ? found.reasonText
      : mailText(lang)(`stopReasons.${found.reason as Exclude<DayStopReason, 'other'>}`);
  const site = loginUrl.replace(/\/login$/, '');
  return {
    reason: reason ?? found.reasonText,
    note: found.reason === 'other' ? '' : (found.reasonText ?? '').trim(),
    nextDays: found.nextDays,
    detailUrl: `${site}/detail?opcd=${encodeURIComponent(found.opcd)}`,
    sameDay: found.sameDay,
    // The detail page opened on the day, as a キャンセル待ち offer's link opens it.
    sameDayUrl: `${site}/detail?${new URLSearchParams({ opcd: found.opcd, usedate: found.usedate }).toString()}`,
  };
}

/**
 * 催行中止 (ADR 0165): the company called the day off, says why, cancels without any fee, refunds in full what was
 * paid, and offers the same day's other departures still on sale (when only the booking's departure was called off)
 * and the option's next open days. No calendar file: there is nothing to go to.
 */
export function dayStoppedMail(b: MailBooking, refund: number, notice: StopNotice | null): OutgoingMail {
  const t = textOf(b);
  const yen = (amount: number) => formatYen(amount, b.lang ?? 'ja');
  const why = notice?.reason ? t('stopBecause', { reason: notice.reason }) : '';
  const money: Paragraph[] =
    refund > 0
      ? [
          {
            kind: 'facts',
            title: t('stopRefund'),
            rows: [
              [t('stopRefundAll'), yen(refund)],
              [t('cancelFee'), yen(0)],
            ],
          },
          t('stopRefundText'),
        ]
      : [t('nothingPaid')];
  const sameDay: Paragraph[] =
    notice && notice.sameDay.length > 0
      ? [
          {
            kind: 'list',
            title: t('sameDay'),
            items: notice.sameDay.map((d) =>
              t('sameDayDeparture', { times: formatTimes(d.startTime, d.endTime, b.lang ?? 'ja'), seats: d.seats }),
            ),
          },
          { kind: 'link', text: t('anotherTime'), label: t('anotherTimeLink'), url: notice.sameDayUrl },
        ]
      : [];
  const next: Paragraph[] =
    notice && notice.nextDays.length > 0
      ? [
          {
            kind: 'list',
            title: t('nextDays'),
            items: notice.nextDays.map((d) =>
              t('nextDay', { day: formatDay(d.usedate, b.lang ?? 'ja'), seats: d.seats }),
            ),
          },
          {
            kind: 'link',
            text: t('anotherDay'),
            label: t('anotherDayLink'),
            url: notice.detailUrl,
          },
        ]
      : [];
  return compose(MailKind.dayStopped, b, t('stoppedTitle'), [
    t('stoppedLead', { because: why }),
    ...(notice?.note
      ? [
          {
            kind: 'facts' as const,
            title: t('stopNoteTitle'),
            rows: [[t('stopNoteTitle'), notice.note]] as [string, string][],
          },
        ]
      : []),
    itinerary(b),
    ...money,
    ...sameDay,
    ...next,
    myPageGuide(b),
    t('stoppedEnd'),
  ]);
}
