import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { options } from '../admin/schema.ts';

/**
 * The option and the date that name an option's day: the key of a departure (with its start time), and how the
 * lines sold, the days called off and the days decided say which day they are of.
 */
export const optionDayColumns = () => ({
  opcd: text('opcd')
    .notNull()
    .references(() => options.opcd),
  usedate: date('usedate', { mode: 'string' }).notNull(),
});

/**
 * Departures (ADR 0196): the unit of stock and price. A departure is an option's day at a start time (Tokyo wall-clock
 * `HH:MM`, belonging to its own day even at 00:30), or the whole day (`start_time` ''). An option sells either whole
 * days or start times. `zaikozan` is the seats LEFT (DESIGN §5: bookings take seats from it); the capacity is what is
 * left and what live bookings hold. Unit prices are integer yen, tax included. A day of SPEC §7 is the sum of its
 * departures' seats and the lowest of their prices (catalog/repository.ts).
 */
export const departures = pgTable(
  'departures',
  {
    ...optionDayColumns(),
    startTime: text('start_time').notNull().default(''),
    /** When it ends (`HH:MM`, after the start; '' when the option does not say). */
    endTime: text('end_time').notNull().default(''),
    zaikozan: integer('zaikozan').notNull(),
    adultbaika: integer('adultbaika').notNull(),
    middlebaika: integer('middlebaika').notNull().default(0),
    childbaika: integer('childbaika').notNull().default(0),
    infantbaika: integer('infantbaika').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.opcd, t.usedate, t.startTime] }),
    index('departures_usedate_idx').on(t.usedate),
    check('departures_zaikozan_nonnegative', sql`${t.zaikozan} >= 0`),
    check('departures_start_time_format', sql`${t.startTime} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9])?$'`),
    check('departures_end_time_format', sql`${t.endTime} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9])?$'`),
  ],
);

export type DepartureRow = typeof departures.$inferSelect;
