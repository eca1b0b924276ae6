/**
 * リソース (ADR 0209, admin only): resources as the console lists and changes them. Each change runs in one transaction
 * under the resource's lock, which a booking's statement holds shared while it counts the resource's room, and under
 * its row's, and writes its staff audit event there (who, what, before and after).
 *
 * A capacity is never set below what live bookings already hold on a day or departure from today on: such a change
 * is refused, naming the first of them, rather than leaving a boat sold beyond its seats. Days before today are
 * left out: what they held has been used, and a capacity changed today cannot oversell them. The bookings a day's
 * capacity is compared with are listed for the clerk (resourceBookings), who moves them or calls the day off first.
 *
 * A resource may belong to a facility (the boat company's ship, a ski shop's boots): an option of a facility uses only
 * its facility's resources, a pool's members counted as one; an option without a facility uses any.
 */
import { ErrCd } from '@tabi/contract/constants';
import { addDays, isoDays, ymdToIsoDate } from '@tabi/contract/dates';
import {
  optionFacilityMismatch,
  RESOURCE_DAYS_SHOWN,
  type ResourceBooking,
  type ResourceDay,
  type ResourceDetail,
  type ResourceException,
  type ResourceInput,
  ResourceMsg,
  type ResourcePer,
  type ResourceRow,
  type ResourceUsage,
  resourceCapacityBelowHeld,
  resourceFacilityMismatch,
  resourceInUse,
  resourceOptionUnknown,
  resourcePoolTwice,
  resourceWhere,
} from '@tabi/contract/resources';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insertStaffAudit } from '../staff/repository.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import { poolRoomsOn } from './reassign.ts';
import * as repo from './repository.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** Today and the last day the list shows, YYYY-MM-DD (Tokyo). */
function window(ctx: Ctx): { from: string; to: string } {
  const today = todayIn(ctx.clock);
  return { from: ymdToIsoDate(today), to: ymdToIsoDate(addDays(today, RESOURCE_DAYS_SHOWN - 1)) };
}

/** Units held per day (a resource counted per day) or per departure: what its capacity is compared with. */
function heldPer(per: ResourcePer, held: repo.HeldUnits[]): { date: string; startTime: string; units: number }[] {
  if (per === 'departure') return held;
  const byDay = new Map<string, number>();
  for (const h of held) byDay.set(h.date, (byDay.get(h.date) ?? 0) + h.units);
  return [...byDay].map(([date, units]) => ({ date, startTime: '', units }));
}

function daysOf(
  row: repo.ResourceRecord,
  dates: string[],
  exceptions: repo.ExceptionRecord[],
  held: repo.HeldUnits[],
): ResourceDay[] {
  return dates.map((date) => {
    const exception = exceptions.find((e) => e.date === date);
    const capacity = exception?.capacity ?? row.capacity;
    const that = held.filter((h) => h.date === date);
    const used =
      row.per === 'day' ? that.reduce((sum, h) => sum + h.units, 0) : Math.max(0, ...that.map((h) => h.units));
    return {
      date,
      capacity,
      used,
      left: capacity - used,
      exception: exception ? exception.note : null,
      departures:
        row.per === 'departure'
          ? that.map((h) => ({ startTime: h.startTime, used: h.units, left: capacity - h.units }))
          : [],
    };
  });
}

/** The list's rows (or one resource's): its uses and the units used and left today and the next 14 days. */
async function viewRows(db: DbOrTx, ctx: Ctx, records: repo.ResourceRecord[]): Promise<ResourceRow[]> {
  const ids = records.map((r) => r.id);
  const range = window(ctx);
  const dates = isoDays(range.from, range.to);
  // One after another: inside a transaction the three share its one connection.
  const uses = await repo.usesOf(db, ids);
  const exceptions = await repo.exceptionsOf(db, ids, range);
  const held = await repo.heldUnits(db, ids, range);
  const facilityNames = await repo.facilityNames(
    db,
    records.map((r) => r.facilityId),
  );
  return records.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    capacity: r.capacity,
    per: r.per,
    pool: r.pool,
    facility: r.facilityId === null ? null : { id: r.facilityId, name: facilityNames.get(r.facilityId) ?? '' },
    uses: uses.filter((u) => u.resourceId === r.id).map(({ opcd, webname, usage }) => ({ opcd, webname, usage })),
    days: daysOf(
      r,
      dates,
      exceptions.filter((e) => e.resourceId === r.id),
      held.filter((h) => h.resourceId === r.id),
    ),
  }));
}

