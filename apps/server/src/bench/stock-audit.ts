/**
 * The bookkeeping of the stock-edit benchmark (`bench/stock-edit.bench.ts`): each day's capacity as
 * the admin's accepted bulk edits make it, the check that the database keeps to it, and the check that the
 * public calendar shows what the database holds.
 *
 * A day's capacity is the seats left plus the seats live bookings take (held unpaid or requested, and sold).
 * `set N` makes it N; `add k` adds k (or removes); bookings and their expiry move seats between left and taken
 * and leave it unchanged. So after any mix of accepted edits and bookings, left + taken equals the capacity the
 * edits alone give: a day with more taken than that is oversold, and a day whose sum differs has lost or made up
 * seats (an edit that missed a racing booking makes up seats first and oversells them next).
 */

import { stockEditDays } from '@tabi/contract/admin-catalog';
import { STOCK_CIRCLE_FROM } from '@tabi/contract/constants';
import type { BenchStockDay } from './types.ts';

/** The edits the benchmark makes: `close` is left out, its capacity depends on the bookings at that moment. */
export interface SeatEdit {
  from: string;
  to: string;
  weekdays: number[];
  stock: { mode: 'set'; seats: number } | { mode: 'add'; seats: number };
}

export function takenOf(day: BenchStockDay): number {
  return day.held + day.sold;
}

export function capacityOf(day: BenchStockDay): number {
  return day.zaikozan + takenOf(day);
}

/** Applies an edit the server accepted to the capacities expected per day (days not in the map stay out). */
export function applyEdit(capacity: Map<string, number>, edit: SeatEdit): void {
  for (const day of stockEditDays(edit)) {
    const before = capacity.get(day);
    if (before === undefined) continue;
    capacity.set(day, edit.stock.mode === 'set' ? edit.stock.seats : before + edit.stock.seats);
  }
}

export interface SeatAudit {
  days: number;
  /** Seats taken beyond the day's capacity, summed over the days. */
  oversold: number;
  /** Days whose left + taken is not the capacity (or that the database no longer has). */
  mismatched: number;
  /** The first day found wrong, for the report. */
  example: string | null;
}

/** The database's days against the capacities the accepted edits give. */
export function auditSeats(capacity: Map<string, number>, rows: BenchStockDay[]): SeatAudit {
  const byDay = new Map(rows.map((r) => [r.usedate, r]));
  const audit: SeatAudit = { days: capacity.size, oversold: 0, mismatched: 0, example: null };
  for (const [day, expected] of capacity) {
    const row = byDay.get(day);
    const over = row ? Math.max(0, takenOf(row) - expected) : 0;
    audit.oversold += over;
    if (!row || over > 0 || capacityOf(row) !== expected) {
      audit.mismatched += 1;
      audit.example ??= row
        ? `${day}: capacity ${expected}, left ${row.zaikozan}, held ${row.held}, sold ${row.sold}`
        : `${day}: no stock row`;
    }
  }
  return audit;
}

/**
 * What a visitor sees of a day's seats, as a number in the order of stockMark's marks: 0 (blank), 1 to 9, and
 * STOCK_CIRCLE_FROM for ○. The calendar cache is refreshed when this changes (migration 0006).
 */
export function shownSeats(left: number): number {
  return Math.min(Math.max(left, 0), STOCK_CIRCLE_FROM);
}

/**
 * Days where a calendar read made between two database reads shows what neither could explain. Only bookings
 * run meanwhile (the benchmark's admin is waiting for this check), and they only lower the seats left, so a
 * calendar with nothing stale shows each day between what the database held after and before the read.
 * Maps: day → seats left.
 */
export function staleDays(before: Map<string, number>, calendar: Map<string, number>, after: Map<string, number>) {
  const stale: string[] = [];
  for (const [day, high] of before) {
    const shown = shownSeats(calendar.get(day) ?? 0);
    const low = after.get(day) ?? 0;
    if (shown > shownSeats(high) || shown < shownSeats(low)) stale.push(day);
  }
  return stale;
}

/** Days whose mark a visitor sees differs between two states (day → seats left). */
export function changedMarks(from: Map<string, number>, to: Map<string, number>): number {
  let changed = 0;
  for (const [day, left] of to) if (shownSeats(from.get(day) ?? 0) !== shownSeats(left)) changed += 1;
  return changed;
}
