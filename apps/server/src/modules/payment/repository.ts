import type { PaymentMethod } from '@tabi/contract/constants';
import { isoDateToYmd } from '@tabi/contract/dates';
import type { Lang } from '@tabi/contract/i18n';
import { salesCutoffAt } from '@tabi/contract/sales-cutoff';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookingOptions,
  bookings,
  type KonbiniCode,
  konbiniSlips,
  type NewProviderCall,
  options,
  type PaymentRow,
  type PaymentRowStatus,
  type ProviderCallRow,
  type ProviderCallState,
  payments,
  providerCalls,
  type RefundRow,
  type RefundState,
  refunds,
  type SandboxCheckoutRow,
  type SandboxRefundRow,
  sandboxCheckouts,
  sandboxRefunds,
} from '../../db/schema.ts';
import { translatedText } from '../../db/translated.ts';
import { claimDue } from '../../jobs/claim.ts';
import type { SandboxSlip } from './schema.ts';

export type {
  NewProviderCall,
  PaymentRow,
  ProviderCallRow,
  RefundReason,
  RefundRow,
  SandboxCheckoutRow,
  SandboxRefundRow,
} from '../../db/schema.ts';

export type PayableBooking = Pick<
  typeof bookings.$inferSelect,
  | 'rsvno'
  | 'state'
  | 'status'
  | 'statusPayment'
  | 'flgRequestRsv'
  | 'canceledAt'
  | 'cancelReason'
  | 'rsvdate'
  | 'paymentDeadline'
  | 'mail'
  | 'amountjp'
  | 'fromdate'
>;

export async function findPayableBooking(db: DbOrTx, rsvno: string): Promise<PayableBooking | undefined> {
  const [row] = await db
    .select({
      rsvno: bookings.rsvno,
      state: bookings.state,
      status: bookings.status,
      statusPayment: bookings.statusPayment,
      flgRequestRsv: bookings.flgRequestRsv,
      canceledAt: bookings.canceledAt,
      cancelReason: bookings.cancelReason,
      rsvdate: bookings.rsvdate,
      paymentDeadline: bookings.paymentDeadline,
      mail: bookings.mail,
      amountjp: bookings.amountjp,
      fromdate: bookings.fromdate,
    })
    .from(bookings)
    .where(eq(bookings.rsvno, rsvno));
  return row;
}

/** When sales of each of the booking's days close (ADR 0191): a card booking is not paid for a day past it. */
export async function salesCloseOf(db: DbOrTx, rsvno: string): Promise<Date | null> {
  const rows = await db
    .select({
      usedate: bookingOptions.usedate,
      daysBefore: options.salesCutoffDaysBefore,
      time: options.salesCutoffTime,
    })
    .from(bookingOptions)
    .innerJoin(options, eq(options.opcd, bookingOptions.opcd))
    .where(eq(bookingOptions.rsvno, rsvno));
  const instants = rows.map((r) => salesCutoffAt(isoDateToYmd(r.usedate), r).getTime());
  return instants.length === 0 ? null : new Date(Math.min(...instants));
}

/** The names of a booking's options in booking order (the checkout's line item), in `lang` where written. */
export async function bookingOptionNames(db: DbOrTx, rsvno: string, lang: Lang): Promise<string[]> {
  const rows = await db
    .select({ webname: translatedText(options.webname, options.translations, 'webname', lang) })
    .from(bookingOptions)
    .innerJoin(options, eq(options.opcd, bookingOptions.opcd))
    .where(eq(bookingOptions.rsvno, rsvno))
    .orderBy(asc(bookingOptions.id));
  return rows.map((r) => r.webname);
}

export async function insertPayment(
  db: DbOrTx,
  row: { rsvno: string; provider: string; checkoutSessionId: string; amount: number },
): Promise<void> {
  await db
    .insert(payments)
    .values({ ...row, status: 'open' })
    .onConflictDoNothing();
}

/** Locks the payment row so that concurrent fulfilments of one session run one after the other. */
export async function lockPaymentBySession(db: DbOrTx, checkoutSessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.checkoutSessionId, checkoutSessionId)).for('update');
  return row;
}

export async function markPaymentPaid(
  db: DbOrTx,
  id: number,
  paid: { chargeId: string | null; amount: number; method: PaymentMethod | null },
  paidAt: Date,
): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'paid', chargeId: paid.chargeId, amount: paid.amount, method: paid.method, paidAt })
    .where(eq(payments.id, id));
}

export async function markPaymentStatus(
  db: DbOrTx,
  checkoutSessionId: string,
  status: PaymentRowStatus,
): Promise<void> {
  await db
    .update(payments)
    .set({ status })
    .where(and(eq(payments.checkoutSessionId, checkoutSessionId), eq(payments.status, 'open')));
}

