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
