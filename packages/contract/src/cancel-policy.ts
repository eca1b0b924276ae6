/**
 * A cancellation policy as day tiers (DESIGN §5): from `daysBefore` days before the use date on, `percent` of
 * the price is charged (-1 = after the start or no-show). Shared so that the detail page and the mails
 * say the same as the fee the server charges.
 */
import { addDays, daysBetween, formatDay, type Ymd } from './dates.ts';
import type { Lang } from './i18n.ts';

export interface CancelTierFacts {
  daysBefore: number;
  percent: number;
}

/**
 * DESIGN §5's default, the standard Japanese terms for organised tours: 20 % from 20 days before, 30 % from 7, 40 %
 * the day before, 50 % on the day, 100 % after the start or a no-show. Up to 21 days before nothing is charged.
 */
export const STANDARD_CANCEL_POLICY: readonly CancelTierFacts[] = [
  { daysBefore: 20, percent: 20 },
  { daysBefore: 7, percent: 30 },
  { daysBefore: 1, percent: 40 },
  { daysBefore: 0, percent: 50 },
  { daysBefore: -1, percent: 100 },
];

/**
 * The percent charged `daysBefore` days before the use date (0 = the day itself, negative = after the
 * start). A tier applies from its `daysBefore` on, so the tier with the smallest `daysBefore` that is
 * still ≥ the distance wins; earlier than every tier is free.
 */
export function cancelPercent(policy: readonly CancelTierFacts[], daysBefore: number): number {
  let chosen: CancelTierFacts | undefined;
  for (const tier of policy) {
    if (tier.daysBefore >= daysBefore && (!chosen || tier.daysBefore < chosen.daysBefore)) chosen = tier;
  }
  return Math.min(100, Math.max(0, chosen?.percent ?? 0));
}

/** The last day a cancellation costs nothing, or null when even the first charged tier has no day before it. */
export function freeCancelUntil(policy: readonly CancelTierFacts[], usedate: Ymd): Ymd | null {
  const charged = policy.filter((t) => t.percent > 0);
  if (charged.length === 0) return addDays(usedate, -1);
  const first = Math.max(...charged.map((t) => t.daysBefore));
  return first < 0 ? usedate : addDays(usedate, -(first + 1));
}

/** How many days before the use date a cancellation is still free (1 = until the day before); null if never. */
export function freeCancelDaysBefore(policy: readonly CancelTierFacts[]): number | null {
  const firstCharged = [...policy].sort((a, b) => b.daysBefore - a.daysBefore).find((t) => t.percent > 0);
  return firstCharged && firstCharged.daysBefore >= 0 ? firstCharged.daysBefore + 1 : null;
}

/**
 * What a booking made `today` for `usedate` costs to cancel, said before the customer pays (旅行業法 第12条の4): a
 * fee from now on, or the day fees start, or none at all. The pages and mails say it in their language.
 */
export type CancelToday = { kind: 'fee'; percent: number } | { kind: 'feesFrom'; day: Ymd } | { kind: 'noFee' };

export function cancelToday(policy: readonly CancelTierFacts[], usedate: Ymd, today: Ymd): CancelToday {
  const percent = cancelPercent(policy, daysBetween(today, usedate));
  if (percent > 0) return { kind: 'fee', percent };
  const free = freeCancelUntil(policy, usedate);
  if (free === null || !policy.some((t) => t.percent > 0)) return { kind: 'noFee' };
  return { kind: 'feesFrom', day: addDays(free, 1) };
}

/**
 * One line of the policy: the free period, or a charged tier over days before the use date (`from` down to `to`,
 * `to` null for a single day; a negative `from` is after the start or a no-show).
 */
export type CancelLine =
  | { kind: 'free'; until: number }
  | { kind: 'tier'; from: number; to: number | null; percent: number };

/** The policy's lines, starting with the free period (「21日前まで：無料」「20日前～8日前：旅行代金の20%」). */
export function cancelLines(policy: readonly CancelTierFacts[]): CancelLine[] {
  const tiers = [...policy].sort((a, b) => b.daysBefore - a.daysBefore);
  const lines: CancelLine[] = [];
  const free = freeCancelDaysBefore(tiers);
  if (free !== null) lines.push({ kind: 'free', until: free });
  tiers.forEach((tier, i) => {
    if (tier.percent <= 0) return;
    const next = tiers[i + 1];
    const last = next ? next.daysBefore + 1 : 0;
    const single = tier.daysBefore < 0 || last >= tier.daysBefore;
    lines.push({ kind: 'tier', from: tier.daysBefore, to: single ? null : last, percent: tier.percent });
  });
  return lines;
}

/**
 * The texts of the pages' `shared` catalog that say a policy, with their values: one rule for the pages and the
 * mails, each formatting them in its language.
 */
export type CancelText =
  | { key: 'cancelFeeNow'; values: { percent: number } }
  | { key: 'cancelFeesFrom'; values: { day: Ymd } }
  | { key: 'cancelNoFee'; values?: undefined }
  | { key: 'cancelFreeUntil'; values: { days: number } }
  | { key: 'cancelLineFree'; values: { days: number } }
  | { key: 'cancelLineAfterStart'; values: { percent: number } }
  | { key: 'cancelLineDay'; values: { days: number; percent: number } }
  | { key: 'cancelLineDays'; values: { from: number; to: number; percent: number } };

export function cancelTodayText(today: CancelToday): CancelText {
  if (today.kind === 'fee') return { key: 'cancelFeeNow', values: { percent: today.percent } };
  if (today.kind === 'feesFrom') return { key: 'cancelFeesFrom', values: { day: today.day } };
  return { key: 'cancelNoFee' };
}

export function cancelLineText(line: CancelLine): CancelText {
  if (line.kind === 'free') return { key: 'cancelLineFree', values: { days: line.until } };
  if (line.from < 0) return { key: 'cancelLineAfterStart', values: { percent: line.percent } };
  if (line.to === null) return { key: 'cancelLineDay', values: { days: line.from, percent: line.percent } };
  return { key: 'cancelLineDays', values: { from: line.from, to: line.to, percent: line.percent } };
}

/** A policy's text in a language, written by that language's `shared` catalog (`format`), a day as it writes days. */
export function writeCancelText(
  text: CancelText,
  lang: Lang,
  format: (key: CancelText['key'], values?: Record<string, string | number>) => string,
): string {
  if (text.key === 'cancelFeesFrom') return format(text.key, { day: formatDay(text.values.day, lang) });
  return format(text.key, text.values);
}
