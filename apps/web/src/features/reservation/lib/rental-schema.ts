import { missingRentalFields, type RentalField } from '@tabi/contract/rental';
import { z } from 'zod';

/** One entry per participant, in the contract's rentskiList names. */
export interface RentalFormValues {
  members: { model: '' | '1' | '2'; boots_size: string; wear_size: string }[];
}

export const RENTAL_MESSAGES: Record<RentalField, string> = {
  model: 'レンタルの種類を選択してください',
  boots_size: 'ブーツのサイズを選択してください',
  wear_size: 'ウェアのサイズを選択してください',
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
