/** salesCutoffSummary: what the customers will read, once the days and the time typed make a cutoff. */
import { salesCutoffText } from '@tabi/contract/sales-cutoff';
import { describe, expect, it } from 'vitest';
import { salesCutoffSummary } from './sales-cutoff-summary.ts';

describe('salesCutoffSummary', () => {
  it("says the detail page's own words for a cutoff typed", () => {
    expect(salesCutoffSummary('1', '17:00')).toBe(
      `お客様への表示：${salesCutoffText({ daysBefore: 1, time: '17:00' })}`,
    );
  });

  it('reads full-width digits and trims the time', () => {
    expect(salesCutoffSummary('２', ' １７：００ ')).toBe(salesCutoffSummary('2', '17:00'));
  });

  it('says nothing for days that are not a whole number from 0, or a time that is not one', () => {
    expect(salesCutoffSummary('-1', '17:00')).toBe('');
    expect(salesCutoffSummary('1.5', '17:00')).toBe('');
    expect(salesCutoffSummary('あ', '17:00')).toBe('');
    expect(salesCutoffSummary('1', '25:00')).toBe('');
  });
});
