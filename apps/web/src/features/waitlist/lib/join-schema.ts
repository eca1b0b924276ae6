import { WaitlistMsg, waitlistMail } from '@tabi/contract/waitlist';
import { z } from 'zod';

/** The キャンセル待ち form (ADR 0167): the day, the mail and the party, said in Japanese. */
export const joinFormSchema = z.object({
  usedate: z.string().min(1, WaitlistMsg.dayRequired),
  mail: waitlistMail,
  party: z.string().min(1, WaitlistMsg.partyRequired),
});
export type JoinFormValues = z.input<typeof joinFormSchema>;
export type JoinFormOutput = z.output<typeof joinFormSchema>;
