/**
 * The departures module writes the departures table, and no other module does (ADR 0196): a booking's seats taken
 * and given back (DESIGN §5's conditional update), the console's edits of days, times, seats and prices, and the
 * seats closed by a stop (催行中止). The others call these functions.
 */

import { type StockChange, StockMsg } from '@tabi/contract/admin-catalog';
import { ErrCd } from '@tabi/contract/constants';
import { say } from '@tabi/contract/said';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared, rowsOf } from '../../db/client.ts';
import { stockTouched } from '../../db/stock-changes.ts';
import { AppError } from '../../errors.ts';
import { dayStopDays, dayStopDepartures } from '../day-stop/schema.ts';
import { type DepartureRow, departures } from './schema.ts';

/** A booking's claim on one departure; seats move back and forth between it and the departure's row (ADR 0196). */
export interface SeatLine {
  opcd: string;
  /** YYYY-MM-DD as stored. */
  usedate: string;
  /** `HH:MM`, or '' for the whole day. */
  startTime: string;
  seats: number;
}

/**
 * The seats a departure (the departures row aliased `alias`, `departures` itself by default) can still sell: its own
 * seats left, or fewer when a resource its option uses (a shared boat, a guide) has less room (ADR 0209).
 */
export function seatsLeftSql(alias?: string): SQL {
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : `"departures"."${name}"`);
  return sql`least(${col('zaikozan')}, coalesce(resource_room(${col('opcd')}, ${col('usedate')}, ${col('start_time')}), ${col('zaikozan')}))`;
}

/** The departure a line is on, as SQL on the departures table. */
export function departureIs(line: Omit<SeatLine, 'seats'>): SQL {
  return sql`${departures.opcd} = ${line.opcd} and ${departures.usedate} = ${line.usedate} and ${departures.startTime} = ${line.startTime}`;
}

export type DayPrices = Pick<
  DepartureRow,
  'zaikozan' | 'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika' | 'endTime'
>;

/** What a statement that tries to take seats answers: the day after the update, or as it was (none: no such day). */
export type TakeAnswer = { taken: true; day: DayPrices } | { taken: false; day: DayPrices | undefined };

/**
 * The conditional update of DESIGN §5 as the CTE `taken` (the day's row after it, when `seats` were left and `alsoIf`
 * holds on the row), and the select that answers it: the row taken, or the day as it was, or nothing (a
 * sold-out answer costs the one statement that writes nothing).
 */
export function takeSeatsSql(line: SeatLine, alsoIf?: SQL): { taken: SQL; answer: SQL } {
  const where = departureIs(line);
  const cols = sql`zaikozan, adultbaika, middlebaika, childbaika, infantbaika, end_time`;
  const answered = sql`zaikozan, adultbaika, middlebaika, childbaika, infantbaika, end_time as "endTime"`;
  return {
    taken: sql`taken as (
      update ${departures} set zaikozan = zaikozan - ${line.seats}
      where ${where} and ${departures.zaikozan} >= ${line.seats}${alsoIf ? sql` and ${alsoIf}` : sql``}
      returning ${cols}
    )`,
    answer: sql`select true as taken, ${answered} from taken
      union all
      select false, ${answered} from ${departures} where ${where} and not exists (select 1 from taken)`,
  };
}

export function takeAnswerOf(line: SeatLine, result: unknown): TakeAnswer {
  const [row] = rowsOf<DayPrices & { taken: boolean; sharing?: unknown }>(result);
  if (!row) return { taken: false, day: undefined };
  const { taken, sharing: _sharing, ...day } = row;
  if (taken) stockTouched(line.opcd);
  return taken ? { taken: true, day } : { taken: false, day };
}

/**
 * Takes `seats` from one day's stock if that many are left, atomically (DESIGN §5), and says why not in the same round
 * trip: `taken` with the row after the update; not taken with the day as it was (too few seats), or no
 * row at all (no such day).
 */
export async function takeSeatsOrSayWhy(db: DbOrTx, line: SeatLine): Promise<TakeAnswer> {
  const { taken, answer } = takeSeatsSql(line);
  return takeAnswerOf(line, await executePrepared(db, sql`with ${taken} ${answer}`));
}

/** {@link takeSeatsOrSayWhy} for a caller that needs only whether the seats were taken. */
export async function takeSeats(db: DbOrTx, line: SeatLine): Promise<boolean> {
  return (await takeSeatsOrSayWhy(db, line)).taken;
}

