/** The one repository of the booking lifecycle (ADR 0100): bookings, their lines, members, rentals and events. */
import { AGE_CLASSES, type AgeClass } from '@tabi/contract/constants';
import { inLang, OPTION_TEXT_FIELDS, type OptionTextField } from '@tabi/contract/content';
import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { and, asc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, executePrepared } from '../../db/client.ts';
import { insertJsonRows, pickColumns } from '../../db/columns.ts';
import {
  type ActorKind,
  type BookingEventRow,
  type BookingRow,
  bookingEvents,
  bookingMembers,
  bookingOptions,
  bookingRentals,
  bookings,
  type DepartureRow,
  type NewBooking,
  type NewBookingEvent,
  type NewBookingOption,
  type NewMember,
  type NewRental,
  type NewUnpaidHold,
  nationalities,
  type OptionRow,
  options,
  unpaidHolds,
} from '../../db/schema.ts';
import { translatedText } from '../../db/translated.ts';
import { type SeatLine, type TakeAnswer, takeAnswerOf, takeSeatsSql } from '../departures/repository.ts';
import {
  isResourceFull,
  type RentalSizeGone,
  rentalSizeGone,
  SHARING,
  takeResourcesSql,
  touchSharing,
} from '../resources/take.ts';
import type { UnpaidHolder } from './holders.ts';
import { stateLiteral } from './state-sql.ts';

export type {
  BookingEventRow,
  BookingRow,
  DepartureRow,
  NewBooking,
  NewBookingEvent,
  NewBookingOption,
  NewMember,
  NewRental,
  OptionRow,
  OutboxRow,
} from '../../db/schema.ts';
export {
  type DayPrices,
  giveBackSeats,
  hasStartTimes,
  type SeatLine,
  type TakeAnswer,
  takeSeats,
  takeSeatsOrSayWhy,
} from '../departures/repository.ts';

/**
 * The reads of every booking, built once per database handle and prepared: a named statement is parsed
 * once per connection, and nothing is built again for the next booking.
 */
function prepareBookingReads(db: DbOrTx) {
  const ids = sql.placeholder('ids');
  return {
    option: db
      .select()
      .from(options)
      .where(eq(options.opcd, sql.placeholder('opcd')))
      .prepare('booking_option'),
    /** The option and which of the nationalities typed exist, in one round trip. */
    optionAndNationalities: db
      .select({
        option: options,
        known: sql<number[] | null>`(select array_agg(${nationalities.id}) from ${nationalities}
          where ${nationalities.id} = any(${ids}::int[]))`,
      })
      .from(options)
      .where(eq(options.opcd, sql.placeholder('opcd')))
      .prepare('booking_option_nationalities'),
    nationalities: db
      .select({ id: nationalities.id })
      .from(nationalities)
      .where(sql`${nationalities.id} = any(${ids}::int[])`)
      .prepare('booking_nationalities'),
  };
}

const bookingReads = new WeakMap<DbOrTx, ReturnType<typeof prepareBookingReads>>();

function readsOf(db: DbOrTx): ReturnType<typeof prepareBookingReads> {
  const reads = bookingReads.get(db) ?? prepareBookingReads(db);
  bookingReads.set(db, reads);
  return reads;
}

export async function findOption(db: DbOrTx, opcd: string): Promise<OptionRow | undefined> {
  const [row] = await readsOf(db).option.execute({ opcd });
  return row;
}

/** A booking's first read: its option (undefined when there is none) and which of `ids` are known nationalities. */
export async function findOptionAndNationalities(
  db: DbOrTx,
  opcd: string,
  ids: number[],
): Promise<{ option: OptionRow | undefined; known: Set<number> }> {
  const [row] = await readsOf(db).optionAndNationalities.execute({ opcd, ids });
  return { option: row?.option, known: new Set((row?.known ?? []).map(Number)) };
}

export async function existingNationalities(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await readsOf(db).nationalities.execute({ ids });
  return new Set(rows.map((r) => r.id));
}

