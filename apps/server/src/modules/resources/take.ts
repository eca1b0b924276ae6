/**
 * A booking's units of shared resources (ADR 0209), for the booking module's statements and transactions: taken by
 * `resources_take` (migration 0040) right after the seats, in DESIGN §16's lock order (the departure, then resources by
 * id), and counted while the booking holds its seats. The options whose availability moves with them are told as the
 * booked option is (`stockTouched`), so that their cached calendars follow.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { stockTouched } from '../../db/stock-changes.ts';
import type { RentalItem } from './schema.ts';

/** The departure a booking line is on, and what it takes: its travellers and its rental items. */
export interface ResourceLine {
  opcd: string;
  /** YYYY-MM-DD as stored. */
  usedate: string;
  /** `HH:MM`, or '' for the whole day. */
  startTime?: string | null;
  seats: number;
}

/**
 * The insert of the units the line's option uses, chosen and checked by `resources_take` under their locks, as the
 * body of a CTE returning the resources taken. With `onlyIf` (the seats taken), it runs only after the departure's row
 * is locked; a resource without room raises SQLSTATE TB409, and the whole statement is undone. `newRentals`: the
 * rentals are those the same statement writes for a new booking, and their sizes are taken with the units; false, they
 * are written already and counted, and their sizes are only checked (ADR 0217).
 */
export function takeResourcesSql(
  rsvno: string,
  line: ResourceLine,
  rentals: readonly RentalSizes[],
  onlyIf?: SQL,
  newRentals = true,
): SQL {
  const startTime = line.startTime ?? '';
  const take = sql`insert into booking_resources (rsvno, resource_id, usedate, start_time, units)
    select ${rsvno}, t.resource_id, ${line.usedate}::date, ${startTime}::text, t.units
    from resources_take(${line.opcd}::text, ${line.usedate}::date, ${startTime}::text, ${line.seats}::int,
      ${rentals.length}::int, ${sizeArrays(rentals)}, ${newRentals}::boolean) t`;
  return sql`${take}${onlyIf ? sql` where ${onlyIf}` : sql``} returning resource_id`;
}

/** In a statement with the CTE `res` ({@link takeResourcesSql}): the options its units moved, as the column `sharing`. */
export const SHARING = sql`array(select options_sharing(array(select resource_id from res))) as sharing`;

/** Tells the options of a statement's `sharing` column that their availability moved (once it commits). */
export function touchSharing(result: unknown): void {
  for (const row of rowsOf<{ sharing?: string[] | null }>(result)) {
    for (const opcd of row.sharing ?? []) stockTouched(opcd);
  }
}

/** The travellers' models, boot sizes and wear sizes as three text[] arguments ('' for none), in that order. */
function sizeArrays(rentals: readonly RentalSizes[]): SQL {
  const sizes = (pick: (r: RentalSizes) => string | null | undefined) =>
    sql`${sql.param(rentals.map((r) => pick(r) ?? ''))}::text[]`;
  return sql`${sizes((r) => r.model)}, ${sizes((r) => r.bootsSize)}, ${sizes((r) => r.wearSize)}`;
}

/** One traveller's rental choices, as booking_rentals keeps them ('' or absent: none). */
export interface RentalSizes {
  model?: string | null;
  bootsSize?: string | null;
  wearSize?: string | null;
}

/** A resource the booking needed had no room left (`resources_take` raised SQLSTATE TB409). */
export function isResourceFull(error: unknown): boolean {
  return sqlStateOf(error)?.code === 'TB409';
}

/** The rental item and size a shop had no more of (SQLSTATE TB410, `boots:26.5` as DETAIL). */
export interface RentalSizeGone {
  item: RentalItem;
  size: string;
}

/** The item and size of a TB410, or null for any other error. */
export function rentalSizeGone(error: unknown): RentalSizeGone | null {
  const state = sqlStateOf(error);
  if (state?.code !== 'TB410') return null;
  const [item, ...size] = (state.detail ?? '').split(':');
  return item === 'model' || item === 'boots' || item === 'wear' ? { item, size: size.join(':') } : null;
}

