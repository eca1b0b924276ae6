/**
 * CSV for Excel (DESIGN §11): UTF-8 with a byte-order mark so that Excel reads Japanese correctly, CRLF line
 * ends, every cell quoted. A cell that a spreadsheet would read as a formula (starting with = + - @, their
 * full-width forms ＝ ＋ － ＠ — which Japanese Excel also takes for a formula — or a tab or carriage return that
 * hides one) gets a leading apostrophe (OWASP's advice against CSV injection).
 * Digits Excel would turn into a number and change (a phone number's leading zero, a long number shown as
 * 9.01E+10), and an international phone number, are written as the text formula ="09012345678": Excel shows them
 * exactly, and since the cell holds only digits and a phone's punctuation, the formula can do nothing else.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * A leading zero (0 alone is kept by Excel), more digits than Excel shows as they are (11), or an international phone
 * number (`+44 20 7946 0958`: a plus, then only digits, spaces, hyphens and brackets), which an apostrophe would
 * escape visibly: Excel shows the apostrophe of a cell read from a CSV.
 */
const DIGITS_EXCEL_CHANGES = /^(?:0\d+|\d{12,}|\+\d[\d ()-]*\d)$/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string') {
    if (DIGITS_EXCEL_CHANGES.test(text)) text = `="${text}"`;
    else if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return `"${text.replace(/"/g, '""')}"`;
}

type CsvRow = (string | number | null)[];

/** Rows as CSV lines, each ended by CRLF. */
export function csvLines(rows: CsvRow[]): string {
  return rows.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}

export function toCsv(header: string[], rows: CsvRow[]): string {
  return `\uFEFF${csvLines([header, ...rows])}`;
}

/** A CSV download: never cached, saved under `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string | Readable): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
