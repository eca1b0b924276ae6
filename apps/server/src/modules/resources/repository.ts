/**
 * The resources module's reads and writes for the console's リソース page (ADR 0209). What is held is read from the view
 * `resource_units_held` (migration 0043): the units of bookings holding their seats and of キャンセル待ち entries
 * holding seats, the one definition the booking's check sums too.
 */
import {
  type ResourceKind,
  type ResourcePer,
  type ResourceUsage,
  resourceWaitlistHolder,
} from '@tabi/contract/resources';
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { stockTouched } from '../../db/stock-changes.ts';
import { facilities, options } from '../admin/schema.ts';
import { optionResources, resourceExceptions, resources } from './schema.ts';

export type ResourceRecord = typeof resources.$inferSelect;

export async function listResources(db: DbOrTx): Promise<ResourceRecord[]> {
  return db.select().from(resources).orderBy(asc(resources.name), asc(resources.id));
}

/**
 * Keeps the bookings that may take the resource out until the transaction ends, and waits for those under way: a
 * booking's statement holds the same advisory lock in shared mode (resources_take, migration 0043) while it counts the
 * resource's room and takes its units, so a change made under this lock and a booking never both see the room the
 * other is about to take.
 */
export async function lockResource(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('resource ' || ${id}::int, 0))`);
}

/** One resource; `lock`: in a transaction, the resource locked against bookings ({@link lockResource}) and its row. */
export async function findResource(db: DbOrTx, id: number, lock = false): Promise<ResourceRecord | undefined> {
  if (lock) await lockResource(db, id);
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
  facilityId: number | null;
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

/** The names of these facilities, by id. */
export async function facilityNames(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(inArray(facilities.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
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

/** An option that may take a resource of another facility than its own (see {@link facilityMismatch}). */
export interface FacilityMismatch {
  opcd: string;
  optionFacility: string;
  resource: string;
  resourceFacility: string | null;
  /** The option uses the resource named itself; otherwise it may take it as a member of the pool of one it uses. */
  direct: boolean;
}

/**
 * The first option of a facility that could take a resource not of that facility, were `resource` as given: a
 * booking takes the resource an option uses or any member of its pool, so each of `resource` and its pool's other
 * members is checked against each option that could take them. With `adding` (the options about to use `resource`),
 * only those are checked; otherwise the options already using `resource` or a member of its pool, in pairs that
 * involve `resource` (its own facility, or one of its options against a member): a mismatch of two other members
 * is not this change's doing. Options without a facility take any resource and are never named.
 */
export async function facilityMismatch(
  db: DbOrTx,
  resource: { id: number; name: string; pool: string | null; facilityId: number | null },
  adding?: string[],
): Promise<FacilityMismatch | undefined> {
  if (adding?.length === 0) return undefined;
  const takers = adding
    ? sql`select unnest(${sql.param(adding)}::text[]) as opcd, true as uses_it`
    : sql`select u.opcd, bool_or(u.resource_id = ${resource.id}) as uses_it
        from option_resources u where u.resource_id in (select id from members) group by u.opcd`;
  const [row] = rowsOf<{
    opcd: string;
    option_facility: string;
    resource: string;
    resource_facility: string | null;
    direct: boolean;
  }>(
    await db.execute(sql`
      with members as (
        select ${resource.id}::int as id, ${resource.name}::text as name, ${resource.facilityId}::int as facility_id
        union all
        select r.id, r.name, r.facility_id from resources r
        where r.pool = ${resource.pool}::text and r.id <> ${resource.id}
      ),
      takers as (${takers}),
      pairs as (
        select o.opcd, f.name as option_facility, m.name as resource, rf.name as resource_facility,
          (m.id = ${resource.id} and t.uses_it)
            or exists (select 1 from option_resources u where u.opcd = o.opcd and u.resource_id = m.id) as direct
        from takers t
          join options o on o.opcd = t.opcd
          join facilities f on f.id = o.facility_id
          cross join members m
          left join facilities rf on rf.id = m.facility_id
        where m.facility_id is distinct from o.facility_id and (m.id = ${resource.id} or t.uses_it)
      )
      select * from pairs order by opcd, direct desc, resource
      limit 1`),
  );
  if (!row) return undefined;
  return {
    opcd: row.opcd,
    optionFacility: row.option_facility,
    resource: row.resource,
    resourceFacility: row.resource_facility,
    direct: Boolean(row.direct),
  };
}

/**
 * The first resource the option's bookings may take (one it uses, or a member of the pool of one it uses) that is
 * not of `facilityId`, with the facility it is of, and the name of `facilityId`.
 */
export async function optionOtherFacility(
  db: DbOrTx,
  opcd: string,
  facilityId: number,
): Promise<{ facility: string; resource: string; resourceFacility: string | null } | undefined> {
  const [row] = rowsOf<{ facility: string; resource: string; resource_facility: string | null }>(
    await db.execute(sql`
      select (select name from facilities where id = ${facilityId}) as facility, r.name as resource,
        rf.name as resource_facility
      from resources r left join facilities rf on rf.id = r.facility_id
      where (r.id in (select u.resource_id from option_resources u where u.opcd = ${opcd})
          or r.pool in (select p.pool from option_resources u join resources p on p.id = u.resource_id
            where u.opcd = ${opcd} and p.pool is not null))
        and r.facility_id is distinct from ${facilityId}::int
      order by r.name, r.id
      limit 1`),
  );
  return row ? { facility: row.facility, resource: row.resource, resourceFacility: row.resource_facility } : undefined;
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

/**
 * The units held of these resources per day and departure, from `from` to `to` (YYYY-MM-DD), by bookings and
 * キャンセル待ち entries (the view `resource_units_held`, migration 0043).
 */
export async function heldUnits(
  db: DbOrTx,
  resourceIds: number[],
  range: { from: string; to?: string },
): Promise<HeldUnits[]> {
  if (resourceIds.length === 0) return [];
  const rows = rowsOf<{ resource_id: number; usedate: string | Date; start_time: string; units: number | string }>(
    await db.execute(sql`
      select u.resource_id, to_char(u.usedate, 'YYYY-MM-DD') as usedate, u.start_time, sum(u.units)::int as units
      from resource_units_held u
      where u.resource_id in (${sql.join(
        resourceIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and u.usedate >= ${range.from}::date
        ${range.to ? sql`and u.usedate <= ${range.to}::date` : sql``}
      group by u.resource_id, u.usedate, u.start_time
      order by u.resource_id, u.usedate, u.start_time`),
  );
  return rows.map((r) => ({
    resourceId: Number(r.resource_id),
    date: String(r.usedate),
    startTime: r.start_time,
    units: Number(r.units),
  }));
}

export interface BookingOnDay {
  /** null: a キャンセル待ち entry holding seats, not yet booked. */
  rsvno: string | null;
  name: string;
  opcd: string;
  webname: string;
  startTime: string;
  units: number;
}

/**
 * The live bookings holding units of the resource on `date` (YYYY-MM-DD), by start time and booking number. The
 * units are kept per booking, day and departure, not per line: the option named is the booking's line on that
 * departure whose option uses the resource or a member of its pool (a booking of two options on one departure), or,
 * when the option no longer does, its first line there.
 */
export async function bookingsOn(db: DbOrTx, resourceId: number, date: string): Promise<BookingOnDay[]> {
  const rows = rowsOf<{
    rsvno: string | null;
    sei: string | null;
    mei: string | null;
    opcd: string | null;
    webname: string | null;
    start_time: string;
    units: number | string;
    entry_id: number | null;
  }>(
    await db.execute(sql`
      select u.rsvno, b.sei, b.mei, coalesce(line.opcd, e.opcd) as opcd, coalesce(line.webname, eo.webname) as webname,
        u.start_time, u.units, u.entry_id
      from resource_units_held u
        join resources r on r.id = u.resource_id
        left join bookings b on b.rsvno = u.rsvno
        left join waitlist_entries e on e.id = u.entry_id
        left join options eo on eo.opcd = e.opcd
        left join lateral (
          select bo.opcd, o.webname from booking_options bo join options o on o.opcd = bo.opcd
          where bo.rsvno = u.rsvno and bo.usedate = u.usedate and bo.start_time = u.start_time
          order by exists (
            select 1 from option_resources x join resources m on m.id = x.resource_id
            where x.opcd = bo.opcd and (m.id = r.id or m.pool = r.pool)
          ) desc, bo.id
          limit 1
        ) line on true
      where u.resource_id = ${resourceId} and u.usedate = ${date}::date
      order by u.start_time, u.rsvno nulls last, u.entry_id`),
  );
  return rows.map((r) => ({
    rsvno: r.rsvno,
    name: r.entry_id !== null ? resourceWaitlistHolder(r.entry_id) : `${r.sei ?? ''} ${r.mei ?? ''}`.trim(),
    opcd: r.opcd ?? '',
    webname: r.webname ?? '',
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
      select count(distinct u.rsvno) as bookings, to_char(min(u.usedate), 'YYYY-MM-DD') as first,
        to_char(max(u.usedate), 'YYYY-MM-DD') as last
      from resource_units_held u
      where u.resource_id = ${resourceId} and u.rsvno is not null`),
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
      delete from booking_resources where resource_id = ${resourceId} and not live returning rsvno`),
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
