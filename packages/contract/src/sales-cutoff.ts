/**
 * When sales of an option's day close (DESIGN §5, ADR 0191): a number of days before the day of use, at a Tokyo
 * wall-clock time, e.g. the day itself at 06:45 for a tour leaving at 08:45, or the day before at 17:00 for a
 * request item or a rental. 0 days at 00:00 (the default) closes a day as it begins: no same-day sales.
 * The calendar, the price call, the booking, the payment and a reseller's reserve and confirm all ask this.
 */
import { addDays, tokyoDayStart, tokyoYmd, type Ymd } from './dates.ts';

export interface SalesCutoff {
  /** Days before the day of use (0: the day itself). */
  daysBefore: number;
  /** HH:MM, Tokyo. */
  time: string;
}

export const DEFAULT_SALES_CUTOFF: SalesCutoff = { daysBefore: 0, time: '00:00' };
export const SALES_CUTOFF_MAX_DAYS = 60;
export const SALES_CUTOFF_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The instant sales of `usedate` close. */
export function salesCutoffAt(usedate: Ymd, cutoff: SalesCutoff): Date {
  const [h, m] = cutoff.time.split(':').map(Number);
  return new Date(tokyoDayStart(addDays(usedate, -cutoff.daysBefore)).getTime() + ((h ?? 0) * 60 + (m ?? 0)) * 60_000);
}

export function salesClosed(usedate: Ymd, cutoff: SalesCutoff, now: Date): boolean {
  return now.getTime() >= salesCutoffAt(usedate, cutoff).getTime();
}

/**
 * A departure that has left (ADR 0196): its start time (Tokyo, on its own day) has passed, so it is no longer sold,
 * whatever its day's cutoff says. A whole day (`startTime` '') never has. `usedate` is YYYYMMDD or YYYY-MM-DD.
 */
export function departed(usedate: string, startTime: string, now: Date): boolean {
  if (startTime === '') return false;
  const day = usedate.replaceAll('-', '');
  const at = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T${startTime}:00+09:00`);
  return now.getTime() >= at.getTime();
}

/** The first day of use still on sale at `now`: today, or a later day once today's (or tomorrow's) sales closed. */
export function firstDayOnSale(cutoff: SalesCutoff, now: Date): Ymd {
  let day = tokyoYmd(now);
  while (salesClosed(day, cutoff, now)) day = addDays(day, 1);
  return day;
}

/**
 * The rule as a customer reads it: how many days before the day of use, and until what time. 00:00 on a day is the
 * end of the day before, said as 24:00 of that day.
 */
export function salesCutoffAsRead(cutoff: SalesCutoff): { days: number; time: string } {
  const midnight = cutoff.time === '00:00';
  return {
    days: midnight ? cutoff.daysBefore + 1 : cutoff.daysBefore,
    time: midnight ? '24:00' : cutoff.time,
  };
}

/** The rule in the console's words (the customer pages say it from their catalogs): 「ご利用日の前日17:00まで」. */
export function salesCutoffText(cutoff: SalesCutoff): string {
  const { days, time } = salesCutoffAsRead(cutoff);
  if (days === 0) return `ご利用日当日の${time}まで`;
  if (days === 1) return `ご利用日の前日${time}まで`;
  return `ご利用日の${days}日前の${time}まで`;
}
