import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookingMembers,
  bookingOptions,
  bookingRentals,
  bookings,
  nationalities,
  options,
  payments,
  stock,
} from '../../db/schema.ts';

export type BookingRow = typeof bookings.$inferSelect;

export async function findBooking(db: DbOrTx, rsvno: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  return row;
}

/** Locks the booking row until the transaction ends, so that concurrent changes run one after the other. */
export async function lockBooking(tx: DbOrTx, rsvno: string): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.rsvno, rsvno)).for('update');
  return row;
}

export async function findMembers(db: DbOrTx, rsvno: string) {
  return db
    .select({
      seq: bookingMembers.seq,
      sei: bookingMembers.sei,
      mei: bookingMembers.mei,
      birthday: bookingMembers.birthday,
      sex: bookingMembers.sex,
      ageclass: bookingMembers.ageclass,
      nationalityId: bookingMembers.nationalityId,
      nationalityNm: nationalities.nationalityNm,
      extended: bookingMembers.extended,
    })
    .from(bookingMembers)
    .leftJoin(nationalities, eq(nationalities.id, bookingMembers.nationalityId))
    .where(eq(bookingMembers.rsvno, rsvno))
    .orderBy(asc(bookingMembers.seq));
}
export type MemberRow = Awaited<ReturnType<typeof findMembers>>[number];

export async function findBookingOptions(db: DbOrTx, rsvno: string) {
  return db
    .select({
      line: bookingOptions,
      option: {
        webname: options.webname,
        contents: options.contents,
        cancelNote: options.cancelNote,
        companyname: options.companyname,
        hours: options.hours,
        address: options.address,
        tel: options.tel,
        lat: options.lat,
        lon: options.lon,
        meetpoint: options.meetpoint,
        serviceno: options.serviceno,
        departurePoint: options.departurePoint,
        departureTime: options.departureTime,
        arrivalPoint: options.arrivalPoint,
        arrivalTime: options.arrivalTime,
        exCd: options.exCd,
        exIssueMethod: options.exIssueMethod,
        rentalcd: options.rentalcd,
      },
    })
    .from(bookingOptions)
    .innerJoin(options, eq(options.opcd, bookingOptions.opcd))
    .where(eq(bookingOptions.rsvno, rsvno))
    .orderBy(asc(bookingOptions.id));
}
export type BookingOptionRow = Awaited<ReturnType<typeof findBookingOptions>>[number];

export async function findRentals(db: DbOrTx, rsvno: string) {
  return db.select().from(bookingRentals).where(eq(bookingRentals.rsvno, rsvno)).orderBy(asc(bookingRentals.seq));
}

export async function replaceRentals(
  tx: DbOrTx,
  rsvno: string,
  rows: { seq: number; model: string; bootsSize: string; wearSize: string }[],
): Promise<void> {
  await tx.delete(bookingRentals).where(eq(bookingRentals.rsvno, rsvno));
  if (rows.length > 0) await tx.insert(bookingRentals).values(rows.map((r) => ({ rsvno, ...r })));
}

export type PaymentRow = typeof payments.$inferSelect;

/** Paid payments that still hold money, oldest first. */
export async function findPaidPayments(db: DbOrTx, rsvno: string, lock = false): Promise<PaymentRow[]> {
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.rsvno, rsvno), eq(payments.status, 'paid')))
    .orderBy(asc(payments.id));
  return lock ? query.for('update') : query;
}

/** Claims the cancellation of a booking still in status 1 that nobody else is canceling. */
export async function claimCancellation(tx: DbOrTx, rsvno: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(bookings)
    .set({ canceledAt: at })
    .where(and(eq(bookings.rsvno, rsvno), eq(bookings.status, 1), isNull(bookings.canceledAt)))
    .returning({ rsvno: bookings.rsvno });
  return rows.length > 0;
}

/** Gives a claim back (the refund failed); only the claim made at `at` is released. */
export async function releaseCancellation(db: DbOrTx, rsvno: string, at: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ canceledAt: null })
    .where(and(eq(bookings.rsvno, rsvno), eq(bookings.status, 1), eq(bookings.canceledAt, at)));
}

/** The cancellation itself: only a booking still in status 1 changes, so it happens once. */
export async function markCanceled(
  tx: DbOrTx,
  rsvno: string,
  values: { canceledAt: Date; cancelFee: number; refundAmount: number },
): Promise<boolean> {
  const rows = await tx
    .update(bookings)
    .set({ status: 4, ...values })
    .where(and(eq(bookings.rsvno, rsvno), eq(bookings.status, 1)))
    .returning({ rsvno: bookings.rsvno });
  return rows.length > 0;
}

/** Puts seats back in a fixed order (option, then date) so that concurrent changes never deadlock. */
export async function returnSeats(
  tx: DbOrTx,
  lines: { opcd: string; usedate: string; seats: number }[],
): Promise<void> {
  const sorted = [...lines].sort((a, b) => a.opcd.localeCompare(b.opcd) || a.usedate.localeCompare(b.usedate));
  for (const line of sorted) {
    if (line.seats <= 0) continue;
    await tx
      .update(stock)
      .set({ zaikozan: sql`${stock.zaikozan} + ${line.seats}` })
      .where(and(eq(stock.opcd, line.opcd), eq(stock.usedate, line.usedate)));
  }
}

/** Records a refund made by the provider, never beyond the amount paid. */
export async function recordRefund(db: DbOrTx, paymentId: number, amount: number): Promise<void> {
  await db
    .update(payments)
    .set({
      refundedAmount: sql`${payments.refundedAmount} + ${amount}`,
      status: sql`case when ${payments.refundedAmount} + ${amount} >= ${payments.amount} then 'refunded' else ${payments.status} end`,
    })
    .where(and(eq(payments.id, paymentId), sql`${payments.refundedAmount} + ${amount} <= ${payments.amount}`));
}
