/** The console's read queries (DESIGN §11); nothing here writes. */
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { holdsSeats } from '../booking/repository.ts';

export interface BookingFilter {
  rsvno?: string;
  /** Name variants (as typed, in hiragana, in katakana), spaces removed. */
  names?: string[];
  telDigits?: string;
  mail?: string;
  opcd?: string;
  usefrom?: string;
  useto?: string;
  rsvfrom?: Date;
  rsvto?: Date;
  status?: number | 'live';
  payment?: number;
  /** Bookings with a provider call the reconciler could not finish (failed, or begun this many times). */
  providerStuckAttempts?: number;
  /** 販売チャネル (issue 26): our own site, or one reseller. */
  channel?: 'own' | number;
  /** Unpaid card bookings received before this are expired (for 'live'). */
  graceCutoff: Date;
}

export interface BookingRecord {
  rsvno: string;
  status: number;
  status_payment: number;
  flg_request_rsv: number;
  rsvdate: Date;
  payment_deadline_date: Date | null;
  fromdate: string;
  opcd: string;
  webname: string;
  sei: string;
  mei: string;
  tel: string;
  mail: string;
  participants: number;
  amountjp: number;
  paid_amount: number;
  refunded_amount: number;
  canceled_at: Date | null;
  cancel_reason: string | null;
  has_note: boolean;
  reseller_id: number | null;
  reseller_name: string | null;
}

/** LIKE pattern for a literal substring. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** LIKE pattern for names starting with a literal text. */
function likeStarts(text: string): string {
  return likeContains(text).slice(1);
}

/**
 * One name searched over a table with `sei` and `mei` (ADR 0173): three characters or more anywhere in the name,
 * either order, by trigram; one or two (山田, 太郎), which a trigram cannot hold, at the start of either name.
 */
function nameMatches(name: string): (alias: SQL) => SQL {
  const text = name.replace(/[ 　]/g, '').toLowerCase();
  if ([...text].length >= 3) {
    const pattern = likeContains(text);
    return (t) => sql`search_name(${t}.sei, ${t}.mei) like ${pattern}`;
  }
  const pattern = likeStarts(text);
  return (t) => sql`(search_part(${t}.sei) like ${pattern} or search_part(${t}.mei) like ${pattern})`;
}

function whereOf(f: BookingFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.rsvno) parts.push(sql`lower(b.rsvno) like ${likeContains(f.rsvno.toLowerCase())}`);
  if (f.names && f.names.length > 0) {
    // The bookings whose applicant or a traveller has one of the names, each side through its own indexes.
    const matches = f.names.map((n) => nameMatches(n));
    parts.push(sql`b.rsvno in (
      select nb.rsvno from bookings nb where ${sql.join(
        matches.map((m) => m(sql`nb`)),
        sql` or `,
      )}
      union select nm.rsvno from booking_members nm where ${sql.join(
        matches.map((m) => m(sql`nm`)),
        sql` or `,
      )})`);
  }
  if (f.telDigits) parts.push(sql`b.tel_normalized like ${likeContains(f.telDigits)}`);
  if (f.mail) parts.push(sql`lower(b.mail) like ${likeContains(f.mail.toLowerCase())}`);
  if (f.opcd)
    parts.push(sql`exists (select 1 from booking_options bo where bo.rsvno = b.rsvno and bo.opcd = ${f.opcd})`);
  if (f.usefrom) parts.push(sql`b.fromdate >= ${f.usefrom}::date`);
  if (f.useto) parts.push(sql`b.fromdate <= ${f.useto}::date`);
  if (f.rsvfrom) parts.push(sql`b.rsvdate >= ${f.rsvfrom}`);
  if (f.rsvto) parts.push(sql`b.rsvdate < ${f.rsvto}`);
  if (f.status === 'live') {
    parts.push(holdsSeats(f.graceCutoff));
  } else if (f.status !== undefined) parts.push(sql`b.status = ${f.status}`);
  if (f.payment !== undefined) parts.push(sql`b.status_payment = ${f.payment}`);
  // A reseller's bookings through the partial index bookings_reseller_idx (reseller_id, rsvdate), whose condition
  // the query repeats so that the planner may use it.
  if (f.channel === 'own') parts.push(sql`b.reseller_id is null`);
  else if (f.channel !== undefined) parts.push(sql`b.reseller_id = ${f.channel} and b.reseller_id is not null`);
  if (f.providerStuckAttempts !== undefined) {
    parts.push(
      sql`exists (select 1 from provider_calls pc where pc.rsvno = b.rsvno and ${providerStuck(f.providerStuckAttempts)})`,
    );
  }
  return sql.join(parts, sql` and `);
}

