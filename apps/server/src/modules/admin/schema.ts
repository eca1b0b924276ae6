/**
 * The tables the admin module writes (db/schema.ts gathers every module's), and option_price_ranges, which catalog
 * keeps: it is declared here beside options because catalog's schema would otherwise import this file for `options`
 * while this one imports catalog's for the masters, an import cycle.
 */
import type { OptionTextField } from '@tabi/contract/content';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { type CancelTier, translations, tz } from '../../db/shared-columns.ts';
import { areas, cities, fromspots, keywords, regions } from '../catalog/schema.ts';
import { staffAccounts } from '../staff/schema.ts';

export const facilities = pgTable('facilities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  translations: translations<'name'>(),
  pinHash: text('pin_hash').notNull(),
  /** A disabled facility takes no coupon (its PIN is not checked). */
  disabled: boolean('disabled').notNull().default(false),
  /** Where the evening-before rental preparation sheet is mailed (ADR 0166); none: not mailed. */
  mail: text('mail'),
});

export const options = pgTable(
  'options',
  {
    opcd: text('opcd').primaryKey(),
    webname: text('webname').notNull(),
    introduction: text('introduction').notNull().default(''),
    contents: text('contents').notNull().default(''),
    optionattention: text('optionattention').notNull().default(''),
    information: text('information').notNull().default(''),
    cancelNote: text('cancel_note').notNull().default(''),
    ageNote: text('age_note').notNull().default(''),
    homencd: text('homencd')
      .notNull()
      .references(() => regions.homencd),
    areacd: text('areacd')
      .notNull()
      .references(() => areas.areacd),
    citycd: text('citycd')
      .notNull()
      .references(() => cities.citycd),
    fromspotcd: text('fromspotcd').references(() => fromspots.fromspotcd),
    meetpoint: text('meetpoint'),
    useFrom: date('use_from', { mode: 'string' }).notNull(),
    useTo: date('use_to', { mode: 'string' }).notNull(),
    companyname: text('companyname').notNull().default(''),
    companyattention: text('companyattention').notNull().default(''),
    hours: text('hours').notNull().default(''),
    address: text('address').notNull().default(''),
    tel: text('tel').notNull().default(''),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    flgRequestItem: boolean('flg_request_item').notNull().default(false),
    adultAgeMin: integer('adult_age_min'),
    adultAgeMax: integer('adult_age_max'),
    middleAgeMin: integer('middle_age_min'),
    middleAgeMax: integer('middle_age_max'),
    childAgeMin: integer('child_age_min'),
    childAgeMax: integer('child_age_max'),
    infantAgeMin: integer('infant_age_min'),
    infantAgeMax: integer('infant_age_max'),
    minPeople: integer('min_people'),
    maxPeople: integer('max_people'),
    rentalcd: text('rentalcd').notNull().default(''),
    travelkubun: integer('travelkubun').notNull().default(0),
    extendedFields: jsonb('extended_fields').$type<string[]>().notNull().default([]),
    exCd: integer('ex_cd').notNull().default(0),
    serviceno: text('serviceno'),
    departurePoint: text('departure_point'),
    departureTime: text('departure_time'),
    arrivalPoint: text('arrival_point'),
    arrivalTime: text('arrival_time'),
    exIssueMethod: text('ex_issue_method'),
    isCoupon: boolean('is_coupon').notNull().default(false),
    facilityId: integer('facility_id').references(() => facilities.id),
    cancelPolicy: jsonb('cancel_policy').$type<CancelTier[]>(),
    sort: integer('sort').notNull().default(0),
    /** A draft (false) is seen only by staff: no public call lists, shows, prices or books it. */
    published: boolean('published').notNull().default(true),
    /** 最少催行人員: travellers a day needs to go ahead; null: it always goes. */
    minTravellers: integer('min_travellers'),
    /** When the day is decided: this many days before it, at decisionTime (HH:MM, Tokyo). */
    decisionDaysBefore: integer('decision_days_before'),
    decisionTime: text('decision_time'),
    /** When sales of a day close: this many days before it, at salesCutoffTime (HH:MM, Tokyo; ADR 0191). */
    salesCutoffDaysBefore: integer('sales_cutoff_days_before').notNull().default(0),
    salesCutoffTime: text('sales_cutoff_time').notNull().default('00:00'),
    /** 前日案内 (ADR 0166): the day-before mail is sent unless turned off; its per-option note. */
    dayBeforeMail: boolean('day_before_mail').notNull().default(true),
    dayBeforeNote: text('day_before_note').notNull().default(''),
    /** The option's texts in the other languages: `{ en: { webname, introduction, … } }`. */
    translations: translations<OptionTextField>(),
  },
  (t) => [index('options_region_idx').on(t.homencd, t.areacd, t.citycd)],
);

/**
 * Append-only record of every catalog change made in the console (options are not bookings, so not
 * booking_events): who, what, when, and the changed fields before and after.
 */
export const catalogEvents = pgTable(
  'catalog_events',
  {
    id: serial('id').primaryKey(),
    at: tz('at').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    kind: text('kind').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('catalog_events_opcd_idx').on(t.opcd, t.at)],
);

export const optionKeywords = pgTable(
  'option_keywords',
  {
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    keycd: text('keycd')
      .notNull()
      .references(() => keywords.keycd),
  },
  (t) => [primaryKey({ columns: [t.opcd, t.keycd] }), index('option_keywords_keycd_idx').on(t.keycd)],
);

/**
 * Each option's lowest and highest adult price over its days from `from_day` on: the public list sorted
 * by price reads this row instead of every option's future days. Kept by a trigger on stock prices (migration
 * 0016); `from_day` is the Tokyo day it was computed for, and a row of an earlier day is refreshed once a day by
 * the workers (until then the list computes that option's price itself).
 */
export const optionPriceRanges = pgTable('option_price_ranges', {
  opcd: text('opcd')
    .primaryKey()
    .references(() => options.opcd),
  fromDay: date('from_day', { mode: 'string' }).notNull(),
  minAdult: integer('min_adult'),
  maxAdult: integer('max_adult'),
});

// The rows as the repositories read them (…Row) and write them (New…), one name a table.
export type OptionRow = typeof options.$inferSelect;
