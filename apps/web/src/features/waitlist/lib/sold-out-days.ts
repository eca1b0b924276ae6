import type { CalendarDay } from '@tabi/contract/catalog';
import type { Ymd } from '@tabi/contract/dates';

/**
 * The days of the month on show a visitor may wait for: from today on, with a price (the day is
 * sold, not missing) and no seat left. The calendar itself keeps them unselectable (SPEC §2).
 */
export function soldOutDays(valueList: Record<string, CalendarDay>, today: Ymd): Ymd[] {
  return Object.keys(valueList)
    .filter((day) => {
      const entry = valueList[day];
      return day >= today && Number(entry?.zaikozan ?? 0) <= 0 && Number(entry?.adultbaika ?? 0) > 0;
    })
    .sort();
}
