import { describe, expect, it } from 'vitest';
import { formatJpy, formatYen, stockMark } from './format.ts';
import { INTL_LOCALE, LANGS } from './i18n.ts';

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

describe('formatJpy', () => {
  it('writes yen with the currency sign and separators', () => {
    expect(formatJpy(12000)).toBe('￥12,000');
    expect(formatJpy(0)).toBe('￥0');
    expect(formatJpy(1500000)).toBe('￥1,500,000');
    expect(formatJpy(-3300)).toBe('-￥3,300');
  });

  it('writes every amount as Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
    const amounts = [1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 123456, 999999, 1000000, 98765432, 2.5, 1500.5, 0.4];
    for (const amount of [...amounts, ...amounts.map((a) => -a)]) expect(formatJpy(amount)).toBe(intl.format(amount));
    for (let amount = 0; amount < 2_000_000; amount += 997) expect(formatJpy(amount)).toBe(intl.format(amount));
  });

  it.each(LANGS)('writes yen in %s as its Intl does (its narrow sign)', (lang) => {
    const intl = new Intl.NumberFormat(INTL_LOCALE[lang], {
      style: 'currency',
      currency: 'JPY',
      currencyDisplay: 'narrowSymbol',
    });
    for (const amount of [0, 8000, 1500000, -3300, 2.5]) expect(formatYen(amount, lang)).toBe(intl.format(amount));
  });
});
