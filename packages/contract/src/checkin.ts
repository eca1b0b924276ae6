/**
 * チェックイン at the door (DESIGN §17, ADR 0215): the console's scanner reads a ticket's QR code (or a typed booking
 * number) for a day and departure, and the server answers what it is — and checks the party in when it may. The
 * schemas of its calls and their Japanese words, kept beside them as the other console-only files keep theirs. Only
 * the server and the console import this.
 */
import { z } from 'zod';
import { envelope, plainText, startTimeString, ymdString } from './envelope.ts';

/** What a scan found, from the best to the worst. */
export const CHECKIN_VERDICTS = [
  /** Checked in now (the whole party, or the travellers asked). */
  'ok',
  /** Every traveller asked was checked in before: when, by whom and on which device says `first`. */
  'already',
  /** The booking is for another day. */
  'wrong_day',
  /** The booking is for this day but another option or start time. */
  'wrong_departure',
  /** Canceled (or expired): not admitted. */
  'canceled',
  /** Not paid (a card booking within its hour, a request, a konbini slip): not admitted. */
  'not_paid',
  /** No booking has that ticket or number: a forged, altered or other company's code. */
  'unknown',
] as const;
export type CheckinVerdict = (typeof CHECKIN_VERDICTS)[number];

/** The verdict as the scanner says it, in large letters. */
export const CHECKIN_VERDICT_LABEL: Record<CheckinVerdict, string> = {
  ok: 'チェックインしました',
  already: 'チェックイン済みです',
  wrong_day: '別の日のご予約です',
  wrong_departure: '別の便・商品のご予約です',
  canceled: 'キャンセル済みのご予約です',
  not_paid: 'お支払いが済んでいないご予約です',
  unknown: '該当するチケットがありません',
};

export const CheckinMsg = {
  codeOrNumber: 'QRコードを読み取るか、予約番号を入力してください。',
  undoTooLate: 'チェックインの取り消しは、チェックインした当日のみできます。',
  noShowsTooEarly: '無断不参加の記録は、出発時刻を過ぎてからできます。',
  nothingToUndo: '取り消すチェックインがありません。',
} as const;

/** The scanner's departure: a day, and an option and start time ('' for any of the day, or a whole-day option). */
const departureFields = {
  usedate: ymdString,
  opcd: plainText().max(20).default(''),
  start_time: z.union([startTimeString, z.literal('')]).default(''),
};
/** The device that scanned, as its staff named it (kept in the history). */
const device = plainText().trim().min(1).max(60);
const seqs = z.array(z.number().int().min(1).max(999)).max(200);

export const checkinScanRequest = z
  .object({
    ...departureFields,
    /** The QR code's text (`TB1.…`). */
    code: plainText().trim().max(200).default(''),
    /** A booking number typed instead (no camera, a damaged code). */
    rsvno: plainText().trim().max(20).default(''),
    /** The travellers to check in; absent: every one not checked in yet. */
    seqs: seqs.optional(),
    device,
    /** When the device scanned it, for a scan made offline and sent later. */
    scanned_at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((r) => (r.code === '') !== (r.rsvno === ''), { message: CheckinMsg.codeOrNumber, path: ['rsvno'] });
export type CheckinScanRequest = z.input<typeof checkinScanRequest>;

export const checkinUndoRequest = z.object({ rsvno: plainText().trim().min(1).max(20), seqs: seqs.optional(), device });
export type CheckinUndoRequest = z.input<typeof checkinUndoRequest>;

export const checkinNoShowsRequest = z.object({ ...departureFields, device });
export type CheckinNoShowsRequest = z.input<typeof checkinNoShowsRequest>;

export const checkinDayQuery = z.object({ usedate: ymdString });
export const checkinDepartureQuery = z.object(departureFields);

/** A check-in as it was made: when, by whom, on which device. */
export const checkinMark = z.object({ at: z.string(), by: z.string(), device: z.string() });
export type CheckinMark = z.infer<typeof checkinMark>;

export const checkinTraveller = z.object({
  seq: z.number().int(),
  name: z.string(),
  ageClass: z.string(),
  /** Checked in (live): when, by whom, on which device; null: not yet. */
  arrived: checkinMark.nullable(),
  /** Marked 無断不参加 at the end of the departure. */
  noShow: z.boolean(),
});
export type CheckinTraveller = z.infer<typeof checkinTraveller>;

/** A booking as the scanner shows it. */
export const checkinBooking = z.object({
  rsvno: z.string(),
  applicant: z.string(),
  statusLabel: z.string(),
  opcd: z.string(),
  webname: z.string(),
  usedate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  travellers: z.array(checkinTraveller),
});
export type CheckinBooking = z.infer<typeof checkinBooking>;

/** Arrived and expected travellers of a departure (paid bookings), and those marked 無断不参加. */
export const checkinCounts = z.object({
  arrived: z.number().int(),
  expected: z.number().int(),
  noShows: z.number().int(),
});
export type CheckinCounts = z.infer<typeof checkinCounts>;

export const checkinAnswer = z.object({
  verdict: z.enum(CHECKIN_VERDICTS),
  /** The travellers this call checked in. */
  checked: z.array(z.number().int()),
  booking: checkinBooking.nullable(),
  /** For `already`: the first check-in of the party. */
  first: checkinMark.nullable(),
  /** The scanner's departure after this call. */
  counts: checkinCounts,
});
export type CheckinAnswer = z.infer<typeof checkinAnswer>;
export const checkinAnswerResponse = envelope(checkinAnswer);

export const checkinNoShowsAnswer = z.object({ marked: z.number().int(), counts: checkinCounts });
export const checkinNoShowsResponse = envelope(checkinNoShowsAnswer);

/** A departure of the day as the scanner lists it. */
export const checkinDeparture = z.object({
  opcd: z.string(),
  webname: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  counts: checkinCounts,
});
export type CheckinDeparture = z.infer<typeof checkinDeparture>;
export const checkinDayResponse = envelope(z.object({ usedate: z.string(), departures: z.array(checkinDeparture) }));

/**
 * A departure's bookings for the scanner to keep (offline): each booking's ticket code, whether it is admitted (paid)
 * and its travellers. `servertime` is when it was taken.
 */
export const checkinPack = z.object({
  servertime: z.string(),
  usedate: z.string(),
  opcd: z.string(),
  startTime: z.string(),
  bookings: z.array(checkinBooking.extend({ code: z.string().nullable(), admitted: z.boolean() })),
  counts: checkinCounts,
});
export type CheckinPack = z.infer<typeof checkinPack>;
export const checkinPackResponse = envelope(checkinPack);
