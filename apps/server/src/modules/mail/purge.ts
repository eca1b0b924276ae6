import { and, asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

/** What a sent mail's body becomes once its retention has passed (its HTML and attachments are dropped). */
export const MAIL_PURGED_BODY = '（保存期間を過ぎたため本文は削除されました）';

/**
 * Empties up to `batch` mails sent before `cutoff`, oldest first, skipping rows another run holds; answers how many.
 * The retention job calls it; the mail module writes its outbox.
 */
export async function purgeSentMail(db: DbOrTx, cutoff: Date, now: Date, batch: number): Promise<number> {
  const picked = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(sql`${outbox.status} = 'sent'`, isNull(outbox.purgedAt), lt(outbox.sentAt, cutoff)))
    .orderBy(asc(outbox.sentAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ body: MAIL_PURGED_BODY, html: null, attachments: [], purgedAt: now })
    .where(inArray(outbox.id, picked))
    .returning({ id: outbox.id });
  return rows.length;
}
