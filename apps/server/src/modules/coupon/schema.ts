/** The tables the coupon module writes (db/schema.ts gathers every module's). */
import type { CouponOutcome } from '@tabi/contract/constants';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';

export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    rsvno: text('rsvno').notNull(),
    opcd: text('opcd').notNull(),
    pkcd: text('pkcd').notNull(),
    adultqty: integer('adultqty').notNull(),
    childqty: integer('childqty').notNull(),
    outcome: text('outcome').$type<CouponOutcome>().notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_uses_idem_uq').on(t.rsvno, t.idempotencyKey), index('coupon_uses_rsvno_idx').on(t.rsvno)],
);
