/**
 * The resources module's reads and writes for the console's リソース page (ADR 0209). Units count while their booking
 * holds its seats: a booking_resources row whose booking's state is neither canceled nor expired.
 */
import type { ResourceKind, ResourcePer, ResourceUsage } from '@tabi/contract/resources';
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { stockTouched } from '../../db/stock-changes.ts';
import { options } from '../admin/schema.ts';
import { optionResources, resourceExceptions, resources } from './schema.ts';

export type ResourceRecord = typeof resources.$inferSelect;

/** The condition under which a booking's units count (the same as resources_take's). */
const LIVE = sql`b.state not in ('canceled', 'expired')`;

export async function listResources(db: DbOrTx): Promise<ResourceRecord[]> {
  return db.select().from(resources).orderBy(asc(resources.name), asc(resources.id));
}

/**
 * One resource; `lock`: in a transaction, its row held until the transaction ends. A booking's statement locks the
 * resources it may take (resources_take) before it counts their room, so a change of capacity made under this lock
 * and a booking never both see the room the other is about to take.
 */
export async function findResource(db: DbOrTx, id: number, lock = false): Promise<ResourceRecord | undefined> {
  const query = db.select().from(resources).where(eq(resources.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Held while the options' uses and the pools are changed: the rule "one resource of a pool per option" reads other
 * resources' rows than the one changed, so two admins' changes are taken one after the other. Bookings do not take it.
 */
export async function lockUsesAndPools(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('resources:uses'))`);
}

export interface ResourceValues {
  name: string;
  kind: ResourceKind;
  capacity: number;
  per: ResourcePer;
  pool: string | null;
}

export async function insertResource(
  db: DbOrTx,
  values: ResourceValues & { createdAt: Date },
): Promise<ResourceRecord> {
  const [row] = await db.insert(resources).values(values).returning();
  if (!row) throw new Error('resource not stored');
  return row;
}

export async function updateResource(db: DbOrTx, id: number, values: ResourceValues): Promise<void> {
  await db.update(resources).set(values).where(eq(resources.id, id));
}

/** Removes the resource with its exceptions and uses (their foreign keys cascade). */
export async function deleteResource(db: DbOrTx, id: number): Promise<void> {
  await db.delete(resources).where(eq(resources.id, id));
}

export interface UseRecord {
  resourceId: number;
  opcd: string;
  webname: string;
  usage: ResourceUsage;
}

/** The options these resources serve, by option code. */
export async function usesOf(db: DbOrTx, resourceIds: number[]): Promise<UseRecord[]> {
  if (resourceIds.length === 0) return [];
  return db
    .select({
      resourceId: optionResources.resourceId,
      opcd: optionResources.opcd,
      webname: options.webname,
      usage: optionResources.usage,
    })
    .from(optionResources)
    .innerJoin(options, eq(options.opcd, optionResources.opcd))
    .where(inArray(optionResources.resourceId, resourceIds))
    .orderBy(asc(optionResources.opcd));
}

export async function replaceUses(
  db: DbOrTx,
  resourceId: number,
  uses: { opcd: string; usage: ResourceUsage }[],
): Promise<void> {
  await db.delete(optionResources).where(eq(optionResources.resourceId, resourceId));
  if (uses.length > 0) await db.insert(optionResources).values(uses.map((u) => ({ resourceId, ...u })));
}

/** Which of these option codes exist. */
export async function existingOptions(db: DbOrTx, opcds: string[]): Promise<Set<string>> {
  if (opcds.length === 0) return new Set();
  const rows = await db.select({ opcd: options.opcd }).from(options).where(inArray(options.opcd, opcds));
  return new Set(rows.map((r) => r.opcd));
}

export interface PoolMate {
  opcd: string;
  resourceId: number;
  name: string;
}

/**
 * The resources of `pool` other than `exceptId` that these options already use: an option may name one resource of
 * a pool (resources_take takes one of the pool for it, whichever has room).
 */
export async function poolMatesUsed(db: DbOrTx, pool: string, exceptId: number, opcds: string[]): Promise<PoolMate[]> {
  if (opcds.length === 0) return [];
  return db
    .select({ opcd: optionResources.opcd, resourceId: resources.id, name: resources.name })
    .from(optionResources)
    .innerJoin(resources, eq(resources.id, optionResources.resourceId))
    .where(and(eq(resources.pool, pool), ne(resources.id, exceptId), inArray(optionResources.opcd, opcds)))
    .orderBy(asc(optionResources.opcd), asc(resources.id));
}

export interface ExceptionRecord {
  resourceId: number;
  date: string;
  capacity: number;
  note: string;
}

/** Exceptions of these resources, by date; from `from` to `to` (YYYY-MM-DD) when given. */
export async function exceptionsOf(
  db: DbOrTx,
  resourceIds: number[],
  range?: { from: string; to?: string },
): Promise<ExceptionRecord[]> {
  if (resourceIds.length === 0) return [];
  return db
    .select({
      resourceId: resourceExceptions.resourceId,
      date: resourceExceptions.usedate,
      capacity: resourceExceptions.capacity,
      note: resourceExceptions.note,
    })
    .from(resourceExceptions)
    .where(
      and(
        inArray(resourceExceptions.resourceId, resourceIds),
        range ? gte(resourceExceptions.usedate, range.from) : undefined,
        range?.to ? lte(resourceExceptions.usedate, range.to) : undefined,
      ),
    )
    .orderBy(asc(resourceExceptions.resourceId), asc(resourceExceptions.usedate));
}

export async function replaceExceptions(
  db: DbOrTx,
  resourceId: number,
  exceptions: { date: string; capacity: number; note: string }[],
): Promise<void> {
  await db.delete(resourceExceptions).where(eq(resourceExceptions.resourceId, resourceId));
  if (exceptions.length > 0) {
    await db
      .insert(resourceExceptions)
      .values(exceptions.map((e) => ({ resourceId, usedate: e.date, capacity: e.capacity, note: e.note })));
  }
}

export interface HeldUnits {
  resourceId: number;
  /** YYYY-MM-DD. */
  date: string;
  /** The departure's start time ('' for a whole-day departure). */
  startTime: string;
  units: number;
}

/** The units live bookings hold of these resources per day and departure, from `from` to `to` (YYYY-MM-DD). */
export async function heldUnits(
  db: DbOrTx,
  resourceIds: number[],
  range: { from: string; to?: string },
): Promise<HeldUnits[]> {
  if (resourceIds.length === 0) return [];
  const rows = rowsOf<{ resource_id: number; usedate: string | Date; start_time: string; units: number | string }>(
    await db.execute(sql`
      select br.resource_id, to_char(br.usedate, 'YYYY-MM-DD') as usedate, br.start_time,
        sum(br.units)::int as units
      from booking_resources br join bookings b on b.rsvno = br.rsvno
      where br.resource_id in (${sql.join(
        resourceIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and br.usedate >= ${range.from}::date
        ${range.to ? sql`and br.usedate <= ${range.to}::date` : sql``}
        and ${LIVE}
      group by br.resource_id, br.usedate, br.start_time
      order by br.resource_id, br.usedate, br.start_time`),
  );
  return rows.map((r) => ({
    resourceId: Number(r.resource_id),
    date: String(r.usedate),
    startTime: r.start_time,
    units: Number(r.units),
  }));
}

/** The live bookings that hold units of the resource, and the first and last day they hold them on. */
export async function bookingsHolding(
  db: DbOrTx,
  resourceId: number,
): Promise<{ bookings: number; first: string | null; last: string | null }> {
  const [row] = rowsOf<{ bookings: number | string; first: string | null; last: string | null }>(
    await db.execute(sql`
      select count(distinct br.rsvno) as bookings, to_char(min(br.usedate), 'YYYY-MM-DD') as first,
        to_char(max(br.usedate), 'YYYY-MM-DD') as last
      from booking_resources br join bookings b on b.rsvno = br.rsvno
      where br.resource_id = ${resourceId} and ${LIVE}`),
  );
  return { bookings: Number(row?.bookings ?? 0), first: row?.first ?? null, last: row?.last ?? null };
}

/**
 * Removes the units that canceled or expired bookings once took of the resource: they count for nothing, and the row
 * of a booking that no longer holds seats would otherwise keep the resource from being deleted (its foreign key).
 */
export async function deleteEndedUnits(db: DbOrTx, resourceId: number): Promise<number> {
  const rows = rowsOf<{ rsvno: string }>(
    await db.execute(sql`
      delete from booking_resources br using bookings b
      where b.rsvno = br.rsvno and br.resource_id = ${resourceId} and b.state in ('canceled', 'expired')
      returning br.rsvno`),
  );
  return rows.length;
}

/**
 * Tells the options whose availability these resources limit (those using them or a member of their pools) that it
 * moved, once the transaction commits, so that their cached calendars follow a capacity, a pool or a use changed here.
 */
export async function touchOptionsSharing(db: DbOrTx, resourceIds: number[]): Promise<void> {
  if (resourceIds.length === 0) return;
  const result = await db.execute(
    sql`select options_sharing(array[${sql.join(
      resourceIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]) as opcd`,
  );
  for (const { opcd } of rowsOf<{ opcd: string }>(result)) stockTouched(opcd);
}
