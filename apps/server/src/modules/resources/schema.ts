/** The tables the resources module writes (db/schema.ts gathers every module's). ADR 0209. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { facilities, options } from '../admin/schema.ts';
import { bookingRef } from '../booking/schema.ts';
import { waitlistEntries } from '../waitlist/schema.ts';

export type ResourceKind = 'vehicle' | 'guide' | 'rental';
/** Whether the capacity is for the whole day (a guide's day) or for each departure (a boat's sailing). */
export type ResourcePer = 'day' | 'departure';
/** How a booking of an option takes units of a resource: one per traveller, one per booking, one per rental item. */
export type ResourceUsage = 'traveller' | 'booking' | 'rental';

/**
 * A boat or vehicle, a guide, or a rental shop's equipment (DESIGN §16): `capacity` units a day or a departure, unless
 * an exception says otherwise for a date. Resources with the same `pool` are interchangeable: a booking takes the
 * first of them with room, and staff may reassign it.
 */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').$type<ResourceKind>().notNull(),
    capacity: integer('capacity').notNull(),
    per: text('per').$type<ResourcePer>().notNull().default('departure'),
    pool: text('pool'),
    /**
     * The facility that owns it (a ski shop's boots, a boat company's ship); null: the company's own. An option of a
     * facility may use only its facility's resources; an option without one (the company's own tour) may use any.
     */
    facilityId: integer('facility_id').references(() => facilities.id),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('resources_capacity_nonnegative', sql`${t.capacity} >= 0`),
    check('resources_kind', sql`${t.kind} in ('vehicle', 'guide', 'rental')`),
    check('resources_per', sql`${t.per} in ('day', 'departure')`),
    index('resources_pool_idx').on(t.pool),
  ],
);

/** A date on which a resource has another capacity than its own: a boat in dock (0), a guide on leave. */
export const resourceExceptions = pgTable(
  'resource_exceptions',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    capacity: integer('capacity').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.usedate] }),
    check('resource_exceptions_capacity_nonnegative', sql`${t.capacity} >= 0`),
  ],
);

/** What an option's bookings take of a resource (of its pool, when it has one), and how. */
export const optionResources = pgTable(
  'option_resources',
  {
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    usage: text('usage').$type<ResourceUsage>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.opcd, t.resourceId] }),
    index('option_resources_resource_idx').on(t.resourceId),
    check('option_resources_usage', sql`${t.usage} in ('traveller', 'booking', 'rental')`),
  ],
);

/**
 * The units a booking took of a resource for its day (and departure), written by the statement that takes its seats.
 * They count while the booking holds its seats (its state is neither canceled nor expired), so every path that gives
 * seats back gives these back with the same state change, and nothing has to remember to.
 */
export const bookingResources = pgTable(
  'booking_resources',
  {
    rsvno: bookingRef('cascade'),
    // No foreign key: its check would lock the resource's row FOR KEY SHARE in every booking that takes units, one
    // multixact on the boat's row per booking. The booking holds the resource's shared advisory lock instead, which
    // 削除 takes exclusively before it refuses a resource that live bookings hold and removes the ended ones (ADR 0209).
    resourceId: integer('resource_id').notNull(),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull().default(''),
    units: integer('units').notNull(),
    /** Whether its booking holds its seats, kept by the database from `bookings.state` (migration 0046). */
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.rsvno, t.resourceId, t.usedate, t.startTime] }),
    index('booking_resources_day_idx').on(t.resourceId, t.usedate, t.startTime),
    check('booking_resources_units_positive', sql`${t.units} > 0`),
  ],
);

/**
 * The units of shared resources an entry's held seats take (ADR 0209), chosen by `resources_take` as a booking's are.
 * They count while the entry holds seats (`held` > 0): every step that ends an offer or hands its seats to the booking
 * sets `held` to 0 in the same transaction, so the units go back with the seats. An entry holds no rental sizes: its
 * travellers choose them when they book.
 */
export const waitlistResources = pgTable(
  'waitlist_resources',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull().default(''),
    units: integer('units').notNull(),
    /** Whether its entry holds seats (`held` > 0), kept by the database (migration 0046). */
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.resourceId] }),
    index('waitlist_resources_day_idx').on(t.resourceId, t.usedate, t.startTime),
    check('waitlist_resources_units_positive', sql`${t.units} > 0`),
  ],
);

/** The rental items a shop counts by size (SPEC §5's selects): the ski or snowboard type, boots, wear. */
export type RentalItem = 'model' | 'boots' | 'wear';

/**
 * A rental shop's pairs of one item and size (DESIGN §16), as many every day unless `rental_stock_days` says otherwise.
 * A shop that lists an item counts it: a size it does not list has none. A shop that lists nothing of an item does
 * not count it. A size's rentals count while their booking holds its seats, as a resource's units do (ADR 0209).
 */
export const rentalStock = pgTable(
  'rental_stock',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    item: text('item').$type<RentalItem>().notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.facilityId, t.item, t.size] }),
    check('rental_stock_item', sql`${t.item} in ('model', 'boots', 'wear')`),
    check('rental_stock_quantity_nonnegative', sql`${t.quantity} >= 0`),
  ],
);

/** A day on which a shop has another number of one size: pairs out for repair, or more brought in for a holiday. */
export const rentalStockDays = pgTable(
  'rental_stock_days',
  {
    facilityId: integer('facility_id').notNull(),
    item: text('item').$type<RentalItem>().notNull(),
    size: text('size').notNull(),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.facilityId, t.item, t.size, t.usedate] }),
    foreignKey({
      columns: [t.facilityId, t.item, t.size],
      foreignColumns: [rentalStock.facilityId, rentalStock.item, rentalStock.size],
    }).onDelete('cascade'),
    check('rental_stock_days_quantity_nonnegative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * What a resource's day (or departure) holds, beside its room that day (ADR 0217): one row per resource, day and
 * `start_time` ('' for a resource counted per day), made from the units and the capacity when it is first needed. The
 * booking's statement takes its units with one conditional update of this row (`held + n <= capacity`), and every
 * change of a unit after it (its booking or entry stops holding seats, it is deleted or moved) is applied here by
 * the units' triggers; a change of the capacity, an exception or the way it counts drops the rows, made again at the
 * next use. `held` is always the sum of the live units the row stands for.
 */
export const resourceLoads = pgTable(
  'resource_loads',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    capacity: integer('capacity').notNull(),
    held: integer('held').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.usedate, t.startTime] })],
);

/**
 * What a shop's size holds on a day beside its pairs that day (ADR 0217), as `resource_loads` does for a resource:
 * `quantity` is null when the shop does not count the item. Only a shop that lists stock has rows. A new booking
 * takes its sizes with one conditional update per row; rentals written for a booking already there, and every later
 * change, are counted by the rentals' triggers; a change of the shop's stock drops the rows it moves.
 */
export const rentalLoads = pgTable(
  'rental_loads',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    item: text('item').$type<RentalItem>().notNull(),
    size: text('size').notNull(),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    quantity: integer('quantity'),
    held: integer('held').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.item, t.size, t.usedate] })],
);
