/**
 * Reseller API keys (DESIGN §13): a random 32-byte secret, shown once when issued and kept only as its
 * SHA-256 (a secret of that strength needs no slow hash, and the lookup by hash is one index probe).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ResellerKeyRow, type ResellerRow, resellerKeys, resellers } from '../../db/schema.ts';

/** Every key starts so, which tells a leaked one apart in logs and secret scanners. */
export const RESELLER_KEY_PREFIX = 'tabi_octo_';
/** How many characters of a key the console shows (the prefix and a few more). */
const SHOWN_CHARS = RESELLER_KEY_PREFIX.length + 6;

export function hashResellerKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newResellerKey(): { key: string; hash: string; prefix: string } {
  const key = `${RESELLER_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashResellerKey(key), prefix: key.slice(0, SHOWN_CHARS) };
}

/** Issues a key for a reseller: the row is stored with the hash, the key itself is returned once. */
export async function issueResellerKey(
  db: DbOrTx,
  resellerId: number,
  now: Date,
  ratePerMinute?: number,
): Promise<{ key: string; row: ResellerKeyRow }> {
  const made = newResellerKey();
  const [row] = await db
    .insert(resellerKeys)
    .values({
      resellerId,
      keyHash: made.hash,
      prefix: made.prefix,
      createdAt: now,
      ...(ratePerMinute ? { ratePerMinute } : {}),
    })
    .returning();
  if (!row) throw new Error('reseller key not stored');
  return { key: made.key, row };
}

export interface KeyHolder {
  key: ResellerKeyRow;
  reseller: ResellerRow;
}

/** The key's row and its reseller, when the key is known and not revoked (the reseller may be disabled). */
export async function findKeyHolder(db: DbOrTx, key: string): Promise<KeyHolder | undefined> {
  const [found] = await db
    .select({ key: resellerKeys, reseller: resellers })
    .from(resellerKeys)
    .innerJoin(resellers, eq(resellers.id, resellerKeys.resellerId))
    .where(and(eq(resellerKeys.keyHash, hashResellerKey(key)), isNull(resellerKeys.revokedAt)));
  return found;
}

/** A key's last use, written at most once a minute per key (not on every call). */
export async function touchKey(db: DbOrTx, keyIds: number[], at: Date): Promise<void> {
  if (keyIds.length === 0) return;
  await db.update(resellerKeys).set({ lastUsedAt: at }).where(inArray(resellerKeys.id, keyIds));
}
