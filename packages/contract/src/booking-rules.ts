/** Booking rules both sides need: status label and payment permission (SPEC §4), person checks (§5). */
import {
  type AgeClass,
  BookingStatus,
  NAME_MAX_LENGTH,
  PaymentStatus,
  PHONE_MAX_LENGTH,
  UNPAID_GRACE_MINUTES,
} from './constants.ts';
import { ageOn, isValidYmd, type Ymd } from './dates.ts';
import { Msg } from './messages.ts';
import { type AgeRules, ageBounds } from './party.ts';
import { say } from './said.ts';
import { hasControlCharacters, hasInvisibleNameCharacters } from './text.ts';

export interface StatusFacts {
  status: number;
  status_payment: number;
  rsvdate: string;
  /** Not in SPEC (ADR 0213): a konbini slip is issued and the booking waits for its payment at the store. */
  awaiting_konbini?: boolean | undefined;
}

/**
 * What a booking is now, as a customer or a clerk sees it (SPEC §3's label rules): the one place that reads
 * the wire fields for it. Decisions compare states, never the Japanese labels made from them.
 */
export type BookingState = 'paid' | 'unpaid' | 'canceled' | 'offered' | 'requested' | 'awaiting' | 'unknown';

const UNPAID_GRACE_MS = UNPAID_GRACE_MINUTES * 60_000;
const instant = (at: Date | string) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/**
 * SPEC §4's hour, the one rule of it: an unpaid card booking received at `rsvdate` holds its seats, and may be paid,
 * until this instant; after it the booking is dead, before the sweeper makes it so.
 */
export function unpaidGraceEnd(rsvdate: Date | string): Date {
  return new Date(instant(rsvdate) + UNPAID_GRACE_MS);
}

/** Whether that hour is over at `now`. */
export function unpaidGraceOver(rsvdate: Date | string, now: Date | string): boolean {
  return instant(now) > instant(rsvdate) + UNPAID_GRACE_MS;
}

/** The same rule for a query: unpaid card bookings received before this instant hold nothing at `now`. */
export function unpaidGraceCutoff(now: Date | string): Date {
  return new Date(instant(now) - UNPAID_GRACE_MS);
}

export function bookingState(booking: StatusFacts, servertime: string): BookingState {
  const { status, status_payment } = booking;
  if (status === BookingStatus.completed && status_payment === PaymentStatus.completed) return 'paid';
  if (status === BookingStatus.canceled) return 'canceled';
  if (status === BookingStatus.completed) {
    // A card booking left unpaid past its hour shows as canceled before the sweeper makes it so.
    return unpaidGraceOver(booking.rsvdate, servertime) ? 'canceled' : 'unpaid';
  }
  // A konbini slip waiting for the store (ADR 0213): SPEC's tmp reservation on the wire, its own label.
  if (status === BookingStatus.tmp) return booking.awaiting_konbini ? 'awaiting' : 'offered';
  if (status === BookingStatus.requested) return 'requested';
  return 'unknown';
}

/** SPEC §3's status label of each state. */
export const STATE_LABEL: Record<BookingState, string> = {
  paid: Msg.statusPaid,
  unpaid: Msg.statusUnpaid,
  canceled: Msg.statusCanceled,
  offered: Msg.statusTmp,
  requested: Msg.statusRequested,
  awaiting: Msg.statusAwaitingKonbini,
  unknown: '',
};

export function statusLabel(booking: StatusFacts, servertime: string): string {
  return STATE_LABEL[bookingState(booking, servertime)];
}

export interface PaymentFacts {
  status: number;
  flg_request_rsv: number;
  payment_deadline_date: string | null;
}

export function paymentAllowed(booking: PaymentFacts, servertime: string): boolean {
  if (booking.status !== BookingStatus.tmp || booking.flg_request_rsv !== 1) return false;
  if (!booking.payment_deadline_date) return false;
  return Date.parse(servertime) < Date.parse(booking.payment_deadline_date);
}

/**
 * SPEC §4: cancellation only for a completed booking whose start date is after today; a konbini slip not paid yet
 * may be canceled as well, for nothing (ADR 0213).
 */
export function cancelAllowed(
  booking: { status: number; fromdate: Ymd; awaiting_konbini?: boolean | undefined },
  today: Ymd,
): boolean {
  return (booking.status === BookingStatus.completed || booking.awaiting_konbini === true) && booking.fromdate > today;
}

