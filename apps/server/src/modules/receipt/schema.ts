/** The tables the receipt module writes (db/schema.ts gathers every module's). */
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { bookingRef } from '../booking/schema.ts';

/** What a receipt (領収書) was issued for: the travel price paid, or a cancellation fee kept. */
export type ReceiptKind = 'payment' | 'cancel_fee';

/**
 * 領収書 (ADR 0163): one row per booking and kind, made at the first issue with the 宛名 the customer gave; every
 * later issue (my page or the console) prints the same 宛名 marked 再発行 and counts here.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    rsvno: bookingRef(),
    kind: text('kind').$type<ReceiptKind>().notNull(),
    addressee: text('addressee').notNull(),
    issueCount: integer('issue_count').notNull().default(1),
    firstIssuedAt: tz('first_issued_at').notNull(),
    lastIssuedAt: tz('last_issued_at').notNull(),
  },
  (t) => [uniqueIndex('receipts_rsvno_kind_uq').on(t.rsvno, t.kind)],
);

// The rows as the repositories read them (…Row) and write them (New…), one name a table.
export type ReceiptRow = typeof receipts.$inferSelect;