/** Which of the day's unit prices each age class pays; a booking's line copies them (the same names in both tables). */
export const UNIT_PRICE_OF = {
  adult: 'adultbaika',
  middle: 'middlebaika',
  child: 'childbaika',
  infant: 'infantbaika',
} as const satisfies Record<AgeClass, keyof DepartureRow>;
export const UNIT_PRICE_COLUMNS = AGE_CLASSES.map((c) => UNIT_PRICE_OF[c]);
export type UnitPrices = Pick<DepartureRow, (typeof UNIT_PRICE_OF)[AgeClass]>;
/** The unit prices of a day's row, as a booking's line copies them. */
export function unitPricesOf(day: UnitPrices): UnitPrices {
  return Object.fromEntries(UNIT_PRICE_COLUMNS.map((c) => [c, day[c]])) as UnitPrices;
}
/** A line before the day it is taken on gives its unit prices. */
export type LineWithoutPrices = Omit<NewBookingOption, keyof UnitPrices>;

/** The cap on unpaid seats a new card booking must stay within, per holder (ADR 0172). */
export interface UnpaidSeatsCap {
  /** In the order they are checked: the first one over is the one answered. */
  holders: readonly UnpaidHolder[];
  /** The booking's seats on the line. */
  seats: number;
  /** Holds made at or after this instant still count (the unpaid hour). */
  since: Date;
}

/** A new booking's rows: the booking, its line, travellers, rentals, created event and unpaid holds. */
export interface NewBookingRows<Line = NewBookingOption> {
  booking: NewBooking;
  line: Line;
  members: NewMember[];
  rentals: NewRental[];
  event: NewBookingEvent;
  /** The seats it holds unpaid, per holder (an unpaid card booking only). */
  holds?: NewUnpaidHold[];
}

/**
 * The CTEs that write a new booking with its line, members, rentals, created event and holds (one round
 * trip instead of four or five). After `taken` ({@link takeSeatsSql}) in the same statement, they write only when it
 * took the seats, and the line's unit prices are the day's it took them at.
 *
 * With `cap`, each holder's unpaid seats on the line are summed first, by `unpaid_seats_within_caps` (migration
 * 0031, ADR 0189), which raises when one would go over and so undoes the whole statement ({@link overCapOf}). The
 * day's stock row is locked by then (by `taken`, or by the caller, ADR 0172), and the function reads with a snapshot
 * of its own, taken after that lock: it sees the holds of every booking that held the lock before.
 */
function newBookingCtes(
  rows: NewBookingRows<LineWithoutPrices>,
  cap: UnpaidSeatsCap | undefined,
  afterTaken: boolean,
): SQL[] {
  // The travellers carry the booking's reception time (ADR 0179); the trigger that reads it could not see the
  // booking written by the same statement.
  const members = rows.members.map((m) => ({ ...m, rsvdate: rows.booking.rsvdate }));
  const parts: SQL[] = [];
  let onlyIf = afterTaken ? sql`exists (select 1 from taken)` : undefined;
  if (cap && cap.holders.length > 0) {
    parts.push(
      sql`within_caps as (select unpaid_seats_within_caps(${sql.param(cap.holders.map((h) => h.key))}::text[],
        ${sql.param(cap.holders.map((h) => h.cap))}::int[], ${rows.line.opcd}::text, ${rows.line.usedate}::date,
        ${cap.since}::timestamptz, ${cap.seats}::int) as ok${afterTaken ? sql` from taken` : sql``})`,
    );
    onlyIf = sql`exists (select 1 from within_caps)`;
  }
  // Each table's rows as one JSON parameter: the text is the same for every booking of a shape.
  // The line copies the departure's unit prices and end as it took its seats.
  const prices = afterTaken ? { relation: 'taken', columns: [...UNIT_PRICE_COLUMNS, 'endTime' as const] } : undefined;
  parts.push(
    sql`b as (${insertJsonRows(bookings, [rows.booking], onlyIf)})`,
    sql`o as (${insertJsonRows(bookingOptions, [rows.line], onlyIf, prices)})`,
    sql`e as (${insertJsonRows(bookingEvents, [rows.event], onlyIf)})`,
  );
  if (members.length > 0) parts.push(sql`m as (${insertJsonRows(bookingMembers, members, onlyIf)})`);
  if (rows.rentals.length > 0) parts.push(sql`r as (${insertJsonRows(bookingRentals, rows.rentals, onlyIf)})`);
  if (rows.holds?.length) parts.push(sql`h as (${insertJsonRows(unpaidHolds, rows.holds, onlyIf)})`);
  parts.push(sql`res as (${takeResourcesSql(rows.booking.rsvno, rows.line, rows.rentals, onlyIf)})`);
  return parts;
}

