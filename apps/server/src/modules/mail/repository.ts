import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookingMembers, bookingOptions, bookingRentals, bookings, options, outbox } from '../../db/schema.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export async function findBookingForMail(db: DbOrTx, rsvno: string) {
  const [booking] = await db
    .select({
      rsvno: bookings.rsvno,
      sei: bookings.sei,
      mei: bookings.mei,
      mail: bookings.mail,
      amountjp: bookings.amountjp,
      paymentDeadline: bookings.paymentDeadline,
      origin: bookings.origin,
      statusPayment: bookings.statusPayment,
      rsvdate: bookings.rsvdate,
      fromdate: bookings.fromdate,
      meetpoint: bookings.meetpoint,
      cancelPolicy: bookings.cancelPolicy,
    })
    .from(bookings)
    .where(eq(bookings.rsvno, rsvno));
  if (!booking) return undefined;
  const lines = await db
    .select({
      webname: options.webname,
      usedate: bookingOptions.usedate,
      adultqty: bookingOptions.adultqty,
      middleqty: bookingOptions.middleqty,
      childqty: bookingOptions.childqty,
      infantqty: bookingOptions.infantqty,
      meetpoint: options.meetpoint,
      departurePoint: options.departurePoint,
      departureTime: options.departureTime,
      arrivalPoint: options.arrivalPoint,
      arrivalTime: options.arrivalTime,
      cancelNote: options.cancelNote,
      address: options.address,
    })
    .from(bookingOptions)
    .innerJoin(options, eq(options.opcd, bookingOptions.opcd))
    .where(eq(bookingOptions.rsvno, rsvno))
    .orderBy(asc(bookingOptions.id));
  const rentals = await db
    .select({
      seq: bookingRentals.seq,
      sei: bookingMembers.sei,
      mei: bookingMembers.mei,
      model: bookingRentals.model,
      bootsSize: bookingRentals.bootsSize,
      wearSize: bookingRentals.wearSize,
    })
    .from(bookingRentals)
    .leftJoin(
      bookingMembers,
      and(eq(bookingMembers.rsvno, bookingRentals.rsvno), eq(bookingMembers.seq, bookingRentals.seq)),
    )
    .where(eq(bookingRentals.rsvno, rsvno))
    .orderBy(asc(bookingRentals.seq));
  return { ...booking, lines, rentals };
}

/**
 * Claims due mails for one sender: rows never tried, or due again, or whose sender vanished mid-send
 * (its lease ran out). SKIP LOCKED lets every instance run this at once without sending a mail twice.
 */
export async function claimDueMails(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        or(
          and(eq(outbox.status, 'pending'), or(eq(outbox.attempts, 0), lte(outbox.nextAttemptAt, now))),
          and(eq(outbox.status, 'sending'), lte(outbox.nextAttemptAt, now)),
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(
        inArray(
          outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markMailSent(db: DbOrTx, id: number, sentAt: Date): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt, lastError: null }).where(eq(outbox.id, id));
}

export async function markMailFailed(
  db: DbOrTx,
  id: number,
  error: string,
  nextAttemptAt: Date,
  giveUp: boolean,
): Promise<void> {
  await db
    .update(outbox)
    .set({ status: giveUp ? 'failed' : 'pending', lastError: error.slice(0, 1000), nextAttemptAt })
    .where(eq(outbox.id, id));
}
