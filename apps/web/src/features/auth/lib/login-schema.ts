import { RSVNO_LENGTH } from '@tabi/contract/constants';
import { z } from 'zod';

/** SPEC §5 Login: both fields required, the booking number exactly 8 characters. */
export const loginFormSchema = z.object({
  rsvno: z.string().trim().length(RSVNO_LENGTH),
  tel: z.string().trim().min(1),
});

export type LoginFormValues = z.input<typeof loginFormSchema>;
export type LoginFormOutput = z.output<typeof loginFormSchema>;

export function canSubmitLogin(values: LoginFormValues): boolean {
  return loginFormSchema.safeParse(values).success;
}
