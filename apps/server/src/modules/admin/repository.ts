/**
 * The console's read queries (DESIGN §11); nothing here writes. 予約一覧's search and 参加者名簿's reads have files of
 * their own, re-exported here.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { bookingIs, holdsSeats } from '../booking/state-sql.ts';
import { type BookingRecord, countUpTo, normalise, providerStuck, SELECT_BOOKING } from './booking-search.ts';

export * from './booking-search.ts';
export * from './manifest-records.ts';

export interface DepartureRecord {
  usedate: string;
  opcd: string;
  webname: string;
  /** The departure (ADR 0196): `HH:MM` and its end, or '' and '' for a whole day. */
  startTime: string;
  endTime: string;
  bookings: number;
  participants: number;
  /** Seats left + those live bookings and キャンセル待ち offers hold (as the stock calendar counts it); null: no row. */
  capacity: number | null;
  /** Travellers checked in at the door so far (ADR 0215). */
  arrived: number;
}

/**
 * Departures on `days` (the dashboard's first card), from one read of the option lines whose bookings still hold
 * their seats (not canceled, not expired unpaid): per option, day and departure (start time, ADR 0196), its bookings,
 * their seats and the departure's capacity; and per day in total, each booking and each traveller once, however many
 * options the booking holds on the day (a coupon set of three options is one booking of three people, not nine).
 */
export async function departures(
  db: DbOrTx,
  days: string[],
  graceCutoff: Date,
): Promise<{ options: DepartureRecord[]; days: { usedate: string; bookings: number; participants: number }[] }> {
  const rows = rowsOf<{
    usedate: string;
    opcd: string | null;
    webname: string | null;
    start_time: string | null;
    end_time: string | null;
    bookings: number | string;
    participants: number | string;
    capacity: number | string | null;
    arrived: number | string | null;
  }>(
    await db.execute(sql`with l as materialized (
        select bo.usedate, bo.opcd, bo.start_time, bo.end_time, bo.rsvno, bo.seats
        from booking_options bo join bookings b on b.rsvno = bo.rsvno
        where bo.usedate in (${sql.join(
          days.map((d) => sql`${d}::date`),
          sql`, `,
        )}) and ${holdsSeats(graceCutoff)})
      select * from (
        select to_char(g.usedate, 'YYYYMMDD') as usedate, g.opcd, g.webname, g.start_time, g.end_time, g.bookings,
          g.participants, g.sort, g.arrived,
          s.zaikozan + (select coalesce(sum(bo.seats), 0) from booking_options bo join bookings b on b.rsvno = bo.rsvno
              where bo.opcd = s.opcd and bo.usedate = s.usedate and bo.start_time = s.start_time
                and ${bookingIs.notCanceled})
            + (select coalesce(sum(e.held), 0) from waitlist_entries e
              where e.opcd = s.opcd and e.usedate = s.usedate and e.start_time = s.start_time
                and e.state in ('waiting', 'offered')) as capacity
        from (
          select l.usedate, l.opcd, o.webname, l.start_time, max(l.end_time) as end_time,
            count(distinct l.rsvno)::int as bookings, coalesce(sum(l.seats), 0)::int as participants, o.sort,
            coalesce(sum((select count(*) from check_ins ci
              where ci.rsvno = l.rsvno and ci.kind = 'arrived' and ci.undone_at is null)), 0)::int as arrived
          from l join options o on o.opcd = l.opcd
          group by l.usedate, l.opcd, o.webname, l.start_time, o.sort) g
          left join departures s on s.opcd = g.opcd and s.usedate = g.usedate and s.start_time = g.start_time
        union all
        select to_char(d.usedate, 'YYYYMMDD'), null, null, null, null, count(*)::int, coalesce(sum(d.seats), 0)::int,
          null, null, null
        from (select usedate, rsvno, max(seats) as seats from l group by usedate, rsvno) d
        group by d.usedate) t
      order by t.usedate, t.sort nulls first, t.opcd, t.start_time`),
  );
  const counts = (r: (typeof rows)[number]) => ({
    usedate: r.usedate,
    bookings: Number(r.bookings),
    participants: Number(r.participants),
  });
  return {
    options: rows.flatMap((r) =>
      r.opcd === null
        ? []
        : [
            {
              ...counts(r),
              opcd: r.opcd,
              webname: r.webname ?? '',
              startTime: r.start_time ?? '',
              endTime: r.end_time ?? '',
              capacity: r.capacity === null ? null : Number(r.capacity),
              arrived: Number(r.arrived ?? 0),
            },
          ],
    ),
    days: rows.filter((r) => r.opcd === null).map(counts),
  };
}

