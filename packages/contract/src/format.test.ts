import { describe, expect, it } from 'vitest';
import { formatJpy, formatNumber, stockMark } from './format.ts';

describe('stockMark (SPEC §9: 0 blank, 10 or more a circle, 1 to 9 the number)', () => {
  it('is blank at 0 and for nonsense', () => {
    expect(stockMark(0)).toBe('');
    expect(stockMark('0')).toBe('');
    expect(stockMark(-3)).toBe('');
    expect(stockMark('')).toBe('');
    expect(stockMark('abc')).toBe('');
    expect(stockMark(Number.NaN)).toBe('');
  });

  it('shows the number from 1 to 9', () => {
    for (let n = 1; n <= 9; n++) {
      expect(stockMark(n)).toBe(String(n));
      expect(stockMark(String(n))).toBe(String(n));
    }
  });

  it('shows a circle at 10 and above', () => {
    expect(stockMark(10)).toBe('○');
    expect(stockMark('10')).toBe('○');
    expect(stockMark(999)).toBe('○');
  });
});

describe('formatJpy / formatNumber', () => {
  it('groups thousands', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(980)).toBe('980');
    expect(formatNumber(9800)).toBe('9,800');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('writes yen with the currency sign and separators', () => {
    expect(formatJpy(12000)).toMatch(/^[¥￥]12,000$/);
    expect(formatJpy(0)).toMatch(/^[¥￥]0$/);
    expect(formatJpy(1500000)).toMatch(/^[¥￥]1,500,000$/);
  });
});
