/**
 * What a receipt can print (ADR 0163): its font, Noto Sans JP, has glyphs for Japanese (kana, the kanji of JIS X 0208
 * and 0213), Latin letters with their accents, Greek, Cyrillic and common symbols, and for nothing else: a 宛名 in
 * Arabic, Thai, Hangul or with an emoji would print as □ on a receipt that cannot be changed afterwards. The server
 * checks the 宛名 against the font's own cmap (apps/server/src/modules/receipt/font-coverage.ts); this is the same
 * rule for the forms, from the ranges generated out of that cmap. Kept apart from receipt.ts, which every page loads
 * with the API's schemas: only the receipt dialogs load the table.
 */
import { z } from 'zod';
import { addressee, addresseeUnprintable } from './receipt.ts';
import { RECEIPT_FONT_RANGES } from './receipt-font-ranges.ts';

let table: { from: Uint32Array; to: Uint32Array } | null = null;

/** The ranges, decoded once: each is its distance from the end of the one before, and its length less one. */
function ranges(): { from: Uint32Array; to: Uint32Array } {
  if (table) return table;
  const parts = RECEIPT_FONT_RANGES.split(',');
  const from = new Uint32Array(parts.length);
  const to = new Uint32Array(parts.length);
  let end = 0;
  parts.forEach((part, i) => {
    const [gap = '0', extra = '0'] = part.split('-');
    from[i] = end + Number.parseInt(gap, 36);
    end = (from[i] ?? 0) + Number.parseInt(extra, 36);
    to[i] = end;
  });
  table = { from, to };
  return table;
}

/** Whether the receipt's font has a glyph for this code point. */
export function printableOnReceipt(codePoint: number): boolean {
  const { from, to } = ranges();
  let low = 0;
  let high = from.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (codePoint < (from[mid] ?? 0)) high = mid - 1;
    else if (codePoint > (to[mid] ?? 0)) low = mid + 1;
    else return true;
  }
  return false;
}

/** The characters of `text` the receipt cannot print, each once, in the order they appear. */
export function unprintableOnReceipt(text: string): string[] {
  const found: string[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (!printableOnReceipt(codePoint) && !found.includes(char)) found.push(char);
  }
  return found;
}

/** The 宛名 as the receipt dialogs check it: the request's rules, and only characters the receipt can print. */
export const printableAddressee = addressee.superRefine((value, ctx) => {
  const unprintable = unprintableOnReceipt(value);
  if (unprintable.length > 0) ctx.addIssue({ code: 'custom', message: addresseeUnprintable(unprintable) });
});

/** The form of my page's and the console's 宛名 dialog. */
export const addresseeForm = z.object({ addressee: printableAddressee });
export type AddresseeForm = z.infer<typeof addresseeForm>;
