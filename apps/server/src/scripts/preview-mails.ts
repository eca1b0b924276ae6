/**
 * Writes every mail of a sample paid ski-rental booking (a cruise at a set time for the mails of a change and of a
 * departure called off, a ski school's day for the rental shop's sheet) as .html (its HTML part), .txt (its text
 * part) and, when it has one, .ics into the directory given, to look at them in a browser (as
 * e2e/mail-html.spec.ts does). Usage: tsx apps/server/src/scripts/preview-mails.ts <dir>
 */

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KonbiniSlip } from '@tabi/contract/booking';
import { STANDARD_CANCEL_POLICY } from '@tabi/contract/cancel-policy';
import { formatDeparture } from '@tabi/contract/dates';
import type { RentalSheet, RentalSheetRow } from '@tabi/contract/operations';
import { dayBeforeMail, rentalSheetMail } from '../modules/mail/day-before-templates.ts';
import type { OutgoingMail } from '../modules/mail/outbox.ts';
import {
  bookingChangedMail,
  bookingPaidMail,
  cancellationMail,
  changeFailedMail,
  dayStoppedMail,
  konbiniExpiredMail,
  konbiniReminderMail,
  konbiniSlipMail,
  type MailBooking,
  paymentRefundedMail,
  requestConfirmedMail,
  requestDeclinedMail,
  requestReceivedMail,
  requestWithdrawnMail,
} from '../modules/mail/templates.ts';
import { waitlistJoinedMail, waitlistOfferedMail } from '../modules/mail/waitlist-templates.ts';
import { countSheet, departuresOf, sheetsCsv } from '../modules/operations/rental-sheet.ts';

const sample: MailBooking = {
  rsvno: 'AA100009',
  sei: '小林',
  mei: '亮',
  mail: 'ryo.kobayashi@example.jp',
  amountjp: 23600,
  paymentDeadline: new Date('2026-11-24T03:00:00Z'),
  statusPayment: 1,
  rsvdate: new Date('2026-11-20T01:00:00Z'),
  meetpoint: null,
  cancelPolicy: [...STANDARD_CANCEL_POLICY],
  lines: [
    {
      webname: '白馬 スキーブーツセットレンタル（1日）',
      usedate: '2026-12-19',
      adultqty: 1,
      middleqty: 1,
      childqty: 0,
      infantqty: 0,
      meetpoint: '白馬八方尾根 名木山ゲレンデ前 レンタルカウンター',
      departureTime: '08:30',
      arrivalTime: '16:30',
      address: '長野県北安曇郡白馬村北城',
    },
  ],
  rentals: [
    { seq: 1, sei: '小林', mei: '亮', model: '1', bootsSize: '26.5', wearSize: 'L' },
    { seq: 2, sei: '小林', mei: '優奈', model: '2', bootsSize: '23.5', wearSize: 'S' },
  ],
  loginUrl: 'http://127.0.0.1:3000/login',
};

/** A booking on a departure at a set time (ADR 0196), for the mails of a change and of one departure called off. */
const timedSample: MailBooking = {
  ...sample,
  rsvno: 'AA100012',
  amountjp: 9000,
  lines: [
    {
      webname: '東京湾 サンセットクルーズ',
      usedate: '2026-12-19',
      startTime: '16:00',
      endTime: '17:30',
      adultqty: 2,
      middleqty: 0,
      childqty: 1,
      infantqty: 0,
      meetpoint: '日の出桟橋 2階 乗船受付',
      address: '東京都港区海岸2-7-104',
    },
  ],
  rentals: [],
};

/** A ski school's rentals of the day, at its 09:30 and 13:30 lessons. */
const lesson = {
  statusLabel: '予約済み',
  opcd: 'OP0013',
  webname: '白馬 スキーレッスン（半日・レンタル付き）',
  tel: '090-1234-5678',
};
const rentalRows: RentalSheetRow[] = [
  {
    ...lesson,
    startTime: '09:30',
    endTime: '12:00',
    rsvno: 'AA100013',
    applicant: '小林 亮',
    seq: 1,
    name: '小林 亮',
    ageClass: '大人',
    model: 'スキー',
    bootsSize: '26.5',
    wearSize: 'L',
  },
  {
    ...lesson,
    startTime: '09:30',
    endTime: '12:00',
    rsvno: 'AA100013',
    applicant: '小林 亮',
    seq: 2,
    name: '小林 優奈',
    ageClass: '中人',
    model: 'スノーボード',
    bootsSize: '23.5',
    wearSize: 'S',
  },
  {
    ...lesson,
    startTime: '13:30',
    endTime: '16:00',
    rsvno: 'AA100014',
    applicant: '佐藤 花子',
    seq: 1,
    name: '佐藤 花子',
    ageClass: '大人',
    model: 'スキー',
    bootsSize: '24.0',
    wearSize: 'M',
  },
];