/** The cap `unpaid_seats_within_caps` raised (SQLSTATE TB429, the cap as its detail), or null for any other error. */
function overCapOf(error: unknown): number | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: string; detail?: string };
    if (pgError.code === 'TB429') return Number(pgError.detail);
  }
  return null;
}

/**
 * A new booking in one statement ({@link newBookingCtes}), its seats already taken or locked by the caller's
 * transaction (a キャンセル待ち offer, a reseller's hold). The number is drawn by the caller: when it is taken the
 * statement fails with {@link isBookingNumberTaken} and the caller's transaction starts over with another.
 */
export async function insertNewBooking(
  db: DbOrTx,
  rows: NewBookingRows,
  cap?: UnpaidSeatsCap,
): Promise<{ overCap: number | null; resourceFull?: true; sizeGone?: RentalSizeGone }> {
  // Every data-modifying CTE runs whether or not the main query reads it.
  try {
    touchSharing(
      await executePrepared(db, sql`with ${sql.join(newBookingCtes(rows, cap, false), sql`, `)} select ${SHARING}`),
    );
  } catch (error) {
    if (isResourceFull(error)) return { overCap: null, resourceFull: true };
    const sizeGone = rentalSizeGone(error);
    if (sizeGone) return { overCap: null, sizeGone };
    const overCap = overCapOf(error);
    if (overCap === null) throw error;
    return { overCap };
  }
  return { overCap: null };
}

/**
 * Takes the line's seats and writes the new booking in one statement (ADR 0189): outside a transaction it
 * is one round trip, `begin` and `commit` included. The seats are taken only when `priceIs` holds on the day's row
 * (the amount the customer was shown), and the line copies that row's unit prices. Answers as
 * {@link takeSeatsOrSayWhy} does, or the holder's cap when the booking would go over it, or that a resource it needs
 * is full (ADR 0209; nothing is written then).
 */
export async function takeSeatsAndInsertBooking(
  db: DbOrTx,
  take: { line: SeatLine; priceIs: SQL },
  rows: NewBookingRows<LineWithoutPrices>,
  cap?: UnpaidSeatsCap,
): Promise<TakeAnswer | { overCap: number } | { resourceFull: true } | { sizeGone: RentalSizeGone }> {
  const { taken, answer } = takeSeatsSql(take.line, take.priceIs);
  try {
    const parts = [taken, ...newBookingCtes(rows, cap, true)];
    const result = await executePrepared(
      db,
      sql`with ${sql.join(parts, sql`, `)} select a.*, ${SHARING} from (${answer}) a`,
    );
    touchSharing(result);
    return takeAnswerOf(take.line, result);
  } catch (error) {
    if (isResourceFull(error)) return { resourceFull: true };
    const sizeGone = rentalSizeGone(error);
    if (sizeGone) return { sizeGone };
    const overCap = overCapOf(error);
    if (overCap === null) throw error;
    return { overCap };
  }
}

/**
 * The keys that hold a new booking's number. The insert writes every table in one statement, and whichever of them
 * meets the number first refuses it: not always bookings (the bookings bench met the travellers' key first, and
 * answered 500 for a number drawn twice).
 */
const BOOKING_NUMBER_KEYS = [
  'bookings_pkey',
  'booking_members_rsvno_seq_pk',
  'booking_rentals_rsvno_seq_pk',
  'unpaid_holds_holder_opcd_usedate_rsvno_pk',
];

/** The booking number was drawn twice: a key of the new booking's rows refused it. */
export function isBookingNumberTaken(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: string; constraint?: string };
    if (pgError.code === '23505') {
      return BOOKING_NUMBER_KEYS.some((key) => pgError.constraint === key || e.message.includes(key));
    }
  }
  return false;
}

export async function findBooking(db: DbOrTx, rsvno: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  return row;
}

