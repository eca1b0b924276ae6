/**
 * 催行中止 and 最少催行人員: the company calls off one or more days of one or more options (or every option
 * of a facility), with a reason; the console previews the bookings, travellers, refunds and mails first.
 */
import { z } from 'zod';
import { calendarYmd, envelope, plainText } from './envelope.ts';
import { say } from './said.ts';

export const DAY_STOP_REASONS = ['weather', 'minimum', 'facility', 'other'] as const;
export type DayStopReason = (typeof DAY_STOP_REASONS)[number];

/** As the console offers them (the issue's own words). */
export const DAY_STOP_REASON_LABEL: Record<DayStopReason, string> = {
  weather: '悪天候',
  minimum: '最少催行人員に満たないため',
  facility: '施設の都合',
  other: 'その他',
};

/** As the customer's mail says why: 「…のため、催行を中止させていただくことになりました」. */
export const DAY_STOP_REASON_MAIL: Record<Exclude<DayStopReason, 'other'>, string> = {
  weather: '悪天候が予想される',
  minimum: 'ご参加の人数が最少催行人員に満たなかった',
  facility: '施設の都合の',
};

/** Days one stop may span at most (a season's worth is done in several). */
export const DAY_STOP_MAX_DAYS = 31;
export const DAY_STOP_REASON_TEXT_MAX = 200;

export const DayStopMsg = {
  noOption: '催行中止にする商品を選んでください。',
  range: '終了日は開始日以降の日付にしてください。',
  tooLong: `一度に催行中止にできるのは${DAY_STOP_MAX_DAYS}日までです。`,
  otherText: '「その他」の場合は理由を入力してください。',
  inPast: '過ぎた日は催行中止にできません。',
  noDays: '選んだ期間に販売中の日がありません。',
  alreadyStopped: '既に催行中止になっている日が含まれています。画面を更新して確認してください。',
  decided: 'この日は既に催行を決定または中止しています。',
  noMinimum: 'この商品には最少催行人員が設定されていません。',
  departureOne: '便を選んで催行中止にするときは、商品を1つ、日付を1日だけ選んでください。',
  noDeparture: 'この日にその便はありません。画面を更新して確認してください。',
} as const;

/** A departure's start time as the console sends it (ADR 0196): `HH:MM`, Tokyo. */
export const departureStartTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, '便の時刻が正しくありません。');

export const dayStopRequest = z
  .object({
    /** The options to stop; or every option of `facilityId`. */
    opcds: z.array(plainText().trim().min(1).max(20)).max(200).default([]),
    facilityId: z.number().int().positive().max(2_147_483_647).optional(),
    from: calendarYmd,
    to: calendarYmd,
    reason: z.enum(DAY_STOP_REASONS),
    reasonText: plainText().trim().max(DAY_STOP_REASON_TEXT_MAX).default(''),
    /**
     * One departure of an option sold at start times (ADR 0196): only that start time of the day is called off, the
     * day's other departures stay on sale. Left out: the whole day (every departure of it).
     */
    startTime: departureStartTime.optional(),
  })
  .refine((v) => v.opcds.length > 0 || v.facilityId !== undefined, { message: DayStopMsg.noOption, path: ['opcds'] })
  .refine((v) => v.startTime === undefined || (v.opcds.length === 1 && v.facilityId === undefined && v.from === v.to), {
    message: DayStopMsg.departureOne,
    path: ['startTime'],
  })
  .refine((v) => v.from <= v.to, { message: DayStopMsg.range, path: ['to'] })
  .refine((v) => v.reason !== 'other' || v.reasonText !== '', { message: DayStopMsg.otherText, path: ['reasonText'] });
export type DayStopRequest = z.input<typeof dayStopRequest>;

/**
 * A day of an option, or one departure of it, as the stop's and the minimum's lists name it: the option, the day
 * (YYYYMMDD) and the departure's start and end ('' and '': the whole day, every departure of it).
 */
const optionDayFields = {
  opcd: z.string(),
  webname: z.string(),
  usedate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
};

export const dayStopDay = z.object({
  /** The day or the departure called off. */
  ...optionDayFields,
  /** Seats left for sale now: closed by the stop. */
  seatsLeft: z.number().int(),
});

