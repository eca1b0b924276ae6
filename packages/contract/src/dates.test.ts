import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  ageOn,
  daysBetween,
  daysOfMonth,
  formatTokyoDateTime,
  formatYmd,
  isoDateToYmd,
  isValidYmd,
  monthEnd,
  monthStart,
  parseYmd,
  tokyoDayStart,
  tokyoYmd,
  toTokyoIso,
  ymd,
  ymdToIsoDate,
} from './dates.ts';

describe('YYYYMMDD helpers', () => {
  it('parse and validate real calendar dates only', () => {
    expect(parseYmd('20261121')).toEqual({ y: 2026, m: 11, d: 21 });
    expect(isValidYmd('20240229')).toBe(true);
    for (const bad of ['20230229', '20261131', '20261301', '20260001', '2026112', '2026-11-21', 'abcdefgh', '']) {
      expect(isValidYmd(bad)).toBe(false);
    }
  });

  it('build, shift and compare dates across months and years', () => {
    expect(ymd(2026, 12, 32)).toBe('20270101');
    expect(addDays('20261231', 1)).toBe('20270101');
    expect(addDays('20240301', -1)).toBe('20240229');
    expect(daysBetween('20261121', '20261201')).toBe(10);
    expect(daysBetween('20261201', '20261121')).toBe(-10);
    expect(addMonths('20261121', 2)).toBe('20270101');
    expect(addMonths('20260131', 1)).toBe('20260201');
  });

  it('give month bounds and every day of a month', () => {
    expect(monthStart('20261121')).toBe('20261101');
    expect(monthEnd('20261121')).toBe('20261130');
    expect(monthEnd('20240215')).toBe('20240229');
    expect(monthEnd('20250215')).toBe('20250228');
    const feb = daysOfMonth('20240210');
    expect(feb).toHaveLength(29);
    expect(feb[0]).toBe('20240201');
    expect(feb.at(-1)).toBe('20240229');
    expect(daysOfMonth('20261201')).toHaveLength(31);
  });

  it('show dates as YYYY/MM/DD and convert to and from ISO', () => {
    expect(formatYmd('20261121')).toBe('2026/11/21');
    expect(formatYmd('2026-11-21')).toBe('2026/11/21');
    expect(formatYmd('not a date')).toBe('not a date');
    expect(ymdToIsoDate('20261121')).toBe('2026-11-21');
    expect(isoDateToYmd('2026-11-21')).toBe('20261121');
    expect(isoDateToYmd('2026-11-21T10:00:00Z')).toBe('20261121');
  });

  it('take the calendar date in Tokyo, whatever the host zone', () => {
    expect(tokyoYmd(new Date('2026-11-20T14:59:59Z'))).toBe('20261120');
    expect(tokyoYmd(new Date('2026-11-20T15:00:00Z'))).toBe('20261121');
    expect(tokyoDayStart('20261121').toISOString()).toBe('2026-11-20T15:00:00.000Z');
  });

  it('agrees with the time-zone database on every hour of a year, across month and year ends', () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 2); t += 3_600_000) {
      const at = new Date(t);
      expect(tokyoYmd(at)).toBe(zone.format(at).replaceAll('-', ''));
    }
  });
});

describe('Tokyo time', () => {
  it('writes an instant with the Tokyo offset and shows it YYYY/MM/DD HH:mm in Tokyo', () => {
    expect(toTokyoIso(new Date('2026-11-21T03:00:00.000Z'))).toBe('2026-11-21T12:00:00+09:00');
    expect(formatTokyoDateTime('2025-01-01T15:30:00.000Z')).toBe('2025/01/02 00:30');
    expect(formatTokyoDateTime(new Date('2026-11-21T06:05:00Z'))).toBe('2026/11/21 15:05');
    expect(formatTokyoDateTime('2026-11-21T12:00:00+09:00')).toBe('2026/11/21 12:00');
    expect(formatTokyoDateTime('未定')).toBe('未定');
  });
});

describe('ageOn', () => {
  it('counts full years, the day before the birthday one less', () => {
    expect(ageOn('20000615', '20260615')).toBe(26);
    expect(ageOn('20000615', '20260614')).toBe(25);
    expect(ageOn('20000615', '20260616')).toBe(26);
    expect(ageOn('20261121', '20261121')).toBe(0);
  });

  it('lets a 29 February birthday turn over on 1 March in common years', () => {
    expect(ageOn('20040229', '20230228')).toBe(18);
    expect(ageOn('20040229', '20230301')).toBe(19);
    expect(ageOn('20040229', '20240228')).toBe(19);
    expect(ageOn('20040229', '20240229')).toBe(20);
  });

  it('refuses invalid dates', () => {
    expect(() => ageOn('20230229', '20260101')).toThrow(RangeError);
  });
});