export async function listResources(ctx: Ctx): Promise<ResourceRow[]> {
  return viewRows(ctx.db, ctx, await repo.listResources(ctx.db));
}

async function detailOf(db: DbOrTx, ctx: Ctx, id: number): Promise<ResourceDetail> {
  const record = await repo.findResource(db, id);
  if (!record) throw AppError.notFound(ResourceMsg.notFound);
  const [row] = await viewRows(db, ctx, [record]);
  const exceptions = await repo.exceptionsOf(db, [id]);
  if (!row) throw AppError.notFound(ResourceMsg.notFound);
  return { ...row, exceptions: exceptions.map(({ date, capacity, note }) => ({ date, capacity, note })) };
}

export async function resourceDetail(ctx: Ctx, id: number): Promise<ResourceDetail> {
  return detailOf(ctx.db, ctx, id);
}

async function audit(
  db: DbOrTx,
  at: Date,
  staff: StaffPrincipal,
  kind: string,
  resource: { id: number; name: string },
  detail: Record<string, unknown>,
): Promise<void> {
  await insertStaffAudit(db, at, staff, kind, { resourceId: resource.id, name: resource.name, ...detail });
}

/** Runs a change of one resource under its lock (against bookings) and its row's; refused with 404 when there is none. */
async function changeResource<T>(
  ctx: Ctx,
  id: number,
  work: (tx: DbOrTx, row: repo.ResourceRecord, now: Date) => Promise<T>,
  options: { usesAndPools?: boolean } = {},
): Promise<T> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Always before the row: the one order every change takes them in.
    if (options.usesAndPools) await repo.lockUsesAndPools(tx);
    const row = await repo.findResource(tx, id, true);
    if (!row) throw AppError.notFound(ResourceMsg.notFound);
    // The options it limits before the change (an old pool's, a use removed) and after it (a new pool's, a use added).
    await repo.touchOptionsSharing(tx, [id]);
    const result = await work(tx, row, now);
    await repo.touchOptionsSharing(tx, [id]);
    return result;
  });
}

/**
 * Refuses a change of capacities that leaves a day or departure (from today on) with less room than live bookings
 * hold there. `before` and `after` give a date's capacity; a date whose capacity does not go down is not refused
 * (raising a capacity that was already short is let through), unless the way units are counted changes (`recount`:
 * per departure to per day sums a day's departures).
 */
async function refuseBelowHeld(
  tx: DbOrTx,
  ctx: Ctx,
  row: repo.ResourceRecord,
  per: ResourcePer,
  capacities: { before(date: string): number; after(date: string): number; exception(date: string): boolean },
  recount: boolean,
  dates?: Set<string>,
): Promise<void> {
  const held = await repo.heldUnits(tx, [row.id], { from: window(ctx).from });
  for (const h of heldPer(per, held)) {
    if (dates && !dates.has(h.date)) continue;
    const after = capacities.after(h.date);
    if (h.units <= after) continue;
    if (!recount && after >= capacities.before(h.date)) continue;
    throw AppError.conflict(
      ErrCd.generic,
      resourceCapacityBelowHeld(resourceWhere(h.date, h.startTime, per), h.units, after, capacities.exception(h.date)),
    );
  }
}