/**
 * Locks the booking row until the transaction ends: every transition starts here, so they run one after the other.
 * FOR NO KEY UPDATE, since no transition changes the booking number: rows that only refer to the booking (an event,
 * a 催行中止's item) are written beside the lock instead of waiting for it, so a stop that holds a day's stock rows
 * and writes its items never waits on a cancellation that holds the booking and waits for those rows.
 */
export async function lockBooking(db: DbOrTx, rsvno: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.rsvno, rsvno)).for('no key update');
  return row;
}

/** How many coupons of the booking were used at facilities (adults and children, every line). */
export async function couponsUsed(db: DbOrTx, rsvno: string): Promise<number> {
  const [row] = await db
    .select({
      used: sql<number>`coalesce(sum(${bookingOptions.couponAdultUsed} + ${bookingOptions.couponChildUsed}), 0)::int`,
    })
    .from(bookingOptions)
    .where(eq(bookingOptions.rsvno, rsvno));
  return Number(row?.used ?? 0);
}

/** The booking's seat lines in one fixed order (option, day), so that concurrent movers never deadlock. */
export async function seatLines(db: DbOrTx, rsvno: string): Promise<SeatLine[]> {
  return db
    .select({
      opcd: bookingOptions.opcd,
      usedate: bookingOptions.usedate,
      startTime: bookingOptions.startTime,
      seats: bookingOptions.seats,
    })
    .from(bookingOptions)
    .where(eq(bookingOptions.rsvno, rsvno))
    .orderBy(asc(bookingOptions.opcd), asc(bookingOptions.usedate), asc(bookingOptions.startTime));
}

export async function updateBooking(db: DbOrTx, rsvno: string, patch: Partial<NewBooking>): Promise<void> {
  await db.update(bookings).set(patch).where(eq(bookings.rsvno, rsvno));
}

/** Cancellations claimed before `before` and not final, claimed for this worker (SKIP LOCKED). */
export async function claimPendingCancellations(
  db: DbOrTx,
  before: Date,
  limit: number,
  rsvno?: string,
): Promise<BookingRow[]> {
  const pending = and(
    sql`${bookings.state} = ${stateLiteral('cancelling')}`,
    lt(bookings.canceledAt, before),
    rsvno ? eq(bookings.rsvno, rsvno) : undefined,
  );
  return oldestBookings(db, pending, bookings.canceledAt, limit);
}

// --- members, lines and rentals as my page and the console show them ---

const MEMBER_COLUMNS = ['seq', 'sei', 'mei', 'birthday', 'sex', 'ageclass', 'nationalityId', 'extended'] as const;

/** The travellers, their nationality named in `lang` (Japanese for the console, mails and receipts). */
export async function findMembers(db: DbOrTx, rsvno: string, lang: Lang = DEFAULT_LANG) {
  return db
    .select({
      ...pickColumns(bookingMembers, MEMBER_COLUMNS),
      nationalityNm: translatedText(nationalities.nationalityNm, nationalities.translations, 'nationalityNm', lang),
    })
    .from(bookingMembers)
    .leftJoin(nationalities, eq(nationalities.id, bookingMembers.nationalityId))
    .where(eq(bookingMembers.rsvno, rsvno))
    .orderBy(asc(bookingMembers.seq));
}
export type MemberRow = Awaited<ReturnType<typeof findMembers>>[number];

/** What my page and the console show of each option booked. */
const OPTION_FACTS = [
  'webname',
  'contents',
  'cancelNote',
  'companyname',
  'hours',
  'address',
  'tel',
  'lat',
  'lon',
  'meetpoint',
  'serviceno',
  'departurePoint',
  'departureTime',
  'arrivalPoint',
  'arrivalTime',
  'exCd',
  'exIssueMethod',
  'rentalcd',
] as const;

/**
 * The options booked, their texts in `lang` where written (my page in the page's language, mails in the
 * booking's); `meetpointJa` is the Japanese meeting point, which the booking keeps a copy of.
 */
/** A booking's lines as stored, in their order. */
export async function bookingLines(db: DbOrTx, rsvno: string): Promise<BookingLineRow[]> {
  return db.select().from(bookingOptions).where(eq(bookingOptions.rsvno, rsvno)).orderBy(asc(bookingOptions.id));
}
export type BookingLineRow = typeof bookingOptions.$inferSelect;

