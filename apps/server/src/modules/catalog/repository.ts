/** The catalog's only door to the database. Dates go in and come out as YYYY-MM-DD strings. */

import type { Lang } from '@tabi/contract/i18n';
import type { OptionSort } from '@tabi/contract/option-sort';
import type { SalesCutoff } from '@tabi/contract/sales-cutoff';
import { and, asc, between, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import {
  areas,
  bookingOptions,
  cities,
  type DepartureRow,
  departures,
  fromspots,
  keywords,
  nationalities,
  type OptionRow,
  options,
  regions,
} from '../../db/schema.ts';
import { translatedText } from '../../db/translated.ts';
import { seatsLeftSql } from '../departures/repository.ts';
import type { ImageRow } from '../media/pictures.ts';

export interface ListFilter {
  homencd?: string | undefined;
  areacd?: string | undefined;
  citycd?: string | undefined;
  fromspotcd?: string | undefined;
  /** YYYY-MM-DD: bookable that day. */
  usedate?: string | undefined;
  keycds: string[];
}

export interface KeywordRow {
  keycd: string;
  keyname: string;
}

export interface ListRow {
  opcd: string;
  webname: string;
  introduction: string;
  use_from: string;
  use_to: string;
  fromspotcd: string | null;
  fromspot: string | null;
  homen: string;
  area: string;
  city: string;
  flg_request_item: boolean;
  min_baika: number | null;
  max_baika: number | null;
  images: ImageRow[];
  keywords: KeywordRow[];
  timed: boolean;
}

/**
 * The first day of use option `o` still sells at `now` (ADR 0191), the SQL twin of the contract's `firstDayOnSale`:
 * a day D closes at (D − days before) + time, Tokyo wall clock, so D is closed while D ≤ (now − time)::date + days
 * before, and the first open day is the one after. Per row, so that a search can ask every option at once.
 */
function firstDayOnSaleSql(now: Date): SQL {
  return sql`(((${now.toISOString()}::timestamptz at time zone 'Asia/Tokyo') - o.sales_cutoff_time::interval)::date
    + o.sales_cutoff_days_before + 1)`;
}

/** Listed options: not coupon-only, use period not over, and every filter given. */
function listConditions(f: ListFilter, today: string, now: Date): SQL {
  const parts: SQL[] = [sql`o.published`, sql`not o.is_coupon`, sql`o.use_to >= ${today}::date`];
  if (f.homencd !== undefined) parts.push(sql`o.homencd = ${f.homencd}`);
  if (f.areacd !== undefined) parts.push(sql`o.areacd = ${f.areacd}`);
  if (f.citycd !== undefined) parts.push(sql`o.citycd = ${f.citycd}`);
  if (f.fromspotcd !== undefined) parts.push(sql`o.fromspotcd = ${f.fromspotcd}`);
  if (f.usedate !== undefined) {
    parts.push(sql`o.use_from <= ${f.usedate}::date and o.use_to >= ${f.usedate}::date`);
    // A day past its sales cutoff has no room, whatever its stock says: the calendar and the booking refuse it.
    parts.push(sql`${f.usedate}::date >= ${firstDayOnSaleSql(now)}`);
    parts.push(
      sql`exists (select 1 from departures s where s.opcd = o.opcd and s.usedate = ${f.usedate}::date and ${seatsLeftSql('s')} > 0)`,
    );
  }
  for (const keycd of f.keycds) {
    parts.push(sql`exists (select 1 from option_keywords k where k.opcd = o.opcd and k.keycd = ${keycd})`);
  }
  return sql.join(parts, sql` and `);
}

/** A column of a catalog row (`i.caption`) in `lang`: its translation where written, else the Japanese. */
const inLangSql = (alias: string, column: string, field: string, lang: Lang) =>
  translatedText(sql.raw(`${alias}.${column}`), sql.raw(`${alias}.translations`), field, lang);

const imagesJson = (opcd: SQL, lang: Lang) => sql`(select coalesce(json_agg(json_build_object('image', i.image,
  'caption', ${inLangSql('i', 'caption', 'caption', lang)}, 'alt', ${inLangSql('i', 'alt', 'alt', lang)},
  'media', i.media, 'widths', i.widths, 'width', i.width, 'height', i.height)
  order by i.seq), '[]'::json) from option_images i where i.opcd = ${opcd})`;
const keywordsJson = (
  opcd: SQL,
  lang: Lang,
) => sql`(select coalesce(json_agg(json_build_object('keycd', k.keycd, 'keyname', ${inLangSql('k', 'keyname', 'keyname', lang)})
  order by k.sort, k.keycd), '[]'::json) from option_keywords ok join keywords k on k.keycd = ok.keycd where ok.opcd = ${opcd})`;

/**
 * One page of the list in one round trip: the page's codes and the total are picked first, then only
 * those rows are joined with their names, images, keywords and price range from today on.
 */
/**
 * The page's order: SPEC's (the operator's sort) unless the visitor asked for price order, which
 * ranks by the lowest upcoming adult price, options without upcoming prices last.
 */
function listOrder(sort: OptionSort, prefix: SQL, priceKey: SQL) {
  if (sort === 'recommended') return sql`${prefix}.sort, ${prefix}.opcd`;
  const direction = sort === 'price_asc' ? sql`asc` : sql`desc`;
  return sql`${priceKey} ${direction} nulls last, ${prefix}.sort, ${prefix}.opcd`;
}

export async function listOptions(
  db: DbOrTx,
  filter: ListFilter,
  today: string,
  limit: number,
  offset: number,
  sort: OptionSort,
  lang: Lang,
  now: Date,
): Promise<{ rows: ListRow[]; total: number }> {
  const where = listConditions(filter, today, now);
  // The price lookup only joins in when the order needs it, so SPEC's default list costs what it did.
  // The option's kept lowest price when it was computed for today (one row), else its days read here.
  const priceKey =
    sort === 'recommended'
      ? sql`null::integer as price_key`
      : sql`coalesce(
          (select r.min_adult from option_price_ranges r where r.opcd = o.opcd and r.from_day = ${today}::date),
          (select min(s.adultbaika) from departures s where s.opcd = o.opcd and s.usedate >= ${today}::date)) as price_key`;
  const result = await db.execute(sql`
    with page as (
      select o.opcd, o.sort, ${priceKey}, count(*) over () as total
      from options o
      where ${where}
      order by ${listOrder(sort, sql`o`, sql`price_key`)}
      limit ${limit} offset ${offset}
    )
    select o.opcd, ${inLangSql('o', 'webname', 'webname', lang)} as webname,
      ${inLangSql('o', 'introduction', 'introduction', lang)} as introduction,
      to_char(o.use_from, 'YYYYMMDD') as use_from, to_char(o.use_to, 'YYYYMMDD') as use_to,
      o.fromspotcd, f.caption as fromspot, ${inLangSql('r', 'homennm', 'homennm', lang)} as homen,
      ${inLangSql('a', 'areanm', 'areanm', lang)} as area, ${inLangSql('c', 'citynm', 'citynm', lang)} as city,
      o.flg_request_item, page.total, p.min_baika, p.max_baika,
      ${imagesJson(sql`o.opcd`, lang)} as images,
      ${keywordsJson(sql`o.opcd`, lang)} as keywords
    from page
    join options o on o.opcd = page.opcd
    join regions r on r.homencd = o.homencd
    join areas a on a.areacd = o.areacd
    join cities c on c.citycd = o.citycd
    left join fromspots f on f.fromspotcd = o.fromspotcd
    left join lateral (
      select min(s.adultbaika) as min_baika, max(s.adultbaika) as max_baika
      from departures s where s.opcd = o.opcd and s.usedate >= ${today}::date
    ) p on true
    order by ${listOrder(sort, sql`page`, sql`page.price_key`)}`);
  const rows = rowsOf<ListRow & { total: string | number }>(result);
  if (rows.length > 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  if (offset === 0) return { rows: [], total: 0 };
  const counted = await db.execute(sql`select count(*) as total from options o where ${where}`);
  return { rows: [], total: Number(rowsOf<{ total: string | number }>(counted)[0]?.total ?? 0) };
}

/**
 * For a search whose use date has no room: the `limit` days nearest to it, from the first day on sale on, on which an
 * option matching the search's other conditions has a seat, in date order (YYYYMMDD). Each candidate option reads at
 * most `limit` days on either side of the searched day from the stock's primary key (opcd, usedate), so the cost
 * follows the number of options searched, not the length of their calendars.
 */
export async function nearestDaysWithRoom(
  db: DbOrTx,
  filter: Omit<ListFilter, 'usedate'>,
  usedate: string,
  today: string,
  now: Date,
  limit: number,
): Promise<string[]> {
  const where = listConditions(filter, today, now);
  const result = await db.execute(sql`
    with candidates as (
      select o.opcd, greatest(o.use_from, ${today}::date, ${firstDayOnSaleSql(now)}) as first_day, o.use_to
      from options o
      where ${where}
    ),
    days as (
      select distinct d.day
      from candidates c
      cross join lateral (
        (select s.usedate as day from departures s
          where s.opcd = c.opcd and s.usedate > ${usedate}::date and s.usedate >= c.first_day
            and s.usedate <= c.use_to and ${seatsLeftSql('s')} > 0
          order by s.usedate asc limit ${limit})
        union all
        (select s.usedate as day from departures s
          where s.opcd = c.opcd and s.usedate < ${usedate}::date and s.usedate >= c.first_day
            and s.usedate <= c.use_to and ${seatsLeftSql('s')} > 0
          order by s.usedate desc limit ${limit})
      ) d
    )
    select to_char(day, 'YYYYMMDD') as day from days
    order by abs(day - ${usedate}::date), day
    limit ${limit}`);
  return rowsOf<{ day: string }>(result)
    .map((r) => r.day)
    .sort();
}

export interface OptionCoreRow {
  option: OptionRow;
  homen: string;
  area: string;
  city: string;
  fromspot: string | null;
  images: ImageRow[];
  keywords: KeywordRow[];
  timed: boolean;
}

/**
 * An option with its names, images and keywords (everything but stock), the names, images and keywords in `lang`
 * (the option's own texts are translated by the caller); drafts only for a staff preview.
 */
export async function findOptionCore(
  db: DbOrTx,
  opcd: string,
  lang: Lang,
  withDrafts = false,
): Promise<OptionCoreRow | undefined> {
  const rows = await db
    .select({
      option: options,
      homen: translatedText(regions.homennm, regions.translations, 'homennm', lang),
      area: translatedText(areas.areanm, areas.translations, 'areanm', lang),
      city: translatedText(cities.citynm, cities.translations, 'citynm', lang),
      fromspot: fromspots.caption,
      images: sql<ImageRow[]>`${imagesJson(sql`${options.opcd}`, lang)}`,
      keywords: sql<KeywordRow[]>`${keywordsJson(sql`${options.opcd}`, lang)}`,
      // The option sells start times (ADR 0196): it has a departure that is not a whole day.
      timed: sql<boolean>`exists (select 1 from ${departures} d where d.opcd = ${options.opcd} and d.start_time <> '')`,
    })
    .from(options)
    .innerJoin(regions, eq(regions.homencd, options.homencd))
    .innerJoin(areas, eq(areas.areacd, options.areacd))
    .innerJoin(cities, eq(cities.citycd, options.citycd))
    .leftJoin(fromspots, eq(fromspots.fromspotcd, options.fromspotcd))
    .where(withDrafts ? eq(options.opcd, opcd) : and(eq(options.opcd, opcd), eq(options.published, true)))
    .limit(1);
  return rows[0];
}

/**
 * A day as SPEC §7 shows it (ADR 0196): the seats left of all its departures, and the lowest price of each age class
 * among those with a seat left (of them all when none has).
 */
const lowest = (price: AnyPgColumn) =>
  sql<number>`coalesce(min(${price}) filter (where ${seatsLeftSql()} > 0), min(${price}))::int`.mapWith(Number);
const dayColumns = {
  usedate: departures.usedate,
  zaikozan: sql<number>`sum(${seatsLeftSql()})::int`.mapWith(Number),
  adultbaika: lowest(departures.adultbaika),
  middlebaika: lowest(departures.middlebaika),
  childbaika: lowest(departures.childbaika),
  infantbaika: lowest(departures.infantbaika),
};
/** A departure as the customer's pages and the booking see it: its seats those it can still sell (ADR 0209). */
const departureColumns = {
  ...getTableColumns(departures),
  zaikozan: sql<number>`${seatsLeftSql()}`.mapWith(Number),
};
export type DayRow = Pick<
  DepartureRow,
  'usedate' | 'zaikozan' | 'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika'
>;

const monthStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareMonth>>();
function prepareMonth(db: DbOrTx) {
  return db
    .select(dayColumns)
    .from(departures)
    .where(
      and(
        eq(departures.opcd, sql.placeholder('opcd')),
        between(departures.usedate, sql.placeholder('from'), sql.placeholder('to')),
      ),
    )
    .groupBy(departures.usedate)
    .prepare('catalog_days_between');
}

/** The calendar's query runs on every detail view, so it is a prepared statement (parsed and planned once). */
export async function stockBetween(db: DbOrTx, opcd: string, from: string, to: string): Promise<DayRow[]> {
  let statement = monthStatements.get(db);
  if (!statement) {
    statement = prepareMonth(db);
    monthStatements.set(db, statement);
  }
  return statement.execute({ opcd, from, to });
}

/** One departure of a day (`startTime`), or the day as SPEC §7 shows it (undefined: no departure that day). */
export async function stockOn(db: DbOrTx, opcd: string, day: string, startTime?: string): Promise<DayRow | undefined> {
  const where = and(eq(departures.opcd, opcd), eq(departures.usedate, day));
  const rows =
    startTime === undefined
      ? await db.select(dayColumns).from(departures).where(where).groupBy(departures.usedate)
      : await db
          .select(departureColumns)
          .from(departures)
          .where(and(where, eq(departures.startTime, startTime)))
          .limit(1);
  return rows[0];
}

/**
 * The departures of a day, in time order (GET /option/{code}/departures), each with whether the company called it
 * off (催行中止 of its day, or of the departure alone).
 */
export async function departuresOn(
  db: DbOrTx,
  opcd: string,
  day: string,
): Promise<(DepartureRow & { stopped: boolean })[]> {
  return db
    .select({
      ...departureColumns,
      // The outer table named as such: drizzle writes a column of a one-table select unqualified, which the
      // subqueries would read as their own.
      stopped: sql<boolean>`(exists (select 1 from day_stop_days d
          where d.opcd = departures.opcd and d.usedate = departures.usedate)
        or exists (select 1 from day_stop_departures d where d.opcd = departures.opcd
          and d.usedate = departures.usedate and d.start_time = departures.start_time))`.mapWith(
        (v: unknown) => v === true || v === 't',
      ),
    })
    .from(departures)
    .where(and(eq(departures.opcd, opcd), eq(departures.usedate, day)))
    .orderBy(asc(departures.startTime));
}

export async function optionUsePeriod(
  db: DbOrTx,
  opcd: string,
): Promise<{ useFrom: string; useTo: string; salesCutoff: SalesCutoff } | undefined> {
  const rows = await db
    .select({
      useFrom: options.useFrom,
      useTo: options.useTo,
      daysBefore: options.salesCutoffDaysBefore,
      time: options.salesCutoffTime,
    })
    .from(options)
    .where(and(eq(options.opcd, opcd), eq(options.published, true)))
    .limit(1);
  const row = rows[0];
  return row && { useFrom: row.useFrom, useTo: row.useTo, salesCutoff: { daysBefore: row.daysBefore, time: row.time } };
}

/** The first option booked under a package code (booking_options.pkcd other than 'X'). */
export async function firstOptionOfPackage(
  db: DbOrTx,
  pkcd: string,
  lang: Lang,
): Promise<{ travelkubun: number; webname: string } | undefined> {
  const rows = await db
    .select({
      travelkubun: options.travelkubun,
      webname: translatedText(options.webname, options.translations, 'webname', lang),
    })
    .from(bookingOptions)
    .innerJoin(options, eq(options.opcd, bookingOptions.opcd))
    .where(and(eq(bookingOptions.pkcd, pkcd), ne(bookingOptions.pkcd, 'X')))
    .orderBy(asc(bookingOptions.id))
    .limit(1);
  return rows[0];
}

const listable = (today: string) => sql`o.published and not o.is_coupon and o.use_to >= ${today}::date`;

/**
 * A code list the forms offer (regions, keywords, nationalities): the fields asked for, of the rows `where` keeps (all
 * without it), in the list's own order: its `sort`, then its code.
 */
function inListOrder<Fields extends SelectedFields>(
  db: DbOrTx,
  fields: Fields,
  list: typeof regions | typeof keywords | typeof nationalities,
  code: AnyPgColumn,
  where?: SQL,
) {
  return db.select(fields).from(list).where(where).orderBy(asc(list.sort), asc(code));
}

export async function regionsWithOptions(db: DbOrTx, today: string, lang: Lang) {
  return inListOrder(
    db,
    { homencd: regions.homencd, homennm: translatedText(regions.homennm, regions.translations, 'homennm', lang) },
    regions,
    regions.homencd,
    sql`exists (select 1 from options o where o.homencd = ${regions.homencd} and ${listable(today)})`,
  );
}

export async function allKeywords(db: DbOrTx, lang: Lang) {
  return inListOrder(
    db,
    { keycd: keywords.keycd, keyname: translatedText(keywords.keyname, keywords.translations, 'keyname', lang) },
    keywords,
    keywords.keycd,
  );
}

export async function areasOf(db: DbOrTx, homencd: string, validOnly: boolean, today: string, lang: Lang) {
  const conditions: SQL[] = [eq(areas.homencd, homencd)];
  if (validOnly) {
    conditions.push(sql`exists (select 1 from options o where o.areacd = ${areas.areacd} and ${listable(today)})`);
  }
  return db
    .select({ areacd: areas.areacd, areanm: translatedText(areas.areanm, areas.translations, 'areanm', lang) })
    .from(areas)
    .where(and(...conditions))
    .orderBy(asc(areas.sort), asc(areas.areacd));
}

export async function citiesOf(
  db: DbOrTx,
  areacd: string,
  homencd: string | undefined,
  validOnly: boolean,
  today: string,
  lang: Lang,
) {
  const conditions: SQL[] = [eq(cities.areacd, areacd)];
  if (homencd !== undefined) conditions.push(eq(areas.homencd, homencd));
  if (validOnly) {
    conditions.push(sql`exists (select 1 from options o where o.citycd = ${cities.citycd} and ${listable(today)})`);
  }
  return db
    .select({ citycd: cities.citycd, citynm: translatedText(cities.citynm, cities.translations, 'citynm', lang) })
    .from(cities)
    .innerJoin(areas, eq(areas.areacd, cities.areacd))
    .where(and(...conditions))
    .orderBy(asc(cities.sort), asc(cities.citycd));
}

/** GET /nationality's list, named in `lang` where the name exists in it (the Japanese otherwise). */
export async function allNationalities(db: DbOrTx, lang: Lang) {
  return inListOrder(
    db,
    {
      id: nationalities.id,
      nationality_nm: translatedText(nationalities.nationalityNm, nationalities.translations, 'nationalityNm', lang),
    },
    nationalities,
    nationalities.id,
  );
}

/**
 * The kept price ranges (migration 0016) computed for an earlier Tokyo day, computed again for today: once a day
 * after midnight, by the workers. Answers how many were refreshed.
 */
export async function refreshStalePriceRanges(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select coalesce(array_length(array(
      select opcd from option_price_ranges where from_day < (now() at time zone 'Asia/Tokyo')::date), 1), 0) as stale,
    option_price_range_refresh(array(
      select opcd from option_price_ranges where from_day < (now() at time zone 'Asia/Tokyo')::date)) as done`);
  return Number(rowsOf<{ stale: number | string }>(result)[0]?.stale ?? 0);
}

/**
 * What the option's rental shop has left of each counted item and size on `day` (ADR 0209): its pairs that day less
 * the rentals of the bookings holding their seats. Nothing for an option without a shop, or a shop that counts none.
 */
export async function rentalLeftOn(
  db: DbOrTx,
  opcd: string,
  day: string,
): Promise<{ item: 'model' | 'boots' | 'wear'; size: string; left: number }[]> {
  const rows = rowsOf<{ item: 'model' | 'boots' | 'wear'; size: string; left: number | string }>(
    await db.execute(sql`
      select s.item, s.size,
        greatest(coalesce(d.quantity, s.quantity) - rental_used(s.facility_id, ${day}::date, s.item, s.size), 0) as left
      from rental_stock s
      left join rental_stock_days d
        on d.facility_id = s.facility_id and d.item = s.item and d.size = s.size and d.usedate = ${day}::date
      where s.facility_id = (select o.facility_id from options o where o.opcd = ${opcd})`),
  );
  return rows.map((r) => ({ ...r, left: Number(r.left) }));
}
