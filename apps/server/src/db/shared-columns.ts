/**
 * What the tables of more than one module declare alike. The tables sit beside their modules (modules/<m>/schema.ts);
 * these sit here so that no module's schema imports another's only for a column's kind.
 */
import type { Translations } from '@tabi/contract/content';
import { jsonb, timestamp } from 'drizzle-orm/pg-core';

/** A point in time, stored with its time zone and read as a Date. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A row's texts in the languages other than Japanese (ADR 0177): Japanese stays in the row's columns. */
export const translations = <F extends string>() =>
  jsonb('translations').$type<Translations<F>>().notNull().default({});

/** One tier of a cancellation policy: from `daysBefore` days before the use date on, `percent` is charged. */
export type CancelTier = { daysBefore: number; percent: number };
