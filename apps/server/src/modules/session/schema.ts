/** The tables the session module writes (db/schema.ts gathers every module's). */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { bookingRef } from '../booking/schema.ts';

export const customerSessions = pgTable(
  'customer_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    rsvno: bookingRef(),
    lastSeenAt: tz('last_seen_at').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Deleting a booking checks its sessions through this foreign key (a seq scan per booking).
    index('customer_sessions_rsvno_idx').on(t.rsvno),
    // Retention finds ended sessions by either limit without reading the table.
    index('customer_sessions_created_idx').on(t.createdAt),
    index('customer_sessions_seen_idx').on(t.lastSeenAt),
  ],
);
