/**
 * A cancellation policy as day tiers (DESIGN §5): from `daysBefore` days before the use date on, `percent` of
 * the price is charged (-1 = after the start or no-show). Shared so that the detail page and the mails
 * say the same as the fee the server charges.
 */
import { addDays, type Ymd } from './dates.ts';

export interface CancelTierFacts {
  daysBefore: number;
  percent: number;
}

/** The last day a cancellation costs nothing, or null when even the first charged tier has no day before it. */
export function freeCancelUntil(policy: readonly CancelTierFacts[], usedate: Ymd): Ymd | null {
  const charged = policy.filter((t) => t.percent > 0);
  if (charged.length === 0) return addDays(usedate, -1);
  const first = Math.max(...charged.map((t) => t.daysBefore));
  return first < 0 ? usedate : addDays(usedate, -(first + 1));
}

function dayText(days: number): string {
  if (days < 0) return '旅行開始後・無連絡不参加';
  if (days === 0) return '当日';
  if (days === 1) return '前日';
  return `${days}日前`;
}

/** One line per tier, e.g. 「20日前～8日前：旅行代金の20%」, starting with the free period. */
export function cancelPolicyLines(policy: readonly CancelTierFacts[]): string[] {
  const tiers = [...policy].sort((a, b) => b.daysBefore - a.daysBefore);
  const lines: string[] = [];
  const firstCharged = tiers.find((t) => t.percent > 0);
  if (firstCharged && firstCharged.daysBefore >= 0) lines.push(`${dayText(firstCharged.daysBefore + 1)}まで：無料`);
  tiers.forEach((tier, i) => {
    if (tier.percent <= 0) return;
    const next = tiers[i + 1];
    const last = next ? next.daysBefore + 1 : 0;
    const span =
      tier.daysBefore < 0 || last >= tier.daysBefore
        ? dayText(tier.daysBefore)
        : `${dayText(tier.daysBefore)}～${dayText(last)}`;
    lines.push(`${span}：旅行代金の${tier.percent}%`);
  });
  return lines;
}