const SELECT_BOOKING = sql`select b.rsvno, b.status, b.status_payment, b.flg_request_rsv, b.rsvdate,
  b.payment_deadline_date, to_char(b.fromdate, 'YYYYMMDD') as fromdate, o.opcd, o.webname, b.sei, b.mei, b.tel, b.mail,
  (select count(*) from booking_members m where m.rsvno = b.rsvno)::int as participants, b.amountjp,
  (select coalesce(sum(p.amount), 0) from payments p
    where p.rsvno = b.rsvno and p.status in ('paid', 'refunded'))::int as paid_amount,
  (select coalesce(sum(p.refunded_amount), 0) from payments p where p.rsvno = b.rsvno)::int as refunded_amount,
  b.canceled_at, b.cancel_reason,
  exists (select 1 from booking_events e where e.rsvno = b.rsvno and e.action = 'note_added') as has_note,
  b.reseller_id, r.name as reseller_name
  from bookings b
  cross join lateral (select bo.opcd from booking_options bo where bo.rsvno = b.rsvno order by bo.id limit 1) fo
  join options o on o.opcd = fo.opcd
  left join resellers r on r.id = b.reseller_id`;

/** Both drivers hand back timestamptz as Date, but raw SQL through PGlite may give strings. */
function normalise(row: BookingRecord): BookingRecord {
  return {
    ...row,
    rsvdate: new Date(row.rsvdate),
    payment_deadline_date: row.payment_deadline_date ? new Date(row.payment_deadline_date) : null,
    canceled_at: row.canceled_at ? new Date(row.canceled_at) : null,
    has_note: row.has_note === true || String(row.has_note) === 't',
    participants: Number(row.participants),
    paid_amount: Number(row.paid_amount),
    refunded_amount: Number(row.refunded_amount),
    reseller_id: row.reseller_id === null ? null : Number(row.reseller_id),
  };
}

export type BookingOrder = { sort: 'usedate' | 'rsvdate'; dir: 'asc' | 'desc' };

function orderOf(order: BookingOrder): SQL {
  const dir = order.dir === 'asc' ? sql`asc` : sql`desc`;
  return order.sort === 'usedate' ? sql`b.fromdate ${dir}, b.rsvdate ${dir}, b.rsvno` : sql`b.rsvdate ${dir}, b.rsvno`;
}

/** Every booking number the filter matches, in the list's order (for an export of any size, in chunks). */
export async function searchBookingNumbers(db: DbOrTx, filter: BookingFilter, order: BookingOrder): Promise<string[]> {
  const rows = rowsOf<{ rsvno: string }>(
    await db.execute(sql`select b.rsvno from bookings b where ${whereOf(filter)} order by ${orderOf(order)}`),
  );
  return rows.map((r) => r.rsvno);
}

