import { stockEditDays } from '@tabi/contract/admin-catalog';
import { describe, expect, it } from 'vitest';
import { applyEdit, auditSeats, changedMarks, type SeatEdit, staleDays } from './stock-audit.ts';
import type { BenchStockDay } from './types.ts';

const week = { from: '2026-11-22', to: '2026-11-28' }; // Sunday to Saturday

function day(usedate: string, zaikozan: number, held = 0, sold = 0): BenchStockDay {
  return { usedate, start_time: '', zaikozan, adultbaika: 1800, held, sold };
}

describe('the capacities the bulk edits give', () => {
  it('touches the days of the range on the weekdays listed', () => {
    expect(stockEditDays({ ...week, weekdays: [1, 3, 5] })).toEqual(['2026-11-23', '2026-11-25', '2026-11-27']);
  });

  it('sets or adds on those days only, and ignores days it does not follow', () => {
    const capacity = new Map([
      ['2026-11-22', 20],
      ['2026-11-23', 20],
      ['2026-11-24', 20],
    ]);
    const set: SeatEdit = { ...week, weekdays: [0, 1], stock: { mode: 'set', seats: 30 } };
    applyEdit(capacity, set);
    applyEdit(capacity, { ...week, weekdays: [1, 2, 5], stock: { mode: 'add', seats: -8 } });
    expect([...capacity]).toEqual([
      ['2026-11-22', 30],
      ['2026-11-23', 22],
      ['2026-11-24', 12],
    ]);
  });
});

describe('auditSeats', () => {
  const capacity = new Map([
    ['2026-11-23', 10],
    ['2026-11-24', 10],
  ]);

  it('finds nothing when left + held + sold is each day’s capacity', () => {
    expect(auditSeats(capacity, [day('2026-11-23', 7, 2, 1), day('2026-11-24', 10)])).toEqual({
      days: 2,
      oversold: 0,
      mismatched: 0,
      example: null,
    });
  });

  it('counts a booking an edit missed as a mismatch before it is oversold, and seats beyond capacity as oversold', () => {
    // An edit set 10 while missing one held seat: 10 left beside it.
    const missed = auditSeats(capacity, [day('2026-11-23', 10, 1), day('2026-11-24', 10)]);
    expect(missed).toMatchObject({ oversold: 0, mismatched: 1 });
    expect(missed.example).toBe('2026-11-23: capacity 10, left 10, held 1, sold 0');
    // Those seats then sold: 12 taken of 10.
    expect(auditSeats(capacity, [day('2026-11-23', 0, 5, 7), day('2026-11-24', 10)])).toMatchObject({
      oversold: 2,
      mismatched: 1,
    });
  });

  it('counts a day the database no longer has', () => {
    expect(auditSeats(capacity, [day('2026-11-24', 10)])).toMatchObject({
      mismatched: 1,
      example: '2026-11-23: no stock row',
    });
  });
});

describe('staleDays', () => {
  const map = (entries: [string, number][]) => new Map(entries);

  it('accepts a calendar between the database reads around it, compared by what a visitor sees', () => {
    const before = map([
      ['2026-11-23', 25],
      ['2026-11-24', 5],
    ]);
    const after = map([
      ['2026-11-23', 24],
      ['2026-11-24', 4],
    ]);
    // A cached 30 is still ○ like 25; a booking landed between the reads on the 24th.
    expect(
      staleDays(
        before,
        map([
          ['2026-11-23', 30],
          ['2026-11-24', 5],
        ]),
        after,
      ),
    ).toEqual([]);
    expect(
      staleDays(
        before,
        map([
          ['2026-11-23', 24],
          ['2026-11-24', 4],
        ]),
        after,
      ),
    ).toEqual([]);
  });

  it('flags a calendar still showing seats an edit removed, or missing seats an edit added', () => {
    const removed = map([['2026-11-23', 4]]);
    expect(staleDays(removed, map([['2026-11-23', 12]]), removed)).toEqual(['2026-11-23']);
    const added = map([['2026-11-23', 12]]);
    expect(staleDays(added, map([['2026-11-23', 4]]), added)).toEqual(['2026-11-23']);
    expect(staleDays(added, map([]), added)).toEqual(['2026-11-23']);
  });
});

it('changedMarks counts the days whose mark differs', () => {
  const from = new Map([
    ['a', 12],
    ['b', 12],
    ['c', 3],
  ]);
  expect(
    changedMarks(
      from,
      new Map([
        ['a', 20],
        ['b', 4],
        ['c', 0],
      ]),
    ),
  ).toBe(2);
});