export async function findBookingOptions(db: DbOrTx, rsvno: string, lang: Lang = DEFAULT_LANG) {
  const rows = await db
    .select({
      line: bookingOptions,
      option: pickColumns(options, OPTION_FACTS),
      translations: options.translations,
    })
    .from(bookingOptions)
    .innerJoin(options, eq(options.opcd, bookingOptions.opcd))
    .where(eq(bookingOptions.rsvno, rsvno))
    .orderBy(asc(bookingOptions.id));
  return rows.map(({ line, option, translations }) => ({
    line,
    option: inLang(option, translations, lang, TRANSLATED_FACTS),
    meetpointJa: option.meetpoint,
  }));
}

const isOptionFact = (field: OptionTextField): field is OptionTextField & (typeof OPTION_FACTS)[number] =>
  (OPTION_FACTS as readonly string[]).includes(field);
/** The facts above that have translations, worked out once rather than on every booking read. */
const TRANSLATED_FACTS = OPTION_TEXT_FIELDS.filter(isOptionFact);
export type BookingOptionRow = Awaited<ReturnType<typeof findBookingOptions>>[number];

export async function findRentals(db: DbOrTx, rsvno: string) {
  return db.select().from(bookingRentals).where(eq(bookingRentals.rsvno, rsvno)).orderBy(asc(bookingRentals.seq));
}
export type RentalRow = Awaited<ReturnType<typeof findRentals>>[number];

export async function replaceMembers(tx: DbOrTx, rsvno: string, rows: NewMember[]): Promise<void> {
  await tx.delete(bookingMembers).where(eq(bookingMembers.rsvno, rsvno));
  if (rows.length > 0) await tx.insert(bookingMembers).values(rows);
}

export async function replaceRentals(
  tx: DbOrTx,
  rsvno: string,
  rows: { seq: number; model: string; bootsSize: string; wearSize: string }[],
): Promise<void> {
  await tx.delete(bookingRentals).where(eq(bookingRentals.rsvno, rsvno));
  if (rows.length > 0) await tx.insert(bookingRentals).values(rows.map((r) => ({ rsvno, ...r })));
}

// --- the booking's history ---

export async function insertEvent(db: DbOrTx, row: NewBookingEvent): Promise<void> {
  await db.insert(bookingEvents).values(row);
}

export async function findEvents(db: DbOrTx, rsvno: string): Promise<BookingEventRow[]> {
  return db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, rsvno)).orderBy(asc(bookingEvents.id));
}

export type { ActorKind };

/** Card bookings still unpaid whose grace ran out; SKIP LOCKED lets every instance sweep at once. */
export async function claimUnpaidCardBookings(
  db: DbOrTx,
  receivedBefore: Date,
  limit: number,
  lock = true,
): Promise<BookingRow[]> {
  const unpaid = and(sql`${bookings.state} = ${stateLiteral('held')}`, lt(bookings.rsvdate, receivedBefore));
  return oldestBookings(db, unpaid, bookings.rsvdate, limit, lock);
}

/** Confirmed requests, resellers' holds and konbini slips whose payment deadline has passed without payment. */
export async function claimLapsedRequests(db: DbOrTx, now: Date, limit: number, lock = true): Promise<BookingRow[]> {
  const lapsed = and(
    sql`${bookings.state} in (${stateLiteral('offered')}, ${stateLiteral('reserved')}, ${stateLiteral('awaiting')})`,
    lt(bookings.paymentDeadline, now),
  );
  return oldestBookings(db, lapsed, bookings.paymentDeadline, limit, lock);
}

/**
 * The first `limit` bookings `where` picks, the oldest `by` first, for a sweep: locked for this worker with
 * SKIP LOCKED (every instance may sweep at once), or only looked at when `lock` is false.
 */
function oldestBookings(db: DbOrTx, where: SQL | undefined, by: AnyPgColumn, limit: number, lock = true) {
  const query = db.select().from(bookings).where(where).orderBy(asc(by)).limit(limit);
  return lock ? query.for('update', { skipLocked: true }) : query;
}
