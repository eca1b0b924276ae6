/** 在庫・料金カレンダー's words: days, times, seats, prices and what an edit changes, as staff read them. */
import {
  type DepartureState,
  departureEnd,
  STOCK_PRICE_KEY,
  type StockChange,
  type StockDeparture,
  type StockEditRequest,
  WEEKDAY_LABEL,
} from '@tabi/contract/admin-catalog';
import { AGE_CLASS_LABEL, type AgeClass } from '@tabi/contract/constants';
import { formatTimes, weekdayOf } from '@tabi/contract/dates';
import { MODE_LABEL } from './bulk-edit-form.ts';
import type { PriceKey } from './stock-form.ts';

/** `8,000円`. */
export const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
/** `2026/12/05`, and a departure's `2026-12-05 10:00` as `2026/12/05 10:00`. */
export const formatDay = (iso: string) => iso.replaceAll('-', '/');
/** `12/5（土）`: a day in the month on screen. */
export const shortDay = (iso: string) =>
  `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}（${WEEKDAY_LABEL[weekdayOf(iso)]}）`;
/** A departure's times as staff read them: `10:00〜11:30`, `10:00`, or 終日 for a whole day. */
export const timesOf = (d: { startTime: string; endTime: string }) =>
  d.startTime === '' ? '終日' : formatTimes(d.startTime, d.endTime, 'ja');
/** Every seat of a departure: those left, held and sold. */
export const capacityOf = (d: StockDeparture) => d.left + d.held + d.sold;

/** The prices of the classes an option sells, each `大人 8,000円` (a price not given reads 0円). */
export function priceTexts(
  ageClasses: readonly AgeClass[],
  prices: Partial<Record<PriceKey, number | undefined>>,
): string[] {
  return ageClasses.map((c) => `${AGE_CLASS_LABEL[c]} ${yen(prices[STOCK_PRICE_KEY[c]] ?? 0)}`);
}

/** A departure's state in a change, as one line: 定員12席・残席9席・大人 8,000円…・11:30終了. */
export function describeState(s: DepartureState, ageClasses: readonly AgeClass[]): string {
  return [
    `定員${s.capacity}席`,
    `残席${s.left}席`,
    ...priceTexts(ageClasses, s),
    ...(s.endTime ? [`${s.endTime}終了`] : []),
  ].join('・');
}

/** What a change does, in words: what is made or removed, or each figure that moves (before → after). */
export function describeChange(c: StockChange, ageClasses: readonly AgeClass[]): string {
  const kept = c.stopped ? '（催行中止のため席は閉じたままです）' : '';
  if (c.before === null && c.after) return `追加：${describeState(c.after, ageClasses)}${kept}`;
  if (c.after === null && c.before) return `削除（${describeState(c.before, ageClasses)}）`;
  const { before, after } = c;
  if (!before || !after) return '';
  const moves: string[] = [];
  if (before.capacity !== after.capacity) moves.push(`定員 ${before.capacity}→${after.capacity}席`);
  if (before.left !== after.left) moves.push(`残席 ${before.left}→${after.left}席`);
  for (const cl of ageClasses) {
    const key = STOCK_PRICE_KEY[cl];
    if (before[key] !== after[key]) moves.push(`${AGE_CLASS_LABEL[cl]} ${yen(before[key])}→${yen(after[key])}`);
  }
  if (before.endTime !== after.endTime) moves.push(`終了 ${before.endTime || 'なし'}→${after.endTime || 'なし'}`);
  return `${moves.join('、')}${kept}`;
}

/**
 * The days (2026-12-05) and departures (2026-12-05 10:00) called off in an edit's range, whose seats it leaves closed:
 * 催行中止の日（2026/12/05）…, or 催行中止の日・便 when a departure was called off alone.
 */
export function stoppedText(stopped: readonly string[], tail: string): string {
  if (stopped.length === 0) return '';
  const what = stopped.some((s) => s.includes(' ')) ? '催行中止の日・便' : '催行中止の日';
  return `${what}（${stopped.map(formatDay).join('、')}）${tail}`;
}

/** A bulk edit's stock change in words: none, a close, seats set, or seats added or taken away. */
export function stockText(stock: StockEditRequest['stock']): string {
  return stock === null
    ? MODE_LABEL.none
    : stock.mode === 'close'
      ? MODE_LABEL.close
      : stock.mode === 'set'
        ? `席数を${stock.seats}席に設定`
        : `${stock.seats >= 0 ? `${stock.seats}席増やす` : `${-stock.seats}席減らす`}`;
}

/** A bulk edit's start times in words, each with its end when a duration is given; 終日 when there are none. */
export function requestTimesText(r: StockEditRequest): string {
  const times = r.times ?? [];
  if (times.length === 0) return '終日（開始時刻なし）';
  const minutes = r.durationMinutes ?? null;
  return times.map((t) => (minutes === null ? t : formatTimes(t, departureEnd(t, minutes) ?? '', 'ja'))).join('、');
}
