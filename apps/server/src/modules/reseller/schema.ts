/** The tables the reseller module writes (db/schema.ts gathers every module's). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';

/**
 * Resellers selling our options through OCTO (DESIGN §13): managed by admins, never deleted, only
 * disabled. `commissionBp`: their commission in basis points of the retail price (1500 = 15 %).
 */
export const resellers = pgTable(
  'resellers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    commissionBp: integer('commission_bp').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('resellers_name_uq').on(t.name),
    check('resellers_commission_range', sql`${t.commissionBp} between 0 and 10000`),
  ],
);

/**
 * A reseller's API keys: shown once when issued, kept as the SHA-256 of the key (a random 32-byte secret needs no
 * slow hash), revocable, each with its own rate limit per minute and its last use.
 */
export const resellerKeys = pgTable(
  'reseller_keys',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, shown in the console to tell keys apart. */
    prefix: text('prefix').notNull(),
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    createdAt: tz('created_at').notNull(),
    revokedAt: tz('revoked_at'),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [uniqueIndex('reseller_keys_hash_uq').on(t.keyHash), index('reseller_keys_reseller_idx').on(t.resellerId)],
);

// The rows as the repositories read them (…Row) and write them (New…), one name a table.
export type ResellerRow = typeof resellers.$inferSelect;
export type ResellerKeyRow = typeof resellerKeys.$inferSelect;
