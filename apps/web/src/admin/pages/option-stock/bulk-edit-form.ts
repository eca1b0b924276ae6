/** まとめて変更's form: what it holds as typed, its first values, and its reading into the contract's request. */
import { type StockMonth, stockEditRequest, WEEKDAY_LABEL } from '@tabi/contract/admin-catalog';
import type { AgeClass } from '@tabi/contract/constants';
import { isoDateToYmd, monthEnd, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { z } from 'zod';
import {
  type Mode,
  type PriceKey,
  readPrices,
  readStock,
  refuseMissingPrices,
  typedNumber,
  typedTimes,
} from './stock-form.ts';

export const MODE_LABEL: Record<Mode, string> = {
  set: '席数を設定（予約済みの席を含む総数）',
  add: '席を増減（減らすときはマイナス）',
  close: '販売を停止（残席0）',
  none: '変更しない',
};

/** What the bulk edit's form holds: the controls' own values (text, checked weekdays), before they are read. */
export interface BulkEditValues {
  from: string;
  to: string;
  weekdays: string[];
  times: string;
  durationMinutes: string;
  stock: { mode: Mode; seats: string };
  withPrices: boolean;
  prices: Record<PriceKey, string>;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * Where a bulk edit starts and ends unless the clerk changes it: the month on screen within the sales period, from
 * today on (past days are never sold); a month wholly past keeps its own days.
 */
export function defaultRange(month: string, data: StockMonth | undefined): { from: string; to: string } {
  const first = `${month}-01`;
  const last = ymdToIsoDate(monthEnd(isoDateToYmd(first)));
  const inPeriod = data
    ? { from: later(first, data.useFrom), to: earlier(last, data.useTo) }
    : { from: first, to: last };
  const fromToday = later(inPeriod.from, ymdToIsoDate(tokyoYmd(new Date())));
  return fromToday <= inPeriod.to ? { ...inPeriod, from: fromToday } : inPeriod;
}

/** The form's first values: the range (defaultRange), every weekday, 10 seats set, and no prices. */
export function bulkEditDefaults(month: string, data: StockMonth | undefined): BulkEditValues {
  return {
    ...defaultRange(month, data),
    weekdays: WEEKDAY_LABEL.map((_, i) => String(i)),
    times: '',
    durationMinutes: '',
    stock: { mode: 'set', seats: '10' },
    withPrices: false,
    prices: { adultbaika: '', middlebaika: '', childbaika: '', infantbaika: '' },
  };
}

/**
 * The form read into the contract's stockEditRequest, and checked by it: its messages are the server's, at the same
 * paths as the form's fields. A class the option sells needs its price (stockPricesMissing, as the server checks it).
 * Without start times the request is the one of whole days, as it was before there were any.
 */
export function bulkEditForm(ageClasses: readonly AgeClass[]) {
  return z
    .custom<BulkEditValues>()
    .transform((v) => {
      const times = typedTimes(v.times);
      const minutes = typedNumber(v.durationMinutes);
      return {
        from: v.from,
        to: v.to,
        weekdays: v.weekdays.map(Number).sort(),
        ...(times.length > 0 || minutes !== undefined ? { times, durationMinutes: minutes ?? null } : {}),
        stock: readStock(v.stock),
        prices: v.withPrices ? readPrices(ageClasses, v.prices) : null,
      };
    })
    .pipe(stockEditRequest.superRefine(refuseMissingPrices(ageClasses)));
}

/**
 * Said before the clerk confirms a switch between whole days and start times: the start times left empty on an
 * option sold by them (with the month's own), or typed on one sold by whole days; '' when the edit switches nothing.
 */
export function timesSwitchWarning(data: StockMonth | undefined, typed: readonly string[]): string {
  const monthTimes = [...new Set(data?.days.flatMap((d) => d.departures.map((p) => p.startTime)) ?? [])]
    .filter((t) => t !== '')
    .sort();
  return data?.timed && typed.length === 0
    ? `この商品は開始時刻ごとに販売しています（この月：${monthTimes.join('・') || 'なし'}）。開始時刻が空欄のままだと、対象の日は終日の販売に切り替わります。`
    : !data?.timed && typed.length > 0 && data?.days.some((d) => d.open)
      ? 'この商品は終日で販売しています。開始時刻を入力すると、対象の日は開始時刻ごとの販売に切り替わります。'
      : '';
}