function sqlStateOf(error: unknown): { code?: string; detail?: string } | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: string; detail?: string };
    if (pgError.code) return pgError;
  }
  return null;
}

/**
 * Locks the rows of the sizes the booking rents now and of those it is about to rent instead (`rentals`), in item and
 * size order (ADR 0217), before its rentals are rewritten: the rewrite then moves counts between rows it already holds,
 * so two rewrites never take them in opposite orders.
 */
export async function lockRentalSizes(tx: DbOrTx, rsvno: string, rentals: readonly RentalSizes[]): Promise<void> {
  await tx.execute(sql`select rental_sizes_lock(${rsvno}, ${sizeArrays(rentals)}, false)`);
}

/**
 * Checks that the shop still has the sizes of the booking's rentals as just rewritten in this transaction (SQLSTATE
 * TB410 otherwise, which the caller turns into its refusal).
 */
export async function holdRentalSizes(tx: DbOrTx, rsvno: string): Promise<void> {
  await tx.execute(sql`select rental_sizes_hold(${rsvno})`);
}

/**
 * Tells the options sharing the booking's resources that their availability moves: its units stop counting with the
 * state change that gives its seats back.
 */
export async function touchSharingOfBooking(tx: DbOrTx, rsvno: string): Promise<void> {
  const result = await tx.execute(
    sql`select options_sharing(array(select resource_id from booking_resources where rsvno = ${rsvno})) as opcd`,
  );
  for (const { opcd } of rowsOf<{ opcd: string }>(result)) stockTouched(opcd);
}

/**
 * Takes a booking's units again for its lines as they are now: a change of departure (its lines already moved), or a
 * late payment that brings back an expired booking. The old units are dropped and taken afresh, in the caller's
 * transaction, after the caller locked the departures. Answers false when a resource has no room (inside a
 * savepoint, rolled back: the caller's transaction goes on, and the caller refuses).
 */
export async function retakeResources(tx: DbOrTx, rsvno: string, lines: readonly ResourceLine[]): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      await touchSharingOfBooking(sp, rsvno);
      await sp.execute(sql`delete from booking_resources where rsvno = ${rsvno}`);
      const rentals = rowsOf<RentalSizes>(
        await sp.execute(sql`select model, boots_size as "bootsSize", wear_size as "wearSize"
          from booking_rentals where rsvno = ${rsvno}`),
      );
      for (const line of lines) {
        const take = takeResourcesSql(rsvno, line, rentals, undefined, false);
        touchSharing(await sp.execute(sql`with res as (${take}) select ${SHARING}`));
      }
    });
    return true;
  } catch (error) {
    if (isResourceFull(error) || rentalSizeGone(error)) return false;
    throw error;
  }
}

/**
 * The units a キャンセル待ち entry's held seats take (`waitlist_resources`): its old units dropped, then those of
 * `travellers` taken by `resources_take` in the lock order (the caller holds the departure's row), without rental sizes
 * (its travellers choose them when they book); 0 travellers only drops them. A resource without room raises SQLSTATE
 * TB409 ({@link isResourceFull}) for the caller's savepoint to undo. The options sharing them are told.
 */
export async function holdEntryUnits(
  tx: DbOrTx,
  entryId: number,
  line: Omit<ResourceLine, 'seats'>,
  travellers: number,
): Promise<void> {
  const dropped = await tx.execute(sql`with gone as (delete from waitlist_resources where entry_id = ${entryId}
    returning resource_id) select array(select options_sharing(array(select resource_id from gone))) as sharing`);
  touchSharing(dropped);
  if (travellers <= 0) return;
  const startTime = line.startTime ?? '';
  const empty = sql`'{}'::text[]`;
  touchSharing(
    await tx.execute(sql`with res as (
      insert into waitlist_resources (entry_id, resource_id, usedate, start_time, units)
      select ${entryId}, t.resource_id, ${line.usedate}::date, ${startTime}::text, t.units
      from resources_take(${line.opcd}::text, ${line.usedate}::date, ${startTime}::text, ${travellers}::int, 0,
        ${empty}, ${empty}, ${empty}, false) t
      returning resource_id) select ${SHARING}`),
  );
}
