import { asc, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/**
 * Claims the first `limit` rows that are `due` for this worker and marks them with `claim` (a lease: the next
 * attempt moved on) in one transaction. SKIP LOCKED passes over rows another instance is claiming at the same
 * moment, so every instance may sweep at once and no row is handed to two of them.
 */
export async function claimDue<T extends PgTable & { id: PgColumn }>(
  db: DbOrTx,
  table: T,
  due: SQL | undefined,
  limit: number,
  claim: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'][]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(due)
      .orderBy(asc(table.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    return tx.update(table).set(claim).where(inArray(table.id, ids)).returning() as Promise<T['$inferSelect'][]>;
  });
}
