/** The console's read queries (DESIGN §11); nothing here writes. */
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { bookingIs, holdsSeats } from '../booking/repository.ts';

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
  /** 販売チャネル (ADR 0169): our own site, or one reseller. */
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

/** LIKE pattern for a text starting with a literal text. */
function likeStarts(text: string): string {
  return likeContains(text).slice(1);
}

/** The two orders a name is searched in (ADR 0179): family then given name, and given then family. */
const NAME_ORDERS = [(t: SQL) => sql`${t}.sei, ${t}.mei`, (t: SQL) => sql`${t}.mei, ${t}.sei`];

/**
 * One name, searched from its start in either order (ADR 0179): 山田, 山田太郎, 太郎 and 太郎山田 all find 山田 太郎.
 * The indexes' key is the name's first two or three characters (`search_key`), then the reception time: a name of
 * two or more characters is one key, one character is every two-character key starting with it.
 */
interface NameSearch {
  /** For one name order, the key of a table aliased `t`: `search_key(…)`. */
  key: (order: number, t: SQL) => SQL;
  /** The one key, or null for one character. */
  value: string | null;
  /** For one character: the LIKE pattern of its keys. */
  prefix: string;
  /** For more characters than the key holds: the LIKE pattern of the whole name (`search_full`). */
  rest: string | null;
}

function nameSearch(name: string): NameSearch {
  const chars = [...name.replace(/[ 　]/g, '').toLowerCase()];
  const text = chars.join('');
  const width = Math.min(Math.max(chars.length, 2), 3);
  return {
    key: (order, t) => sql`search_key(${NAME_ORDERS[order]?.(t)}, ${sql.raw(String(width))})`,
    value: chars.length >= 2 ? chars.slice(0, width).join('') : null,
    prefix: likeStarts(text),
    rest: chars.length > width ? likeStarts(text) : null,
  };
}

/** Whether a table aliased `t` has the name in one order: its key (a range of them for one character), then the rest. */
function nameMatches(search: NameSearch, order: number, t: SQL): SQL {
  const key = search.key(order, t);
  const keyed = search.value === null ? sql`${key} like ${search.prefix}` : sql`${key} = ${search.value}`;
  return search.rest === null ? keyed : sql`(${keyed} and search_full(${NAME_ORDERS[order]?.(t)}) like ${search.rest})`;
}

/** The two sides a name is found on: the applicant (bookings b) and the travellers (booking_members m). */
const NAME_SIDES = [
  { table: sql`bookings`, t: sql`b`, travellers: false },
  { table: sql`booking_members`, t: sql`m`, travellers: true },
] as const;
type NameSide = (typeof NAME_SIDES)[number];

/**
 * The first `take` bookings of one side whose key in one order is `keyed`, read from its index in reception order
 * with the other filters checked on the way. A booking with two travellers of the name is one: distinct, in the
 * index's order.
 */
function keyStream(side: NameSide, keyed: SQL, others: SQL | null, dir: SQL, take: number): SQL {
  const { table, t, travellers } = side;
  const join = travellers && others ? sql` join bookings b on b.rsvno = m.rsvno` : sql``;
  return sql`(select ${travellers ? sql`distinct ` : sql``}${t}.rsvno, ${t}.rsvdate from ${table} ${t}${join}
    where ${keyed}${others ? sql` and ${others}` : sql``} order by ${t}.rsvdate ${dir}, ${t}.rsvno limit ${take})`;
}

/**
 * The same for a name of one character: its keys are listed by skipping through the index from one to the next
 * (a recursive loose scan, ADR 0179), and each key's first `take` are merged; for a count, in any order, the first
 * `take` (the rows of one booking under two keys are one there only when they meet in the union).
 */
function prefixStream(
  side: NameSide,
  search: NameSearch,
  order: number,
  others: SQL | null,
  dir: SQL,
  take: number,
  counting: boolean,
) {
  const { table, t } = side;
  const key = search.key(order, sql`x`);
  const next = (after: SQL) =>
    sql`(select ${key} from ${table} x where ${key} like ${search.prefix}${after} order by 1 using ~<~ limit 1)`;
  return sql`(select s.rsvno, s.rsvdate from (with recursive k(key) as (
      ${next(sql``)}
      union all select ${next(sql` and ${key} ~>~ k.key`)} from k where k.key is not null
    ) select key from k where key is not null) k
    cross join lateral ${keyStream(side, sql`${search.key(order, t)} = k.key`, others, dir, take)} s
    ${counting ? sql`` : sql`order by s.rsvdate ${dir}, s.rsvno `}limit ${take})`;
}

