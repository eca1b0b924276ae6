/**
 * ICU MessageFormat (ADR 0205) as the pages, the server and the tests write it: FormatJS's `formatToParts`, the
 * function `IntlMessageFormat` formats with, over our own Intl formatters (ADR 0222).
 * - An Intl formatter is made when a message first needs one (a plural's `#`, a date), once per locale and options:
 *   `createIntl` and `new IntlMessageFormat` asked `Intl.NumberFormat.supportedLocalesOf` first, and the first such call
 *   in a page loads ICU's data (tens of milliseconds of the first script's task on a phone), for texts with a name in.
 * - Dates are read in one zone, skeletons (`{month, date, ::yyyyMMMM}`) included: `createIntl`'s `timeZone` reached
 *   named formats only, so a page in a browser west of UTC wrote a calendar day given as midnight UTC as the day before.
 * Messages come parsed from the build (the pages) or as their text, parsed here once each.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { type Formatters, formatToParts, IntlMessageFormat } from 'intl-messageformat';
import { WEEKDAY_SHORT } from './dates.ts';
import { groupDigits } from './format.ts';
import { INTL_LOCALE, LANGS, type Lang } from './i18n.ts';

export type MessageValues = Record<string, string | number | boolean | Date>;
export type FormatMessage = (key: string, values?: MessageValues) => string;

function memoized<T>(make: (locales?: string | string[], options?: object) => T) {
  const made = new Map<string, T>();
  return (locales?: string | string[], options?: object): T => {
    const key = JSON.stringify([locales, options]);
    let formatter = made.get(key);
    if (!formatter) {
      formatter = make(locales, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

/**
 * `Intl.NumberFormat(locale)` without options, as a plural's `#` and `{n, number}` ask for it: a whole number in a
 * page language is grouped by hand (message-format.test.ts holds it to Intl's output), for the reason the dates below
 * are; a fraction, a number beyond 2^53 or another locale goes to Intl.
 */
function plainNumbers(locales: string | string[] | undefined): Intl.NumberFormat {
  let intl: Intl.NumberFormat | undefined;
  const byHand = pageLang(locales) !== undefined;
  const format = (value: number | bigint | string) => {
    if (byHand && typeof value === 'number' && Number.isSafeInteger(value))
      return `${value < 0 ? '-' : ''}${groupDigits(Math.abs(value))}`;
    intl ??= new Intl.NumberFormat(locales);
    return intl.format(value as number);
  };
  // Only `format` is what FormatJS calls on a number formatter.
  return { format } as unknown as Intl.NumberFormat;
}

/** The page language an Intl locale of the formatter is (INTL_LOCALE), if it is one. */
const LANG_OF_LOCALE = new Map<string, Lang>(LANGS.map((lang) => [INTL_LOCALE[lang], lang]));
const pageLang = (locales: string | string[] | undefined) =>
  typeof locales === 'string' ? LANG_OF_LOCALE.get(locales) : undefined;

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Day {
  year: number;
  month: number;
  day: number;
  weekday: string;
}

const monthDayJa = (d: Day) => `${d.month}月${d.day}日(${d.weekday})`;
const monthDayKo = (d: Day) => `${d.month}월 ${d.day}일 (${d.weekday})`;
const monthDayZh = (d: Day) => `${d.month}月${d.day}日${d.weekday}`;
const yearMonthCjk = (d: Day) => `${d.year}年${d.month}月`;
const weekday = (d: Day) => d.weekday;

/**
 * The date formats a detail page's first render asks for (its calendar's caption, weekdays and days), by their
 * options, written as Intl writes them in each page language (message-format.test.ts holds them to Intl's output
 * for every day of two years): the first Intl formatter of a page loads ICU's data, 150–200 ms of the detail page's
 * first script under a phone's CPU. Any other format, locale or zone goes to Intl.
 */
