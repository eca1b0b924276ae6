import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * Deletes up to `limit` rows of `table` matching `due`, by primary key, skipping rows another transaction holds: one
 * bounded statement, so that several instances clearing old rows at once never wait on each other (ADR 0162).
 */
export async function deleteBatch(
  db: DbOrTx,
  table: PgTable,
  key: PgColumn,
  due: SQL | undefined,
  limit: number,
): Promise<number> {
  const picked = db.select({ key }).from(table).where(due).limit(limit).for('update', { skipLocked: true });
  const rows = await db.delete(table).where(inArray(key, picked)).returning({ key });
  return rows.length;
}
