import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

export interface OutboxStats {
  backlog: number;
  retrying: number;
  failed: number;
  oldestPendingSeconds: number;
}

/** What the outbox holds right now, for the metrics scrape: one statement over the whole table's statuses. */
export async function outboxStats(db: DbOrTx, now: Date): Promise<OutboxStats> {
  const result = await db.execute(sql`
    select
      count(*) filter (where ${outbox.status} in ('pending', 'sending'))::int as backlog,
      count(*) filter (where ${outbox.status} = 'pending' and ${outbox.lastError} is not null)::int as retrying,
      count(*) filter (where ${outbox.status} = 'failed')::int as failed,
      min(${outbox.createdAt}) filter (where ${outbox.status} in ('pending', 'sending')) as oldest
    from ${outbox}`);
  const [row] = rowsOf<{ backlog: number; retrying: number; failed: number; oldest: Date | string | null }>(result);
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    backlog: Number(row?.backlog ?? 0),
    retrying: Number(row?.retrying ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
  };
}
