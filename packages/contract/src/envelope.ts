import { z } from 'zod';
import { isValidYmd } from './dates.ts';
import { say } from './said.ts';
import { hasControlCharacters, hasControlCharactersInLines, hasInvisibleNameCharacters } from './text.ts';
import { validationMessage } from './validation-messages.ts';

// Default validation messages, polite and by key (validation-messages.ts), for every schema of the contract, on both sides. In a browser
// zod's interpreter is used instead of its compiled parsers: compiling needs `new Function`, which our CSP
// (no 'unsafe-eval') forbids. Every contract schema module imports this one first, so this runs before any
// schema is built.
z.config({ localeError: validationMessage, jitless: 'document' in globalThis });

/** SPEC §7: every response carries errcd, errMsg and response. */
export function envelope<T extends z.ZodType>(response: T) {
  return z.object({ errcd: z.string(), errMsg: z.string(), response: response.nullable() });
}

export const errorEnvelope = envelope(z.unknown());
export type Envelope<T> = { errcd: string; errMsg: string; response: T | null };

/**
 * Every text field of a request starts here: a string without control characters, checked before any trim,
 * refused with the controlCharacters message. Both sides use it (the server's routes, the SPA's forms).
 */
export function plainText() {
  return z.string().refine((value) => !hasControlCharacters(value), say('controlCharacters'));
}

/**
 * A text of several lines (a staff note, a fee's reason, an option's HTML): the same rule, with tab, CR and LF
 * allowed (ADR 0084's "multi-line free-text field … must use its own schema").
 */
export function multilineText() {
  return z.string().refine((value) => !hasControlCharactersInLines(value), say('controlCharacters'));
}

/** A person's name: a plain text without line separators or invisible characters either. */
export function personName() {
  return plainText().refine((value) => !hasInvisibleNameCharacters(value), say('nameInvisibleCharacters'));
}

/** A non-negative integer written as a string, as SPEC marks several numbers. */
export const numericString = z.string().regex(/^\d+$/, say('rule.number'));
export const ymdString = z.string().regex(/^\d{8}$/, say('rule.ymdFormat'));
/**
 * A departure's start time (ADR 0196): `HH:MM`, Tokyo wall-clock time on its own day (00:30 belongs to the day it is
 * on), or '' for an option sold by the whole day.
 */
export const START_TIME_PATTERN = /^(([01][0-9]|2[0-3]):[0-5][0-9])?$/;
export const startTimeString = z.string().regex(START_TIME_PATTERN, say('rule.startTimeFormat'));
/** A YYYYMMDD date that exists on the calendar (the console's filters: 20261340 is refused, not a 500). */
export const calendarYmd = ymdString.refine(isValidYmd, say('rule.noSuchDate'));
/** Codes arrive as strings from forms and as numbers from other clients; both are accepted. */
export const codeString = z.union([plainText(), z.number().int()]).transform((v) => String(v));
export const session = plainText().min(1).max(200);

/**
 * Where an option is used, as a booking's option, the option's detail and a coupon all carry it: the facility's
 * name, opening hours, address, phone and position (null where the option has none).
 */
export const facilityFields = {
  companyname: z.string(),
  hours: z.string(),
  address: z.string(),
  tel: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
};
export type Facility = z.infer<z.ZodObject<typeof facilityFields>>;

/**
 * A booking on a departure as the operator's lists show it (参加者名簿, レンタル準備表): its number and state, its
 * option, and the departure (ADR 0196): `HH:MM` and its end ('' when not said); '' and '' for a whole day.
 */
export const departureBookingFields = {
  rsvno: z.string(),
  statusLabel: z.string(),
  opcd: z.string(),
  webname: z.string(),
  startTime: z.string(),
  endTime: z.string(),
};

/** One day's price of each age class (SPEC's `adultbaika` … `infantbaika`), each written as `price` says. */
export function dayPriceFields<T extends z.ZodType>(price: T) {
  return { adultbaika: price, middlebaika: price, childbaika: price, infantbaika: price };
}
