import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@tabi/contract/constants';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deleteBatch } from '../../db/delete-batch.ts';
import { bookings, customerSessions } from '../../db/schema.ts';

export interface StoredSession {
  tokenHash: string;
  rsvno: string;
  lastSeenAt: Date;
}

export interface FoundSession extends StoredSession {
  createdAt: Date;
}

export async function findLoginFacts(
  db: DbOrTx,
  rsvno: string,
): Promise<{ rsvno: string; telNormalized: string } | null> {
  const [row] = await db
    .select({ rsvno: bookings.rsvno, telNormalized: bookings.telNormalized })
    .from(bookings)
    // A reseller's booking is managed through the reseller: my page does not open it.
    .where(and(eq(bookings.rsvno, rsvno), isNull(bookings.resellerId)))
    .limit(1);
  return row ?? null;
}

export async function insertSession(db: DbOrTx, session: StoredSession): Promise<void> {
  await db.insert(customerSessions).values({ ...session, createdAt: session.lastSeenAt });
}

export async function findSession(db: DbOrTx, tokenHash: string): Promise<FoundSession | null> {
  const [row] = await db
    .select({
      tokenHash: customerSessions.tokenHash,
      rsvno: customerSessions.rsvno,
      lastSeenAt: customerSessions.lastSeenAt,
      createdAt: customerSessions.createdAt,
    })
    .from(customerSessions)
    .where(eq(customerSessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: DbOrTx, tokenHash: string, at: Date): Promise<void> {
  await db.update(customerSessions).set({ lastSeenAt: at }).where(eq(customerSessions.tokenHash, tokenHash));
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.tokenHash, tokenHash));
}

/** Every my-page session of a booking (its phone was corrected: the old number no longer opens it). */
export async function deleteSessionsOf(db: DbOrTx, rsvno: string): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.rsvno, rsvno));
}

/** Deletes up to `limit` sessions past their idle or absolute lifetime at `now` (the retention job calls it). */
export function deleteExpiredSessions(db: DbOrTx, now: Date, limit: number): Promise<number> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return deleteBatch(
    db,
    customerSessions,
    customerSessions.tokenHash,
    or(
      lt(customerSessions.lastSeenAt, ago(SESSION_IDLE_MINUTES * 60_000)),
      lt(customerSessions.createdAt, ago(SESSION_ABSOLUTE_HOURS * 3_600_000)),
    ),
    limit,
  );
}