/**
 * Whether the mail of a booking aliased `b` contains `term` (lower case). A term of one '@' with text before it (an
 * address, or its start up to the '@') is found through the end of the local part (ADR 0186): an address of one '@'
 * contains it only when its local part ends with the text before the '@', a range of `bookings_mail_local_idx`. The
 * rare address of more than one '@' is read from its own partial index, and strpos checks the whole term (a LIKE here
 * would lead the planner to the trigrams). Any other term is looked up by its trigrams.
 */
function mailMatches(term: string): SQL {
  const at = term.indexOf('@');
  if (at <= 0 || term.includes('@', at + 1)) return sql`lower(b.mail) like ${likeContains(term)}`;
  const localEnd = [...term.slice(0, at)].reverse().join('');
  return sql`(reverse(split_part(lower(b.mail), '@', 1)) like ${likeStarts(localEnd)} or lower(b.mail) like '%@%@%')
    and strpos(lower(b.mail), ${term}) > 0`;
}

/** Every filter but the names, over bookings aliased `b`; null when there is none. */
function otherFiltersOf(f: BookingFilter): SQL | null {
  const parts: SQL[] = [];
  if (f.rsvno) parts.push(sql`lower(b.rsvno) like ${likeContains(f.rsvno.toLowerCase())}`);
  if (f.telDigits) parts.push(sql`b.tel_normalized like ${likeContains(f.telDigits)}`);
  if (f.mail) parts.push(mailMatches(f.mail.toLowerCase()));
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
  return parts.length > 0 ? sql.join(parts, sql` and `) : null;
}

