/** Resellers and their keys as the console reads and changes them; keys are made by keys.ts alone. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { octoBookings, type ResellerKeyRow, type ResellerRow, resellerKeys, resellers } from '../../db/schema.ts';

export async function listResellers(db: DbOrTx): Promise<ResellerRow[]> {
  return db.select().from(resellers).orderBy(asc(resellers.name), asc(resellers.id));
}

/** Every key of these resellers, newest first. */
export async function keysOf(db: DbOrTx, resellerIds: number[]): Promise<ResellerKeyRow[]> {
  if (resellerIds.length === 0) return [];
  return db
    .select()
    .from(resellerKeys)
    .where(inArray(resellerKeys.resellerId, resellerIds))
    .orderBy(desc(resellerKeys.createdAt), desc(resellerKeys.id));
}

/** One reseller; `lock`: in a transaction, held until it ends (two changes of one reseller never interleave). */
export async function findReseller(db: DbOrTx, id: number, lock = false): Promise<ResellerRow | undefined> {
  const query = db.select().from(resellers).where(eq(resellers.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Another reseller of the same name, whatever the letter case (「klook」 is 「Klook」 twice). */
export async function findNamed(db: DbOrTx, name: string, exceptId?: number): Promise<ResellerRow | undefined> {
  const [row] = await db
    .select()
    .from(resellers)
    .where(
      and(
        sql`lower(${resellers.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${resellers.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertReseller(
  db: DbOrTx,
  values: { name: string; commissionBp: number; createdAt: Date },
): Promise<ResellerRow> {
  const [row] = await db.insert(resellers).values(values).returning();
  if (!row) throw new Error('reseller not stored');
  return row;
}

export async function updateReseller(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<ResellerRow, 'name' | 'commissionBp' | 'enabled'>>,
): Promise<ResellerRow> {
  const [row] = await db.update(resellers).set(values).where(eq(resellers.id, id)).returning();
  if (!row) throw new Error('reseller not updated');
  return row;
}

export async function findKey(db: DbOrTx, resellerId: number, keyId: number): Promise<ResellerKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(resellerKeys)
    .where(and(eq(resellerKeys.id, keyId), eq(resellerKeys.resellerId, resellerId)));
  return row;
}

/** Revokes a key not yet revoked; false when it already was (nothing changed). */
export async function revokeKey(db: DbOrTx, keyId: number, at: Date): Promise<boolean> {
  const done = await db
    .update(resellerKeys)
    .set({ revokedAt: at })
    .where(and(eq(resellerKeys.id, keyId), isNull(resellerKeys.revokedAt)))
    .returning({ id: resellerKeys.id });
  return done.length > 0;
}

/** 予約一覧's filter: every reseller's id and name, by name. */
export async function channelChoices(db: DbOrTx): Promise<{ id: number; name: string; enabled: boolean }[]> {
  return db
    .select({ id: resellers.id, name: resellers.name, enabled: resellers.enabled })
    .from(resellers)
    .orderBy(asc(resellers.name), asc(resellers.id));
}

/** The OCTO side of a reseller's booking (written by the OCTO module), read-only here. */
export async function octoReferences(
  db: DbOrTx,
  rsvno: string,
): Promise<{ uuid: string; resellerReference: string | null } | undefined> {
  const [row] = await db
    .select({ uuid: octoBookings.uuid, resellerReference: octoBookings.resellerReference })
    .from(octoBookings)
    .where(eq(octoBookings.rsvno, rsvno));
  return row;
}

/** A staff audit event of a reseller change, in the change's transaction: the staff module writes it. */
export { insertAudit } from '../staff/repository.ts';
