/** The OCTO module's reads, and the only writes of `octo_bookings` (ADR 0170). */
import { FALLBACK_LANG } from '@tabi/contract/content';
import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { and, asc, eq, getTableName, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import {
  bookingOptions,
  bookings,
  departures,
  type NewBooking,
  type OctoBookingRow,
  octoBookings,
  options,
} from '../../db/schema.ts';
import { bookingIs } from '../booking/state-sql.ts';
import { seatsLeftSql } from '../departures/repository.ts';
import type { OctoBookingFacts, OctoDay, OctoOptionFacts } from './mapping.ts';

export interface SellableOption extends OctoOptionFacts {
  useFrom: string;
  useTo: string;
}

/**
 * What a reseller may sell: published, bookable by card on our site (a coupon is not booked, a リクエスト商品 waits for
 * the operator's answer and is not offered through OCTO: ADR 0170). Anything else is unknown to OCTO.
 */
const sellable = and(eq(options.published, true), eq(options.isCoupon, false), eq(options.flgRequestItem, false));

const OPTION_COLUMNS = {
  opcd: options.opcd,
  webname: options.webname,
  hours: options.hours,
  min_people: options.minPeople,
  max_people: options.maxPeople,
  cancel_policy: options.cancelPolicy,
  adult_age_min: options.adultAgeMin,
  adult_age_max: options.adultAgeMax,
  middle_age_min: options.middleAgeMin,
  middle_age_max: options.middleAgeMax,
  child_age_min: options.childAgeMin,
  child_age_max: options.childAgeMax,
  infant_age_min: options.infantAgeMin,
  infant_age_max: options.infantAgeMax,
  useFrom: options.useFrom,
  useTo: options.useTo,
  sales_cutoff_days_before: options.salesCutoffDaysBefore,
  sales_cutoff_time: options.salesCutoffTime,
  // Timed when it has a departure at a start time (ADR 0196), as the catalog's OptionDetail.timed reads it. The
  // option's column is named with its table: a select from one table writes its own columns unqualified.
  timed: sql<boolean>`exists (select 1 from ${departures} d
    where d.opcd = ${sql.identifier(getTableName(options))}.opcd and d.start_time <> '')`,
};

export async function findSellableOption(db: DbOrTx, opcd: string): Promise<SellableOption | undefined> {
  const [row] = await db
    .select(OPTION_COLUMNS)
    .from(options)
    .where(and(eq(options.opcd, opcd), sellable));
  return row;
}

/** An option whatever its state now: a booking made while it was sold still shows it. */
export async function findAnyOption(db: DbOrTx, opcd: string): Promise<SellableOption | undefined> {
  const [row] = await db.select(OPTION_COLUMNS).from(options).where(eq(options.opcd, opcd));
  return row;
}

export async function listSellableOptions(db: DbOrTx): Promise<SellableOption[]> {
  return db.select(OPTION_COLUMNS).from(options).where(sellable).orderBy(asc(options.sort), asc(options.opcd));
}

/**
 * The language each option's title is read in by a call in `lang` (ADR 0207): its translation in `lang`, else the
 * English one, else the Japanese, an empty or blank translation being none, as the catalog's `inLang` picks it.
 */
export async function titleLangsOf(db: DbOrTx, opcds: string[], lang: Lang): Promise<Map<string, Lang>> {
  if (lang === DEFAULT_LANG || opcds.length === 0) return new Map(opcds.map((opcd) => [opcd, DEFAULT_LANG]));
  const rows = await db
    .select({
      opcd: options.opcd,
      own: sql<string | null>`${options.translations} -> ${lang}::text ->> 'webname'`,
      english: sql<string | null>`${options.translations} -> ${FALLBACK_LANG}::text ->> 'webname'`,
    })
    .from(options)
    .where(inArray(options.opcd, opcds));
  const written = (text: string | null) => text !== null && text.trim() !== '';
  return new Map(
    rows.map((r) => [r.opcd, written(r.own) ? lang : written(r.english) ? FALLBACK_LANG : DEFAULT_LANG] as const),
  );
}

/**
 * The option's departures from `from` to `to` (YYYY-MM-DD) of one kind, in day and time order: its timed ones
 * (`timed`) or its whole days. Each comes with the seats held on it (every booking line not canceled, and every
 * キャンセル待ち entry waiting or offered, took its seats from that departure's row: left + held is its capacity, ADR
 * 0167's invariant kept per departure by ADR 0196) and whether the company stopped it (催行中止 of its day, or of the departure alone).
 */
export async function departuresOf(
  db: DbOrTx,
  opcd: string,
  from: string,
  to: string,
  timed: boolean,
): Promise<OctoDay[]> {
  const kind = timed ? sql`s.start_time <> ''` : sql`s.start_time = ''`;
  return readDepartures(db, sql`s.opcd = ${opcd} and s.usedate between ${from}::date and ${to}::date and ${kind}`);
}

/** One departure (a day's all-day one when `startTime` is ''), or undefined when the option has no such row. */
export async function departureOf(
  db: DbOrTx,
  opcd: string,
  usedate: string,
  startTime: string,
): Promise<OctoDay | undefined> {
  const [row] = await readDepartures(
    db,
    sql`s.opcd = ${opcd} and s.usedate = ${usedate}::date and s.start_time = ${startTime}`,
  );
  return row;
}

async function readDepartures(db: DbOrTx, where: SQL): Promise<OctoDay[]> {
  const rows = rowsOf<Omit<OctoDay, 'held' | 'stopped'> & { held: number | string; stopped: boolean | string }>(
    await db.execute(sql`
      select to_char(s.usedate, 'YYYY-MM-DD') as usedate, s.start_time as "startTime", s.end_time as "endTime",
        ${seatsLeftSql('s')} as zaikozan, s.adultbaika, s.middlebaika, s.childbaika, s.infantbaika,
        coalesce((select sum(bo.seats) from booking_options bo join bookings b on b.rsvno = bo.rsvno
          where bo.opcd = s.opcd and bo.usedate = s.usedate and bo.start_time = s.start_time
            and ${bookingIs.notCanceled}), 0)
        + coalesce((select sum(w.held) from waitlist_entries w
          where w.opcd = s.opcd and w.usedate = s.usedate and w.start_time = s.start_time
            and w.state in ('waiting', 'offered')), 0)
        -- Seats a shared resource has no room for (ADR 0209) are out of reach as held ones are: the capacity stays.
        + (s.zaikozan - ${seatsLeftSql('s')}) as held,
        (exists (select 1 from day_stop_days d where d.opcd = s.opcd and d.usedate = s.usedate)
          or exists (select 1 from day_stop_departures d
            where d.opcd = s.opcd and d.usedate = s.usedate and d.start_time = s.start_time)) as stopped
      from departures s
      where ${where}
      order by s.usedate, s.start_time`),
  );
  return rows.map((r) => ({
    ...r,
    stopped: r.stopped === true || r.stopped === 't',
    zaikozan: Number(r.zaikozan),
    held: Number(r.held),
    adultbaika: Number(r.adultbaika),
    middlebaika: Number(r.middlebaika),
    childbaika: Number(r.childbaika),
    infantbaika: Number(r.infantbaika),
  }));
}

/**
 * Each timed option's start times (`HH:MM`, sorted) among its departures from `today` on; an option with none left
 * gives those of all its departures, so that a timed product always names its times (OCTO asks for at least one).
 */
export async function startTimesOf(db: DbOrTx, opcds: string[], today: string): Promise<Map<string, string[]>> {
  if (opcds.length === 0) return new Map();
  const rows = rowsOf<{ opcd: string; start_time: string; ahead: boolean | string }>(
    await db.execute(sql`select s.opcd, s.start_time, bool_or(s.usedate >= ${today}::date) as ahead
      from departures s
      where s.opcd in (${sql.join(
        opcds.map((o) => sql`${o}`),
        sql`, `,
      )}) and s.start_time <> ''
      group by s.opcd, s.start_time
      order by s.opcd, s.start_time`),
  );
  const all = new Map<string, { ahead: string[]; any: string[] }>();
  for (const r of rows) {
    const times = all.get(r.opcd) ?? { ahead: [], any: [] };
    times.any.push(r.start_time);
    if (r.ahead === true || r.ahead === 't') times.ahead.push(r.start_time);
    all.set(r.opcd, times);
  }
  return new Map([...all].map(([opcd, t]) => [opcd, t.ahead.length > 0 ? t.ahead : t.any]));
}

/** Each option's lowest price per age class over its days still for sale (octo/pricing's `pricingFrom`). */
export async function lowestPrices(db: DbOrTx, opcds: string[], today: string): Promise<Map<string, OctoDay>> {
  if (opcds.length === 0) return new Map();
  const rows = rowsOf<{ opcd: string; a: number; m: number; c: number; i: number }>(
    await db.execute(sql`select s.opcd, min(s.adultbaika) as a, min(s.middlebaika) as m, min(s.childbaika) as c,
        min(s.infantbaika) as i
      from departures s join options o on o.opcd = s.opcd
      where s.opcd in (${sql.join(
        opcds.map((o) => sql`${o}`),
        sql`, `,
      )}) and s.usedate >= ${today}::date and s.usedate between o.use_from and o.use_to and ${seatsLeftSql('s')} > 0
      group by s.opcd`),
  );
  return new Map(
    rows.map((r) => [
      r.opcd,
      {
        usedate: today,
        startTime: '',
        endTime: '',
        zaikozan: 0,
        held: 0,
        stopped: false,
        adultbaika: Number(r.a),
        middlebaika: Number(r.m),
        childbaika: Number(r.c),
        infantbaika: Number(r.i),
      },
    ]),
  );
}

// --- bookings ---

const FACT_COLUMNS = {
  rsvno: bookings.rsvno,
  state: bookings.state,
  statusPayment: bookings.statusPayment,
  paymentDeadline: bookings.paymentDeadline,
  canceledAt: bookings.canceledAt,
  cancelReason: bookings.cancelReason,
  cancelFee: bookings.cancelFee,
  refundAmount: bookings.refundAmount,
  amountjp: bookings.amountjp,
  netAmount: bookings.netAmount,
  commissionBp: bookings.commissionBp,
  rsvdate: bookings.rsvdate,
  fromdate: bookings.fromdate,
  startTime: bookingOptions.startTime,
  endTime: bookingOptions.endTime,
  uuid: octoBookings.uuid,
  resellerReference: octoBookings.resellerReference,
  contact: octoBookings.contact,
  notes: octoBookings.notes,
  unitItems: octoBookings.unitItems,
  updatedAt: octoBookings.updatedAt,
  confirmedAt: octoBookings.confirmedAt,
  cancellationReason: octoBookings.cancellationReason,
  opcd: bookingOptions.opcd,
  adultbaika: bookingOptions.adultbaika,
  middlebaika: bookingOptions.middlebaika,
  childbaika: bookingOptions.childbaika,
  infantbaika: bookingOptions.infantbaika,
  // Each traveller's arrival at the door (ADR 0215), by its place in the party: OCTO's utcRedeemedAt.
  redemptions: sql<
    { seq: number; at: string }[]
  >`(select coalesce(json_agg(json_build_object('seq', ci.seq, 'at', ci.at)),
    '[]'::json) from check_ins ci where ci.rsvno = ${bookings.rsvno} and ci.kind = 'arrived' and ci.undone_at is null)`,
};

/** A reseller's bookings that `where` picks: never another reseller's (every read is scoped by the key's reseller). */
async function selectFacts(
  db: DbOrTx,
  resellerId: number,
  where: SQL | undefined,
  limit: number,
): Promise<OctoBookingFacts[]> {
  const rows = await db
    .select(FACT_COLUMNS)
    .from(octoBookings)
    .innerJoin(bookings, eq(bookings.rsvno, octoBookings.rsvno))
    .innerJoin(bookingOptions, eq(bookingOptions.rsvno, octoBookings.rsvno))
    .where(and(eq(octoBookings.resellerId, resellerId), where))
    .orderBy(asc(bookings.rsvdate))
    .limit(limit);
  return rows.map(({ adultbaika, middlebaika, childbaika, infantbaika, redemptions, ...rest }) => ({
    ...rest,
    redeemed: new Map(redemptions.map((r) => [Number(r.seq), new Date(r.at)])),
    prices: { adultbaika, middlebaika, childbaika, infantbaika },
  }));
}

export async function findByUuid(db: DbOrTx, resellerId: number, uuid: string): Promise<OctoBookingFacts | undefined> {
  const [row] = await selectFacts(db, resellerId, eq(octoBookings.uuid, uuid), 1);
  return row;
}

export async function findByReference(
  db: DbOrTx,
  resellerId: number,
  reference: string,
): Promise<OctoBookingFacts | undefined> {
  const [row] = await selectFacts(db, resellerId, eq(octoBookings.resellerReference, reference), 1);
  return row;
}

export interface BookingFilter {
  resellerReference?: string;
  supplierReference?: string;
  localDateStart?: string;
  localDateEnd?: string;
  productId?: string;
}

/** GET /bookings: at most `limit` bookings of the reseller, oldest first. */
export async function listBookings(
  db: DbOrTx,
  resellerId: number,
  filter: BookingFilter,
  limit: number,
): Promise<OctoBookingFacts[]> {
  const where = and(
    filter.resellerReference ? eq(octoBookings.resellerReference, filter.resellerReference) : undefined,
    filter.supplierReference ? eq(octoBookings.rsvno, filter.supplierReference) : undefined,
    filter.localDateStart ? gte(bookingOptions.usedate, filter.localDateStart) : undefined,
    filter.localDateEnd ? lte(bookingOptions.usedate, filter.localDateEnd) : undefined,
    filter.productId ? eq(bookingOptions.opcd, filter.productId) : undefined,
  );
  return selectFacts(db, resellerId, where, limit);
}

/** The OCTO row's rsvno for a uuid, for locking the booking before a change. */
export async function rsvnoOf(db: DbOrTx, resellerId: number, uuid: string): Promise<string | undefined> {
  const [row] = await db
    .select({ rsvno: octoBookings.rsvno })
    .from(octoBookings)
    .where(and(eq(octoBookings.resellerId, resellerId), eq(octoBookings.uuid, uuid)));
  return row?.rsvno;
}

export async function insertOctoBooking(db: DbOrTx, row: typeof octoBookings.$inferInsert): Promise<void> {
  await db.insert(octoBookings).values(row);
}

export async function updateOctoBooking(
  db: DbOrTx,
  rsvno: string,
  patch: Partial<Omit<OctoBookingRow, 'rsvno' | 'resellerId' | 'uuid'>>,
): Promise<void> {
  await db.update(octoBookings).set(patch).where(eq(octoBookings.rsvno, rsvno));
}

/** The reseller's reference already used by another of its bookings (the unique index would refuse it). */
export async function referenceTaken(
  db: DbOrTx,
  resellerId: number,
  reference: string,
  rsvno: string,
): Promise<boolean> {
  const [row] = await db
    .select({ rsvno: octoBookings.rsvno })
    .from(octoBookings)
    .where(
      and(
        eq(octoBookings.resellerId, resellerId),
        eq(octoBookings.resellerReference, reference),
        sql`${octoBookings.rsvno} <> ${rsvno}`,
      ),
    );
  return row !== undefined;
}

export type { NewBooking };
