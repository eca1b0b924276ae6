/**
 * 予約詳細's リソース (ADR 0209): the units a booking holds of shared resources, with the room of the other members of
 * each one's pool, and staff moving a booking from one member to another (ガイド 山田 → ガイド 佐藤).
 *
 * A reassignment is an update of the booking's rows' `resource_id`, made under the booking's lock and then both
 * resources' locks, in id order: the locks `resources_take` takes before it counts a resource's room, so a booking
 * written meanwhile and the reassignment never both count the room the other is about to take, and two
 * reassignments onto one free guide are made one after the other, the second seeing the first.
 */
import {
  type BookingResource,
  ReassignMsg,
  reassignAlreadyHeld,
  reassignNoRoom,
  reassignNotHeld,
  reassignOtherPool,
  reassignWhere,
} from '@tabi/contract/admin-bookings';
import { ErrCd } from '@tabi/contract/constants';
import type { BookingResourceRoom } from '@tabi/contract/resources';
import { say } from '@tabi/contract/said';
import { sql } from 'drizzle-orm';
import { staffActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../booking/events.ts';
import { effectiveLifecycle, isEnded } from '../booking/lifecycle.ts';
import * as bookingRepo from '../booking/repository.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import * as repo from './repository.ts';
import type { ResourceKind, ResourcePer } from './schema.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The units held of resource `m` on the held row `h`'s day (and departure): the count `resources_take` goes by. */
const USED_BY_LIVE = sql`resource_used(m.id, m.per, h.usedate, h.start_time)`;

interface HeldRow {
  resourceId: number;
  name: string;
  kind: ResourceKind;
  per: ResourcePer;
  pool: string | null;
  units: number;
  usedate: string;
  startTime: string;
}

interface RoomRow {
  ofId: number;
  usedate: string;
  startTime: string;
  id: number;
  name: string;
  capacity: number;
  used: number;
}

/** The booking's resources by day and departure, each pooled one with its pool's other members and their room. */
export async function bookingResources(db: DbOrTx, rsvno: string): Promise<BookingResource[]> {
  // One after another: inside a transaction the two share its one connection.
  const held = rowsOf<HeldRow>(
    await db.execute(sql`select br.resource_id as "resourceId", r.name, r.kind, r.per, r.pool, br.units,
        br.usedate::text as usedate, br.start_time as "startTime"
      from booking_resources br join resources r on r.id = br.resource_id
      where br.rsvno = ${rsvno}
      order by br.usedate, br.start_time, r.name, r.id`),
  );
  if (!held.some((h) => h.pool !== null)) return held.map((h) => ({ ...h, others: [] }));
  const rooms = rowsOf<RoomRow>(
    await db.execute(sql`select h.resource_id as "ofId", h.usedate::text as usedate, h.start_time as "startTime",
        m.id, m.name, coalesce(x.capacity, m.capacity)::int as capacity, ${USED_BY_LIVE} as used
      from booking_resources h
      join resources r on r.id = h.resource_id
      join resources m on m.pool = r.pool and m.id <> r.id
      left join resource_exceptions x on x.resource_id = m.id and x.usedate = h.usedate
      where h.rsvno = ${rsvno} and r.pool is not null
      order by m.name, m.id`),
  );
  return held.map((h) => ({
    ...h,
    units: Number(h.units),
    others: rooms
      .filter((o) => o.ofId === h.resourceId && o.usedate === h.usedate && o.startTime === h.startTime)
      .map(roomOf),
  }));
}

const roomOf = (o: Omit<RoomRow, 'ofId' | 'usedate'>): BookingResourceRoom => ({
  id: o.id,
  name: o.name,
  capacity: Number(o.capacity),
  used: Number(o.used),
  left: Number(o.capacity) - Number(o.used),
});

/**
 * The other members of resource `id`'s pool with their room on `date` (YYYY-MM-DD) at each of `startTimes`, by name:
 * where the bookings of the console's day list may be moved. Empty for a resource without a pool.
 */
export async function poolRoomsOn(
  db: DbOrTx,
  id: number,
  date: string,
  startTimes: string[],
): Promise<Map<string, BookingResourceRoom[]>> {
  const byStart = new Map<string, BookingResourceRoom[]>(startTimes.map((t) => [t, []]));
  if (startTimes.length === 0) return byStart;
  const rooms = rowsOf<Omit<RoomRow, 'ofId' | 'usedate'>>(
    await db.execute(sql`select h.start_time as "startTime", m.id, m.name,
        coalesce(x.capacity, m.capacity)::int as capacity, ${USED_BY_LIVE} as used
      from (select ${date}::date as usedate, unnest(${sql.param(startTimes)}::text[]) as start_time) h
      join resources r on r.id = ${id}
      join resources m on m.pool = r.pool and m.id <> r.id
      left join resource_exceptions x on x.resource_id = m.id and x.usedate = h.usedate
      order by m.name, m.id`),
  );
  for (const room of rooms) byStart.get(room.startTime)?.push(roomOf(room));
  return byStart;
}

interface LockedResource {
  id: number;
  name: string;
  pool: string | null;
}

interface TargetRoom {
  usedate: string;
  startTime: string;
  units: number;
  capacity: number;
  used: number;
  alreadyHeld: boolean;
}

/**
 * Moves the booking's units of `from` (every day and departure it holds it on) to `to`, another member of its pool,
 * refused in Japanese (409) when the pools differ, the booking holds none of `from`, it no longer holds its seats, or
 * `to` has not the room; written with its history event and the sharing options told, in one transaction.
 */
export async function reassignResource(
  ctx: Ctx,
  staff: StaffPrincipal,
  rsvno: string,
  input: { from: number; to: number },
): Promise<{ from: string; to: string }> {
  const { from, to } = input;
  if (from === to) throw AppError.conflict(ErrCd.generic, ReassignMsg.same);
  return ctx.db.transaction(async (tx) => {
    const booking = await bookingRepo.lockBooking(tx, rsvno);
    if (!booking) throw AppError.notFound(say('bookingNotFound'));
    // As it stands now: a card booking past its hour is expired (its units about to stop counting) before the
    // sweeper makes it so.
    if (isEnded(effectiveLifecycle(booking, ctx.clock.now())))
      throw AppError.conflict(ErrCd.generic, ReassignMsg.ended);

    // Against the bookings that may take either meanwhile (they hold these locks shared), in id order as they do.
    for (const id of [from, to].sort((a, b) => a - b)) await repo.lockResource(tx, id);
    const locked = rowsOf<LockedResource>(
      await tx.execute(sql`select id, name, pool from resources where id in (${from}, ${to}) order by id for update`),
    );
    const source = locked.find((r) => r.id === from);
    const target = locked.find((r) => r.id === to);
    if (!source || !target) throw AppError.notFound(ReassignMsg.notFound);
    if (source.pool === null || target.pool !== source.pool) {
      throw AppError.conflict(ErrCd.generic, reassignOtherPool(source.name, target.name));
    }

    // Read under the locks: each day and departure of `from`, with `to`'s capacity and use there.
    const rooms = rowsOf<TargetRoom>(
      await tx.execute(sql`select h.usedate::text as usedate, h.start_time as "startTime", h.units,
          coalesce(x.capacity, m.capacity)::int as capacity, ${USED_BY_LIVE} as used,
          exists(select 1 from booking_resources t where t.rsvno = h.rsvno and t.resource_id = m.id
            and t.usedate = h.usedate and t.start_time = h.start_time) as "alreadyHeld"
        from booking_resources h
        join resources m on m.id = ${to}
        left join resource_exceptions x on x.resource_id = m.id and x.usedate = h.usedate
        where h.rsvno = ${rsvno} and h.resource_id = ${from}
        order by h.usedate, h.start_time`),
    );
    if (rooms.length === 0) throw AppError.conflict(ErrCd.generic, reassignNotHeld(source.name));
    for (const room of rooms) {
      const where = reassignWhere(room.usedate, room.startTime);
      if (room.alreadyHeld) throw AppError.conflict(ErrCd.generic, reassignAlreadyHeld(target.name, where));
      const left = Number(room.capacity) - Number(room.used);
      if (left < Number(room.units)) {
        throw AppError.conflict(ErrCd.generic, reassignNoRoom(target.name, where, left, Number(room.units)));
      }
    }

    await tx.execute(
      sql`update booking_resources set resource_id = ${to} where rsvno = ${rsvno} and resource_id = ${from}`,
    );
    await recordEvent(tx, ctx.clock.now(), rsvno, staffActor(staff.id), 'resource_reassigned', {
      before: { resource: source.name },
      after: { resource: target.name },
    });
    // The pool's room as a whole is the same, but each member's moved: the options using either are told.
    await repo.touchOptionsSharing(tx, [from, to]);
    return { from: source.name, to: target.name };
  });
}
