/** The tables the octo module writes (db/schema.ts gathers every module's). */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { bookingRef } from '../booking/schema.ts';
import { resellers } from '../reseller/schema.ts';

/** What an OCTO unit item keeps beside the booking's participant row of the same `seq`. */
export type OctoUnitItem = {
  uuid: string;
  unitId: string;
  resellerReference: string | null;
  contact: Record<string, unknown>;
};

/**
 * The OCTO side of a reseller's booking (ADR 0170): its uuid and references, the reseller's contact and notes,
 * and the unit items. The booking itself (state, seats, money, hold expiry in payment_deadline_date) is the one
 * booking module's row; this table is written only by the OCTO module.
 */
export const octoBookings = pgTable(
  'octo_bookings',
  {
    rsvno: bookingRef().primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id),
    uuid: text('uuid').notNull(),
    resellerReference: text('reseller_reference'),
    contact: jsonb('contact').$type<Record<string, unknown>>().notNull().default({}),
    notes: text('notes'),
    unitItems: jsonb('unit_items').$type<OctoUnitItem[]>().notNull().default([]),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
    confirmedAt: tz('confirmed_at'),
    cancellationReason: text('cancellation_reason'),
  },
  (t) => [
    uniqueIndex('octo_bookings_uuid_uq').on(t.resellerId, t.uuid),
    // The same resellerReference twice from one reseller answers the same booking (idempotent reserve).
    uniqueIndex('octo_bookings_reference_uq')
      .on(t.resellerId, t.resellerReference)
      .where(sql`${t.resellerReference} is not null`),
  ],
);

// The rows as the repositories read them (…Row) and write them (New…), one name a table.
export type OctoBookingRow = typeof octoBookings.$inferSelect;
