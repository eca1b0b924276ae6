/**
 * The characters a receipt can print: those for which the embedded font (Noto Sans JP, both weights pdf.ts draws
 * with) has a glyph, read from the font's own cmap with fontkit, the library pdfkit embeds it with. Anything else
 * would print as □ on a receipt that cannot be changed afterwards, so a 宛名 with it is refused before it is kept.
 */
import { create, type Font } from 'fontkit';
import { fontFiles } from '../../pdf/japanese-pdf.ts';

let fonts: Font[] | null = null;

function loaded(): Font[] {
  if (!fonts) {
    const { regular, bold } = fontFiles();
    fonts = [create(regular), create(bold)];
  }
  return fonts;
}

/** The characters of `text` some weight of the receipt's font has no glyph for, each once, in order. */
export function unprintableChars(text: string): string[] {
  const found: string[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (!loaded().every((font) => font.hasGlyphForCodePoint(codePoint)) && !found.includes(char)) found.push(char);
  }
  return found;
}

/** Every code point both weights have, ascending (what packages/contract's receipt-font-ranges.ts must list). */
export function printableCodePoints(): number[] {
  const [first, ...others] = loaded().map((font) => new Set(font.characterSet));
  return [...(first ?? [])].filter((c) => others.every((set) => set.has(c))).sort((a, b) => a - b);
}
