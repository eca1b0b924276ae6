/**
 * The forms' rule of what a receipt can print (packages/contract's receipt-font.ts, from ranges generated out of the
 * font) and the server's (the font's own cmap) are one: the same characters, neither more nor fewer.
 */
import { printableOnReceipt, unprintableOnReceipt } from '@tabi/contract/receipt-font';
import { describe, expect, it } from 'vitest';
import { printableCodePoints, unprintableChars } from './font-coverage.ts';

describe('the characters a receipt can print', () => {
  it('are in the contract exactly as in the font (else: npx node scripts/receipt-font-ranges.mjs)', () => {
    const printable = printableCodePoints();
    expect(printable.length).toBeGreaterThan(10_000);
    const inFont = new Set(printable);
    const disagreeing: number[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
      if (printableOnReceipt(codePoint) !== inFont.has(codePoint)) disagreeing.push(codePoint);
    }
    expect(disagreeing.map((c) => c.toString(16))).toEqual([]);
  });

  it('are Japanese, Latin with accents, basic Greek and Cyrillic; not Arabic, Thai, Hangul or emoji', () => {
    const samples = '株式会社 𠮷野家 髙橋 ｱｲｳ カタカナ ＡＢＣ abc 123 Müller Ωμεγα Москва ①㈱〒々ー～';
    expect(unprintableChars(samples)).toEqual([]);
    expect(unprintableOnReceipt(samples)).toEqual([]);
    for (const text of ['مرحبا', 'สวัสดี', '안녕', '😀', '👨‍👩‍👧']) {
      expect(unprintableChars(text).length, text).toBeGreaterThan(0);
      expect(unprintableOnReceipt(text)).toEqual(unprintableChars(text));
    }
  });
});
