/** The tables the discount module writes (db/schema.ts gathers every module's). ADR 0210. */
import type { DiscountKind } from '@tabi/contract/discounts';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { bookingRef } from '../booking/schema.ts';

/** 割引コード: a code the operator hands out, and the rules of its use. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper-case, as `normaliseDiscountCode` writes it. */
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    kind: text('kind').$type<DiscountKind>().notNull(),
    /** Percent (1–100) or yen. */
    value: integer('value').notNull(),
    /** The options it is for; empty: every option. */
    opcds: text('opcds').array().notNull().default(sql`'{}'::text[]`),
    /** The days (Asia/Tokyo) a booking may use it, and the use dates it is for; null: open. */
    bookFrom: date('book_from', { mode: 'string' }),
    bookUntil: date('book_until', { mode: 'string' }),
    travelFrom: date('travel_from', { mode: 'string' }),
    travelUntil: date('travel_until', { mode: 'string' }),
    totalLimit: integer('total_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** The least price (before the discount) it applies to. */
    minAmount: integer('min_amount'),
    active: boolean('active').notNull().default(true),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(t.code),
    check('discount_codes_kind', sql`${t.kind} in ('percent', 'yen')`),
    check('discount_codes_value', sql`${t.value} > 0 and (${t.kind} = 'yen' or ${t.value} <= 100)`),
  ],
);

/**
 * A booking's use of a code, written in the transaction that makes the booking, after the code's row is locked. It
 * counts against the code's limits unless its booking expired or was canceled before it was paid (`discount_uses`,
 * migration 0047): those give the use back with the state change that gives the seats back.
 */
export const bookingDiscounts = pgTable(
  'booking_discounts',
  {
    rsvno: bookingRef('cascade').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id),
    code: text('code').notNull(),
    /** The price before the discount, and the yen taken off it: the booking's amountjp is their difference. */
    listAmount: integer('list_amount').notNull(),
    discount: integer('discount').notNull(),
    /** The customer, for the limit per customer (the booking's normalised phone). */
    telNormalized: text('tel_normalized').notNull(),
  },
  (t) => [
    index('booking_discounts_code_idx').on(t.codeId, t.telNormalized),
    check('booking_discounts_amounts', sql`${t.discount} >= 0 and ${t.discount} <= ${t.listAmount}`),
  ],
);
