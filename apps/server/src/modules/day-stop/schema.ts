/** The tables the day-stop module writes (db/schema.ts gathers every module's). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { bookingRef } from '../booking/schema.ts';
import { optionDayColumns } from '../departures/schema.ts';
import { staffAccounts } from '../staff/schema.ts';

/** Why a day was called off (催行中止). */
export type DayStopReason = 'weather' | 'minimum' | 'facility' | 'other';
export type DayStopState = 'running' | 'done';

/**
 * 催行中止 (ADR 0165): one stop of one or more days of one or more options, with its reason. Written with its
 * days and items in one transaction; the runner cancels each item's booking through the lifecycle until none is
 * left, also after a crash (state `running` until then).
 */
export const dayStops = pgTable(
  'day_stops',
  {
    id: serial('id').primaryKey(),
    createdAt: tz('created_at').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    reason: text('reason').$type<DayStopReason>().notNull(),
    reasonText: text('reason_text').notNull().default(''),
    state: text('state').$type<DayStopState>().notNull().default('running'),
    finishedAt: tz('finished_at'),
  },
  (t) => [index('day_stops_running_idx').on(t.id).where(sql`${t.state} = 'running'`)],
);

/** The days a stop closed: their stock stays closed (seats given back by a cancellation do not reopen them). */
export const dayStopDays = pgTable(
  'day_stop_days',
  {
    stopId: integer('stop_id')
      .notNull()
      .references(() => dayStops.id),
    ...optionDayColumns(),
  },
  (t) => [primaryKey({ columns: [t.opcd, t.usedate] }), index('day_stop_days_stop_idx').on(t.stopId)],
);

/**
 * The departures a stop closed one by one (ADR 0196): a start time of a day of an option sold at start times, the
 * day's other departures left on sale. A whole day's stop is a row of day_stop_days (which closes all its departures);
 * a departure's is a row here, and seats given back to it by a cancellation do not reopen it either.
 */
export const dayStopDepartures = pgTable(
  'day_stop_departures',
  {
    stopId: integer('stop_id')
      .notNull()
      .references(() => dayStops.id),
    ...optionDayColumns(),
    startTime: text('start_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.opcd, t.usedate, t.startTime] }),
    index('day_stop_departures_stop_idx').on(t.stopId),
    check('day_stop_departures_start_time_format', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** pending: still to cancel; done: canceled (or found canceled); `external`: a ticket elsewhere needs a person. */
export const dayStopItems = pgTable(
  'day_stop_items',
  {
    stopId: integer('stop_id')
      .notNull()
      .references(() => dayStops.id),
    rsvno: bookingRef(),
    state: text('state').$type<'pending' | 'done'>().notNull().default('pending'),
    external: boolean('external').notNull().default(false),
    refund: integer('refund').notNull().default(0),
    doneAt: tz('done_at'),
  },
  (t) => [
    primaryKey({ columns: [t.stopId, t.rsvno] }),
    index('day_stop_items_rsvno_idx').on(t.rsvno),
    index('day_stop_items_pending_idx').on(t.stopId).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * 催行決定 / 催行中止 of a day under its minimum (ADR 0165): decided once, by whom and when; per departure for an option
 * sold at start times (`start_time`, ADR 0196), '' for a whole day.
 */
export const dayDecisions = pgTable(
  'day_decisions',
  {
    ...optionDayColumns(),
    startTime: text('start_time').notNull().default(''),
    decision: text('decision').$type<'go' | 'stopped'>().notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    at: tz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.opcd, t.usedate, t.startTime] })],
);
