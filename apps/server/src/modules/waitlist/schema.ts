/** The tables the waitlist module writes (db/schema.ts gathers every module's). */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { options } from '../admin/schema.ts';
import { bookings } from '../booking/schema.ts';

/**
 * キャンセル待ち (ADR 0167): a visitor waiting for `party` seats of a sold-out day. When seats come back the first
 * entries that fit are offered them: the seats are held (`held`) until `offerExpiresAt`, for whoever has the link
 * (its token stored as a SHA-256); booked, expired or canceled entries keep their row.
 */
export type WaitlistState = 'waiting' | 'offered' | 'booked' | 'expired' | 'canceled';
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    /** The departure waited for (ADR 0196): its start time, '' for an all-day option. */
    startTime: text('start_time').notNull().default(''),
    mail: text('mail').notNull(),
    party: integer('party').notNull(),
    lang: text('lang').notNull().default('ja'),
    state: text('state').$type<WaitlistState>().notNull().default('waiting'),
    /** SHA-256 of the link in the registration mail. */
    tokenHash: text('token_hash'),
    /** SHA-256 of the link in the offer mail: each mail has a random link of its own, valid while the entry is. */
    offerTokenHash: text('offer_token_hash'),
    held: integer('held').notNull().default(0),
    createdAt: tz('created_at').notNull(),
    offeredAt: tz('offered_at'),
    offerExpiresAt: tz('offer_expires_at'),
    rsvno: text('rsvno').references(() => bookings.rsvno),
  },
  (t) => [
    index('waitlist_day_idx').on(t.opcd, t.usedate, t.startTime, t.state, t.id),
    index('waitlist_offer_expiry_idx').on(t.offerExpiresAt).where(sql`${t.state} = 'offered'`),
    uniqueIndex('waitlist_token_uq').on(t.tokenHash),
    uniqueIndex('waitlist_offer_token_uq').on(t.offerTokenHash),
    check('waitlist_party_positive', sql`${t.party} > 0`),
  ],
);
