import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+81-90-1234', `"'+81-90-1234"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
  ])('escapes a cell that starts a formula: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves ordinary text, Japanese and numbers alone, quoting every cell', () => {
    expect(csvCell('山田 太郎')).toBe('"山田 太郎"');
    expect(csvCell('090-1234-5678')).toBe('"090-1234-5678"');
    expect(csvCell('a,b\nc')).toBe('"a,b\nc"');
    expect(csvCell(12000)).toBe('"12000"');
    expect(csvCell(null)).toBe('""');
  });
});

describe('toCsv', () => {
  it('starts with a UTF-8 byte-order mark and ends lines with CRLF', () => {
    const csv = toCsv(['予約番号', '氏名'], [['AA100001', 'やまだ']]);
    expect(csv.startsWith('\uFEFF"予約番号","氏名"\r\n')).toBe(true);
    expect(csv.endsWith('"AA100001","やまだ"\r\n')).toBe(true);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
