/**
 * The rules of a konbini slip (ADR 0213): how long it may be paid at the store, and when a booking may be paid so at
 * all. A slip is due at the end of a day in Tokyo (Stripe's `expires_after_days`), at most KONBINI_MAX_DAYS from today
 * and never after the day before the use date, so that an unpaid booking gives its seats back before its day.
 */
import { KONBINI_MAX_AMOUNT, KONBINI_MAX_DAYS, KONBINI_MIN_AMOUNT, type PaymentMethod } from '@tabi/contract/constants';
import { addDays, daysBetween, tokyoDayStart, tokyoYmd, type Ymd } from '@tabi/contract/dates';

/** The last second (Tokyo) of the day `days` after today: when a slip issued now for `days` days expires. */
export function slipDeadline(now: Date, days: number): Date {
  return new Date(tokyoDayStart(addDays(tokyoYmd(now), days + 1)).getTime() - 1000);
}

/**
 * The days a slip issued now may run for a booking of `amount` yen whose first day is `fromdate`, and that must be paid
 * by `payBy` (a confirmed request's deadline) when it has one; 0: konbini is not offered.
 */
export function konbiniDays(now: Date, fromdate: Ymd, amount: number, payBy: Date | null = null): number {
  if (amount < KONBINI_MIN_AMOUNT || amount > KONBINI_MAX_AMOUNT) return 0;
  const today = tokyoYmd(now);
  let days = Math.min(KONBINI_MAX_DAYS, daysBetween(today, fromdate) - 1);
  if (payBy) days = Math.min(days, daysBetween(today, tokyoYmd(payBy)));
  return Math.max(0, days);
}

/** The methods a checkout offers: konbini only when a slip would have a day (ADR 0213). */
export function offeredMethods(configured: readonly PaymentMethod[], days: number): PaymentMethod[] {
  return configured.filter((m) => m !== 'konbini' || days > 0);
}
