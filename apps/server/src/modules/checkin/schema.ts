/** The table the check-in module writes (db/schema.ts gathers every module's). ADR 0215. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';
import { bookingRef } from '../booking/schema.ts';

/** arrived: checked in at the door; no_show: marked 無断不参加 once the departure had left. */
export type CheckinKind = 'arrived' | 'no_show';

/**
 * One traveller's arrival (or no-show) at the door. A row is never deleted: an undo stamps `undone_at`, so the
 * history keeps every scan. At most one live row per traveller (the partial unique index): of two devices scanning one
 * ticket at once, the first insert wins and the other is told who was first.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: serial('id').primaryKey(),
    rsvno: bookingRef('cascade'),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<CheckinKind>().notNull(),
    at: tz('at').notNull(),
    /** When the device scanned it (a scan made offline arrives later than this). */
    scannedAt: tz('scanned_at'),
    staffId: integer('staff_id').notNull(),
    device: text('device').notNull(),
    undoneAt: tz('undone_at'),
    undoneBy: integer('undone_by'),
  },
  (t) => [
    uniqueIndex('check_ins_live_uq').on(t.rsvno, t.seq).where(sql`${t.undoneAt} is null`),
    index('check_ins_rsvno_idx').on(t.rsvno),
  ],
);

export type CheckInRow = typeof checkIns.$inferSelect;
