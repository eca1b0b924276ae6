/**
 * The database's tables. Each one is declared beside the module that writes it, in modules/<module>/schema.ts; this file
 * gathers them, so that drizzle-kit reads one schema and the code imports every table from one place. It keeps the
 * tables no module's schema can hold: the payments module's payments, refunds and provider calls (they reference bookings, and that module
 * imports nothing of the booking's), the rate limits' counters (the HTTP layer's) and the jobs' schedule (the
 * runner's).
 */

import type { KonbiniStore, PaymentMethod } from '@tabi/contract/constants';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookingRef } from '../modules/booking/schema.ts';
import { tz } from './shared-columns.ts';

export * from '../modules/admin/schema.ts';
export * from '../modules/booking/schema.ts';
export * from '../modules/catalog/schema.ts';
export * from '../modules/checkin/schema.ts';
export * from '../modules/coupon/schema.ts';
export * from '../modules/day-stop/schema.ts';
export * from '../modules/departures/schema.ts';
export * from '../modules/discount/schema.ts';
export * from '../modules/mail/schema.ts';
export * from '../modules/media/schema.ts';
export * from '../modules/octo/schema.ts';
export * from '../modules/operations/schema.ts';
export * from '../modules/payment/schema.ts';
export * from '../modules/receipt/schema.ts';
export * from '../modules/reseller/schema.ts';
export * from '../modules/resources/schema.ts';
export * from '../modules/session/schema.ts';
export * from '../modules/staff/schema.ts';
export * from '../modules/ticket/schema.ts';
export * from '../modules/waitlist/schema.ts';
export type { CancelTier } from './shared-columns.ts';

/*
 * The payments module's own tables (ADR 0181: no other module writes them). Each row names its booking by a foreign key
 * to bookings, and the payments module imports nothing of the booking's (payment/boundary.test.ts), so they are
 * declared here, where both modules' schemas are imported, rather than in payment/schema.ts.
 */

export type ProviderCallKind = 'checkout' | 'refund';
/**
 * begun: written before the call; open: a checkout the customer may still pay; done; failed: refused or
 * given up (a person decides); void: abandoned before any money moved (a cancellation the provider refused).
 */
export type ProviderCallState = 'begun' | 'open' | 'done' | 'failed' | 'void';

/**
 * DESIGN §12: every call to the payment provider, written down before it is made with its idempotency
 * key and marked after; the reconciler finishes what a crash left begun (ADR 0101).
 */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ProviderCallKind>().notNull(),
    rsvno: bookingRef(),
    /** The payment refunded (refunds), or the payment row opened (checkouts). */
    paymentId: integer('payment_id'),
    /** The refund this call makes (refunds only). */
    refundId: integer('refund_id').references((): AnyPgColumn => refunds.id),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    /** Refunds: cancel, duplicate, late. */
    reason: text('reason'),
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<ProviderCallState>().notNull().default('begun'),
    /** The provider's id of what was made: checkout session id, refund id. */
    providerRef: text('provider_ref'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: tz('next_attempt_at').notNull(),
    createdAt: tz('created_at').notNull(),
    doneAt: tz('done_at'),
  },
  (t) => [
    uniqueIndex('provider_calls_key_uq').on(t.idempotencyKey),
    index('provider_calls_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('begun', 'open')`),
    index('provider_calls_rsvno_idx').on(t.rsvno),
  ],
);

/** open: checkout made, not paid; paid; refunded (in full); expired: the checkout lapsed unpaid. */
export type PaymentRowStatus = 'open' | 'paid' | 'refunded' | 'expired';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    rsvno: bookingRef(),
    provider: text('provider').notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentRowStatus>().notNull().default('open'),
    chargeId: text('charge_id'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    paidAt: tz('paid_at'),
    /** How it was paid, when the provider said (ADR 0211); null: not said (Stripe's page) or not paid. */
    method: text('method').$type<PaymentMethod>(),
  },
  (t) => [uniqueIndex('payments_checkout_session_uq').on(t.checkoutSessionId), index('payments_rsvno_idx').on(t.rsvno)],
);

