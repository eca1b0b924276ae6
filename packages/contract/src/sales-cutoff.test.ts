import { describe, expect, it } from 'vitest';
import { departed, firstDayOnSale, salesClosed, salesCutoffAt, salesCutoffText } from './sales-cutoff.ts';

const tokyo = (iso: string) => new Date(`${iso}+09:00`);

describe('sales cutoff', () => {
  it('closes a tour leaving at 08:45 two hours before, on its own day', () => {
    const cutoff = { daysBefore: 0, time: '06:45' };
    expect(salesCutoffAt('20261128', cutoff)).toEqual(tokyo('2026-11-28T06:45:00'));
    expect(salesClosed('20261128', cutoff, tokyo('2026-11-28T06:44:59'))).toBe(false);
    expect(salesClosed('20261128', cutoff, tokyo('2026-11-28T06:45:00'))).toBe(true);
    // At 22:28 the same day's tour is no longer sold; tomorrow's is.
    expect(firstDayOnSale(cutoff, tokyo('2026-11-28T22:28:00'))).toBe('20261129');
    expect(firstDayOnSale(cutoff, tokyo('2026-11-28T05:00:00'))).toBe('20261128');
  });

  it('closes a request item or a rental at 17:00 the day before', () => {
    const cutoff = { daysBefore: 1, time: '17:00' };
    expect(salesCutoffAt('20261201', cutoff)).toEqual(tokyo('2026-11-30T17:00:00'));
    expect(firstDayOnSale(cutoff, tokyo('2026-11-28T16:59:00'))).toBe('20261129');
    expect(firstDayOnSale(cutoff, tokyo('2026-11-28T17:00:00'))).toBe('20261130');
  });

  it('by default sells no day on the day itself, across a month’s end in Tokyo', () => {
    const cutoff = { daysBefore: 0, time: '00:00' };
    expect(salesCutoffAt('20261201', cutoff)).toEqual(tokyo('2026-12-01T00:00:00'));
    expect(firstDayOnSale(cutoff, tokyo('2026-11-30T23:59:00'))).toBe('20261201');
    expect(firstDayOnSale(cutoff, tokyo('2026-12-01T00:00:00'))).toBe('20261202');
  });

  it('says the rule in words', () => {
    expect(salesCutoffText({ daysBefore: 0, time: '06:45' })).toBe('ご利用日当日の06:45まで');
    expect(salesCutoffText({ daysBefore: 1, time: '17:00' })).toBe('ご利用日の前日17:00まで');
    expect(salesCutoffText({ daysBefore: 0, time: '00:00' })).toBe('ご利用日の前日24:00まで');
    expect(salesCutoffText({ daysBefore: 3, time: '12:00' })).toBe('ご利用日の3日前の12:00まで');
  });

  it('closes a departure at its start time in Tokyo, on its own day (00:30 too), never a whole day', () => {
    expect(departed('20261210', '13:00', tokyo('2026-12-10T12:59:59'))).toBe(false);
    expect(departed('20261210', '13:00', tokyo('2026-12-10T13:00:00'))).toBe(true);
    expect(departed('2026-12-11', '00:30', tokyo('2026-12-10T23:59:00'))).toBe(false);
    expect(departed('2026-12-11', '00:30', tokyo('2026-12-11T00:30:00'))).toBe(true);
    expect(departed('20261210', '', tokyo('2026-12-10T23:59:59'))).toBe(false);
  });
});
