/** The tables the operations module writes (db/schema.ts gathers every module's). */
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { facilities } from '../admin/schema.ts';
import { bookingRef } from '../booking/schema.ts';

/**
 * Scheduled mails sent once per booking and kind (the day-before mail): the row is claimed in the
 * transaction that queues the mail, so two instances or a restart never send it twice.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    rsvno: bookingRef(),
    kind: text('kind').notNull(),
    at: tz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rsvno, t.kind] })],
);

/** レンタル準備表 mailed to a facility for a day (ADR 0166): once. */
export const rentalSheetsSent = pgTable(
  'rental_sheets_sent',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    at: tz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.usedate] })],
);
