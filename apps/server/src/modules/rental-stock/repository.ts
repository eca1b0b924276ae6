/**
 * サイズ別在庫's reads and writes (ADR 0209): a shop's rows of rental_stock and rental_stock_days, and what live bookings
 * hold of each size on a day, counted by the migration's `rental_used` (the very count a booking's check compares).
 */
import type { RentalItem } from '@tabi/contract/rental-stock';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { facilities, rentalStock, rentalStockDays } from '../../db/schema.ts';

export async function findFacility(db: DbOrTx, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(eq(facilities.id, id));
  return row;
}

/**
 * Held while one shop's stock is changed: two admins' changes of a shop are taken one after the other (a new size has
 * no row yet to lock), and the bookings and rental edits that check the shop's sizes, which hold it in shared mode
 * (rental_sizes_take and rental_sizes_hold, migration 0043), are waited for and kept out meanwhile.
 */
export async function lockShop(tx: DbOrTx, facilityId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rental-stock'), ${facilityId}::int)`);
}

export interface StockRecord {
  item: RentalItem;
  size: string;
  quantity: number;
}

/**
 * The shop's sizes (of one item, when given); `lock`: their rows held until the transaction ends, taken in item and
 * size order as a booking's `rental_sizes_take` takes them, so that a booking counting a size and a change of its
 * number are taken one after the other and never deadlock.
 */
export async function stockOf(
  db: DbOrTx,
  facilityId: number,
  options: { item?: RentalItem; lock?: boolean } = {},
): Promise<StockRecord[]> {
  const query = db
    .select({ item: rentalStock.item, size: rentalStock.size, quantity: rentalStock.quantity })
    .from(rentalStock)
    .where(and(eq(rentalStock.facilityId, facilityId), options.item ? eq(rentalStock.item, options.item) : undefined))
    .orderBy(asc(rentalStock.item), asc(rentalStock.size));
  return options.lock ? query.for('update') : query;
}

export interface DayRecord {
  item: RentalItem;
  size: string;
  /** YYYY-MM-DD. */
  date: string;
  quantity: number;
}

/** The shop's dated numbers (of one item, when given) from `from` (YYYY-MM-DD) on, by date, item and size. */
export async function daysOf(db: DbOrTx, facilityId: number, from: string, item?: RentalItem): Promise<DayRecord[]> {
  return db
    .select({
      item: rentalStockDays.item,
      size: rentalStockDays.size,
      date: rentalStockDays.usedate,
      quantity: rentalStockDays.quantity,
    })
    .from(rentalStockDays)
    .where(
      and(
        eq(rentalStockDays.facilityId, facilityId),
        gte(rentalStockDays.usedate, from),
        item ? eq(rentalStockDays.item, item) : undefined,
      ),
    )
    .orderBy(asc(rentalStockDays.usedate), asc(rentalStockDays.item), asc(rentalStockDays.size));
}

export interface HeldRecord {
  item: RentalItem;
  size: string;
  /** YYYY-MM-DD. */
  date: string;
  held: number;
}

/**
 * What live bookings hold of each of the shop's sizes per day from `from` (YYYY-MM-DD) on (of one item, or one size
 * on one day, when given), by date, item and size; days and sizes nobody rents are left out.
 */
export async function heldOf(
  db: DbOrTx,
  facilityId: number,
  from: string,
  only: { item?: RentalItem; size?: string; date?: string } = {},
): Promise<HeldRecord[]> {
  const rows = rowsOf<{ item: RentalItem; size: string; usedate: string; held: number | string }>(
    await db.execute(sql`
      select w.item, w.size, to_char(w.usedate, 'YYYY-MM-DD') as usedate,
        rental_used(${facilityId}::int, w.usedate, w.item, w.size) as held
      from (
        select distinct bo.usedate, x.item, x.size
        from options o
          join booking_options bo on bo.opcd = o.opcd
          join booking_rentals r on r.rsvno = bo.rsvno and r.live
          cross join lateral (values ('model', r.model), ('boots', r.boots_size), ('wear', r.wear_size)) x(item, size)
        where o.facility_id = ${facilityId}::int and bo.usedate >= ${from}::date
          and x.size is not null and x.size <> ''
          ${only.item ? sql`and x.item = ${only.item}` : sql``}
          ${only.size ? sql`and x.size = ${only.size}` : sql``}
          ${only.date ? sql`and bo.usedate = ${only.date}::date` : sql``}
      ) w
      order by w.usedate, w.item, w.size`),
  );
  return rows.map((r) => ({ item: r.item, size: r.size, date: String(r.usedate), held: Number(r.held) }));
}

/** One item's sizes made `sizes`: the others removed (their dated numbers go with them), the rest written. */
export async function replaceItem(
  tx: DbOrTx,
  facilityId: number,
  item: RentalItem,
  sizes: { size: string; quantity: number }[],
  removed: string[],
): Promise<void> {
  for (const size of removed) {
    await tx
      .delete(rentalStock)
      .where(and(eq(rentalStock.facilityId, facilityId), eq(rentalStock.item, item), eq(rentalStock.size, size)));
  }
  if (sizes.length === 0) return;
  await tx
    .insert(rentalStock)
    .values(sizes.map((s) => ({ facilityId, item, size: s.size, quantity: s.quantity })))
    .onConflictDoUpdate({
      target: [rentalStock.facilityId, rentalStock.item, rentalStock.size],
      set: { quantity: sql`excluded.quantity` },
    });
}

export async function upsertDay(tx: DbOrTx, facilityId: number, day: DayRecord): Promise<void> {
  await tx
    .insert(rentalStockDays)
    .values({ facilityId, item: day.item, size: day.size, usedate: day.date, quantity: day.quantity })
    .onConflictDoUpdate({
      target: [rentalStockDays.facilityId, rentalStockDays.item, rentalStockDays.size, rentalStockDays.usedate],
      set: { quantity: day.quantity },
    });
}

export async function deleteDay(
  tx: DbOrTx,
  facilityId: number,
  day: { item: RentalItem; size: string; date: string },
): Promise<void> {
  await tx
    .delete(rentalStockDays)
    .where(
      and(
        eq(rentalStockDays.facilityId, facilityId),
        eq(rentalStockDays.item, day.item),
        eq(rentalStockDays.size, day.size),
        eq(rentalStockDays.usedate, day.date),
      ),
    );
}
