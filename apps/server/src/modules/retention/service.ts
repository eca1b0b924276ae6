import { lte } from 'drizzle-orm';
import type { AppContextBase } from '../../context-base.ts';
import { deleteBatch } from '../../db/delete-batch.ts';
import { rateLimits } from '../../db/schema.ts';
import { retentionRemoved } from '../../metrics.ts';
import { purgeSentMail } from '../mail/purge.ts';
import { deleteExpiredSessions } from '../session/repository.ts';
import { deleteExpiredStaffSessions } from '../staff/repository.ts';

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

/**
 * Retention for what only grows (ADR 0162): a mail sent more than MAIL_RETENTION_DAYS ago keeps its
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

  const customer = await drain(() => deleteExpiredSessions(db, now, RETENTION_BATCH));
  const staff = await drain(() => deleteExpiredStaffSessions(db, now, RETENTION_BATCH));
  // Rate-limit windows belong to the HTTP layer, which has no module of its own to call.
  const limits = await drain(() =>
    deleteBatch(db, rateLimits, rateLimits.key, lte(rateLimits.resetAt, now), RETENTION_BATCH),
  );

  const result = { mailContent, customerSessions: customer, staffSessions: staff, rateLimits: limits };
  if (mailContent) retentionRemoved.inc({ kind: 'mail_content' }, mailContent);
  if (customer) retentionRemoved.inc({ kind: 'customer_session' }, customer);
  if (staff) retentionRemoved.inc({ kind: 'staff_session' }, staff);
  if (limits) retentionRemoved.inc({ kind: 'rate_limit' }, limits);
  return result;
}