/** Paid payments that still hold money, oldest first; locked when a refund is planned on them. */
export async function findPaidPayments(db: DbOrTx, rsvno: string, lock = false): Promise<PaymentRow[]> {
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.rsvno, rsvno), eq(payments.status, 'paid')))
    .orderBy(asc(payments.id));
  return lock ? query.for('update') : query;
}

export async function findPayments(db: DbOrTx, rsvno: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.rsvno, rsvno)).orderBy(asc(payments.id));
}

/** Adds a confirmed refund to its payment's total, never beyond the amount paid; refunded in full closes the payment. */
export async function addRefundedAmount(db: DbOrTx, paymentId: number, amount: number): Promise<void> {
  await db
    .update(payments)
    .set({
      refundedAmount: sql`${payments.refundedAmount} + ${amount}`,
      status: sql`case when ${payments.refundedAmount} + ${amount} >= ${payments.amount} then 'refunded' else ${payments.status} end`,
    })
    .where(and(eq(payments.id, paymentId), sql`${payments.refundedAmount} + ${amount} <= ${payments.amount}`));
}

// --- refunds, one row each (ADR 0181) ---

export async function insertRefund(db: DbOrTx, row: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [inserted] = await db.insert(refunds).values(row).returning();
  if (!inserted) throw new Error('refund was not stored');
  return inserted;
}

export async function findRefunds(db: DbOrTx, rsvno: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.rsvno, rsvno)).orderBy(asc(refunds.id));
}

/** A refund the provider has paid out: no longer waiting for the customer's bank account (ADR 0213). */
export async function markRefundPaidOut(db: DbOrTx, providerRef: string): Promise<void> {
  await db
    .update(refunds)
    .set({ awaitingAccount: false })
    .where(and(eq(refunds.providerRef, providerRef), eq(refunds.awaitingAccount, true)));
}

/** Moves a refund on from one of `from`; returns the row when it moved. */
export async function advanceRefund(
  db: DbOrTx,
  id: number,
  from: RefundState[],
  patch: Partial<typeof refunds.$inferInsert>,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set(patch)
    .where(and(eq(refunds.id, id), inArray(refunds.state, from)))
    .returning();
  return row;
}

// --- provider calls (DESIGN §12, ADR 0101) ---

/** How long the caller that wrote a call down has to make it before the reconciler may. */
export const PROVIDER_CALL_GRACE_MS = 30_000;

export async function insertProviderCall(db: DbOrTx, row: NewProviderCall): Promise<ProviderCallRow> {
  const [inserted] = await db.insert(providerCalls).values(row).returning();
  if (!inserted) throw new Error('provider call was not stored');
  return inserted;
}

export async function findProviderCalls(db: DbOrTx, rsvno: string): Promise<ProviderCallRow[]> {
  return db.select().from(providerCalls).where(eq(providerCalls.rsvno, rsvno)).orderBy(asc(providerCalls.id));
}

/** Moves a call on from one of `from` once: of two workers finishing the same call, only one sees `true`. */
export async function advanceProviderCall(
  db: DbOrTx,
  id: number,
  from: ProviderCallState[],
  patch: Partial<NewProviderCall>,
): Promise<boolean> {
  const rows = await db
    .update(providerCalls)
    .set(patch)
    .where(and(eq(providerCalls.id, id), inArray(providerCalls.state, from)))
    .returning({ id: providerCalls.id });
  return rows.length > 0;
}

/** A failed attempt: its error kept, tried again from `retryAt`, or given up as failed. */
export async function noteProviderCallFailure(
  db: DbOrTx,
  id: number,
  error: string,
  retryAt: Date,
  giveUp: boolean,
): Promise<void> {
  await db
    .update(providerCalls)
    .set({ lastError: error.slice(0, 500), nextAttemptAt: retryAt, ...(giveUp ? { state: 'failed' as const } : {}) })
    .where(and(eq(providerCalls.id, id), inArray(providerCalls.state, ['begun', 'open'])));
}

/**
 * Claims due calls for this worker: SKIP LOCKED picks rows no other instance is claiming, and the lease
 * (next_attempt_at moved on) keeps them this worker's while it talks to the provider with no lock held.
 * With `rsvno`, that booking's unfinished calls are claimed whether due or not (`booking:reconcile RSVNO`).
 */