/**
 * Why money went back: the customer's or the company's cancellation, a second payment, a payment that came too late,
 * or a change of departure to a cheaper one (ADR 0197).
 */
export type RefundReason = 'cancel' | 'duplicate' | 'late' | 'change';
/**
 * pending: decided and written down, not confirmed by the provider yet (money promised back); succeeded; failed: given
 * up after the provider refused it or the attempts ran out (a person looks); void: a refused cancellation's, never made.
 */
export type RefundState = 'pending' | 'succeeded' | 'failed' | 'void';

/**
 * One row per refund of a payment (ADR 0181), written only by the payments module: decided in the transaction
 * that decides it, sent through its provider call (`provider_calls.refund_id`), succeeded once the provider confirms it.
 * `payments.refunded_amount` is the running total of a payment's succeeded refunds, kept in the same transaction.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    rsvno: bookingRef(),
    amount: integer('amount').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    state: text('state').$type<RefundState>().notNull().default('pending'),
    /** The provider's id of the refund, once made. */
    providerRef: text('provider_ref'),
    createdAt: tz('created_at').notNull(),
    doneAt: tz('done_at'),
    /**
     * A konbini payment's refund (ADR 0213): made, and the provider asks the customer for a bank account to pay it
     * into; true until it says it was paid out.
     */
    awaitingAccount: boolean('awaiting_account').notNull().default(false),
  },
  (t) => [
    index('refunds_rsvno_idx').on(t.rsvno),
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A konbini slip (ADR 0213): issued for a checkout (its payment row) and paid at a store until `expires_at`, when the
 * booking waiting for it expires. Written by the payments module when the provider says the slip was issued.
 */
export const konbiniSlips = pgTable(
  'konbini_slips',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id),
    rsvno: bookingRef(),
    /** Per store: the payment number and the confirmation number the store asks for. */
    codes: jsonb('codes').$type<KonbiniCode[]>().notNull(),
    expiresAt: tz('expires_at').notNull(),
    /** The provider's page of the slip (Stripe's hosted voucher; the sandbox's own). */
    voucherUrl: text('voucher_url'),
    issuedAt: tz('issued_at').notNull(),
    /** When the reminder of the day before the deadline was sent (null: not yet, or not due). */
    remindedAt: tz('reminded_at'),
  },
  (t) => [
    index('konbini_slips_rsvno_idx').on(t.rsvno),
    // The reminder job's claim: slips not reminded yet, by deadline.
    index('konbini_slips_remind_idx')
      .on(t.expiresAt)
      .where(sql`${t.remindedAt} is null`),
  ],
);

export interface KonbiniCode {
  store: KonbiniStore;
  paymentCode: string;
  confirmationNumber: string | null;
}

/** Counters for rate limits when no Redis is configured (DESIGN §4, §9). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: tz('reset_at').notNull(),
  },
  // Retention finds ended windows without reading the table; a hit that only counts keeps it HOT.
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * The background work's one schedule (ADR 0183): one row per job, due at `run_at`, held by one instance at a time
 * (`locked_by` until `locked_until`, renewed while it runs), with its failures in a row and the back-off they earn.
 * The work items stay in their own tables (the outbox's mails, the provider calls): a job drains them.
 */
export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  everyMs: integer('every_ms').notNull(),
  runAt: tz('run_at').notNull(),
  /** A commit announced new work while the job ran (or waited): it runs again soon after, not at its interval. */
  nudged: boolean('nudged').notNull().default(false),
  lockedBy: text('locked_by'),
  lockedUntil: tz('locked_until'),
  /** Failures since the last run that ended well; the next try waits retryDelayMs(failures). */
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  lastStartedAt: tz('last_started_at'),
  lastEndedAt: tz('last_ended_at'),
  lastOkAt: tz('last_ok_at'),
  runs: integer('runs').notNull().default(0),
});

// The rows as the repositories read them (…Row) and write them (New…), of the tables kept here.
export type PaymentRow = typeof payments.$inferSelect;
export type ProviderCallRow = typeof providerCalls.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type NewProviderCall = typeof providerCalls.$inferInsert;
