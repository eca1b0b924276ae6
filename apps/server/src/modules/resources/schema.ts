/** The tables the resources module writes (db/schema.ts gathers every module's). ADR 0209. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { options } from '../admin/schema.ts';
import { bookings } from '../booking/schema.ts';

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
    rsvno: text('rsvno')
      .notNull()
      .references(() => bookings.rsvno, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id),
    usedate: date('usedate', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull().default(''),
    units: integer('units').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rsvno, t.resourceId, t.usedate, t.startTime] }),
    index('booking_resources_day_idx').on(t.resourceId, t.usedate, t.startTime),
    check('booking_resources_units_positive', sql`${t.units} > 0`),
  ],
);
