import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, LANGS } from './i18n.ts';
import { messageFormatter } from './message-format.ts';

const MESSAGES = {
  caption: '{month, date, ::yyyyMMMM}',
  weekday: '{day, date, ::EEE}',
  monthDay: '{day, date, ::MMMdEEE}',
  monthDayLong: '{day, date, ::EEEdMMMM}',
  other: '{day, date, ::yyyyMMMd}',
};
const OPTIONS: Record<keyof typeof MESSAGES, Intl.DateTimeFormatOptions> = {
  caption: { year: 'numeric', month: 'long' },
  weekday: { weekday: 'short' },
  monthDay: { month: 'short', day: 'numeric', weekday: 'short' },
  monthDayLong: { weekday: 'short', day: 'numeric', month: 'long' },
  other: { year: 'numeric', month: 'short', day: 'numeric' },
};

describe('messageFormatter: dates written as Intl writes them', () => {
  for (const lang of LANGS) {
    for (const timeZone of ['UTC', 'Asia/Tokyo', 'America/New_York']) {
      it(`${lang} in ${timeZone}: every day of 2026 and 2027, at midnight UTC and 15:00 UTC`, () => {
        const locale = INTL_LOCALE[lang];
        const format = messageFormatter(locale, MESSAGES, {
          timeZone,
          onError: (error) => {
            throw error;
          },
        });
        const intl = Object.fromEntries(
          Object.entries(OPTIONS).map(([key, options]) => [
            key,
            new Intl.DateTimeFormat(locale, { ...options, timeZone }),
          ]),
        );
        for (let day = 0; day < 730; day++) {
          for (const hour of [0, 15]) {
            const at = new Date(Date.UTC(2026, 0, 1 + day, hour));
            for (const key of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
              const value: Record<string, Date> = key === 'caption' ? { month: at } : { day: at };
              expect(format(key, value), `${key} ${at.toISOString()}`).toBe(intl[key]?.format(at));
            }
          }
        }
      });
    }
  }
});

describe('messageFormatter: numbers written as Intl writes them', () => {
  const NUMBERS = [0, 1, 7, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -1234, -1_000_000];
  for (const lang of LANGS) {
    const locale = INTL_LOCALE[lang];
    const format = messageFormatter(
      locale,
      { count: '{n, plural, one {# item} other {# items}}', number: '{n, number}', percent: '{n, number, percent}' },
      {
        timeZone: 'Asia/Tokyo',
        onError: (error) => {
          throw error;
        },
      },
    );
    const intl = new Intl.NumberFormat(locale);

    it(`${lang}: a plural's # and a plain {n, number} as Intl.NumberFormat('${locale}')`, () => {
      for (const n of NUMBERS) {
        expect(format('count', { n })).toMatch(new RegExp(`^${intl.format(n)} item`));
        expect(format('number', { n })).toBe(intl.format(n));
      }
    });

    it(`${lang}: fractions, numbers beyond 2^53 and styled numbers by Intl`, () => {
      for (const n of [1.5, -0.25, 1234.5678, 2 ** 60]) expect(format('number', { n })).toBe(intl.format(n));
      expect(format('percent', { n: 0.25 })).toBe(new Intl.NumberFormat(locale, { style: 'percent' }).format(0.25));
    });
  }
});
