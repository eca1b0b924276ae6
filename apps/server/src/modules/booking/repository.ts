import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookingMembers,
  bookingOptions,
  bookingRentals,
  bookings,
  nationalities,
  options,
  stock,
} from '../../db/schema.ts';

export type OptionRow = typeof options.$inferSelect;
export type StockRow = typeof stock.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type NewBookingOption = typeof bookingOptions.$inferInsert;
export type NewMember = typeof bookingMembers.$inferInsert;
export type NewRental = typeof bookingRentals.$inferInsert;

/** A booking's claim on one option and day; seats move back and forth between it and the stock row. */
export interface SeatLine {
  opcd: string;
  /** YYYY-MM-DD as stored. */
  usedate: string;
  seats: number;
}

export async function findOption(db: DbOrTx, opcd: string): Promise<OptionRow | undefined> {
  const [row] = await db.select().from(options).where(eq(options.opcd, opcd));
  return row;
}

export async function findStock(db: DbOrTx, opcd: string, usedate: string): Promise<StockRow | undefined> {
  const [row] = await db
    .select()
    .from(stock)
    .where(and(eq(stock.opcd, opcd), eq(stock.usedate, usedate)));
  return row;
}

export async function existingNationalities(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: nationalities.id }).from(nationalities).where(inArray(nationalities.id, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * Takes `seats` from one day's stock if that many are left, atomically (DESIGN §5): the conditional
 * update either succeeds on the row as it is now or touches nothing. Returns the row's prices.
 */
export async function takeSeats(db: DbOrTx, line: SeatLine): Promise<StockRow | undefined> {
  const [row] = await db
    .update(stock)
    .set({ zaikozan: sql`${stock.zaikozan} - ${line.seats}` })
    .where(and(eq(stock.opcd, line.opcd), eq(stock.usedate, line.usedate), gte(stock.zaikozan, line.seats)))
    .returning();
  return row;
}

export async function giveBackSeats(db: DbOrTx, line: SeatLine): Promise<void> {
  await db
    .update(stock)
    .set({ zaikozan: sql`${stock.zaikozan} + ${line.seats}` })
    .where(and(eq(stock.opcd, line.opcd), eq(stock.usedate, line.usedate)));
}

/** Inserts the booking unless its number is taken; false tells the caller to draw another number. */
export async function insertBookingIfNew(db: DbOrTx, row: NewBooking): Promise<boolean> {
  const inserted = await db
    .insert(bookings)
    .values(row)
    .onConflictDoNothing({ target: bookings.rsvno })
    .returning({ rsvno: bookings.rsvno });
  return inserted.length > 0;
}

export async function insertBookingDetails(
  db: DbOrTx,
  line: NewBookingOption,
  members: NewMember[],
  rentals: NewRental[],
): Promise<void> {
  await db.insert(bookingOptions).values(line);
  if (members.length > 0) await db.insert(bookingMembers).values(members);
  if (rentals.length > 0) await db.insert(bookingRentals).values(rentals);
}

export async function lockBooking(db: DbOrTx, rsvno: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.rsvno, rsvno)).for('update');
  return row;
}

/** The booking's seat lines in one fixed order (option, day), so that concurrent movers never deadlock. */
export async function seatLines(db: DbOrTx, rsvno: string): Promise<SeatLine[]> {
  return db
    .select({ opcd: bookingOptions.opcd, usedate: bookingOptions.usedate, seats: bookingOptions.seats })
    .from(bookingOptions)
    .where(eq(bookingOptions.rsvno, rsvno))
    .orderBy(asc(bookingOptions.opcd), asc(bookingOptions.usedate));
}

export async function updateBooking(db: DbOrTx, rsvno: string, patch: Partial<NewBooking>): Promise<void> {
  await db.update(bookings).set(patch).where(eq(bookings.rsvno, rsvno));
}

/** Card bookings still unpaid whose grace ran out; SKIP LOCKED lets every instance sweep at once. */
export async function claimUnpaidCardBookings(db: DbOrTx, receivedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ rsvno: bookings.rsvno })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 1),
        eq(bookings.statusPayment, 0),
        eq(bookings.flgRequestRsv, 0),
        lt(bookings.rsvdate, receivedBefore),
      ),
    )
    .orderBy(asc(bookings.rsvdate))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.rsvno);
}

/** Confirmed requests whose payment deadline has passed without payment. */
export async function claimLapsedRequests(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ rsvno: bookings.rsvno })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 0),
        eq(bookings.statusPayment, 0),
        isNotNull(bookings.paymentDeadline),
        lt(bookings.paymentDeadline, now),
      ),
    )
    .orderBy(asc(bookings.paymentDeadline))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.rsvno);
}
