/** My page's small rules on top of the contract's (SPEC §2 My page, §4, §9), kept pure for unit tests. */
import type { Booking, BookingOption } from '@tabi/contract/booking';
import { unpaidGraceEnd } from '@tabi/contract/booking-rules';
import { ExternalCode, PACKAGE_CODE_OPTION, RentalCode } from '@tabi/contract/constants';
import { addDays, daysBetween, tokyoYmd, type Ymd } from '@tabi/contract/dates';

/** SPEC §7: GET /option/{code} takes the option code when the package code is 'X', else the package code. */
export function productCode(booking: Pick<Booking, 'optionList'>): string | null {
  const first = booking.optionList[0];
  if (!first) return null;
  return first.pkcd === PACKAGE_CODE_OPTION || first.pkcd === '' ? first.opcd : first.pkcd;
}

/** Today's Tokyo date by the server's clock (the booking carries servertime), the browser's as a fallback. */
export function businessToday(servertime: string | undefined): Ymd {
  const at = servertime ? new Date(servertime) : new Date();
  return tokyoYmd(Number.isNaN(at.getTime()) ? new Date() : at);
}

/** Days of the stay, both ends included. */
export function stayDays(fromdate: Ymd, todate: Ymd): number {
  return daysBetween(fromdate, todate) + 1;
}

/** SPEC §9: the rental link needs at least 1 day since the start date and a rental code on the option. */
export function rentalLinkVisible(fromdate: Ymd, rentalcd: string | undefined, today: Ymd): boolean {
  return Boolean(rentalcd && rentalcd !== RentalCode.none) && today >= addDays(fromdate, 1);
}

/** Linktivity tickets are shown from the trip's start day (Tokyo). */
export function ticketAvailable(startDate: Ymd, today: Ymd): boolean {
  return today >= startDate;
}

export function hasMeetingInfo(option: BookingOption): boolean {
  return [
    option.meetpoint,
    option.serviceno,
    option.departure_point,
    option.departure_time,
    option.arrival_point,
    option.arrival_time,
  ].some((v) => Boolean(v?.trim()));
}

/** SPEC §2: usage guidance for options with an external code, or with meeting information to give. */
export function hasUsageGuide(option: BookingOption): boolean {
  return option.ex_cd !== ExternalCode.none || hasMeetingInfo(option);
}

export function hasCoupons(booking: Pick<Booking, 'optionList'>): boolean {
  return booking.optionList.some((o) => o.pkcd !== PACKAGE_CODE_OPTION && o.pkcd !== '');
}

/** The use date of the booking's coupons (the coupon list reads its first coupon option), or null. */
export function couponUseDate(booking: Pick<Booking, 'optionList'>): Ymd | null {
  const first = booking.optionList.find((o) => o.pkcd !== PACKAGE_CODE_OPTION && o.pkcd !== '');
  return first ? first.usedate : null;
}

export interface CardPaymentWindow {
  /** When the hold ends, as an instant. */
  until: Date;
  /** Whole minutes left, at least 1 while it is open. */
  minutesLeft: number;
}

/** An unpaid card booking may still be paid through the checkout until its hold ends. */
export function cardPaymentWindow(booking: Booking): CardPaymentWindow | null {
  if (!booking.card_payable) return null;
  const until = unpaidGraceEnd(booking.rsvdate);
  const left = until.getTime() - Date.parse(booking.servertime);
  return { until, minutesLeft: Math.max(1, Math.ceil(left / 60_000)) };
}

export type PaymentCheck = 'ok' | 'pastDeadline' | 'notPayable';

/** SPEC §8: before paying, a re-fetched booking is past its deadline, not payable, or fine. */
export function paymentCheck(booking: Booking): PaymentCheck {
  if (booking.payable) return 'ok';
  return booking.state === 'offered' && booking.payment_deadline_date ? 'pastDeadline' : 'notPayable';
}

/** rsvdate may arrive as YYYYMMDD or as an instant; either way its Tokyo calendar date. */
export function receptionYmd(rsvdate: string): Ymd {
  if (/^\d{8}$/.test(rsvdate)) return rsvdate;
  const at = new Date(rsvdate);
  return Number.isNaN(at.getTime()) ? rsvdate.slice(0, 10).replaceAll('-', '') : tokyoYmd(at);
}