const BY_HAND: Record<string, Partial<Record<Lang, (d: Day) => string>>> = {
  'month:long year:numeric': {
    ja: yearMonthCjk,
    ko: (d) => `${d.year}년 ${d.month}월`,
    'zh-Hant': yearMonthCjk,
    'zh-Hans': yearMonthCjk,
    en: (d) => `${MONTHS_EN[d.month - 1]} ${d.year}`,
  },
  'weekday:short': { ja: weekday, ko: weekday, 'zh-Hant': weekday, 'zh-Hans': weekday, en: weekday },
  'day:numeric month:short weekday:short': {
    ja: monthDayJa,
    ko: monthDayKo,
    'zh-Hant': monthDayZh,
    'zh-Hans': monthDayZh,
  },
  'day:numeric month:long weekday:short': {
    ja: monthDayJa,
    ko: monthDayKo,
    'zh-Hant': monthDayZh,
    'zh-Hans': monthDayZh,
    en: (d) => `${d.weekday} ${d.day} ${MONTHS_EN[d.month - 1]}`,
  },
};

/** The zones whose offset never changes (no daylight saving), in hours. */
const FIXED_ZONES: Record<string, number> = { UTC: 0, 'Asia/Tokyo': 9 };

function dateFormat(locales: string | string[] | undefined, options: object | undefined, timeZone: string) {
  const intl = () => new Intl.DateTimeFormat(locales, { ...options, timeZone });
  const shape = Object.entries(options ?? {})
    .map(([key, value]) => `${key}:${String(value)}`)
    .sort()
    .join(' ');
  const lang = pageLang(locales);
  const write = lang && BY_HAND[shape]?.[lang];
  const offset = FIXED_ZONES[timeZone];
  if (!lang || !write || offset === undefined) return intl();
  const names = WEEKDAY_SHORT[lang];
  let fallback: Intl.DateTimeFormat | undefined;
  const format = (value?: Date | number) => {
    const at = new Date(value ?? Date.now());
    if (Number.isNaN(at.getTime())) {
      fallback ??= intl();
      return fallback.format(at);
    }
    const local = new Date(at.getTime() + offset * 3_600_000);
    return write({
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      weekday: names[local.getUTCDay()] ?? '',
    });
  };
  // Only `format` is what FormatJS calls on a date formatter.
  return { format } as unknown as Intl.DateTimeFormat;
}

const inZone = new Map<string, Formatters>();

function formattersIn(timeZone: string): Formatters {
  let formatters = inZone.get(timeZone);
  if (!formatters) {
    formatters = {
      getNumberFormat: memoized((locales, options) =>
        options === undefined ? plainNumbers(locales) : new Intl.NumberFormat(locales, options),
      ),
      getDateTimeFormat: memoized((locales, options) => dateFormat(locales, options, timeZone)),
      getPluralRules: memoized((locales, options) => new Intl.PluralRules(locales, options)),
    };
    inZone.set(timeZone, formatters);
  }
  return formatters;
}

/**
 * A catalog's messages in an Intl locale, by key, with its dates read in `timeZone`. A missing key, a missing value
 * or a message that cannot be parsed or formatted goes to `onError` (which may throw), and the key is written instead. An empty
 * text is empty on purpose (a part of a sentence that a language does not need).
 */
export function messageFormatter(
  locale: string,
  messages: Record<string, unknown>,
  { timeZone, onError }: { timeZone: string; onError: (error: Error) => void },
): FormatMessage {
  const formatters = formattersIn(timeZone);
  const parsed = new Map<string, MessageFormatElement[]>();
  return (key, values) => {
    const message = Object.hasOwn(messages, key) ? messages[key] : undefined;
    if (message === undefined) {
      onError(new Error(`No message "${key}" in ${locale}`));
      return key;
    }
    try {
      let ast = parsed.get(key);
      if (!ast) {
        ast = typeof message === 'string' ? parse(message) : (message as MessageFormatElement[]);
        parsed.set(key, ast);
      }
      const [only] = ast;
      if (ast.length === 1 && only?.type === TYPE.literal) return only.value;
      return formatToParts(ast, locale, formatters, IntlMessageFormat.formats, values)
        .map((part) => String(part.value))
        .join('');
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
      return key;
    }
  };
}
