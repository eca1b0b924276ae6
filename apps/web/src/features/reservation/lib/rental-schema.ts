import { missingRentalFields, type RentalField } from '@tabi/contract/rental';
import { z } from 'zod';
import { choose } from './member-schema.ts';

/** One entry per participant, in the contract's rentskiList names. */
export interface RentalFormValues {
  members: { model: '' | '1' | '2'; boots_size: string; wear_size: string }[];
}

export const RENTAL_MESSAGES: Record<RentalField, string> = {
  model: choose('rentalKind'),
  boots_size: choose('boots_size'),
  wear_size: choose('wear_size'),
};

/**
 * SPEC is silent on rental rules; every select the option shows must be chosen, so the shop can
 * prepare the equipment before the day (docs/decisions/0051-rental-sizes-required.md).
 */
export function rentalFormSchema(rentalcd: string) {
  const member = z
    .object({ model: z.enum(['', '1', '2']), boots_size: z.string(), wear_size: z.string() })
    .superRefine((choice, ctx) => {
      for (const field of missingRentalFields(choice, rentalcd)) {
        ctx.addIssue({ code: 'custom', path: [field], message: RENTAL_MESSAGES[field] });
      }
    });
  return z.object({ members: z.array(member) });
}