/** Refuses options (`uses`) that would use two resources of `pool`: this one and another they already use. */
async function refusePoolTwice(
  tx: DbOrTx,
  pool: string | null,
  resourceId: number,
  uses: { opcd: string }[],
): Promise<void> {
  if (pool === null) return;
  const [mate] = await repo.poolMatesUsed(
    tx,
    pool,
    resourceId,
    uses.map((u) => u.opcd),
  );
  if (mate) throw AppError.conflict(ErrCd.generic, resourcePoolTwice(mate.opcd, pool, mate.name));
}

/**
 * Refuses a resource whose facility differs from that of an option that could take it: one being added to its uses
 * (`adding`), or, as the resource is about to be (its facility or pool changed, or a new member of a pool), one
 * already using it or a member of its pool. The facility is the owner's (a ski shop's boots): a partner's option
 * is never sold on another's equipment, nor on the company's own.
 */
async function refuseOtherFacility(
  tx: DbOrTx,
  resource: { id: number; name: string; pool: string | null; facilityId: number | null },
  adding?: string[],
): Promise<void> {
  const mismatch = await repo.facilityMismatch(tx, resource, adding);
  if (!mismatch) return;
  throw AppError.conflict(
    ErrCd.generic,
    resourceFacilityMismatch({
      opcd: mismatch.opcd,
      optionFacility: mismatch.optionFacility,
      resource: mismatch.resource,
      resourceFacility: mismatch.resourceFacility,
      pool: mismatch.direct ? null : resource.pool,
    }),
  );
}

/** Refuses a facility that does not exist (one chosen from a list a colleague changed meanwhile, or mistyped). */
async function refuseUnknownFacility(tx: DbOrTx, facilityId: number | null): Promise<void> {
  if (facilityId === null) return;
  if (!(await repo.facilityNames(tx, [facilityId])).has(facilityId)) {
    throw new AppError(ErrCd.generic, ResourceMsg.facilityUnknown, 422);
  }
}

/**
 * 商品編集, in its transaction: takes the lock the resources' uses and pools are changed under, before the option's
 * row (a use written meanwhile locks the option's key: taken the other way round, the two would wait for each
 * other). An option without a facility may use any resource, so the lock is not needed for one.
 */
export async function lockUsesForOption(tx: DbOrTx, facilityId: number | null): Promise<void> {
  if (facilityId !== null) await repo.lockUsesAndPools(tx);
}

/**
 * 商品編集, after {@link lockUsesForOption}: refuses an option's facility set to one other than that of a resource
 * the option's bookings may take (one it uses, or a member of the pool of one it uses).
 */
export async function refuseOptionFacility(tx: DbOrTx, opcd: string, facilityId: number | null): Promise<void> {
  if (facilityId === null) return;
  const other = await repo.optionOtherFacility(tx, opcd, facilityId);
  if (other) {
    throw AppError.conflict(
      ErrCd.generic,
      optionFacilityMismatch(other.facility, other.resource, other.resourceFacility),
    );
  }
}

const fieldsOf = (r: repo.ResourceRecord | ResourceInput) => ({
  name: r.name,
  kind: r.kind,
  capacity: r.capacity,
  per: r.per,
  pool: r.pool,
  facilityId: r.facilityId,
});

export async function createResource(ctx: Ctx, staff: StaffPrincipal, input: ResourceInput): Promise<ResourceDetail> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await refuseUnknownFacility(tx, input.facilityId);
    if (input.pool !== null) {
      // A new member of a pool may be taken by the options using the pool: checked against their facilities under
      // the lock their uses are changed under.
      await repo.lockUsesAndPools(tx);
    }
    const row = await repo.insertResource(tx, { ...fieldsOf(input), createdAt: now });
    if (row.pool !== null) await refuseOtherFacility(tx, row);
    await audit(tx, now, staff, 'resource.created', row, { after: fieldsOf(row) });
    // A new member of a pool is room for the options using the pool.
    await repo.touchOptionsSharing(tx, [row.id]);
    return detailOf(tx, ctx, row.id);
  });
}

