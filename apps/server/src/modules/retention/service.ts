import {
  STAFF_SECOND_STEP_MINUTES,
  STAFF_SESSION_ABSOLUTE_HOURS,
  STAFF_SESSION_IDLE_MINUTES,
} from '@tabi/contract/admin';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@tabi/contract/constants';
import { and, inArray, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import { customerSessions, rateLimits, staffSessions } from '../../db/schema.ts';
import { retentionRemoved } from '../../metrics.ts';
import { purgeSentMail } from '../mail/purge.ts';

/** Rows one statement touches at most, so no run holds many locks or one long transaction. */
export const RETENTION_BATCH = 1_000;

export { MAIL_PURGED_BODY } from '../mail/purge.ts';

export interface RetentionResult {
  mailContent: number;
  customerSessions: number;
  staffSessions: number;
  rateLimits: number;
}

export function retentionIsEmpty(r: RetentionResult): boolean {
  return r.mailContent + r.customerSessions + r.staffSessions + r.rateLimits === 0;
}

/** Whether a mail's content was removed by retention (it must not be resent as an empty mail). */
export function mailIsPurged(mail: { purgedAt: Date | null }): boolean {
  return mail.purgedAt !== null;
}

/**
 * Repeats `batch` (one bounded statement returning how many rows it touched) until a batch is not full.
 * Rows are picked with SKIP LOCKED, so several instances may run this at once without waiting on each other.
 */
async function drain(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    total += n;
    if (n < RETENTION_BATCH) return total;
  }
}

/** Deletes up to RETENTION_BATCH rows of `table` matching `due`, by primary key. */
async function deleteBatch(db: DbOrTx, table: PgTable, key: PgColumn, due: SQL | undefined): Promise<number> {
  const picked = db.select({ key }).from(table).where(due).limit(RETENTION_BATCH).for('update', { skipLocked: true });
  const rows = await db.delete(table).where(inArray(key, picked)).returning({ key });
  return rows.length;
}

/**
 * Retention for what only grows (issue 30, ADR 0162): a mail sent more than MAIL_RETENTION_DAYS ago keeps its
 * row (kind, address, subject, status, dates) but loses its body, HTML and attachments; customer and staff
 * sessions past their idle or absolute lifetime, and rate-limit windows that have ended, are deleted.
 * Everything it does is what the next request would decide anyway, so running it twice changes nothing more.
 */
export async function runRetention(ctx: AppContextBase): Promise<RetentionResult> {
  const now = ctx.clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const db = ctx.db;

  const mailCutoff = ago(ctx.config.mailRetentionDays * 86_400_000);
  const mailContent = await drain(() => purgeSentMail(db, mailCutoff, now, RETENTION_BATCH));

  const customer = await drain(() =>
    deleteBatch(
      db,
      customerSessions,
      customerSessions.tokenHash,
      or(
        lt(customerSessions.lastSeenAt, ago(SESSION_IDLE_MINUTES * 60_000)),
        lt(customerSessions.createdAt, ago(SESSION_ABSOLUTE_HOURS * 3_600_000)),
      ),
    ),
  );

  const staff = await drain(() =>
    deleteBatch(
      db,
      staffSessions,
      staffSessions.tokenHash,
      or(
        and(ne(staffSessions.stage, 'full'), lt(staffSessions.createdAt, ago(STAFF_SECOND_STEP_MINUTES * 60_000))),
        lt(staffSessions.lastSeenAt, ago(STAFF_SESSION_IDLE_MINUTES * 60_000)),
        lt(staffSessions.createdAt, ago(STAFF_SESSION_ABSOLUTE_HOURS * 3_600_000)),
      ),
    ),
  );

  const limits = await drain(() => deleteBatch(db, rateLimits, rateLimits.key, lte(rateLimits.resetAt, now)));

  const result = { mailContent, customerSessions: customer, staffSessions: staff, rateLimits: limits };
  if (mailContent) retentionRemoved.inc({ kind: 'mail_content' }, mailContent);
  if (customer) retentionRemoved.inc({ kind: 'customer_session' }, customer);
  if (staff) retentionRemoved.inc({ kind: 'staff_session' }, staff);
  if (limits) retentionRemoved.inc({ kind: 'rate_limit' }, limits);
  return result;
}
