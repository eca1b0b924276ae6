import {
  STAFF_SECOND_STEP_MINUTES,
  STAFF_SESSION_ABSOLUTE_HOURS,
  STAFF_SESSION_IDLE_MINUTES,
} from '@tabi/contract/admin';
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deleteBatch } from '../../db/delete-batch.ts';
import { staffAccounts, staffAuditEvents, staffSessions } from '../../db/schema.ts';

export type StaffAccount = typeof staffAccounts.$inferSelect;
export type StaffSession = typeof staffSessions.$inferSelect;
export type NewAuditEvent = typeof staffAuditEvents.$inferInsert;

export async function findByMail(db: DbOrTx, mail: string): Promise<StaffAccount | null> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.mail, mail)).limit(1);
  return row ?? null;
}

export async function findById(db: DbOrTx, id: number): Promise<StaffAccount | null> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  return row ?? null;
}

export async function listAccounts(db: DbOrTx): Promise<StaffAccount[]> {
  return db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
}

/**
 * The rows of these accounts and of every active admin, locked (in a transaction) in one statement in id order: every
 * change of an account takes its locks in that one order, so two changes wait for each other instead of deadlocking,
 * and each reads the actor, the target and the admins as the other left them. `no key update` lets sign-ins go on
 * (a new session's reference to its account takes only a key-share lock).
 */
export async function lockForChange(db: DbOrTx, ids: number[]): Promise<StaffAccount[]> {
  const activeAdmin = and(eq(staffAccounts.role, 'admin'), isNull(staffAccounts.disabledAt));
  return db
    .select()
    .from(staffAccounts)
    .where(ids.length > 0 ? or(inArray(staffAccounts.id, ids), activeAdmin) : activeAdmin)
    .orderBy(asc(staffAccounts.id))
    .for('no key update');
}

/** The new account, or null when the mail is taken (also by a create that committed a moment ago). */
export async function insertAccount(
  db: DbOrTx,
  values: typeof staffAccounts.$inferInsert,
): Promise<StaffAccount | null> {
  const [row] = await db
    .insert(staffAccounts)
    .values(values)
    .onConflictDoNothing({ target: staffAccounts.mail })
    .returning();
  return row ?? null;
}

export async function updateAccount(
  db: DbOrTx,
  id: number,
  values: Partial<typeof staffAccounts.$inferInsert>,
): Promise<void> {
  await db.update(staffAccounts).set(values).where(eq(staffAccounts.id, id));
}

/** Accepts a TOTP step only if it is later than the last one accepted (atomic: two sign-ins cannot share a code). */
export async function claimTotpStep(db: DbOrTx, id: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(and(eq(staffAccounts.id, id), sql`coalesce(${staffAccounts.totpLastStep}, -1) < ${step}`))
    .returning({ id: staffAccounts.id });
  return claimed.length > 0;
}

export async function insertSession(db: DbOrTx, session: StaffSession): Promise<void> {
  await db.insert(staffSessions).values(session);
}

export async function findSession(db: DbOrTx, tokenHash: string): Promise<StaffSession | null> {
  const [row] = await db.select().from(staffSessions).where(eq(staffSessions.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function touchSession(db: DbOrTx, tokenHash: string, at: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function deleteSessionsOf(db: DbOrTx, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

export async function deleteOtherSessions(db: DbOrTx, staffId: number, keepTokenHash: string): Promise<void> {
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), ne(staffSessions.tokenHash, keepTokenHash)));
}

export async function insertAudit(db: DbOrTx, event: NewAuditEvent): Promise<void> {
  await db.insert(staffAuditEvents).values(event);
}

/** A staff member's change, audited at `at`: who made it (their id and mail), its kind and what it changed. */
export async function insertStaffAudit(
  db: DbOrTx,
  at: Date,
  staff: { id: number; mail: string },
  kind: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await insertAudit(db, { at, staffId: staff.id, mail: staff.mail, kind, detail });
}

/**
 * Deletes up to `limit` staff sessions past their lifetime at `now`: a sign-in left at its second step, idle or past
 * its absolute lifetime (the retention job calls it).
 */
export function deleteExpiredStaffSessions(db: DbOrTx, now: Date, limit: number): Promise<number> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return deleteBatch(
    db,
    staffSessions,
    staffSessions.tokenHash,
    or(
      and(ne(staffSessions.stage, 'full'), lt(staffSessions.createdAt, ago(STAFF_SECOND_STEP_MINUTES * 60_000))),
      lt(staffSessions.lastSeenAt, ago(STAFF_SESSION_IDLE_MINUTES * 60_000)),
      lt(staffSessions.createdAt, ago(STAFF_SESSION_ABSOLUTE_HOURS * 3_600_000)),
    ),
    limit,
  );
}