/** Whether the option's day is sold at start times (ADR 0196): it has a departure that is not the whole day. */
export async function hasStartTimes(db: DbOrTx, opcd: string, usedate: string): Promise<boolean> {
  const rows = await db
    .select({ opcd: departures.opcd })
    .from(departures)
    .where(and(eq(departures.opcd, opcd), eq(departures.usedate, usedate), ne(departures.startTime, '')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Seats back to the departure, unless the company called its day or the departure itself off (催行中止):
 * a stopped day or departure stays closed.
 */
export async function giveBackSeats(db: DbOrTx, line: SeatLine): Promise<void> {
  await db
    .update(departures)
    .set({ zaikozan: sql`${departures.zaikozan} + ${line.seats}` })
    .where(
      and(
        departureIs(line),
        sql`not exists (select 1 from ${dayStopDays} d where d.opcd = ${line.opcd} and d.usedate = ${line.usedate})`,
        sql`not exists (select 1 from ${dayStopDepartures} x
          where x.opcd = ${line.opcd} and x.usedate = ${line.usedate} and x.start_time = ${line.startTime})`,
      ),
    );
  stockTouched(line.opcd);
}

const keyOf = (c: Pick<StockChange, 'date' | 'startTime'>): SQL => sql`(${c.date}::date, ${c.startTime}::text)`;

/** Writes a plan: drops, then makes, then updates; a row missing or taken meanwhile fails the whole edit. */
export async function writeDepartures(tx: DbOrTx, opcd: string, changes: StockChange[]): Promise<void> {
  const dropped = changes.filter((c) => c.after === null);
  if (dropped.length > 0) {
    const deleted = await tx.execute(sql`delete from departures
      where opcd = ${opcd} and (usedate, start_time) in (${sql.join(dropped.map(keyOf), sql`, `)})
      returning usedate`);
    if (rowsOf(deleted).length !== dropped.length) throw AppError.conflict(ErrCd.generic, StockMsg.concurrentEdit);
  }
  const rowsOfChanges = (list: StockChange[]) =>
    sql.join(
      list.map(
        (c) =>
          sql`(${c.date}::date, ${c.startTime}::text, ${c.after?.endTime ?? ''}::text, ${c.after?.left ?? 0}::int,
            ${c.after?.adultbaika ?? 0}::int, ${c.after?.middlebaika ?? 0}::int, ${c.after?.childbaika ?? 0}::int,
            ${c.after?.infantbaika ?? 0}::int)`,
      ),
      sql`, `,
    );
  const made = changes.filter((c) => c.before === null && c.after !== null);
  if (made.length > 0) {
    const inserted = await tx.execute(sql`
      insert into departures (opcd, usedate, start_time, end_time, zaikozan, adultbaika, middlebaika, childbaika,
        infantbaika)
      select ${opcd}, v.usedate, v.start_time, v.end_time, v.seats_left, v.a, v.m, v.c, v.i
      from (values ${rowsOfChanges(made)}) as v(usedate, start_time, end_time, seats_left, a, m, c, i)
      on conflict do nothing
      returning usedate`);
    if (rowsOf(inserted).length !== made.length) throw AppError.conflict(ErrCd.generic, StockMsg.concurrentEdit);
  }
  const updated = changes.filter((c) => c.before !== null && c.after !== null);
  if (updated.length > 0) {
    // Conditional to the last: the CHECK (zaikozan >= 0) and `v.seats_left >= 0` refuse what the reads above missed.
    const result = await tx.execute(sql`
      update departures s set zaikozan = v.seats_left, end_time = v.end_time, adultbaika = v.a, middlebaika = v.m,
        childbaika = v.c, infantbaika = v.i
      from (values ${rowsOfChanges(updated)}) as v(usedate, start_time, end_time, seats_left, a, m, c, i)
      where s.opcd = ${opcd} and s.usedate = v.usedate and s.start_time = v.start_time and v.seats_left >= 0
      returning s.usedate`);
    if (rowsOf(result).length !== updated.length) throw AppError.conflict(ErrCd.noStock, say('noStock'));
  }
}

/**
 * Closes the departures `which` names (a condition on the departure row `s`): their seats go to 0, as a stop
 * (催行中止) does; the stop's own rows keep them closed (see {@link giveBackSeats}).
 */
export async function closeDepartures(tx: DbOrTx, which: SQL): Promise<void> {
  await tx.execute(sql`update departures s set zaikozan = 0 where ${which}`);
}
