import { describe, expect, it } from 'vitest';
import { couponCounts, newIdempotencyKey, range, todayInTokyo, usableToday } from './coupon-rules.ts';

describe('coupon rules', () => {
  it('is usable only when the first option is for today in Tokyo', () => {
    const today = todayInTokyo(new Date('2025-03-01T15:00:00Z'));
    expect(today).toBe('20250302');
    expect(usableToday([{ usedate: '20250302' }, { usedate: '20250303' }], today)).toBe(true);
    expect(usableToday([{ usedate: '20250303' }], today)).toBe(false);
    expect(usableToday([], today)).toBe(false);
  });

  it('counts what is left and what was used', () => {
    expect(couponCounts({ paxadultqty: 2, adultqty: 1, paxchildqty: 1, childqty: 0 })).toEqual({
      adultLeft: 1,
      childLeft: 0,
      adultUsed: 1,
      childUsed: 1,
      left: 1,
    });
  });

  it('builds select ranges and v4 keys', () => {
    expect(range(1, 3)).toEqual([1, 2, 3]);
    expect(range(1, 0)).toEqual([]);
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
