/** The check-in module's reads and writes (ADR 0215): tickets by token, a booking as the scanner sees it, counts. */
import type { CheckinCounts } from '@tabi/contract/checkin';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import {
  type BookingRow,
  bookings,
  type CheckInRow,
  type CheckinKind,
  checkIns,
  staffAccounts,
  tickets,
} from '../../db/schema.ts';
import { bookingIs } from '../booking/state-sql.ts';

export type { CheckInRow };

/** The scanner's departure: a day (ISO date), an option ('' any) and a start time ('' any). */
export interface Departure {
  usedate: string;
  opcd: string;
  startTime: string;
}

export async function rsvnoOfToken(db: DbOrTx, token: string): Promise<string | undefined> {
  const [row] = await db.select({ rsvno: tickets.rsvno }).from(tickets).where(eq(tickets.token, token));
  return row?.rsvno;
}

export interface ScanLine {
  rsvno: string;
  opcd: string;
  webname: string;
  usedate: string;
  start_time: string;
  end_time: string;
}

/** A list of booking numbers as one parameter: the reads below take a departure's bookings in one statement. */
const anyOf = (rsvnos: readonly string[]) => sql`any(${sql.param([...rsvnos])}::text[])`;

/** The bookings' lines (option, day and departure), by booking, first day first. */
export async function linesOf(db: DbOrTx, rsvnos: readonly string[]): Promise<ScanLine[]> {
  return rowsOf<ScanLine>(
    await db.execute(sql`select bo.rsvno, bo.opcd, o.webname, to_char(bo.usedate, 'YYYYMMDD') as usedate,
        bo.start_time, bo.end_time
      from booking_options bo join options o on o.opcd = bo.opcd
      where bo.rsvno = ${anyOf(rsvnos)} order by bo.rsvno, bo.usedate, bo.start_time, bo.opcd`),
  );
}

export interface ScanMember {
  rsvno: string;
  seq: number;
  sei: string;
  mei: string;
  ageclass: string;
}

export async function membersOf(db: DbOrTx, rsvnos: readonly string[]): Promise<ScanMember[]> {
  return rowsOf<ScanMember>(
    await db.execute(sql`select rsvno, seq, sei, mei, ageclass from booking_members
      where rsvno = ${anyOf(rsvnos)} order by rsvno, seq`),
  );
}

export interface LiveCheckIn {
  rsvno: string;
  seq: number;
  kind: CheckinKind;
  at: Date;
  by: string;
  device: string;
}

/** The bookings' live check-ins and no-shows (not undone), with the staff member's address. */
export async function liveCheckIns(db: DbOrTx, rsvnos: readonly string[]): Promise<LiveCheckIn[]> {
  return db
    .select({
      rsvno: checkIns.rsvno,
      seq: checkIns.seq,
      kind: checkIns.kind,
      at: checkIns.at,
      by: sql<string>`coalesce(${staffAccounts.mail}, '')`,
      device: checkIns.device,
    })
    .from(checkIns)
    .leftJoin(staffAccounts, eq(staffAccounts.id, checkIns.staffId))
    .where(and(inArray(checkIns.rsvno, [...rsvnos]), isNull(checkIns.undoneAt)))
    .orderBy(checkIns.at, checkIns.seq);
}

/**
 * Checks travellers in (or marks them no-shows); a traveller with a live row already is left as it is (the first scan
 * wins). Answers the travellers this call wrote.
 */
export async function insertCheckIns(
  db: DbOrTx,
  rows: {
    rsvno: string;
    seq: number;
    kind: CheckinKind;
    at: Date;
    scannedAt: Date | null;
    staffId: number;
    device: string;
  }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const written = await db
    .insert(checkIns)
    .values(rows)
    .onConflictDoNothing({ target: [checkIns.rsvno, checkIns.seq], where: sql`${checkIns.undoneAt} is null` })
    .returning({ seq: checkIns.seq });
  return written.map((r) => r.seq).sort((a, b) => a - b);
}

/** Undoes the travellers' live rows of `kind` (an arrival, or a no-show who turned up); answers the rows undone. */
export async function undoCheckIns(
  db: DbOrTx,
  rsvno: string,
  seqs: number[],
  at: Date,
  staffId: number,
  kind: CheckinKind,
): Promise<CheckInRow[]> {
  if (seqs.length === 0) return [];
  return db
    .update(checkIns)
    .set({ undoneAt: at, undoneBy: staffId })
    .where(
      and(eq(checkIns.rsvno, rsvno), inArray(checkIns.seq, seqs), eq(checkIns.kind, kind), isNull(checkIns.undoneAt)),
    )
    .returning();
}

