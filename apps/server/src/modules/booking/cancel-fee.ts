/** DESIGN §5: cancellation fees from a booking's policy of day tiers, in integer yen. */
import { cancelPercent } from '@tabi/contract/cancel-policy';
import { daysBetween, type Ymd } from '@tabi/contract/dates';
import type { CancelTier } from '../../db/schema.ts';

export { cancelPercent };

export interface CancelQuoteInput {
  policy: readonly CancelTier[];
  fromdate: Ymd;
  today: Ymd;
  /** The booking's price, on which the fee is charged. */
  amount: number;
  /** What the customer has actually paid and not yet had back. */
  paid: number;
}

/**
 * The fee is floored to whole yen and kept out of what was paid: a booking never paid owes no fee (the travel
 * contract is made when payment is received, ADR 0156), and the refund is what was paid minus the fee.
 */
export function cancelQuote(input: CancelQuoteInput): { cancelfee: number; refund: number } {
  const percent = cancelPercent(input.policy, daysBetween(input.today, input.fromdate));
  const cancelfee = Math.min(Math.floor((input.amount * percent) / 100), Math.max(0, input.paid));
  return { cancelfee, refund: Math.max(0, input.paid - cancelfee) };
}
