/** まとめて変更's form: its range, its reading into the request with the contract's refusals, its warning. */
import type { StockMonth } from '@tabi/contract/admin-catalog';
import { stockPriceRequired } from '@tabi/contract/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkEditDefaults, bulkEditForm, defaultRange, timesSwitchWarning } from './bulk-edit-form.ts';

const PRICES = { adultbaika: 8000, middlebaika: 0, childbaika: 4000, infantbaika: 0 };

function monthOf(timed: boolean, period = { useFrom: '2026-01-10', useTo: '2026-12-20' }): StockMonth {
  const departures = timed
    ? [
        { startTime: '13:00', endTime: '', stopped: false, left: 5, held: 0, sold: 0, ...PRICES },
        { startTime: '10:00', endTime: '', stopped: false, left: 5, held: 0, sold: 0, ...PRICES },
      ]
    : [{ startTime: '', endTime: '', stopped: false, left: 5, held: 0, sold: 0, ...PRICES }];
  const day = { date: '2026-06-01', open: true, stopped: false, left: 5, held: 0, sold: 0, ...PRICES, departures };
  return { opcd: 'OP1', webname: 'x', month: '2026-06', ageClasses: ['adult'], timed, days: [day], ...period };
}

beforeEach(() => {
  vi.useFakeTimers();
  // 2026-06-15 in Tokyo.
  vi.setSystemTime(new Date('2026-06-15T03:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('defaultRange', () => {
  it('starts today in the current month, and ends with the month', () => {
    expect(defaultRange('2026-06', monthOf(false))).toEqual({ from: '2026-06-15', to: '2026-06-30' });
  });

  it('keeps within the sales period', () => {
    expect(defaultRange('2026-12', monthOf(false))).toEqual({ from: '2026-12-01', to: '2026-12-20' });
    expect(defaultRange('2026-01', monthOf(false))).toEqual({ from: '2026-01-10', to: '2026-01-31' });
  });

  it('keeps its own days for a month wholly past, and the whole month before the month is known', () => {
    expect(defaultRange('2026-03', monthOf(false))).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(defaultRange('2026-02', undefined)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

describe('bulkEditForm', () => {
  const values = { ...bulkEditDefaults('2026-07', monthOf(false)), weekdays: ['6', '0'] };

  it('reads whole days without times, the weekdays in order, the seats as numbers', () => {
    const read = bulkEditForm(['adult']).safeParse({ ...values, stock: { mode: 'set', seats: '１２' } });
    expect(read.success && read.data).toEqual({
      from: '2026-07-01',
      to: '2026-07-31',
      weekdays: [0, 6],
      stock: { mode: 'set', seats: 12 },
      prices: null,
    });
  });

  it('reads the start times typed and the duration', () => {
    const read = bulkEditForm(['adult']).safeParse({ ...values, times: '13:00 9:00', durationMinutes: '90' });
    expect(read.success && read.data).toMatchObject({ times: ['09:00', '13:00'], durationMinutes: 90 });
  });

  it("refuses a price the option sells and left out, at that price's field", () => {
    const read = bulkEditForm(['adult', 'child']).safeParse({
      ...values,
      withPrices: true,
      prices: { ...values.prices, adultbaika: '8000' },
    });
    expect(read.success).toBe(false);
    expect(read.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['prices', 'childbaika'], message: stockPriceRequired('小人') }),
    );
  });
});

describe('timesSwitchWarning', () => {
  it("warns that empty times switch an option sold by times to whole days, naming the month's times", () => {
    expect(timesSwitchWarning(monthOf(true), [])).toContain('（この月：10:00・13:00）');
    expect(timesSwitchWarning(monthOf(true), ['10:00'])).toBe('');
  });

  it('warns that times typed switch an option sold by whole days to times', () => {
    expect(timesSwitchWarning(monthOf(false), ['10:00'])).toContain('開始時刻ごとの販売に切り替わります');
    expect(timesSwitchWarning(monthOf(false), [])).toBe('');
  });
});