/** The list's rows of these bookings, in the order given. */
export async function bookingsByNumber(db: DbOrTx, rsvnos: string[]): Promise<BookingRecord[]> {
  if (rsvnos.length === 0) return [];
  const rows = rowsOf<BookingRecord>(
    await db.execute(
      sql`${SELECT_BOOKING} where b.rsvno in (${sql.join(
        rsvnos.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    ),
  );
  const byNumber = new Map(rows.map((r) => [r.rsvno, normalise(r)]));
  return rsvnos.flatMap((r) => byNumber.get(r) ?? []);
}

/** How many rows `matching` (a select) gives, reading no more than `cap` + 1 of them when a cap is set. */
async function countUpTo(db: DbOrTx, matching: SQL, cap?: number): Promise<{ total: number; capped: boolean }> {
  const limited = cap === undefined ? matching : sql`${matching} limit ${cap + 1}`;
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${limited}) c`));
  const n = Number(row?.n ?? 0);
  return cap !== undefined && n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * One page of the list (issue 30): the page's booking numbers picked through the filter's and the order's indexes
 * first, then only their rows joined to options, payments and events; the count stops at `countCap`.
 */
export async function searchBookings(
  db: DbOrTx,
  filter: BookingFilter,
  order: BookingOrder,
  page: { limit: number; offset: number; countCap: number },
): Promise<{ rows: BookingRecord[]; total: number; capped: boolean }> {
  const where = whereOf(filter);
  const [numbers, count] = await Promise.all([
    db.execute(
      sql`select b.rsvno from bookings b where ${where} order by ${orderOf(order)} limit ${page.limit} offset ${page.offset}`,
    ),
    countUpTo(db, sql`select 1 from bookings b where ${where}`, page.countCap),
  ]);
  const rows = await bookingsByNumber(
    db,
    rowsOf<{ rsvno: string }>(numbers).map((r) => r.rsvno),
  );
  return { rows, ...count };
}

export interface DepartureRecord {
  usedate: string;
  opcd: string;
  webname: string;
  bookings: number;
  participants: number;
}

/** The option lines of `days` whose bookings still hold their seats (not canceled, not expired unpaid). */
function liveLinesOn(days: string[], graceCutoff: Date): SQL {
  return sql`from booking_options bo join bookings b on b.rsvno = bo.rsvno
      where bo.usedate in (${sql.join(
        days.map((d) => sql`${d}::date`),
        sql`, `,
      )})
        and ${holdsSeats(graceCutoff)}`;
}

/** Departures per option and day: bookings that still hold their seats, and their participants. */
export async function departures(db: DbOrTx, days: string[], graceCutoff: Date): Promise<DepartureRecord[]> {
  const rows = rowsOf<DepartureRecord>(
    await db.execute(sql`select to_char(l.usedate, 'YYYYMMDD') as usedate, l.opcd, o.webname,
        count(distinct l.rsvno)::int as bookings, coalesce(sum(l.seats), 0)::int as participants
      from (select bo.usedate, bo.opcd, bo.rsvno, bo.seats ${liveLinesOn(days, graceCutoff)}) l
        join options o on o.opcd = l.opcd
      group by l.usedate, l.opcd, o.webname, o.sort
      order by l.usedate, o.sort, l.opcd`),
  );
  return rows.map((r) => ({
    usedate: r.usedate,
    opcd: r.opcd,
    webname: r.webname,
    bookings: Number(r.bookings),
    participants: Number(r.participants),
  }));
}

/**
 * The same days in total: each booking and each traveller once, however many options the booking holds on the
 * day (a coupon set of three options is one booking of three people, not nine).
 */
export async function departureDays(db: DbOrTx, days: string[], graceCutoff: Date) {
  const rows = rowsOf<{ usedate: string; bookings: number | string; participants: number | string }>(
    await db.execute(sql`select to_char(d.usedate, 'YYYYMMDD') as usedate, count(*)::int as bookings,
        coalesce(sum(d.seats), 0)::int as participants
      from (select bo.usedate, bo.rsvno, max(bo.seats) as seats ${liveLinesOn(days, graceCutoff)}
        group by bo.usedate, bo.rsvno) d
      group by d.usedate order by d.usedate`),
  );
  return rows.map((r) => ({ usedate: r.usedate, bookings: Number(r.bookings), participants: Number(r.participants) }));
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

/** Provider calls the reconciler could not finish: refused or given up, or begun and retried this often. */
export function providerStuck(stuckAttempts: number): SQL {
  return sql`(pc.state = 'failed' or (pc.state = 'begun' and pc.attempts >= ${stuckAttempts}))`;
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

export interface ManifestRecord {
  rsvno: string;
  status: number;
  status_payment: number;
  rsvdate: Date;
  opcd: string;
  webname: string;
  rentalcd: string;
  extended_fields: string[];
  usedate: string;
  sei_applicant: string;
  mei_applicant: string;
  tel: string;
  seq: number;
  sei: string;
  mei: string;
  birthday: string | null;
  sex: string;
  ageclass: string;
  nationality_nm: string | null;
  extended: Record<string, unknown>;
  model: string | null;
  boots_size: string | null;
  wear_size: string | null;
  reseller_name: string | null;
}

/**
 * Who travels on one day (one option, or all): every participant of the bookings that hold their seats — the
 * dashboard's departures rule (not canceled, not an unpaid card booking past its grace).
 */
export async function manifestRows(
  db: DbOrTx,
  usedate: string,
  opcd: string | undefined,
  graceCutoff: Date,
): Promise<ManifestRecord[]> {
  const rows = rowsOf<ManifestRecord>(
    await db.execute(sql`select b.rsvno, b.status, b.status_payment, b.rsvdate, bo.opcd, o.webname, o.rentalcd,
        o.extended_fields, to_char(bo.usedate, 'YYYYMMDD') as usedate, b.sei as sei_applicant, b.mei as mei_applicant,
        b.tel, m.seq, m.sei, m.mei, to_char(m.birthday, 'YYYYMMDD') as birthday, m.sex, m.ageclass,
        n.nationality_nm, m.extended, r.model, r.boots_size, r.wear_size, rs.name as reseller_name
      from booking_options bo
        join bookings b on b.rsvno = bo.rsvno
        join options o on o.opcd = bo.opcd
        join booking_members m on m.rsvno = b.rsvno
        left join nationalities n on n.id = m.nationality_id
        left join booking_rentals r on r.rsvno = b.rsvno and r.seq = m.seq
        left join resellers rs on rs.id = b.reseller_id
      where bo.usedate = ${usedate}::date
        ${opcd ? sql`and bo.opcd = ${opcd}` : sql``}
        and ${holdsSeats(graceCutoff)}
      order by o.sort, bo.opcd, b.sei, b.mei, b.rsvno, m.seq`),
  );
  return rows.map((r) => ({
    ...r,
    rsvdate: new Date(r.rsvdate),
    seq: Number(r.seq),
    status: Number(r.status),
    status_payment: Number(r.status_payment),
    extended_fields: Array.isArray(r.extended_fields) ? r.extended_fields : [],
    extended: r.extended && typeof r.extended === 'object' ? r.extended : {},
  }));
}
