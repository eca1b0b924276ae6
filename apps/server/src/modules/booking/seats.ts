/** Seats move between a booking's lines and the stock rows, in one fixed order so movers never deadlock. */
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { dayStopDays, departures } from '../../db/schema.ts';
import { retakeResources, touchSharingOfBooking } from '../resources/take.ts';
import * as repo from './repository.ts';

export async function returnAllSeats(tx: DbOrTx, rsvno: string): Promise<void> {
  for (const line of await repo.seatLines(tx, rsvno)) await repo.giveBackSeats(tx, line);
  await touchSharingOfBooking(tx, rsvno);
}

/**
 * Takes a booking's seats again (a late payment for an expired booking). All or nothing: when one
 * day is full, the days already taken are given back and false is returned.
 */
export async function retakeAllSeats(tx: DbOrTx, rsvno: string): Promise<boolean> {
  const taken: repo.SeatLine[] = [];
  const giveBack = async () => {
    for (const back of taken) await repo.giveBackSeats(tx, back);
  };
  const lines = await repo.seatLines(tx, rsvno);
  for (const line of lines) {
    if (!(await repo.takeSeats(tx, line))) {
      await giveBack();
      return false;
    }
    taken.push(line);
  }
  // And the units of the resources its options use (ADR 0209), which stopped counting when it expired.
  if (!(await retakeResources(tx, rsvno, lines))) {
    await giveBack();
    return false;
  }
  return true;
}

/** Why seats could not be moved: no such departure, too few seats on it, or its day called off (催行中止). */
export type MoveRefusal = 'no_day' | 'sold_out' | 'stopped';

/**
 * A booking's seats moved from one departure to another in the caller's transaction (a change of departure or of
 * party, ADR 0197): the departures of both days locked first in one fixed order (so two moves in opposite directions
 * never deadlock, and a 催行中止 of either day is serialised with the move), the old seats given back and the new ones
 * taken. On a refusal the caller throws, and its rollback leaves the old seats as they were.
 */
export async function moveSeats(
  tx: DbOrTx,
  from: repo.SeatLine,
  to: repo.SeatLine,
): Promise<{ ok: true; day: repo.DayPrices } | { ok: false; why: MoveRefusal }> {
  const days = [from, to].sort((a, b) =>
    a.opcd === b.opcd ? a.usedate.localeCompare(b.usedate) : a.opcd.localeCompare(b.opcd),
  );
  await tx.execute(
    sql`select 1 from ${departures} where (opcd, usedate) in (${sql.join(
      days.map((d) => sql`(${d.opcd}, ${d.usedate}::date)`),
      sql`, `,
    )}) order by opcd, usedate, start_time for update`,
  );
  // Under those locks a stop of either day has either committed (and is seen here) or waits until this commits (and
  // then lists the booking where it ends up). A booking is never moved onto a day called off; one moved off it is
  // left alone by the stop's run, which looks again under the booking's lock.
  const stopped = await tx.execute(
    sql`select 1 from ${dayStopDays} where opcd = ${to.opcd} and usedate = ${to.usedate}::date`,
  );
  if (rowsOf(stopped).length > 0) return { ok: false, why: 'stopped' };
  await repo.giveBackSeats(tx, from);
  const take = await repo.takeSeatsOrSayWhy(tx, to);
  if (!take.day) return { ok: false, why: 'no_day' };
  if (!take.taken) return { ok: false, why: 'sold_out' };
  return { ok: true, day: take.day };
}