/** 編集: name, kind, capacity, how it is counted and its pool. */
export async function updateResource(
  ctx: Ctx,
  staff: StaffPrincipal,
  id: number,
  input: ResourceInput,
): Promise<ResourceDetail> {
  return changeResource(
    ctx,
    id,
    async (tx, row, now) => {
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const was = fieldsOf(row);
      const next = fieldsOf(input);
      for (const key of Object.keys(next) as (keyof typeof next)[]) {
        if (was[key] !== next[key]) {
          before[key] = was[key];
          after[key] = next[key];
        }
      }
      if (Object.keys(after).length === 0) return detailOf(tx, ctx, id);
      if (input.capacity !== row.capacity || input.per !== row.per) {
        const exceptions = new Map(
          (await repo.exceptionsOf(tx, [id], { from: window(ctx).from })).map((e) => [e.date, e.capacity]),
        );
        await refuseBelowHeld(
          tx,
          ctx,
          row,
          input.per,
          {
            before: (date) => exceptions.get(date) ?? row.capacity,
            after: (date) => exceptions.get(date) ?? input.capacity,
            exception: (date) => exceptions.has(date),
          },
          input.per !== row.per,
        );
      }
      if (input.pool !== row.pool) {
        await refusePoolTwice(tx, input.pool, id, await repo.usesOf(tx, [id]));
      }
      if (input.facilityId !== row.facilityId || input.pool !== row.pool) {
        await refuseUnknownFacility(tx, input.facilityId);
        await refuseOtherFacility(tx, { id, name: input.name, pool: input.pool, facilityId: input.facilityId });
      }
      await repo.updateResource(tx, id, next);
      await audit(tx, now, staff, 'resource.changed', { id, name: input.name }, { before, after });
      return detailOf(tx, ctx, id);
    },
    { usesAndPools: true },
  );
}

/**
 * 削除: only a resource no live booking holds units of (theirs would no longer be counted anywhere). The units that
 * canceled or expired bookings once took count for nothing and go with it.
 */
export async function deleteResource(ctx: Ctx, staff: StaffPrincipal, id: number): Promise<void> {
  await changeResource(
    ctx,
    id,
    async (tx, row, now) => {
      const holding = await repo.bookingsHolding(tx, id);
      if (holding.bookings > 0) {
        throw AppError.conflict(
          ErrCd.generic,
          resourceInUse(holding.bookings, holding.first ?? '', holding.last ?? holding.first ?? ''),
        );
      }
      const uses = await repo.usesOf(tx, [id]);
      const exceptions = await repo.exceptionsOf(tx, [id]);
      const endedUnits = await repo.deleteEndedUnits(tx, id);
      await repo.deleteResource(tx, id);
      await audit(tx, now, staff, 'resource.deleted', row, {
        before: {
          ...fieldsOf(row),
          uses: uses.map(({ opcd, usage }) => ({ opcd, usage })),
          exceptions: exceptions.length,
        },
        endedBookingUnits: endedUnits,
      });
    },
    { usesAndPools: true },
  );
}

type ExceptionChange = { date: string; capacity: number; note: string };