/** A text longer than `max` characters (SPEC §5's names and the passport number). */
export function tooLong(max: number): string {
  return say('nameTooLong', { max });
}

/** SPEC §5's age message for an age class whose bounds a birthday misses. */
export function ageOutOfRange(ageClass: AgeClass, min: number | null, max: number | null): string {
  const names = { ageClass: say(`ageClass.${ageClass}`) };
  if (min !== null && max !== null) return say('ageBetween', { ...names, min, max });
  return min !== null ? say('ageAtLeast', { ...names, min }) : say('ageAtMost', { ...names, max: max ?? 0 });
}

/** The birthday message for a person of `ageClass` on `reference`, or null when it is acceptable. */
export function birthdayProblem(
  birthday: Ymd,
  ageClass: AgeClass,
  reference: Ymd,
  today: Ymd,
  rules: AgeRules,
): string | null {
  if (!isValidYmd(birthday) || birthday > today) return say('invalidDate');
  const { min, max } = ageBounds(ageClass, rules);
  const age = ageOn(birthday, reference);
  if ((min !== null && age < min) || (max !== null && age > max)) return ageOutOfRange(ageClass, min, max);
  return null;
}

export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function nameProblem(name: string): string | null {
  if (hasControlCharacters(name)) return say('controlCharacters');
  if (hasInvisibleNameCharacters(name)) return say('nameInvisibleCharacters');
  return [...name].length > NAME_MAX_LENGTH ? tooLong(NAME_MAX_LENGTH) : null;
}

/**
 * The booking form's names: ローマ字（半角英字） as in the passport (its hint says so), words joined by a space, a
 * hyphen, an apostrophe or a period (MARY ANNE, JEAN-LUC, O'BRIEN, ST. JOHN). Staff may still correct a name as it is
 * written elsewhere (the console's participant edit keeps nameProblem alone).
 */
const ROMAN_NAME = /^[A-Za-z]+(?:(?:[ '-]|\. ?)[A-Za-z]+)*\.?$/;

export function bookingNameProblem(name: string): string | null {
  return nameProblem(name) ?? (ROMAN_NAME.test(name.normalize('NFKC').trim()) ? null : say('nameRoman'));
}

export function phoneProblem(phone: string): string | null {
  if (hasControlCharacters(phone)) return say('controlCharacters');
  return [...phone].length > PHONE_MAX_LENGTH ? tooLong(PHONE_MAX_LENGTH) : null;
}

/** Digits only; full-width digits become ASCII, hyphens and spaces go (DESIGN §4). */
export function normalisePhone(phone: string): string {
  return phone.normalize('NFKC').replace(/\D/g, '');
}

/** The facts the lifecycle's predicates read (the server's row and my page's answer both carry them). */
export interface LifecycleFacts {
  status: number;
  status_payment: number;
  flg_request_rsv: number;
  rsvdate: string;
}

/** A card booking still unpaid within its grace, which the purchase flow may pay (SPEC §4, §9). */
export function cardPaymentOpen(booking: LifecycleFacts, servertime: string): boolean {
  return (
    booking.status === BookingStatus.completed &&
    booking.status_payment === PaymentStatus.uncompleted &&
    booking.flg_request_rsv === 0 &&
    !unpaidGraceOver(booking.rsvdate, servertime)
  );
}

/** Rental sizes may be changed until the booking is canceled (or shows as canceled). */
export function rentalEditAllowed(booking: LifecycleFacts, servertime: string): boolean {
  return bookingState(booking, servertime) !== 'canceled';
}

/** A request the customer may withdraw: not answered yet (リクエスト予約), until its use date. */
export function requestWithdrawable(booking: { status: number; fromdate: Ymd }, today: Ymd): boolean {
  return booking.status === BookingStatus.requested && booking.fromdate >= today;
}

const YES_WORDS = new Set(['1', 'true', 'yes', 'on', '希望する']);

/** The one reading of a yes/no value as forms and stored data send it: true, 1, '1', 'true', '希望する'… */
export function isYes(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return typeof value === 'string' && YES_WORDS.has(value.trim().toLowerCase());
}

/**
 * A passport number as the console shows it to whoever does not need it in full (an operator): its
 * last 4 characters, the rest as •. Admins, the customer themselves and the ticketing call see it whole.
 */
export function maskPassport(passport: string): string {
  if (passport.length <= 4) return passport;
  return `${'•'.repeat(passport.length - 4)}${passport.slice(-4)}`;
}
