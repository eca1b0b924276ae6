import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookingOptions, bookings, options, payments, sandboxCheckouts } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
export type PayableBooking = Pick<
  typeof bookings.$inferSelect,
  'rsvno' | 'status' | 'statusPayment' | 'flgRequestRsv' | 'rsvdate' | 'paymentDeadline' | 'mail' | 'amountjp'
>;

export async function findPayableBooking(db: DbOrTx, rsvno: string): Promise<PayableBooking | undefined> {
  const [row] = await db
    .select({
      rsvno: bookings.rsvno,
      status: bookings.status,
      statusPayment: bookings.statusPayment,
      flgRequestRsv: bookings.flgRequestRsv,
      rsvdate: bookings.rsvdate,
      paymentDeadline: bookings.paymentDeadline,
      mail: bookings.mail,
      amountjp: bookings.amountjp,
    })
    .from(bookings)
    .where(eq(bookings.rsvno, rsvno));
  return row;
}

/** The names of a booking's options in booking order (the checkout's line item). */
export async function bookingOptionNames(db: DbOrTx, rsvno: string): Promise<string[]> {
  const rows = await db
    .select({ webname: options.webname })
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
  chargeId: string | null,
  amount: number,
  paidAt: Date,
): Promise<void> {
  await db.update(payments).set({ status: 'paid', chargeId, amount, paidAt }).where(eq(payments.id, id));
}

export async function markPaymentStatus(db: DbOrTx, checkoutSessionId: string, status: string): Promise<void> {
  await db
    .update(payments)
    .set({ status })
    .where(and(eq(payments.checkoutSessionId, checkoutSessionId), eq(payments.status, 'open')));
}

export async function recordRefund(db: DbOrTx, id: number, refunded: number, fully: boolean): Promise<void> {
  await db
    .update(payments)
    .set({
      refundedAmount: sql`${payments.refundedAmount} + ${refunded}`,
      ...(fully ? { status: 'refunded' } : {}),
    })
    .where(eq(payments.id, id));
}

/** Paid payments of a booking that still hold money, oldest first, locked for the refund. */
export async function lockRefundablePayments(db: DbOrTx, rsvno: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.rsvno, rsvno), eq(payments.status, 'paid')))
    .orderBy(asc(payments.id))
    .for('update');
}

export async function lockBooking(db: DbOrTx, rsvno: string): Promise<typeof bookings.$inferSelect | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.rsvno, rsvno)).for('update');
  return row;
}

/** Paid: completed and payment completed; an expired booking that is reinstated loses its cancellation. */
export async function markBookingPaid(db: DbOrTx, rsvno: string): Promise<void> {
  await db
    .update(bookings)
    .set({ status: 1, statusPayment: 1, canceledAt: null, cancelReason: null })
    .where(eq(bookings.rsvno, rsvno));
}

// --- sandbox provider's own sessions ---

export async function insertSandboxCheckout(db: DbOrTx, row: typeof sandboxCheckouts.$inferInsert): Promise<void> {
  await db.insert(sandboxCheckouts).values(row);
}

export async function findSandboxCheckout(db: DbOrTx, id: string): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  return row;
}

/** Completes an open sandbox session once; returns false when it was not open. */
export async function completeSandboxCheckout(db: DbOrTx, id: string, chargeId: string): Promise<boolean> {
  const rows = await db
    .update(sandboxCheckouts)
    .set({ status: 'complete', chargeId, lastError: null })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'open')))
    .returning({ id: sandboxCheckouts.id });
  return rows.length > 0;
}

export async function noteSandboxDecline(db: DbOrTx, id: string, message: string): Promise<void> {
  await db.update(sandboxCheckouts).set({ lastError: message }).where(eq(sandboxCheckouts.id, id));
}

/** Adds a refund to a sandbox charge unless the refunds would exceed the amount paid. */
export async function addSandboxRefund(db: DbOrTx, chargeId: string, amount: number): Promise<boolean> {
  const rows = await db
    .update(sandboxCheckouts)
    .set({ refundedAmount: sql`${sandboxCheckouts.refundedAmount} + ${amount}` })
    .where(
      and(
        eq(sandboxCheckouts.chargeId, chargeId),
        sql`${sandboxCheckouts.refundedAmount} + ${amount} <= ${sandboxCheckouts.amount}`,
      ),
    )
    .returning({ id: sandboxCheckouts.id });
  return rows.length > 0;
}
