/**
 * CSV for Excel (DESIGN §11): UTF-8 with a byte-order mark so that Excel reads Japanese correctly, CRLF line
 * ends, every cell quoted. A cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return that hides one) gets a leading apostrophe (OWASP's advice against CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
