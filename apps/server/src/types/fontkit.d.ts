/** The part of fontkit (pdfkit's font library) the receipt reads a font's cmap with; fontkit ships no types. */
declare module 'fontkit' {
  export interface Font {
    /** Every code point the font's cmap maps to a glyph. */
    readonly characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array): Font;
}