export const dayStopBooking = z.object({
  rsvno: z.string(),
  name: z.string(),
  /** The day or the departure the booking is on. */
  ...optionDayFields,
  travellers: z.number().int(),
  statusLabel: z.string(),
  channel: z.string(),
  /** Paid by card and not yet refunded: refunded in full (0 for a reseller's booking, paid on account). */
  refund: z.number().int(),
  /** How the customer hears of it: our mail, or the reseller (through OCTO). */
  notice: z.enum(['mail', 'reseller']),
  /** A reseller's booking: what it would have been invoiced, and no longer is. */
  onAccount: z.number().int(),
  /** A ticket issued elsewhere (JR, DJ, Linktivity, a reseller) that a person must cancel there too. */
  external: z.boolean(),
});
export type DayStopBooking = z.infer<typeof dayStopBooking>;

export const dayStopPreview = z.object({
  reasonLabel: z.string(),
  days: z.array(dayStopDay),
  bookings: z.array(dayStopBooking),
  totals: z.object({
    days: z.number().int(),
    bookings: z.number().int(),
    travellers: z.number().int(),
    refund: z.number().int(),
    mails: z.number().int(),
    resellerBookings: z.number().int(),
    onAccount: z.number().int(),
    seatsClosed: z.number().int(),
    external: z.number().int(),
  }),
});
export type DayStopPreview = z.infer<typeof dayStopPreview>;
export const dayStopPreviewResponse = envelope(dayStopPreview);

export const dayStopStarted = z.object({ stopId: z.number().int(), bookings: z.number().int() });
export const dayStopStartedResponse = envelope(dayStopStarted);

/** A stop as the console lists it: running until every booking is canceled and refunded. */
export const dayStopLine = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  staff: z.string(),
  reasonLabel: z.string(),
  state: z.enum(['running', 'done']),
  /** Whole days (startTime '') and single departures. */
  days: z.array(z.object(optionDayFields)),
  bookings: z.number().int(),
  done: z.number().int(),
  refund: z.number().int(),
  external: z.number().int(),
  finishedAt: z.string().nullable(),
});
export type DayStopLine = z.infer<typeof dayStopLine>;
export const dayStopListResponse = envelope(z.array(dayStopLine));

/**
 * The departures of one day of one option, for the stop's form (choose the whole day or one of them): their seats
 * left, the travellers booked on them, and whether one is already called off.
 */
export const dayStopDeparturesQuery = z.object({ opcd: plainText().trim().min(1).max(20), date: calendarYmd });
export type DayStopDeparturesQuery = z.input<typeof dayStopDeparturesQuery>;
export const dayStopDeparture = z.object({
  startTime: z.string(),
  endTime: z.string(),
  seatsLeft: z.number().int(),
  travellers: z.number().int(),
  bookings: z.number().int(),
  stopped: z.boolean(),
});
export type DayStopDeparture = z.infer<typeof dayStopDeparture>;
export const dayStopDepartureList = z.object({
  /** The whole day is already called off. */
  dayStopped: z.boolean(),
  /** In time order; one line with startTime '' for an option sold by whole days. */
  departures: z.array(dayStopDeparture),
});
export type DayStopDepartureList = z.infer<typeof dayStopDepartureList>;
export const dayStopDeparturesResponse = envelope(dayStopDepartureList);

/**
 * A day (or, for an option sold at start times, a departure) of an option with a minimum, near or past its decision
 * time and not decided yet (the dashboard's card).
 */
export const minimumDay = z.object({
  /** The day or the departure counted. */
  ...optionDayFields,
  travellers: z.number().int(),
  minTravellers: z.number().int(),
  /** When it is to be decided (ISO). */
  decideAt: z.string(),
  overdue: z.boolean(),
});
export type MinimumDay = z.infer<typeof minimumDay>;

export const dayDecisionRequest = z.object({
  opcd: plainText().trim().min(1).max(20),
  usedate: calendarYmd,
  /** One departure of an option sold at start times; left out: the whole day. */
  startTime: departureStartTime.optional(),
});
export type DayDecisionRequest = z.input<typeof dayDecisionRequest>;

/**
 * The minimum as the detail page's notes (注意事項) say it, appended to the option's own notes so that the SPEC's
 * sections stay as they are; null when the option has none.
 */
export function minimumNote(o: {
  minTravellers: number | null;
  decisionDaysBefore: number | null;
  decisionTime: string | null;
}): string | null {
  if (o.minTravellers === null) return null;
  const decided = o.decisionDaysBefore !== null && o.decisionTime !== null;
  return say('minimumNote', {
    min: o.minTravellers,
    decided: decided ? 'yes' : 'no',
    daysBefore: o.decisionDaysBefore ?? 0,
    time: o.decisionTime ?? '',
  });
}