export async function claimDueProviderCalls(
  db: DbOrTx,
  now: Date,
  leaseUntil: Date,
  limit: number,
  rsvno?: string,
): Promise<ProviderCallRow[]> {
  const due = and(
    inArray(providerCalls.state, ['begun', 'open']),
    rsvno ? eq(providerCalls.rsvno, rsvno) : lte(providerCalls.nextAttemptAt, now),
  );
  return claimDue(db, providerCalls, due, limit, {
    nextAttemptAt: leaseUntil,
    attempts: sql`${providerCalls.attempts} + 1`,
  });
}

/** Refunds of a booking decided and not yet confirmed, per payment: money already promised back. */
export async function pendingRefundsByPayment(db: DbOrTx, rsvno: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ paymentId: refunds.paymentId, amount: refunds.amount })
    .from(refunds)
    .where(and(eq(refunds.rsvno, rsvno), eq(refunds.state, 'pending')));
  const pending = new Map<number, number>();
  for (const row of rows) pending.set(row.paymentId, (pending.get(row.paymentId) ?? 0) + row.amount);
  return pending;
}

/** The open checkout calls of a booking, newest first. */
export async function openCheckoutCalls(db: DbOrTx, rsvno: string): Promise<ProviderCallRow[]> {
  return db
    .select()
    .from(providerCalls)
    .where(and(eq(providerCalls.rsvno, rsvno), eq(providerCalls.kind, 'checkout'), eq(providerCalls.state, 'open')))
    .orderBy(desc(providerCalls.id));
}

export async function findPaymentBySession(db: DbOrTx, checkoutSessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.checkoutSessionId, checkoutSessionId));
  return row;
}

export async function findPaymentById(db: DbOrTx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

// --- sandbox provider's own sessions ---

export async function insertSandboxCheckout(db: DbOrTx, row: typeof sandboxCheckouts.$inferInsert): Promise<void> {
  await db.insert(sandboxCheckouts).values(row);
}

export async function findSandboxCheckout(db: DbOrTx, id: string): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  return row;
}

/**
 * Completes a sandbox session once, paid by `method`: an open one (a card, a wallet), or one whose konbini slip is
 * paid at the store; returns false when it was neither.
 */
export async function completeSandboxCheckout(
  db: DbOrTx,
  id: string,
  chargeId: string,
  method: PaymentMethod,
): Promise<boolean> {
  const rows = await db
    .update(sandboxCheckouts)
    .set({ status: 'complete', chargeId, method, lastError: null })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, method === 'konbini' ? 'slip' : 'open')))
    .returning({ id: sandboxCheckouts.id });
  return rows.length > 0;
}

/** Issues a konbini slip on an open sandbox session once; false when it was no longer open. */
export async function issueSandboxSlip(db: DbOrTx, id: string, slip: SandboxSlip): Promise<boolean> {
  const rows = await db
    .update(sandboxCheckouts)
    .set({ status: 'slip', slip, lastError: null })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'open')))
    .returning({ id: sandboxCheckouts.id });
  return rows.length > 0;
}

/** Voids a sandbox slip not paid yet: the store no longer takes it. */
export async function voidSandboxSlip(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(sandboxCheckouts)
    .set({ status: 'void' })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'slip')));
}

// --- konbini slips (ADR 0213) ---

export type KonbiniSlipRow = typeof konbiniSlips.$inferSelect;

/** Records a slip the provider issued, once per payment; answers whether this call recorded it. */
export async function insertSlip(db: DbOrTx, row: typeof konbiniSlips.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(konbiniSlips)
    .values(row)
    .onConflictDoNothing()
    .returning({ paymentId: konbiniSlips.paymentId });
  return rows.length > 0;
}

/** The booking's slip waiting at the store: the newest of its open payments'. */
export async function findOpenSlip(db: DbOrTx, rsvno: string): Promise<KonbiniSlipRow | undefined> {
  const [row] = await db
    .select({ slip: konbiniSlips })
    .from(konbiniSlips)
    .innerJoin(payments, eq(payments.id, konbiniSlips.paymentId))
    .where(and(eq(konbiniSlips.rsvno, rsvno), eq(payments.status, 'open')))
    .orderBy(desc(konbiniSlips.issuedAt))
    .limit(1);
  return row?.slip;
}

/** The checkout sessions of the booking's slips not paid yet (to void them when it is canceled). */
export async function openSlipSessions(db: DbOrTx, rsvno: string): Promise<string[]> {
  const rows = await db
    .select({ session: payments.checkoutSessionId })
    .from(konbiniSlips)
    .innerJoin(payments, eq(payments.id, konbiniSlips.paymentId))
    .where(and(eq(konbiniSlips.rsvno, rsvno), eq(payments.status, 'open')));
  return rows.map((r) => r.session);
}

/**
 * Slips due for their reminder at `now` (from 09:00 in Tokyo the day before their deadline), still waiting at the
 * store, claimed for this worker with SKIP LOCKED.
 */
