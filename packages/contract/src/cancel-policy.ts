/**
 * A cancellation policy as day tiers (DESIGN §5): from `daysBefore` days before the use date on, `percent` of
 * the price is charged (-1 = after the start or no-show). Shared so that the detail page and the mails
 * say the same as the fee the server charges.
 */
import { addDays, daysBetween, formatDay, type Ymd } from './dates.ts';
import { type Lang, writtenLang } from './i18n.ts';

export interface CancelTierFacts {
  daysBefore: number;
  percent: number;
}

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

/**
 * What a booking made `today` for `usedate` costs to cancel, said before the customer pays (旅行業法 第12条の4):
 * 「現在キャンセル料20%がかかります」 when a fee already applies, else the day fees start.
 */
export function cancelTermsToday(policy: readonly CancelTierFacts[], usedate: Ymd, today: Ymd, lang: Lang): string {
  const percent = cancelPercent(policy, daysBetween(today, usedate));
  if (percent > 0) {
    return writtenLang(lang) === 'en'
      ? `A cancellation fee of ${percent}% of the price applies from now on.`
      : `現在キャンセル料${percent}%がかかります（お申し込み後にキャンセルされた場合、旅行代金の${percent}%を申し受けます）。`;
  }
  const free = freeCancelUntil(policy, usedate);
  if (free === null || !policy.some((t) => t.percent > 0)) {
    return writtenLang(lang) === 'en' ? 'No cancellation fee applies.' : 'キャンセル料はかかりません。';
  }
  const from = formatDay(addDays(free, 1), lang);
  return writtenLang(lang) === 'en'
    ? `If you book today, cancellation fees apply from ${from}; until then cancelling is free.`
    : `本日お申し込みの場合、キャンセル料は${from}からかかります（それまでは無料です）。`;
}

/** The last day a cancellation costs nothing, or null when even the first charged tier has no day before it. */
export function freeCancelUntil(policy: readonly CancelTierFacts[], usedate: Ymd): Ymd | null {
  const charged = policy.filter((t) => t.percent > 0);
  if (charged.length === 0) return addDays(usedate, -1);
  const first = Math.max(...charged.map((t) => t.daysBefore));
  return first < 0 ? usedate : addDays(usedate, -(first + 1));
}

function dayText(days: number, lang: Lang): string {
  if (writtenLang(lang) === 'en') {
    if (days < 0) return 'after the start or no-show';
    if (days === 0) return 'on the day';
    if (days === 1) return 'the day before';
    return `${days} days before`;
  }
  if (days < 0) return '旅行開始後・無連絡不参加';
  if (days === 0) return '当日';
  if (days === 1) return '前日';
  return `${days}日前`;
}

/** How many days before the use date a cancellation is still free (1 = until the day before); null if never. */
export function freeCancelDaysBefore(policy: readonly CancelTierFacts[]): number | null {
  const firstCharged = [...policy].sort((a, b) => b.daysBefore - a.daysBefore).find((t) => t.percent > 0);
  return firstCharged && firstCharged.daysBefore >= 0 ? firstCharged.daysBefore + 1 : null;
}

/** The free period as a headline says it: ご利用日の8日前まで無料, Free until 8 days before. */
export function freeCancelText(policy: readonly CancelTierFacts[], lang: Lang): string | null {
  const days = freeCancelDaysBefore(policy);
  if (days === null) return null;
  return writtenLang(lang) === 'en' ? `Free until ${dayText(days, lang)}` : `ご利用日の${dayText(days, lang)}まで無料`;
}

/** One line per tier, e.g. 「20日前～8日前：旅行代金の20%」, starting with the free period. */
export function cancelPolicyLines(policy: readonly CancelTierFacts[], lang: Lang = 'ja'): string[] {
  const tiers = [...policy].sort((a, b) => b.daysBefore - a.daysBefore);
  const lines: string[] = [];
  const free = freeCancelDaysBefore(tiers);
  if (free !== null)
    lines.push(writtenLang(lang) === 'en' ? `Until ${dayText(free, lang)}: free` : `${dayText(free, lang)}まで：無料`);
  tiers.forEach((tier, i) => {
    if (tier.percent <= 0) return;
    const next = tiers[i + 1];
    const last = next ? next.daysBefore + 1 : 0;
    const single = tier.daysBefore < 0 || last >= tier.daysBefore;
    if (writtenLang(lang) === 'en') {
      const span = single
        ? dayText(tier.daysBefore, lang)
        : last >= 2
          ? `${tier.daysBefore} to ${last} days before`
          : `${dayText(tier.daysBefore, lang)} to ${dayText(last, lang)}`;
      lines.push(`${span[0]?.toUpperCase()}${span.slice(1)}: ${tier.percent}% of the price`);
      return;
    }
    const span = single ? dayText(tier.daysBefore, lang) : `${dayText(tier.daysBefore, lang)}～${dayText(last, lang)}`;
    lines.push(`${span}：旅行代金の${tier.percent}%`);
  });
  return lines;
}
