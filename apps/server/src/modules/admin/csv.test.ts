import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+81-90-1234+1', `"'+81-90-1234+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    // Full-width forms: Japanese Excel reads ＝1+1 as a formula too.
    ['＝HYPERLINK("http://evil.example")', `"'＝HYPERLINK(""http://evil.example"")"`],
    ['＋81-90-1234', `"'＋81-90-1234"`],
    ['－2+3', `"'－2+3"`],
    ['＠SUM(A1)', `"'＠SUM(A1)"`],
  ])('escapes a cell that starts a formula: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves ordinary text, Japanese and numbers alone, quoting every cell', () => {
    expect(csvCell('山田 太郎')).toBe('"山田 太郎"');
    expect(csvCell('090-1234-5678')).toBe('"090-1234-5678"');
    expect(csvCell('a,b\nc')).toBe('"a,b\nc"');
    expect(csvCell(12000)).toBe('"12000"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('0')).toBe('"0"');
    expect(csvCell('12345678901')).toBe('"12345678901"');
  });

  it('keeps the leading zero of a phone number (and the digits of a long number) when Excel opens the file', () => {
    // Excel reads "09012345678" as the number 9012345678; ="09012345678" is the text, shown as it is.
    expect(csvCell('09012345678')).toBe('"=""09012345678"""');
    expect(csvCell('0312345678')).toBe('"=""0312345678"""');
    expect(csvCell('123456789012')).toBe('"=""123456789012"""');
    // Only plain digits become a formula: anything else keeps the apostrophe or stays as it is.
    expect(csvCell('0=1')).toBe('"0=1"');
    expect(csvCell('=09012345678')).toBe(`"'=09012345678"`);
    expect(csvCell('09012345678"&"x')).toBe('"09012345678""&""x"');
    expect(csvCell('０９０１２３４５６７８')).toBe('"０９０１２３４５６７８"');
    // A phone written with its country code is text too, without an apostrophe Excel would show.
    expect(csvCell('+44 20 7946 0958')).toBe('"=""+44 20 7946 0958"""');
    expect(csvCell('+81 (90) 1234-5678')).toBe('"=""+81 (90) 1234-5678"""');
    expect(csvCell('+81-90-1234')).toBe('"=""+81-90-1234"""');
    expect(csvCell('+44 20"&HYPERLINK("x")')).toBe(`"'+44 20""&HYPERLINK(""x"")"`);
    // A number (an amount) stays a number.
    expect(csvCell(9012345678)).toBe('"9012345678"');
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
