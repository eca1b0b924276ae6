import { STANDARD_CANCEL_POLICY } from '@tabi/contract/cancel-policy';
import type { CancelTier } from '../../db/schema.ts';

/** DESIGN §5's default for an option without terms of its own (the contract's STANDARD_CANCEL_POLICY). */
export const DEFAULT_CANCEL_POLICY: readonly CancelTier[] = STANDARD_CANCEL_POLICY;

/** The policy copied onto a new booking: the option's own, or the default. */
export function policyForBooking(optionPolicy: CancelTier[] | null | undefined): CancelTier[] {
  return optionPolicy && optionPolicy.length > 0 ? optionPolicy : DEFAULT_CANCEL_POLICY.map((t) => ({ ...t }));
}