function whereOf(f: BookingFilter): SQL {
  const parts: SQL[] = [];
  if (f.names && f.names.length > 0) {
    // The bookings whose applicant or a traveller has one of the names: one select per name, order and side, each
    // from its own index alone (an `or` of them would read the table).
    const selects = f.names
      .map(nameSearch)
      .flatMap((search) =>
        NAME_ORDERS.flatMap((_, order) => [
          sql`select nb.rsvno from bookings nb where ${nameMatches(search, order, sql`nb`)}`,
          sql`select nm.rsvno from booking_members nm where ${nameMatches(search, order, sql`nm`)}`,
        ]),
      );
    parts.push(sql`b.rsvno in (${sql.join(selects, sql` union `)})`);
  }
  const others = otherFiltersOf(f);
  if (others) parts.push(others);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
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
 * The first `take` bookings of a name search in reception order, as a union of streams (ADR 0179): per name, side
 * (applicant, travellers) and name order, the bookings read from that index in the list's order, the other filters
 * checked on the way, stopping at `take`. Exact: a booking among the first `take` of the union is among the first
 * `take` of the stream that found it. Null without a name.
 */
function nameStreams(f: BookingFilter, direction: 'asc' | 'desc', take: number, counting = false): SQL[] | null {
  if (!f.names || f.names.length === 0) return null;
  const others = otherFiltersOf(f);
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  return f.names
    .map(nameSearch)
    .flatMap((search) =>
      NAME_ORDERS.flatMap((_, order) =>
        NAME_SIDES.map((side) =>
          search.value === null
            ? prefixStream(side, search, order, others, dir, take, counting)
            : keyStream(side, nameMatches(search, order, side.t), others, dir, take),
        ),
      ),
    );
}

/**
 * How many bookings a name search finds, up to `cap`, in one statement. The first stream (the applicants in
 * family–given order, each booking once) is counted first: when it alone passes the cap so does the union, which is
 * then not read (山, or 山田 with 有効, read four streams of 10,001 to say 「10,000件以上」).
 */
async function countNamed(db: DbOrTx, streams: SQL[], cap: number): Promise<{ total: number; capped: boolean }> {
  const [first] = streams;
  const limit = sql`limit ${cap + 1}`;
  const union = sql`(select count(*) from (select u.rsvno from (${sql.join(streams, sql` union `)}) u ${limit}) c)`;
  const counted =
    first && streams.length > 1
      ? sql`with alone as materialized (select count(*) as n from (select u.rsvno from ${first} u ${limit}) c)
          select case when (select n from alone) > ${cap} then (select n from alone) else ${union} end::int as n`
      : sql`select ${union}::int as n`;
  const [row] = rowsOf<{ n: number }>(await db.execute(counted));
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * From this many bookings of a name on, a page in another order than reception walks that order's index and checks
 * each booking's names (a common name fills the page within a few thousand rows); below it, it reads the name's
 * bookings and sorts them (ADR 0179). Both cost about the same near it at a million bookings (about 130 ms).
 */
const NAME_WALK_FROM = 6_000;

/** Whether a booking aliased `b` has one of the names, its applicant or one of its travellers, checked row by row. */
function namedRow(f: BookingFilter): SQL {
  const searches = (f.names ?? []).map(nameSearch);
  const on = (t: SQL) =>
    sql.join(
      searches.flatMap((search) => NAME_ORDERS.map((_, order) => nameMatches(search, order, t))),
      sql` or `,
    );
  // offset 0 keeps the travellers' check a probe per row, not a hash of every traveller of the name.
  return sql`(${on(sql`b`)} or exists (select 1 from booking_members m where m.rsvno = b.rsvno and (${on(sql`m`)}) offset 0))`;
}

/**
 * One page of the list: the page's booking numbers picked through the filter's and the order's indexes
 * first, then only their rows joined to options, payments and events; the count stops at `countCap`.
 */
export async function searchBookings(
  db: DbOrTx,
  filter: BookingFilter,
  order: BookingOrder,
  page: { limit: number; offset: number; countCap: number },
): Promise<{ rows: BookingRecord[]; total: number; capped: boolean }> {
  // A name's page in reception order, and its count in any order, from the name's indexes (ADR 0179).
  const streams = order.sort === 'rsvdate' ? nameStreams(filter, order.dir, page.offset + page.limit) : null;
  const counted = nameStreams(filter, order.dir, page.countCap + 1, true);
  const dir = order.dir === 'asc' ? sql`asc` : sql`desc`;
  const window = sql`limit ${page.limit} offset ${page.offset}`;
  const count = counted
    ? countNamed(db, counted, page.countCap)
    : countUpTo(db, sql`select 1 from bookings b where ${whereOf(filter)}`, page.countCap);
  const pick = async (): Promise<unknown> => {
    if (streams)
      return db.execute(
        sql`select u.rsvno from (${sql.join(streams, sql` union `)}) u order by u.rsvdate ${dir}, u.rsvno ${window}`,
      );
    if (counted && (await count).total >= NAME_WALK_FROM) {
      const others = otherFiltersOf(filter);
      return db.execute(sql`select b.rsvno from bookings b where ${namedRow(filter)}${others ? sql` and ${others}` : sql``}
        order by ${orderOf(order)} ${window}`);
    }
    return db.execute(
      sql`select b.rsvno from bookings b where ${whereOf(filter)} order by ${orderOf(order)} ${window}`,
    );
  };
  const [numbers, total] = await Promise.all([pick(), count]);
  const rows = await bookingsByNumber(
    db,
    rowsOf<{ rsvno: string }>(numbers).map((r) => r.rsvno),
  );
  return { rows, ...total };
}

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
          g.participants, g.sort,
          s.zaikozan + (select coalesce(sum(bo.seats), 0) from booking_options bo join bookings b on b.rsvno = bo.rsvno
              where bo.opcd = s.opcd and bo.usedate = s.usedate and bo.start_time = s.start_time
                and ${bookingIs.notCanceled})
            + (select coalesce(sum(e.held), 0) from waitlist_entries e
              where e.opcd = s.opcd and e.usedate = s.usedate and e.start_time = s.start_time
                and e.state in ('waiting', 'offered')) as capacity
        from (
          select l.usedate, l.opcd, o.webname, l.start_time, max(l.end_time) as end_time,
            count(distinct l.rsvno)::int as bookings, coalesce(sum(l.seats), 0)::int as participants, o.sort
          from l join options o on o.opcd = l.opcd
          group by l.usedate, l.opcd, o.webname, l.start_time, o.sort) g
          left join departures s on s.opcd = g.opcd and s.usedate = g.usedate and s.start_time = g.start_time
        union all
        select to_char(d.usedate, 'YYYYMMDD'), null, null, null, null, count(*)::int, coalesce(sum(d.seats), 0)::int,
          null, null
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
  start_time: string;
  end_time: string;
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

/** The manifest's scope: one day, one option or all, one departure (start time) or all. */
export interface ManifestScope {
  usedate: string;
  opcd: string | undefined;
  start: string | undefined;
  graceCutoff: Date;
}

/** Which of a day's lines the manifest reads: one day, one option or all, one departure or all, those that hold their seats. */
function manifestWhere({ usedate, opcd, start, graceCutoff }: ManifestScope): SQL {
  return sql`bo.usedate = ${usedate}::date ${opcd ? sql`and bo.opcd = ${opcd}` : sql``}
    ${start ? sql`and bo.start_time = ${start}` : sql``} and ${holdsSeats(graceCutoff)}`;
}

/** An option's departures of a day at start times (ADR 0196), in time order: none for a whole-day option. */
export async function dayStartTimes(
  db: DbOrTx,
  opcd: string,
  usedate: string,
): Promise<{ startTime: string; endTime: string }[]> {
  return rowsOf<{ start_time: string; end_time: string }>(
    await db.execute(sql`select start_time, end_time from departures
      where opcd = ${opcd} and usedate = ${usedate}::date and start_time <> '' order by start_time`),
  ).map((r) => ({ startTime: r.start_time, endTime: r.end_time }));
}

/**
 * Who travels on one day (one option, or all): every participant of the bookings that hold their seats — the
 * dashboard's departures rule (not canceled, not an unpaid card booking past its grace), by option code, booking
 * number and participant. With `page`, only its lines: an order the indexes give (`booking_options_day_idx`), so that
 * the page stops after its lines instead of sorting the whole day first (its statement 50 → 20 ms at 1M). Sorting
 * by the applicant's name, as before, ordered kanji by code point, which means nothing to a reader.
 */
export async function manifestRows(
  db: DbOrTx,
  scope: ManifestScope,
  page?: { limit: number; offset: number },
): Promise<ManifestRecord[]> {
  const rows = rowsOf<ManifestRecord>(
    await db.execute(sql`select b.rsvno, b.status, b.status_payment, b.rsvdate, bo.opcd, o.webname, o.rentalcd,
        o.extended_fields, to_char(bo.usedate, 'YYYYMMDD') as usedate, bo.start_time, bo.end_time,
        b.sei as sei_applicant, b.mei as mei_applicant,
        b.tel, m.seq, m.sei, m.mei, to_char(m.birthday, 'YYYYMMDD') as birthday, m.sex, m.ageclass,
        n.nationality_nm, m.extended, r.model, r.boots_size, r.wear_size, rs.name as reseller_name
      from booking_options bo
        join bookings b on b.rsvno = bo.rsvno
        join options o on o.opcd = bo.opcd
        join booking_members m on m.rsvno = b.rsvno
        left join nationalities n on n.id = m.nationality_id
        left join booking_rentals r on r.rsvno = b.rsvno and r.seq = m.seq
        left join resellers rs on rs.id = b.reseller_id
      where ${manifestWhere(scope)}
      order by bo.opcd, bo.start_time, bo.rsvno, m.seq
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`),
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

export interface ManifestCounts {
  options: {
    opcd: string;
    webname: string;
    rentalcd: string;
    extended_fields: string[];
    bookings: number;
    participants: number;
    /** Per start time, for an option sold at start times (none for a whole-day option). */
    departures: { startTime: string; endTime: string; bookings: number; participants: number }[];
  }[];
  /** The day's bookings, participants (each once, whatever their options) and lines, over all options. */
  bookings: number;
  participants: number;
  lines: number;
}

/**
 * The manifest's counts over all its pages, per option in the manifest's order (code) and per departure (start
 * time) of it, in one statement.
 */
export async function manifestCounts(db: DbOrTx, scope: ManifestScope): Promise<ManifestCounts> {
  const rows = rowsOf<{
    opcd: string | null;
    start_time: string | null;
    end_time: string | null;
    webname: string | null;
    rentalcd: string | null;
    extended_fields: unknown;
    bookings: number;
    participants: number;
    lines: number;
  }>(
    await db.execute(sql`select bo.opcd, bo.start_time, max(bo.end_time) as end_time, min(o.webname) as webname,
        min(o.rentalcd) as rentalcd,
        (array_agg(o.extended_fields))[1] as extended_fields,
        count(distinct b.rsvno)::int as bookings, count(distinct (b.rsvno, m.seq))::int as participants,
        count(*)::int as lines
      from booking_options bo
        join bookings b on b.rsvno = bo.rsvno
        join options o on o.opcd = bo.opcd
        join booking_members m on m.rsvno = b.rsvno
      where ${manifestWhere(scope)}
      group by grouping sets ((bo.opcd), (bo.opcd, bo.start_time), ())
      order by bo.opcd is null, bo.opcd, bo.start_time nulls first`),
  );
  const day = rows.find((r) => r.opcd === null);
  const times = rows.filter((r) => r.opcd !== null && r.start_time !== null && r.start_time !== '');
  return {
    options: rows
      .filter((r) => r.opcd !== null && r.start_time === null)
      .map((r) => ({
        opcd: r.opcd ?? '',
        webname: r.webname ?? '',
        rentalcd: r.rentalcd ?? '',
        extended_fields: Array.isArray(r.extended_fields) ? (r.extended_fields as string[]) : [],
        bookings: Number(r.bookings),
        participants: Number(r.participants),
        departures: times
          .filter((d) => d.opcd === r.opcd)
          .map((d) => ({
            startTime: d.start_time ?? '',
            endTime: d.end_time ?? '',
            bookings: Number(d.bookings),
            participants: Number(d.participants),
          })),
      })),
    bookings: Number(day?.bookings ?? 0),
    participants: Number(day?.participants ?? 0),
    lines: Number(day?.lines ?? 0),
  };
}
