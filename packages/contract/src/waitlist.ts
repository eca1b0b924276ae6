/**
 * キャンセル待ち (ADR 0167): joining the waiting list of a sold-out day, leaving it by the token of the
 * confirmation mail, and reading the offer the token names (the landing of the offer mail's link). Not in SPEC §7:
 * separate calls beside it; the booking made from an offer is SPEC's POST /booking with `waitlist_token`.
 * The console's list of the waiting entries per day is here too.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from './booking-rules.ts';
import { calendarYmd, envelope, plainText, startTimeString, ymdString } from './envelope.ts';
import { normaliseLang } from './i18n.ts';
import { say } from './said.ts';

export { WAITLIST_MAX_PARTY, WaitlistMsg } from './waitlist-messages.ts';

import { WAITLIST_MAX_PARTY } from './waitlist-messages.ts';

const PARTY_RANGE = say('waitlist.partyRange', { max: WAITLIST_MAX_PARTY });

/** The link's secret: URL-safe base64 of 32 random bytes (43 characters). */
export const waitlistToken = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, say('waitlist.tokenUnknown'));

export const waitlistMail = plainText()
  .trim()
  .min(1, say('waitlist.mailRequired'))
  .max(254, say('waitlist.mailInvalid'))
  .regex(EMAIL_PATTERN, say('waitlist.mailInvalid'));

/** A party size from a form's select (a string) or another client (a number). */
export const waitlistParty = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/, PARTY_RANGE)
        .transform(Number),
    ],
    {
      error: say('waitlist.partyRequired'),
    },
  )
  .pipe(z.number().int(PARTY_RANGE).min(1, PARTY_RANGE).max(WAITLIST_MAX_PARTY, PARTY_RANGE));

// POST /waitlist
export const waitlistJoinRequest = z.object({
  opcd: plainText().trim().min(1).max(20),
  usedate: calendarYmd,
  /** Not in SPEC (ADR 0196): the departure waited for on an option with start times; '' (or absent): the day. */
  start_time: startTimeString.default(''),
  mail: waitlistMail,
  party: waitlistParty,
  // Stored as one of ours, whatever the browser sent (`EN`, `en-GB`, `xx`), so every mail of the entry follows it.
  lang: plainText().max(8).default('ja').transform(normaliseLang),
});
export type WaitlistJoinRequest = z.input<typeof waitlistJoinRequest>;
export const waitlistJoinResult = z.object({ opcd: z.string(), usedate: ymdString, party: z.number().int() });
export const waitlistJoinResponse = envelope(waitlistJoinResult);

// POST /waitlist/leave, POST /waitlist/offer
export const waitlistTokenRequest = z.object({ token: waitlistToken });

export const WAITLIST_STATES = ['waiting', 'offered', 'booked', 'expired', 'canceled'] as const;
export type WaitlistStateName = (typeof WAITLIST_STATES)[number];

export const WAITLIST_STATE_LABEL: Record<WaitlistStateName, string> = {
  waiting: '待機中',
  offered: 'ご案内中（お席確保）',
  booked: '予約済み',
  expired: '期限切れ',
  canceled: '取り消し',
};

/**
 * What the offer link opens: the option, the day, the seats held and until when, and the day's unit prices (the
 * day is sold out for everyone else, so GET /price would refuse the party).
 */
export const waitlistOffer = z.object({
  opcd: z.string(),
  webname: z.string(),
  usedate: ymdString,
  /** The departure's start time (ADR 0196), '' for a whole day. */
  start_time: z.string(),
  state: z.enum(WAITLIST_STATES),
  /** The party the visitor waited for. */
  party: z.number().int(),
  /** Seats held for this offer (0 unless offered). */
  held: z.number().int(),
  /** Tokyo ISO instant; null unless offered. */
  offer_expires_at: z.string().nullable(),
  prices: z.object({
    adultbaika: z.string(),
    middlebaika: z.string(),
    childbaika: z.string(),
    infantbaika: z.string(),
  }),
});
export type WaitlistOffer = z.infer<typeof waitlistOffer>;
export const waitlistOfferResponse = envelope(waitlistOffer);
export const waitlistLeaveResponse = envelope(z.object({ state: z.enum(WAITLIST_STATES) }));

// GET /api/admin/waitlist (the console)
export const waitlistConsoleQuery = z.object({
  opcd: plainText().trim().max(20).optional(),
  /** First day shown (YYYYMMDD); by default today. */
  from: calendarYmd.optional(),
  /** Include entries that ended (booked, expired, canceled). */
  all: z.enum(['1', '0']).optional(),
});
export type WaitlistConsoleQuery = z.input<typeof waitlistConsoleQuery>;
export const waitlistConsoleEntry = z.object({
  id: z.number().int(),
  opcd: z.string(),
  webname: z.string(),
  usedate: ymdString,
  start_time: z.string(),
  party: z.number().int(),
  held: z.number().int(),
  state: z.enum(WAITLIST_STATES),
  mail: z.string(),
  created_at: z.string(),
  offer_expires_at: z.string().nullable(),
  rsvno: z.string().nullable(),
});
export type WaitlistConsoleEntry = z.infer<typeof waitlistConsoleEntry>;
export const waitlistConsoleDay = z.object({
  opcd: z.string(),
  webname: z.string(),
  usedate: ymdString,
  start_time: z.string(),
  /** Seats left on the departure now. */
  zaikozan: z.number().int(),
  entries: z.array(waitlistConsoleEntry),
});
export type WaitlistConsoleDay = z.infer<typeof waitlistConsoleDay>;
export const waitlistConsoleResponse = envelope(z.object({ days: z.array(waitlistConsoleDay) }));
