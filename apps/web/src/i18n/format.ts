import { formatDay, formatDeparture, formatTimes, formatTokyoDateTime } from '@tabi/contract/dates';
import { formatYen } from '@tabi/contract/format';
import type { Lang } from '@tabi/contract/i18n';
import { useMemo } from 'react';
import { useLang } from './lang.tsx';

export interface Format {
  /** ￥8,000 in Japanese, ¥8,000 in English. */
  yen(amount: number): string;
  /** 2026/12/01 in Japanese, 1 Dec 2026 in English (with `weekday`, 2026/12/01（火） and Tue, 1 Dec 2026). */
  day(day: string, options?: { weekday?: boolean }): string;
  /** A day and its departure's times (13:00〜15:00), or the day alone for a whole-day option. */
  departure(day: string, startTime: string, endTime: string, options?: { weekday?: boolean }): string;
  /** A departure's times alone: 13:00〜15:00 (13:00–15:00 in English). */
  times(startTime: string, endTime: string): string;
  /** A moment in Tokyo time: 2026/12/01 10:00 in Japanese, 1 Dec 2026, 10:00 in English. */
  dateTime(instant: Date | string): string;
}

export function formatIn(lang: Lang): Format {
  return {
    yen: (amount) => formatYen(amount, lang),
    day: (day, options) => formatDay(day, lang, options),
    departure: (day, startTime, endTime, options) => formatDeparture(day, startTime, endTime, lang, options),
    times: (startTime, endTime) => formatTimes(startTime, endTime, lang),
    dateTime: (instant) => formatTokyoDateTime(instant, lang),
  };
}

/** Prices and dates in the page's language. */
export function useFormat(): Format {
  const lang = useLang();
  return useMemo(() => formatIn(lang), [lang]);
}
