/** The table the ticket module writes (db/schema.ts gathers every module's). ADR 0212. */
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { bookingRef } from '../booking/schema.ts';

/**
 * A booking's ticket: the unguessable token its QR code carries (never the booking number with the phone), made the
 * first time the booking is shown paid, and kept: the code on a printed page or a screenshot stays the booking's.
 */
export const tickets = pgTable(
  'tickets',
  {
    rsvno: bookingRef('cascade').primaryKey(),
    token: text('token').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tickets_token_idx').on(t.token)],
);
