import type { Lang } from './i18n.ts';
/**
 * Business dates are Asia/Tokyo calendar dates written YYYYMMDD. They are handled as strings and
 * converted through UTC so that the host's time zone never leaks into the arithmetic.
 */

export type Ymd = string;

const YMD = /^(\d{4})(\d{2})(\d{2})$/;

export function parseYmd(ymd: string): { y: number; m: number; d: number } | null {
  const match = YMD.exec(ymd);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

export function isValidYmd(ymd: string): boolean {
  return parseYmd(ymd) !== null;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function ymd(y: number, m: number, d: number): Ymd {
  const date = new Date(Date.UTC(y, m - 1, d));
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}

const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** The instant moved to Tokyo's wall clock, to be read with the getUTC… methods (Tokyo has no daylight saving). */
function tokyoWallClock(instant: Date): Date {
  return new Date(instant.getTime() + TOKYO_OFFSET_MS);
}

/**
 * Tokyo calendar date of an instant. Plain arithmetic rather than Intl.DateTimeFormat: a browser's first
 * time-zone formatter loads ICU's zone data, 50–100 ms of main thread on a phone before a page can answer.
 */
export function tokyoYmd(instant: Date): Ymd {
  const t = tokyoWallClock(instant);
  return ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** An instant written ISO 8601 with Tokyo's offset, e.g. 2026-11-21T12:00:00+09:00. */
export function toTokyoIso(instant: Date): string {
  return `${tokyoWallClock(instant).toISOString().slice(0, 19)}+09:00`;
}

/** An instant shown YYYY/MM/DD HH:mm in Tokyo; text that is not an instant is shown as it is. */
export function formatTokyoDateTime(instant: Date | string, lang: Lang = 'ja'): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return String(instant);
  const t = tokyoWallClock(at);
  const time = `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
  // In Japan time, which the pages and mails say where it matters.
  const style = DAY_STYLES[lang];
  return style.withTime(style.day(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()), time);
}

/** The instant at which a Tokyo calendar day starts (Tokyo has no daylight saving: UTC+9). */
export function tokyoDayStart(day: Ymd): Date {
  const p = parseYmd(day);
  if (!p) throw new RangeError(`invalid date ${day}`);
  return new Date(Date.UTC(p.y, p.m - 1, p.d, -9));
}

export function addDays(day: Ymd, days: number): Ymd {
  const p = parseYmd(day);
  if (!p) throw new RangeError(`invalid date ${day}`);
  return ymd(p.y, p.m, p.d + days);
}

export function daysBetween(from: Ymd, to: Ymd): number {
  const a = parseYmd(from);
  const b = parseYmd(to);
  if (!a || !b) throw new RangeError('invalid date');
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

export function monthStart(day: Ymd): Ymd {
  return `${day.slice(0, 6)}01`;
}

export function monthEnd(day: Ymd): Ymd {
  const p = parseYmd(monthStart(day));
  if (!p) throw new RangeError(`invalid date ${day}`);
  return ymd(p.y, p.m + 1, 0);
}

export function addMonths(day: Ymd, months: number): Ymd {
  const p = parseYmd(day);
  if (!p) throw new RangeError(`invalid date ${day}`);
  return ymd(p.y, p.m + months, 1);
}

/** Every day from `from` to `to` (YYYY-MM-DD), both included. */
export function isoDays(from: string, to: string): string[] {
  const out: string[] = [];
  const last = isoDateToYmd(to);
  for (let day = isoDateToYmd(from); day <= last; day = addDays(day, 1)) out.push(ymdToIsoDate(day));
  return out;
}

/** A YYYY-MM-DD day's weekday, 0 (Sunday) to 6. */
export function weekdayOf(iso: string): number {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`).getUTCDay();
}

/** Every day of the month that contains `day`, in order. */
export function daysOfMonth(day: Ymd): Ymd[] {
  const start = monthStart(day);
  const count = Number(monthEnd(day).slice(6));
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** Weekday names, Sunday first (Date#getDay order). */
export const WEEKDAY_JA = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** YYYYMMDD (or YYYY-MM-DD) shown as YYYY/MM/DD. */
export function formatYmd(day: string): string {
  return formatDay(day, 'ja');
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const WEEKDAY_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAY_KO = ['일', '월', '화', '수', '목', '금', '토'] as const;
const WEEKDAY_ZH_HANT = ['週日', '週一', '週二', '週三', '週四', '週五', '週六'] as const;
const WEEKDAY_ZH_HANS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** Each language's short weekday names, Sunday first, as its Intl writes them (`{weekday: 'short'}`). */
export const WEEKDAY_SHORT: Record<Lang, readonly string[]> = {
  ja: WEEKDAY_JA,
  en: WEEKDAY_EN,
  ko: WEEKDAY_KO,
  'zh-Hant': WEEKDAY_ZH_HANT,
  'zh-Hans': WEEKDAY_ZH_HANS,
};

/** How a language writes a day, its weekday, a span of times and a day with a time. */
interface DayStyle {
  day(y: number, m: number, d: number): string;
  weekday(day: string, weekday: number): string;
  times(start: string, end: string): string;
  withTime(day: string, time: string): string;
}

const CHINESE_DAY = (y: number, m: number, d: number) => `${y}年${m}月${d}日`;

/**
 * Each language's way, as its own sites write days (2026/12/01（火）, Tue, 1 Dec 2026, 2026년 12월 1일 (화),
 * 2026年12月1日（週二）). Written out rather than through Intl, whose first use loads the locale's data on a phone, and
 * so that the server's rendering and the browser's agree to the character.
 */
const DAY_STYLES: Record<Lang, DayStyle> = {
  ja: {
    day: (y, m, d) => `${pad(y, 4)}/${pad(m)}/${pad(d)}`,
    weekday: (day, w) => `${day}（${WEEKDAY_JA[w]}）`,
    times: (start, end) => `${start}〜${end}`,
    withTime: (day, time) => `${day} ${time}`,
  },
  en: {
    day: (y, m, d) => `${d} ${EN_MONTHS[m - 1]} ${y}`,
    weekday: (day, w) => `${WEEKDAY_EN[w]}, ${day}`,
    times: (start, end) => `${start}–${end}`,
    withTime: (day, time) => `${day}, ${time}`,
  },
  ko: {
    day: (y, m, d) => `${y}년 ${m}월 ${d}일`,
    weekday: (day, w) => `${day} (${WEEKDAY_KO[w]})`,
    times: (start, end) => `${start}~${end}`,
    withTime: (day, time) => `${day} ${time}`,
  },
  'zh-Hant': {
    day: CHINESE_DAY,
    weekday: (day, w) => `${day}（${WEEKDAY_ZH_HANT[w]}）`,
    times: (start, end) => `${start}～${end}`,
    withTime: (day, time) => `${day} ${time}`,
  },
  'zh-Hans': {
    day: CHINESE_DAY,
    weekday: (day, w) => `${day}（${WEEKDAY_ZH_HANS[w]}）`,
    times: (start, end) => `${start}～${end}`,
    withTime: (day, time) => `${day} ${time}`,
  },
};

/** A calendar day (YYYYMMDD or YYYY-MM-DD) as each language writes it, with its weekday when asked. */
export function formatDay(day: string, lang: Lang, options: { weekday?: boolean } = {}): string {
  const parts = parseYmd(day.replaceAll('-', ''));
  if (!parts) return day;
  const { y, m, d } = parts;
  const style = DAY_STYLES[lang];
  const text = style.day(y, m, d);
  return options.weekday ? style.weekday(text, new Date(Date.UTC(y, m - 1, d)).getUTCDay()) : text;
}

/**
 * A departure's times (ADR 0196): 13:00〜15:00 in Japanese, 13:00–15:00 in English; the start alone when it has no
 * end; '' for a whole day.
 */
export function formatTimes(startTime: string, endTime: string, lang: Lang): string {
  if (startTime === '') return '';
  if (endTime === '') return startTime;
  return DAY_STYLES[lang].times(startTime, endTime);
}

/** A day with its departure's times, when it has any: 2026/12/10（木） 13:00〜15:00, Thu, 10 Dec 2026, 13:00–15:00. */
export function formatDeparture(
  day: string,
  startTime: string,
  endTime: string,
  lang: Lang,
  options: { weekday?: boolean } = {},
): string {
  const date = formatDay(day, lang, options);
  const times = formatTimes(startTime, endTime, lang);
  return times === '' ? date : DAY_STYLES[lang].withTime(date, times);
}

export function isoDateToYmd(iso: string): Ymd {
  return iso.slice(0, 10).replaceAll('-', '');
}

export function ymdToIsoDate(day: Ymd): string {
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
}

export function ymdToLocalDate(day: Ymd): Date {
  const p = parseYmd(day);
  if (!p) throw new RangeError(`invalid date ${day}`);
  return new Date(p.y, p.m - 1, p.d);
}

export function localDateToYmd(date: Date): Ymd {
  return ymd(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** Age in full years on `on`; a 29 February birthday counts from 1 March in common years. */
export function ageOn(birthday: Ymd, on: Ymd): number {
  const b = parseYmd(birthday);
  const r = parseYmd(on);
  if (!b || !r) throw new RangeError('invalid date');
  let age = r.y - b.y;
  if (r.m < b.m || (r.m === b.m && r.d < b.d)) age -= 1;
  return age;
}
