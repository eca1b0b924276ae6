import type { CancelTier } from '../../db/schema.ts';

/**
 * DESIGN §5's default, the standard Japanese terms for organised tours, as tiers: from `daysBefore`
 * days before the use date on, `percent` of the price is charged (-1 = after the start or no-show).
 * Up to 21 days before nothing is charged.
 */
export const DEFAULT_CANCEL_POLICY: readonly CancelTier[] = [
  { daysBefore: 20, percent: 20 },
  { daysBefore: 7, percent: 30 },
  { daysBefore: 1, percent: 40 },
  { daysBefore: 0, percent: 50 },
  { daysBefore: -1, percent: 100 },
];

/** The policy copied onto a new booking: the option's own, or the default. */
export function policyForBooking(optionPolicy: CancelTier[] | null | undefined): CancelTier[] {
  return optionPolicy && optionPolicy.length > 0 ? optionPolicy : DEFAULT_CANCEL_POLICY.map((t) => ({ ...t }));
}
