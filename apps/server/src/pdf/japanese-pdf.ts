/**
 * An A4 PDF in Japanese, as the receipt (ADR 0163) and the ticket (ADR 0214) are drawn: pdfkit with Noto Sans JP from
 * an npm package (never the machine's fonts), only the glyphs used embedded, the bytes gathered as it is written.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-jp';
const REGULAR = `${FONT_PACKAGE}/400Regular/NotoSansJP_400Regular.ttf`;
const BOLD = `${FONT_PACKAGE}/700Bold/NotoSansJP_700Bold.ttf`;

let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 };

/** The colours both documents print in: the text, the text that stands back, and the thin rules. */
export const INK = '#1a1a1a';
export const MUTED = '#555555';
const RULE = '#999999';

/** The band between the side margins of an A4 page: where a line starts and ends, and how wide it is. */
export function a4Frame(margin: number): { left: number; right: number; width: number } {
  const right = A4.width - margin;
  return { left: margin, right, width: right - margin };
}

/** The two weights, read once (about 5 MB each; only the glyphs a document uses go into it). */
export function fontFiles(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: readFileSync(require.resolve(REGULAR)), bold: readFileSync(require.resolve(BOLD)) };
  return fonts;
}

/**
 * A new A4 portrait document with the fonts `jp` and `jp-bold` registered and `ink` as its colour; `done` resolves to
 * its bytes once `doc.end()` is called.
 */
export function startJapanesePdf(options: {
  margin: number;
  ink: string;
  info: { Title: string; Author: string; Subject: string };
}): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const { regular, bold } = fontFiles();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: options.margin,
    lang: 'ja-JP',
    displayTitle: true,
    info: options.info,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('jp', regular);
  doc.registerFont('jp-bold', bold);
  doc.fillColor(options.ink).strokeColor(options.ink);
  return { doc, done };
}

/** How {@link ruledRows} sets its rows: the two columns' type, the space under each row, a rule above the first. */
export interface RuledRowsStyle {
  /** The label column's width; the value starts there. */
  labelWidth: number;
  labelSize: number;
  /** The value's type; without it, the label's. */
  valueFont?: { name: 'jp' | 'jp-bold'; size: number };
  valueAlign?: 'left' | 'right';
  /** The space between a row's lower text and the rule under it. */
  gap: number;
  ruleAbove?: boolean;
}

/**
 * Label and value rows across `frame` (from {@link a4Frame}), the label in `MUTED` and the value in `INK`, with a thin
 * rule under each; returns the y below the last.
 */
export function ruledRows(
  doc: PDFKit.PDFDocument,
  frame: { left: number; right: number; width: number },
  top: number,
  rows: [string, string][],
  { labelWidth, labelSize, valueFont, valueAlign = 'left', gap, ruleAbove = false }: RuledRowsStyle,
): number {
  const { left, right, width } = frame;
  let y = top;
  doc.lineWidth(0.5).strokeColor(RULE);
  if (ruleAbove) doc.moveTo(left, y).lineTo(right, y).stroke();
  for (const [label, value] of rows) {
    doc
      .font('jp')
      .fontSize(labelSize)
      .fillColor(MUTED)
      .text(label, left + 4, y + 6, { width: labelWidth - 8 });
    const labelBottom = doc.y;
    if (valueFont) doc.font(valueFont.name).fontSize(valueFont.size);
    doc.fillColor(INK).text(value, left + labelWidth, y + 6, { width: width - labelWidth - 8, align: valueAlign });
    y = Math.max(doc.y, labelBottom) + gap;
    doc.moveTo(left, y).lineTo(right, y).stroke();
  }
  doc.strokeColor(INK).fillColor(INK);
  return y;
}
