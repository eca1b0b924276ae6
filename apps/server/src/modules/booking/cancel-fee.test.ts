import { describe, expect, it } from 'vitest';
import { STANDARD_POLICY } from '../mypage/test-fixtures.ts';
import { cancelPercent, cancelQuote } from './cancel-fee.ts';

describe('cancelPercent with the standard terms', () => {
  it.each([
    [60, 0],
    [21, 0],
    [20, 20],
    [8, 20],
    [7, 30],
    [2, 30],
    [1, 40],
    [0, 50],
    [-1, 100],
    [-30, 100],
  ])('%i days before → %i%%', (days, percent) => {
    expect(cancelPercent(STANDARD_POLICY, days)).toBe(percent);
  });

  it('charges nothing without a policy and ignores tier order', () => {
    expect(cancelPercent([], 0)).toBe(0);
    expect(cancelPercent([...STANDARD_POLICY].reverse(), 5)).toBe(30);
  });
});

describe('cancelQuote', () => {
  it('floors the fee to whole yen and refunds the rest of what was paid', () => {
    expect(
      cancelQuote({ policy: STANDARD_POLICY, fromdate: '20261130', today: '20261121', amount: 25_001, paid: 25_001 }),
    ).toEqual({ cancelfee: 5000, refund: 20_001 });
  });

  it('never refunds more than was paid, nor a negative amount, and charges no fee on what was never paid', () => {
    expect(
      cancelQuote({ policy: STANDARD_POLICY, fromdate: '20261121', today: '20261121', amount: 10_000, paid: 0 }),
    ).toEqual({
      cancelfee: 0,
      refund: 0,
    });
    expect(
      cancelQuote({ policy: STANDARD_POLICY, fromdate: '20261121', today: '20261121', amount: 10_000, paid: 3000 }),
    ).toEqual({ cancelfee: 3000, refund: 0 });
    expect(
      cancelQuote({ policy: STANDARD_POLICY, fromdate: '20261220', today: '20261121', amount: 10_000, paid: 4000 }),
    ).toEqual({ cancelfee: 0, refund: 4000 });
  });
});
