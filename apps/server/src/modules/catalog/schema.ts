/**
 * The masters the catalog module reads its pages from (db/schema.ts gathers every module's). The option_price_ranges
 * it keeps are declared in admin's schema, beside options, so that the two schemas do not import each other.
 */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { translations } from '../../db/shared-columns.ts';

export const regions = pgTable('regions', {
  homencd: text('homencd').primaryKey(),
  homennm: text('homennm').notNull(),
  translations: translations<'homennm'>(),
  sort: integer('sort').notNull().default(0),
});

export const areas = pgTable('areas', {
  areacd: text('areacd').primaryKey(),
  homencd: text('homencd')
    .notNull()
    .references(() => regions.homencd),
  areanm: text('areanm').notNull(),
  translations: translations<'areanm'>(),
  sort: integer('sort').notNull().default(0),
});

export const cities = pgTable('cities', {
  citycd: text('citycd').primaryKey(),
  areacd: text('areacd')
    .notNull()
    .references(() => areas.areacd),
  citynm: text('citynm').notNull(),
  translations: translations<'citynm'>(),
  sort: integer('sort').notNull().default(0),
});

export const fromspots = pgTable('fromspots', {
  fromspotcd: text('fromspotcd').primaryKey(),
  caption: text('caption').notNull(),
});

export const keywords = pgTable('keywords', {
  keycd: text('keycd').primaryKey(),
  keyname: text('keyname').notNull(),
  translations: translations<'keyname'>(),
  sort: integer('sort').notNull().default(0),
});

export const nationalities = pgTable('nationalities', {
  id: integer('id').primaryKey(),
  nationalityNm: text('nationality_nm').notNull(),
  translations: translations<'nationalityNm'>(),
  sort: integer('sort').notNull().default(0),
});
