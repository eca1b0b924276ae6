/** The stock forms' readers: numbers and start times as typed, the stock change and the prices. */
import { describe, expect, it } from 'vitest';
import { priceFields, readPrices, readStock, typedNumber, typedTimes } from './stock-form.ts';

const NO_PRICES = { adultbaika: '', middlebaika: '', childbaika: '', infantbaika: '' };

describe('typedNumber', () => {
  it('reads full-width digits and thousands separators; empty stays empty', () => {
    expect(typedNumber('８，０００')).toBe(8000);
    expect(typedNumber(' 12,000 ')).toBe(12000);
    expect(typedNumber('-3')).toBe(-3);
    expect(typedNumber('')).toBeUndefined();
    expect(typedNumber('十')).toBeNaN();
  });
});

describe('typedTimes', () => {
  it('splits on commas, spaces and 、, reads 9:00 as 09:00 and sorts', () => {
    expect(typedTimes('13:00, 9:00')).toEqual(['09:00', '13:00']);
    expect(typedTimes('１０：００、１３：００')).toEqual(['10:00', '13:00']);
    expect(typedTimes('  ')).toEqual([]);
  });

  it('keeps what is not a time as typed, for the contract to refuse', () => {
    expect(typedTimes('10時')).toEqual(['10時']);
  });
});

describe('readStock', () => {
  it('reads no change, a close, or the seats typed', () => {
    expect(readStock({ mode: 'none', seats: '10' })).toBeNull();
    expect(readStock({ mode: 'close', seats: '10' })).toEqual({ mode: 'close' });
    expect(readStock({ mode: 'set', seats: '１２' })).toEqual({ mode: 'set', seats: 12 });
    expect(readStock({ mode: 'add', seats: '' })).toEqual({ mode: 'add', seats: undefined });
  });
});

describe('prices', () => {
  it('labels the price of each class sold, in the order given', () => {
    expect(priceFields(['adult', 'child'])).toEqual([
      ['adultbaika', '大人料金（円）', 'adult'],
      ['childbaika', '小人料金（円）', 'child'],
    ]);
  });

  it('reads only the classes sold, an empty price undefined rather than 0', () => {
    expect(readPrices(['adult', 'child'], { ...NO_PRICES, adultbaika: '8,000', middlebaika: '5000' })).toEqual({
      adultbaika: 8000,
      childbaika: undefined,
    });
  });
});
