import { toTokyoIso } from '@tabi/contract/dates';
import { describe, expect, it } from 'vitest';
import { reminderDueAt } from './konbini.ts';
import { konbiniDays, offeredMethods, slipDeadline } from './konbini-rules.ts';

// 2026-11-30 10:00 in Tokyo.
const now = new Date('2026-11-30T01:00:00Z');

describe('konbini slip rules (ADR 0213)', () => {
  it('runs a slip to the end of a Tokyo day', () => {
    expect(toTokyoIso(slipDeadline(now, 3))).toBe('2026-12-03T23:59:59+09:00');
    expect(toTokyoIso(slipDeadline(now, 1))).toBe('2026-12-01T23:59:59+09:00');
    // 00:30 in Tokyo is the next day there, though still the 30th in UTC.
    expect(toTokyoIso(slipDeadline(new Date('2026-11-30T15:30:00Z'), 1))).toBe('2026-12-02T23:59:59+09:00');
  });

  it('gives at most three days, never past the day before the use date', () => {
    expect(konbiniDays(now, '20261215', 5000)).toBe(3);
    expect(konbiniDays(now, '20261204', 5000)).toBe(3);
    expect(konbiniDays(now, '20261203', 5000)).toBe(2);
    expect(konbiniDays(now, '20261202', 5000)).toBe(1);
    // The use date tomorrow or today: no slip.
    expect(konbiniDays(now, '20261201', 5000)).toBe(0);
    expect(konbiniDays(now, '20261130', 5000)).toBe(0);
  });

  it('offers it only for the amounts the stores take', () => {
    expect(konbiniDays(now, '20261215', 119)).toBe(0);
    expect(konbiniDays(now, '20261215', 120)).toBe(3);
    expect(konbiniDays(now, '20261215', 300_000)).toBe(3);
    expect(konbiniDays(now, '20261215', 300_001)).toBe(0);
  });

  it("ends a confirmed request's slip no later than its deadline's day", () => {
    expect(konbiniDays(now, '20261215', 5000, new Date('2026-12-01T05:00:00Z'))).toBe(1);
    expect(konbiniDays(now, '20261215', 5000, new Date('2026-11-30T12:00:00Z'))).toBe(0);
  });

  it('drops konbini from the methods when a slip would have no day', () => {
    expect(offeredMethods(['card', 'konbini', 'paypay'], 0)).toEqual(['card', 'paypay']);
    expect(offeredMethods(['card', 'konbini', 'paypay'], 2)).toEqual(['card', 'konbini', 'paypay']);
  });

  it('reminds at 09:00 in Tokyo the day before the deadline', () => {
    expect(toTokyoIso(reminderDueAt(slipDeadline(now, 3)))).toBe('2026-12-02T09:00:00+09:00');
  });
});