/** The first `limit` bookings in that order, and how many match in all. */
export async function bookingsWhere(
  db: DbOrTx,
  where: SQL,
  orderBy: SQL,
  limit: number,
): Promise<{ rows: BookingRecord[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db.execute(sql`${SELECT_BOOKING} where ${where} order by ${orderBy} limit ${limit}`),
    db.execute(sql`select count(*)::int as n from bookings b where ${where}`),
  ]);
  const [count] = rowsOf<{ n: number }>(counted);
  return { rows: rowsOf<BookingRecord>(rows).map(normalise), total: Number(count?.n ?? 0) };
}

export interface MailRecord {
  id: number;
  kind: string;
  rsvno: string | null;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

const SELECT_MAIL = sql`select id, kind, rsvno, "to", subject, status, attempts, last_error, created_at, sent_at from outbox`;

function normaliseMail(row: MailRecord): MailRecord {
  return {
    ...row,
    created_at: new Date(row.created_at),
    sent_at: row.sent_at ? new Date(row.sent_at) : null,
  };
}

/** Mails that failed: given up, or waiting for another try after an error. */
export const MAIL_FAILED = sql`(status = 'failed' or (status = 'pending' and last_error is not null))`;

export async function searchMails(
  db: DbOrTx,
  filter: { status?: string; failedOnly?: boolean; rsvno?: string },
  page: { limit: number; offset: number; countCap?: number },
): Promise<{ rows: MailRecord[]; total: number; capped: boolean }> {
  const parts: SQL[] = [sql`true`];
  if (filter.failedOnly) parts.push(MAIL_FAILED);
  else if (filter.status) parts.push(sql`status = ${filter.status}`);
  if (filter.rsvno) parts.push(sql`rsvno = ${filter.rsvno}`);
  const where = sql.join(parts, sql` and `);
  // The mail page's count stops at its cap, as 予約一覧's (the dashboard's counts every failed mail).
  const [rows, count] = await Promise.all([
    db.execute(
      sql`${SELECT_MAIL} where ${where} order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
    ),
    countUpTo(db, sql`select 1 from outbox where ${where}`, page.countCap),
  ]);
  return { rows: rowsOf<MailRecord>(rows).map(normaliseMail), ...count };
}

export async function optionChoices(db: DbOrTx): Promise<{ opcd: string; webname: string }[]> {
  return rowsOf<{ opcd: string; webname: string }>(
    await db.execute(sql`select opcd, webname from options order by sort, opcd`),
  );
}

/** The mails of staff ids named in a booking's history. */
export async function staffMails(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: number; mail: string }>(
    await db.execute(
      sql`select id, mail from staff_accounts where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), r.mail]));
}

export interface ProviderProblemRecord {
  id: number;
  rsvno: string;
  kind: string;
  amount: number;
  reason: string | null;
  state: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
}

export async function providerProblems(db: DbOrTx, stuckAttempts: number, limit: number) {
  const rows = rowsOf<ProviderProblemRecord>(
    await db.execute(sql`select pc.id, pc.rsvno, pc.kind, pc.amount, pc.reason, pc.state, pc.attempts, pc.last_error,
        pc.created_at from provider_calls pc where ${providerStuck(stuckAttempts)}
        order by pc.created_at asc, pc.id limit ${limit}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from provider_calls pc where ${providerStuck(stuckAttempts)}`),
  );
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      amount: Number(r.amount),
      attempts: Number(r.attempts),
      created_at: new Date(r.created_at),
    })),
  };
}
