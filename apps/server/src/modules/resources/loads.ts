/**
 * The rows that keep what each resource's day and each shop's size's day hold (`resource_loads`, `rental_loads`,
 * ADR 0217) against what they stand for: the live units and rentals, the room and the pairs of that day. A row that
 * disagrees would let a booking through beyond the room or refuse one within it; none ever should.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';

export interface LoadDrift {
  /** `resource 3 2026-12-01 09:00` or `rental 2 boots 26.5 2026-12-01`. */
  row: string;
  /** The row's room (a resource's capacity, a size's pairs; null: not counted) and what it holds. */
  room: number | null;
  held: number;
  /** The same from the units, rentals and stock. */
  roomNow: number | null;
  heldNow: number;
  /** A resource counted per day with a row per departure. */
  wrongKey: boolean;
}

/** Every row that disagrees with its source, first the resources' (plain SQL, for any client). */
export const LOADS_DRIFT_SQL = `
    select * from (
      select 'resource ' || l.resource_id || ' ' || l.usedate || ' ' || l.start_time as row, l.capacity as room,
        l.held, coalesce(x.capacity, r.capacity) as "roomNow",
        resource_used(r.id, r.per, l.usedate, l.start_time) as "heldNow",
        r.per = 'day' and l.start_time <> '' as "wrongKey"
      from resource_loads l
      join resources r on r.id = l.resource_id
      left join resource_exceptions x on x.resource_id = r.id and x.usedate = l.usedate
      union all
      select 'rental ' || l.facility_id || ' ' || l.item || ' ' || l.size || ' ' || l.usedate, l.quantity, l.held,
        rental_quantity(l.facility_id, l.usedate, l.item, l.size),
        rental_used(l.facility_id, l.usedate, l.item, l.size), false
      from rental_loads l
    ) d
    where d.room is distinct from d."roomNow" or d.held <> d."heldNow" or d."wrongKey"
    order by 1`;

/** {@link LOADS_DRIFT_SQL}'s rows. */
export async function loadsDrift(db: DbOrTx): Promise<LoadDrift[]> {
  return rowsOf<LoadDrift>(await db.execute(sql.raw(LOADS_DRIFT_SQL)));
}