/** Whether any traveller of the booking was checked in (live): then the customer may not cancel it (ADR 0215). */
export async function anyArrived(db: DbOrTx, rsvno: string): Promise<boolean> {
  const [row] = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(and(eq(checkIns.rsvno, rsvno), eq(checkIns.kind, 'arrived'), isNull(checkIns.undoneAt)))
    .limit(1);
  return row !== undefined;
}

/** The bookings of a departure that a traveller of may arrive by (paid), as a condition on a booking aliased `b`. */
function onDeparture(d: Departure) {
  return sql`${bookingIs.paid} and exists (select 1 from booking_options bo where bo.rsvno = b.rsvno
    and bo.usedate = ${d.usedate}::date ${d.opcd ? sql`and bo.opcd = ${d.opcd}` : sql``}
    ${d.startTime ? sql`and bo.start_time = ${d.startTime}` : sql``})`;
}

/** Arrived, expected and no-show travellers of a departure's paid bookings. */
export async function countsOf(db: DbOrTx, d: Departure): Promise<CheckinCounts> {
  const [row] = rowsOf<{ expected: number; arrived: number; no_shows: number }>(
    await db.execute(sql`select count(*)::int as expected,
        count(ci.id) filter (where ci.kind = 'arrived')::int as arrived,
        count(ci.id) filter (where ci.kind = 'no_show')::int as no_shows
      from bookings b join booking_members m on m.rsvno = b.rsvno
        left join check_ins ci on ci.rsvno = m.rsvno and ci.seq = m.seq and ci.undone_at is null
      where ${onDeparture(d)}`),
  );
  return {
    expected: Number(row?.expected ?? 0),
    arrived: Number(row?.arrived ?? 0),
    noShows: Number(row?.no_shows ?? 0),
  };
}

export interface DepartureCounts {
  opcd: string;
  webname: string;
  start_time: string;
  end_time: string;
  expected: number;
  arrived: number;
  no_shows: number;
}

/** The day's departures with paid bookings, each with its counts, in time order. */
export async function dayDepartures(db: DbOrTx, usedate: string): Promise<DepartureCounts[]> {
  return rowsOf<DepartureCounts>(
    await db.execute(sql`select bo.opcd, o.webname, bo.start_time, bo.end_time, count(*)::int as expected,
        count(ci.id) filter (where ci.kind = 'arrived')::int as arrived,
        count(ci.id) filter (where ci.kind = 'no_show')::int as no_shows
      from booking_options bo
        join bookings b on b.rsvno = bo.rsvno and ${bookingIs.paid}
        join options o on o.opcd = bo.opcd
        join booking_members m on m.rsvno = bo.rsvno
        left join check_ins ci on ci.rsvno = m.rsvno and ci.seq = m.seq and ci.undone_at is null
      where bo.usedate = ${usedate}::date
      group by bo.opcd, o.webname, bo.start_time, bo.end_time
      order by bo.start_time, bo.opcd`),
  );
}

/** The bookings of a departure (any state but never paid and ended) with their tickets, for the scanner's copy. */
export async function departureBookings(
  db: DbOrTx,
  d: Departure,
): Promise<{ booking: BookingRow; token: string | null }[]> {
  // Aliased `b`, the name the lifecycle's conditions (`bookingIs`) are written for.
  const b = alias(bookings, 'b');
  return db
    .select({ booking: b, token: tickets.token })
    .from(b)
    .leftJoin(tickets, eq(tickets.rsvno, b.rsvno))
    .where(sql`exists (select 1 from booking_options bo where bo.rsvno = b.rsvno
        and bo.usedate = ${d.usedate}::date ${d.opcd ? sql`and bo.opcd = ${d.opcd}` : sql``}
        ${d.startTime ? sql`and bo.start_time = ${d.startTime}` : sql``})
      and (${bookingIs.paid} or ${bookingIs.paidOnce})`)
    .orderBy(b.rsvno);
}

/** The paid bookings of a departure whose travellers have no live row yet, with those travellers (no-shows to mark). */
export async function notArrived(db: DbOrTx, d: Departure): Promise<{ rsvno: string; seq: number }[]> {
  return rowsOf<{ rsvno: string; seq: number }>(
    await db.execute(sql`select m.rsvno, m.seq from bookings b join booking_members m on m.rsvno = b.rsvno
      where ${onDeparture(d)} and not exists (select 1 from check_ins ci
        where ci.rsvno = m.rsvno and ci.seq = m.seq and ci.undone_at is null)
      order by m.rsvno, m.seq`),
  );
}
