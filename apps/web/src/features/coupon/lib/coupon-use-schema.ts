import { z } from 'zod';

/** SPEC §5: coupon use needs an adult quantity of at least 1 and the PIN the facility staff type. */
export const couponUseFormSchema = z.object({
  adult: z.coerce.number().int().min(1),
  child: z.coerce.number().int().min(0),
  pin: z.string().trim().min(1),
});

export type CouponUseFormValues = z.input<typeof couponUseFormSchema>;
export type CouponUseFormOutput = z.output<typeof couponUseFormSchema>;