export async function claimSlipsToRemind(db: DbOrTx, now: Date, limit: number): Promise<KonbiniSlipRow[]> {
  const rows = await db
    .select({ slip: konbiniSlips })
    .from(konbiniSlips)
    .innerJoin(payments, eq(payments.id, konbiniSlips.paymentId))
    .where(
      and(
        sql`${konbiniSlips.remindedAt} is null`,
        eq(payments.status, 'open'),
        sql`${konbiniSlips.expiresAt} > ${now.toISOString()}`,
        sql`${now.toISOString()}::timestamptz >= ((${konbiniSlips.expiresAt} at time zone 'Asia/Tokyo')::date - 1 + time '09:00') at time zone 'Asia/Tokyo'`,
      ),
    )
    .orderBy(asc(konbiniSlips.expiresAt))
    .limit(limit)
    .for('update', { of: konbiniSlips, skipLocked: true });
  return rows.map((r) => r.slip);
}

export async function markSlipReminded(db: DbOrTx, paymentId: number, at: Date): Promise<void> {
  await db.update(konbiniSlips).set({ remindedAt: at }).where(eq(konbiniSlips.paymentId, paymentId));
}

export type { KonbiniCode };

export async function noteSandboxDecline(db: DbOrTx, id: string, message: string): Promise<void> {
  await db.update(sandboxCheckouts).set({ lastError: message }).where(eq(sandboxCheckouts.id, id));
}

/**
 * The sandbox's refund, booked as Stripe books one: a second request with the same idempotency key answers
 * the first refund; a refund beyond what is left of the charge is refused (undefined).
 */
export async function addSandboxRefund(
  db: DbOrTx,
  refund: { id: string; chargeId: string; amount: number; idempotencyKey: string },
): Promise<SandboxRefundRow | undefined> {
  return db.transaction(async (tx) => {
    const [earlier] = await tx
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, refund.idempotencyKey));
    if (earlier) return earlier;
    const charged = await tx
      .update(sandboxCheckouts)
      .set({ refundedAmount: sql`${sandboxCheckouts.refundedAmount} + ${refund.amount}` })
      .where(
        and(
          eq(sandboxCheckouts.chargeId, refund.chargeId),
          sql`${sandboxCheckouts.refundedAmount} + ${refund.amount} <= ${sandboxCheckouts.amount}`,
        ),
      )
      .returning({ id: sandboxCheckouts.id });
    if (charged.length === 0) return undefined;
    const [row] = await tx.insert(sandboxRefunds).values(refund).returning();
    return row;
  });
}

/** How a sandbox charge was paid (a konbini payment's refund waits for the customer's bank account). */
export async function sandboxChargeMethod(db: DbOrTx, chargeId: string): Promise<PaymentMethod | null> {
  const [row] = await db
    .select({ method: sandboxCheckouts.method })
    .from(sandboxCheckouts)
    .where(eq(sandboxCheckouts.chargeId, chargeId));
  return row?.method ?? null;
}

export async function findSandboxCheckoutByKey(db: DbOrTx, key: string): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.idempotencyKey, key));
  return row;
}

/** The written-down call that opened a booking's checkout session (found through the booking's index). */
export async function findCheckoutCall(
  db: DbOrTx,
  rsvno: string,
  checkoutSessionId: string,
): Promise<ProviderCallRow | undefined> {
  const [row] = await db
    .select()
    .from(providerCalls)
    .where(
      and(
        eq(providerCalls.rsvno, rsvno),
        eq(providerCalls.kind, 'checkout'),
        eq(providerCalls.providerRef, checkoutSessionId),
      ),
    );
  return row;
}

/**
 * The checkout call of a session is done once the session is paid (or has lapsed). The call is found through its
 * booking (the session's payment names it), so the update reads provider_calls' booking index, not the whole table.
 */
export async function finishCheckoutCall(db: DbOrTx, checkoutSessionId: string, now: Date): Promise<void> {
  await db
    .update(providerCalls)
    .set({ state: 'done', doneAt: now })
    .where(
      and(
        inArray(
          providerCalls.rsvno,
          db.select({ rsvno: payments.rsvno }).from(payments).where(eq(payments.checkoutSessionId, checkoutSessionId)),
        ),
        eq(providerCalls.kind, 'checkout'),
        eq(providerCalls.providerRef, checkoutSessionId),
        inArray(providerCalls.state, ['begun', 'open']),
      ),
    );
}

/** A booking's payments whose checkout has not been seen paid or lapsed yet. */
export async function findOpenPayments(db: DbOrTx, rsvno: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.rsvno, rsvno), eq(payments.status, 'open')))
    .orderBy(asc(payments.id));
}
