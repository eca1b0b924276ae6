/** 予約一覧's search (DESIGN §11): the filters, the name and phone streams, the counts and the page of bookings. */
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { holdsSeats } from '../booking/state-sql.ts';

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
  /** A konbini slip waiting at the store (ADR 0213): its own label. */
  awaiting_konbini: boolean;
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

export const SELECT_BOOKING = sql`select b.rsvno, b.status, b.status_payment, b.flg_request_rsv, b.rsvdate,
  b.state = 'awaiting' as awaiting_konbini,
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
export function normalise(row: BookingRecord): BookingRecord {
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
export async function countUpTo(db: DbOrTx, matching: SQL, cap?: number): Promise<{ total: number; capped: boolean }> {
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

/** Provider calls the reconciler could not finish: refused or given up, or begun and retried this often. */
export function providerStuck(stuckAttempts: number): SQL {
  return sql`(pc.state = 'failed' or (pc.state = 'begun' and pc.attempts >= ${stuckAttempts}))`;
}