/** 日付ごとの容量: every exception of the resource, replaced at once; each date's change is audited. */
export async function setExceptions(
  ctx: Ctx,
  staff: StaffPrincipal,
  id: number,
  exceptions: ResourceException[],
): Promise<ResourceDetail> {
  return changeResource(ctx, id, async (tx, row, now) => {
    const old = new Map((await repo.exceptionsOf(tx, [id])).map((e) => [e.date, e]));
    const next = new Map(exceptions.map((e) => [e.date, e]));
    const added: ExceptionChange[] = [];
    const removed: ExceptionChange[] = [];
    const changed: { date: string; before: Omit<ExceptionChange, 'date'>; after: Omit<ExceptionChange, 'date'> }[] = [];
    for (const [date, e] of next) {
      const was = old.get(date);
      if (!was) added.push({ date, capacity: e.capacity, note: e.note });
      else if (was.capacity !== e.capacity || was.note !== e.note) {
        changed.push({
          date,
          before: { capacity: was.capacity, note: was.note },
          after: { capacity: e.capacity, note: e.note },
        });
      }
    }
    for (const [date, was] of old) {
      if (!next.has(date)) removed.push({ date, capacity: was.capacity, note: was.note });
    }
    if (added.length + removed.length + changed.length === 0) return detailOf(tx, ctx, id);
    // Removing an exception gives the date the resource's own capacity back, which may be the smaller one.
    await refuseBelowHeld(
      tx,
      ctx,
      row,
      row.per,
      {
        before: (date) => old.get(date)?.capacity ?? row.capacity,
        after: (date) => next.get(date)?.capacity ?? row.capacity,
        exception: (date) => next.has(date),
      },
      false,
      new Set([...added, ...removed, ...changed].map((c) => c.date)),
    );
    await repo.replaceExceptions(
      tx,
      id,
      [...next.values()].sort((a, b) => a.date.localeCompare(b.date)),
    );
    await audit(tx, now, staff, 'resource.exceptions_set', row, { added, removed, changed });
    return detailOf(tx, ctx, id);
  });
}

/** 使う商品: every option whose bookings take units of the resource, replaced at once. */
export async function setUses(
  ctx: Ctx,
  staff: StaffPrincipal,
  id: number,
  uses: { opcd: string; usage: ResourceUsage }[],
): Promise<ResourceDetail> {
  return changeResource(
    ctx,
    id,
    async (tx, row, now) => {
      const known = await repo.existingOptions(
        tx,
        uses.map((u) => u.opcd),
      );
      const unknown = uses.find((u) => !known.has(u.opcd));
      if (unknown) throw new AppError(ErrCd.generic, resourceOptionUnknown(unknown.opcd), 422);
      const old = new Map((await repo.usesOf(tx, [id])).map((u) => [u.opcd, u.usage]));
      const next = new Map(uses.map((u) => [u.opcd, u.usage]));
      const added = uses.filter((u) => !old.has(u.opcd));
      const removed = [...old].filter(([opcd]) => !next.has(opcd)).map(([opcd, usage]) => ({ opcd, usage }));
      const changed = uses
        .filter((u) => old.has(u.opcd) && old.get(u.opcd) !== u.usage)
        .map((u) => ({ opcd: u.opcd, before: old.get(u.opcd), after: u.usage }));
      if (added.length + removed.length + changed.length === 0) return detailOf(tx, ctx, id);
      await refusePoolTwice(tx, row.pool, id, added);
      await refuseOtherFacility(
        tx,
        row,
        added.map((u) => u.opcd),
      );
      await repo.replaceUses(tx, id, uses);
      await audit(tx, now, staff, 'resource.uses_set', row, { added, removed, changed });
      return detailOf(tx, ctx, id);
    },
    { usesAndPools: true },
  );
}

/**
 * この日にこのリソースを使う予約: the live bookings holding units of the resource on `date` (YYYY-MM-DD), for the
 * clerk about to give the day another capacity. A capacity below what they hold is still refused (setExceptions):
 * this says which bookings to move to another resource or call off first.
 */
export async function resourceBookings(ctx: Ctx, id: number, date: string): Promise<ResourceBooking[]> {
  const row = await repo.findResource(ctx.db, id);
  if (!row) throw AppError.notFound(ResourceMsg.notFound);
  const bookings = await repo.bookingsOn(ctx.db, id, date);
  // For a pool, where each may be moved: the other members' room at its departure (割り当てを変更 in the list).
  const rooms = row.pool
    ? await poolRoomsOn(ctx.db, id, date, [...new Set(bookings.map((b) => b.startTime))])
    : new Map<string, ResourceBooking['others']>();
  return bookings.map((b) => ({ ...b, others: rooms.get(b.startTime) ?? [] }));
}
