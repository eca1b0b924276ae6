import { rentalNeedsBoots, rentalNeedsType, rentalNeedsWear } from '@tabi/contract/constants';
import { z } from 'zod';

export interface RentalFormValues {
  members: { rentalType: '' | '1' | '2'; bootsSize: string; wearSize: string }[];
}

export const RENTAL_MESSAGES = {
  type: 'レンタルの種類を選択してください',
  boots: 'ブーツのサイズを選択してください',
  wear: 'ウェアのサイズを選択してください',
} as const;

/**
 * SPEC is silent on rental rules; every select the option shows must be chosen, so the shop can
 * prepare the equipment before the day (docs/decisions/0051-rental-sizes-required.md).
 */
export function rentalFormSchema(rentalcd: string) {
  const pick = (needed: boolean, message: string) => (needed ? z.string().min(1, message) : z.string());
  return z.object({
    members: z.array(
      z.object({
        rentalType: z.enum(['', '1', '2']).refine((v) => !rentalNeedsType(rentalcd) || v !== '', RENTAL_MESSAGES.type),
        bootsSize: pick(rentalNeedsBoots(rentalcd), RENTAL_MESSAGES.boots),
        wearSize: pick(rentalNeedsWear(rentalcd), RENTAL_MESSAGES.wear),
      }),
    ),
  });
}
