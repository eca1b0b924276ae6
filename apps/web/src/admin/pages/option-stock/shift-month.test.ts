/** shiftMonth: 前の月 / 次の月, across the turn of a year. */
import { describe, expect, it } from 'vitest';
import { shiftMonth } from './shift-month.ts';

describe('shiftMonth', () => {
  it('goes a month back or on, across a year', () => {
    expect(shiftMonth('2026-06', 1)).toBe('2026-07');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});
