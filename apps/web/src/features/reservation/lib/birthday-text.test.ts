import { describe, expect, it } from 'vitest';
import { birthdayText, isoFromBirthdayText, parseBirthdayText } from './birthday-text.ts';

describe('parseBirthdayText', () => {
  it.each([
    ['1990/01/31', '19900131'],
    ['1990/1/3', '19900103'],
    ['1990-01-31', '19900131'],
    ['19900131', '19900131'],
    ['１９９０／０１／３１', '19900131'],
    ['1990年1月31日', '19900131'],
    [' 2000.2.29 ', '20000229'],
  ])('reads %s', (text, expected) => {
    expect(parseBirthdayText(text)).toBe(expected);
  });

  it.each(['', '1990/02/30', '2001/02/29', '1990/13/01', 'abc', '199001'])('refuses %s', (text) => {
    expect(parseBirthdayText(text)).toBeNull();
  });

  it('round-trips with the store format', () => {
    expect(birthdayText('19900131')).toBe('1990/01/31');
    expect(isoFromBirthdayText('1990/1/31')).toBe('1990-01-31');
    expect(isoFromBirthdayText('nope')).toBe('');
  });
});
