/**
 * The sandbox provider's tables, which the payments module writes (db/schema.ts gathers every module's). Its payments,
 * refunds and provider calls are declared in db/schema.ts: they reference bookings, and this module imports nothing of
 * the booking's (ADR 0181).
 */
import type { KonbiniStore, PaymentMethod } from '@tabi/contract/constants';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';

/** Hosted checkout sessions of the built-in sandbox payment provider (DESIGN §6); Stripe keeps its own. */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  rsvno: text('rsvno').notNull(),
  name: text('name').notNull(),
  amount: integer('amount').notNull(),
  customerEmail: text('customer_email').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  expiresAt: tz('expires_at').notNull(),
  status: text('status').notNull().default('open'),
  chargeId: text('charge_id'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  lastError: text('last_error'),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** The ways this checkout offers (ADR 0211), and the one it was paid by. */
  methods: text('methods').array().$type<PaymentMethod[]>().notNull().default(sql`'{card}'::text[]`),
  method: text('method').$type<PaymentMethod>(),
  /** With konbini offered: the days its slip is paid within (ADR 0213). */
  konbiniDays: integer('konbini_days'),
  /** The konbini slip the customer chose (status `slip` until paid at the store, then `complete`; `void`: voided). */
  slip: jsonb('slip').$type<SandboxSlip>(),
});

/** A sandbox slip: one store's numbers, as a real one carries, and its deadline (ISO instant). */
export interface SandboxSlip {
  store: KonbiniStore;
  paymentCode: string;
  confirmationNumber: string;
  expiresAt: string;
}

/** The sandbox provider's own record of its refunds, deduplicated by idempotency key like Stripe's. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  chargeId: text('charge_id').notNull(),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

// The rows as the repositories read them (…Row) and write them (New…), one name a table.
export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;
