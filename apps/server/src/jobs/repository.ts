import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { claimDue } from './claim.ts';

export type JobRow = typeof jobs.$inferSelect;

/** Makes a row for each job not yet known, takes each job's interval, and makes every job due now (a start runs all). */
export async function registerJobs(
  db: DbOrTx,
  definitions: { name: string; everyMs: number }[],
  now: Date,
): Promise<void> {
  if (definitions.length === 0) return;
  await db
    .insert(jobs)
    .values(definitions.map((d) => ({ name: d.name, everyMs: d.everyMs, runAt: now })))
    .onConflictDoUpdate({
      target: jobs.name,
      set: { everyMs: sql`excluded.every_ms`, runAt: sql`least(${jobs.runAt}, excluded.run_at)` },
    });
}

/** What an earlier life of this instance held when it was killed is free again at once (no wait for its lease). */
export async function releaseLocks(db: DbOrTx, instance: string): Promise<void> {
  await db.update(jobs).set({ lockedBy: null, lockedUntil: null }).where(eq(jobs.lockedBy, instance));
}

const free = (now: Date) => or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now));

/** Takes the due jobs among `names` that no instance holds, for `instance` until `leaseUntil`. */
export function claimJobs(
  db: DbOrTx,
  names: string[],
  instance: string,
  now: Date,
  leaseUntil: Date,
): Promise<JobRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return claimDue(db, jobs, and(inArray(jobs.name, names), lte(jobs.runAt, now), free(now)), names.length, {
    lockedBy: instance,
    lockedUntil: leaseUntil,
    nudged: false,
    lastStartedAt: now,
  });
}

/** When the next of `names` may be taken: its due time, or the end of another instance's lease on it. */
export async function nextDueAt(db: DbOrTx, names: string[]): Promise<Date | null> {
  if (names.length === 0) return null;
  const [row] = await db
    .select({
      at: sql<Date | string | null>`min(greatest(${jobs.runAt}, coalesce(${jobs.lockedUntil}, ${jobs.runAt})))`,
    })
    .from(jobs)
    .where(inArray(jobs.name, names));
  return row?.at ? new Date(row.at) : null;
}

/** The lease of a job still running, moved on; false when the job is no longer this instance's. */
export async function renewLease(db: DbOrTx, name: string, instance: string, leaseUntil: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: leaseUntil })
    .where(and(eq(jobs.name, name), eq(jobs.lockedBy, instance)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * A run ended: the job is free, due again after its interval (or `nudgeMs` when a commit announced work while it
 * ran), or, when the run threw, after the back-off its failures in a row have earned.
 */
export async function endRun(
  db: DbOrTx,
  name: string,
  instance: string,
  now: Date,
  outcome: { ok: true; nextAt: Date; nudgedAt: Date } | { ok: false; error: string; retryAt: Date },
): Promise<void> {
  const common = { lockedBy: null, lockedUntil: null, lastEndedAt: now, runs: sql`${jobs.runs} + 1` };
  await db
    .update(jobs)
    .set(
      outcome.ok
        ? {
            ...common,
            runAt: sql`case when ${jobs.nudged} then ${outcome.nudgedAt.toISOString()}::timestamptz else ${outcome.nextAt.toISOString()}::timestamptz end`,
            nudged: false,
            failures: 0,
            lastError: null,
            lastOkAt: now,
          }
        : {
            ...common,
            runAt: outcome.retryAt,
            failures: sql`${jobs.failures} + 1`,
            lastError: outcome.error.slice(0, 1000),
          },
    )
    .where(and(eq(jobs.name, name), eq(jobs.lockedBy, instance)));
}

/** A commit announced new work for `name`: it runs by `at`, and once more if it is running now. */
export async function nudgeJob(db: DbOrTx, name: string, at: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ nudged: true, runAt: sql`least(${jobs.runAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(jobs.name, name));
}

export function listJobs(db: DbOrTx): Promise<JobRow[]> {
  return db.select().from(jobs).orderBy(jobs.name);
}
