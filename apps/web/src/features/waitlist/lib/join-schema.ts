import { say } from '@tabi/contract/said';
import { waitlistMail } from '@tabi/contract/waitlist';
import { z } from 'zod';

/** The キャンセル待ち form (ADR 0167): the day, the mail and the party, said by key. */
export const joinFormSchema = z.object({
  usedate: z.string().min(1, say('waitlist.dayRequired')),
  mail: waitlistMail,
  party: z.string().min(1, say('waitlist.partyRequired')),
});
export type JoinFormValues = z.input<typeof joinFormSchema>;
export type JoinFormOutput = z.output<typeof joinFormSchema>;
