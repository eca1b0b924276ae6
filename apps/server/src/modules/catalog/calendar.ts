/** The availability calendar's month (SPEC §3 "Calendar day"): every day present, zeros where nothing is sold. */
import type { CalendarDay } from '@tabi/contract/catalog';
import { daysOfMonth, isoDateToYmd, type Ymd } from '@tabi/contract/dates';

export interface DayStock {
  usedate: string;
  zaikozan: number;
  adultbaika: number;
  middlebaika: number;
  childbaika: number;
  infantbaika: number;
}

function zero(date: Ymd): CalendarDay {
  return { date, zaikozan: '0', adultbaika: '0', middlebaika: '0', childbaika: '0', infantbaika: '0' };
}

/**
 * Days before today, outside the use period or without a stock row are padded with zero stock and
 * zero prices, so the client can draw the month without gaps.
 */
export function monthCalendar(
  monthOf: Ymd,
  rows: DayStock[],
  today: Ymd,
  useFrom: Ymd,
  useTo: Ymd,
): Record<string, CalendarDay> {
  const byDay = new Map(rows.map((r) => [isoDateToYmd(r.usedate), r]));
  const out: Record<string, CalendarDay> = {};
  for (const day of daysOfMonth(monthOf)) {
    const row = byDay.get(day);
    out[day] =
      !row || day < today || day < useFrom || day > useTo
        ? zero(day)
        : {
            date: day,
            zaikozan: String(row.zaikozan),
            adultbaika: String(row.adultbaika),
            middlebaika: String(row.middlebaika),
            childbaika: String(row.childbaika),
            infantbaika: String(row.infantbaika),
          };
  }
  return out;
}
