/**
 * Use periods and 12 months of departures with their seats and prices for the demo options, deterministic per code,
 * date and time: one all-day departure a day, or one per start time for an option sold at start times (ADR 0196).
 */
import { addDays, parseYmd, type Ymd, ymd } from '@tabi/contract/dates';
import { unitOf } from '../seeded-random.ts';
import { AGE_PRESETS, type OptionSeed } from './catalog-data.ts';

export const STOCK_DAYS = 365;

export interface DepartureRow {
  opcd: string;
  usedate: Ymd;
  /** `HH:MM`, or '' for the whole day. */
  startTime: string;
  endTime: string;
  zaikozan: number;
  adultbaika: number;
  middlebaika: number;
  childbaika: number;
  infantbaika: number;
}

/** Options whose use period ends within the year, so later months fall outside it. */
const SHORT_PERIOD = new Set(['OP0030', 'OP0038']);
/** OP0014: sold-out days and days with 1–9 left from today on. */
const PATTERN = [8, 0, 15, 3, 0, 20, 1, 12, 5, 0, 25, 9, 18, 2];

function between(r: number, lo: number, hi: number): number {
  return lo + Math.floor(r * (hi - lo + 1));
}

function round100(n: number): number {
  return Math.round(n / 100) * 100;
}

export function weekday(day: Ymd): number {
  const p = parseYmd(day);
  if (!p) throw new RangeError(day);
  return new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay();
}

function isPeak(day: Ymd): boolean {
  const md = day.slice(4);
  return md >= '1228' || md <= '0103' || (md >= '0429' && md <= '0505') || (md >= '0811' && md <= '0816');
}

/** The use period: a season's next (or current) window, else from a month ago to a year ahead. */
export function usePeriod(o: OptionSeed, today: Ymd): { from: Ymd; to: Ymd } {
  const last = addDays(today, STOCK_DAYS - 1);
  if (!o.season) {
    return { from: addDays(today, -30), to: SHORT_PERIOD.has(o.opcd) ? addDays(today, 150) : last };
  }
  const y = Number(today.slice(0, 4));
  for (const year of [y - 1, y, y + 1]) {
    const from = `${year}${o.season.from}`;
    const to = `${o.season.to < o.season.from ? year + 1 : year}${o.season.to}`;
    if (to >= today) return { from, to };
  }
  return { from: today, to: last };
}

export type SeedPrices = Pick<DepartureRow, 'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika'>;

export function unitPrices(o: OptionSeed, day: Ymd): SeedPrices {
  const ages = AGE_PRESETS[o.ages];
  const flat = Boolean(o.exCd || o.coupon);
  let factor = 1;
  if (!flat) {
    const wd = weekday(day);
    if (wd === 0 || wd === 6) factor = 1.1;
    if (isPeak(day)) factor = 1.2;
  }
  const adult = flat ? o.adultPrice : round100(o.adultPrice * factor);
  const childRate = o.childRate ?? 0.6;
  return {
    adultbaika: adult,
    middlebaika: ages.middle[1] === null ? 0 : round100(adult * 0.8),
    childbaika: ages.child[1] === null ? 0 : Math.max(100, round100(adult * childRate)),
    infantbaika: ages.infant[1] === null ? 0 : (o.infantPrice ?? 0),
  };
}

function quantity(o: OptionSeed, day: Ymd, offset: number): number {
  const r = unitOf(`${o.opcd}|${day}`);
  const q = unitOf(`${day}|${o.opcd}|q`);
  switch (o.stock) {
    case 'two':
      return 2;
    case 'pattern':
      return PATTERN[offset % PATTERN.length] ?? 10;
    case 'plenty':
      if (r < 0.02) return 0;
      if (r < 0.06) return between(q, 1, 9);
      return between(q, 20, 60);
    case 'normal':
      if (r < 0.06) return 0;
      if (r < 0.18) return between(q, 1, 9);
      return between(q, 10, 30);
    case 'scarce':
      if (r < 0.15) return 0;
      if (r < 0.5) return between(q, 1, 9);
      return between(q, 10, 15);
  }
}

/** `HH:MM` plus `minutes`, or '' when that is past midnight (a departure ends on its own day). */
export function endOf(start: string, minutes: number): string {
  const total = Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5)) + minutes;
  if (total >= 24 * 60) return '';
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function dearer(prices: SeedPrices, factor: number): SeedPrices {
  return {
    adultbaika: round100(prices.adultbaika * factor),
    middlebaika: round100(prices.middlebaika * factor),
    childbaika: round100(prices.childbaika * factor),
    infantbaika: round100(prices.infantbaika * factor),
  };
}

/** A day's departures of an option sold at start times: each time its own seats, a dearer time its own prices. */
function timedRows(o: OptionSeed, day: Ymd, offset: number): DepartureRow[] {
  const plan = o.departures;
  if (!plan) return [];
  const weekend = weekday(day) === 0 || weekday(day) === 6;
  const times = [...plan.times, ...(weekend ? (plan.weekend ?? []) : [])];
  return times.map((startTime, n) => ({
    opcd: o.opcd,
    usedate: day,
    startTime,
    endTime: endOf(startTime, plan.minutes),
    zaikozan: quantity({ ...o, opcd: `${o.opcd}@${startTime}` }, day, offset + n * 5),
    ...dearer(unitPrices(o, day), plan.dearer?.[startTime] ?? 1),
  }));
}

/** Departures from today for a year, inside the use period, skipping the weekly closing day. */
export function stockRows(o: OptionSeed, today: Ymd): DepartureRow[] {
  const period = usePeriod(o, today);
  const rows: DepartureRow[] = [];
  for (let i = 0; i < STOCK_DAYS; i++) {
    const day = addDays(today, i);
    if (day < period.from || day > period.to) continue;
    if (o.closedWeekday !== undefined && weekday(day) === o.closedWeekday) continue;
    if (o.departures) rows.push(...timedRows(o, day, i));
    else {
      rows.push({
        opcd: o.opcd,
        usedate: day,
        startTime: '',
        endTime: '',
        zaikozan: quantity(o, day, i),
        ...unitPrices(o, day),
      });
    }
  }
  return rows;
}

/** A birthday that makes a person exactly `age` on `reference` (their birthday 40 days before). */
export function birthdayForAge(age: number, reference: Ymd): Ymd {
  const p = parseYmd(reference);
  if (!p) throw new RangeError(reference);
  return addDays(ymd(p.y - age, p.m, p.d), -40);
}