const rentalSheet: RentalSheet & { facilityMail: string } = {
  facilityId: 3,
  facilityName: 'スノーギア 白馬',
  facilityMail: 'rental-hakuba@example.jp',
  mailedAt: null,
  bookings: 2,
  travellers: rentalRows.length,
  ...countSheet(rentalRows),
  departures: departuresOf(rentalRows),
  rows: rentalRows,
};

/** A konbini slip (ADR 0213) for its mails. */
const konbiniSample: KonbiniSlip = {
  codes: [{ store: 'lawson', payment_code: '64757276402', confirmation_number: '300901' }],
  expires_at: '2026-12-03T23:59:59+09:00',
  voucher_url: 'http://127.0.0.1:3000/sandbox/konbini/cs_sandbox_preview',
};

/** A キャンセル待ち entry (ADR 0167) for its two mails. */
const waitlistSample = {
  lang: 'ja' as const,
  mail: 'ryo.kobayashi@example.jp',
  webname: '白馬 スキーブーツセットレンタル（1日）',
  usedate: '2026-12-19',
  party: 2,
  url: 'http://127.0.0.1:3000/detail?opcd=OP0003&usedate=20261219&waitlist=preview-token-preview-token',
};

export function previewMails(): OutgoingMail[] {
  const unpaid = { ...sample, statusPayment: 0 };
  return [
    requestReceivedMail(unpaid),
    bookingPaidMail(sample),
    requestConfirmedMail(unpaid),
    requestDeclinedMail(unpaid),
    requestWithdrawnMail(unpaid),
    cancellationMail(sample, 4720, 18880),
    paymentRefundedMail(sample, 23600, 'duplicate'),
    // One departure called off: the day's other departures still on sale come first, then the next days.
    dayStoppedMail(timedSample, 9000, {
      reason: '悪天候が予想される',
      note: '強風により、夕方の出航が見込めないため。',
      sameDay: [
        { startTime: '10:00', endTime: '11:30', seats: 4 },
        { startTime: '13:00', endTime: '14:30', seats: 18 },
      ],
      sameDayUrl: 'http://127.0.0.1:3000/detail?opcd=OP0012&usedate=20261219',
      nextDays: [
        { usedate: '20261220', seats: 6 },
        { usedate: '20261221', seats: 12 },
      ],
      detailUrl: 'http://127.0.0.1:3000/detail?opcd=OP0012',
    }),
    bookingChangedMail(timedSample, formatDeparture('20261219', '13:00', '14:30', 'ja'), 1500),
    changeFailedMail(timedSample, 1500),
    waitlistJoinedMail(waitlistSample),
    waitlistOfferedMail({ ...waitlistSample, held: 2, expiresAt: new Date('2026-11-24T04:30:00Z') }),
    dayBeforeMail(sample, '20261219', [
      {
        ...(sample.lines[0] as MailBooking['lines'][number]),
        companyname: 'アルプスレンタル 白馬八方店',
        tel: '0261-55-0505',
        hours: '7:30〜17:00（冬季営業）',
        lat: 36.6983,
        lon: 137.8322,
        rentalcd: '1',
        note: '駐車場は店舗裏（無料）をご利用ください。\n板のワックスがけは無料です。',
      },
    ]),
    rentalSheetMail(rentalSheet, '20261219', sheetsCsv('20261219', [rentalSheet])),
    konbiniSlipMail(unpaid, konbiniSample),
    konbiniReminderMail(unpaid, konbiniSample),
    konbiniExpiredMail(unpaid),
  ];
}

const dir = process.argv[2];
if (dir) {
  await mkdir(dir, { recursive: true });
  for (const mail of previewMails()) {
    const base = path.join(dir, mail.kind);
    await writeFile(`${base}.html`, mail.html ?? '');
    await writeFile(`${base}.txt`, `Subject: ${mail.subject}\n\n${mail.body}`);
    for (const file of mail.attachments ?? []) await writeFile(path.join(dir, file.filename), file.content);
  }
}
