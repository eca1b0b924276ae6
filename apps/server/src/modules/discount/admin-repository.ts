/**
 * The discount module's reads and writes for the console's 割引コード page (ADR 0210). A code's uses are read from the
 * view `discount_uses` (migration 0047): the uses that count against its limits, the one definition the booking's
 * check counts too.
 */
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { options } from '../admin/schema.ts';
import { bookingDiscounts, discountCodes } from './schema.ts';

export type DiscountCodeRecord = typeof discountCodes.$inferSelect;
export type DiscountCodeValues = Omit<typeof discountCodes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function listCodes(db: DbOrTx): Promise<DiscountCodeRecord[]> {
  return db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
}

/**
 * One code; `lock`: its row taken `FOR UPDATE` until the transaction ends. A booking takes the same row before it
 * counts the code's uses and writes its own, so a change and a booking's use are never made on one reading.
 */
export async function findCode(db: DbOrTx, id: number, lock = false): Promise<DiscountCodeRecord | undefined> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The id of the code written `code`, if there is one. */
export async function codeIdOf(db: DbOrTx, code: string): Promise<number | undefined> {
  const [row] = await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, code));
  return row?.id;
}

/** The new code, or null when its text is taken (also by a create that committed a moment ago). */
export async function insertCode(
  db: DbOrTx,
  values: DiscountCodeValues & { createdAt: Date },
): Promise<DiscountCodeRecord | null> {
  const [row] = await db
    .insert(discountCodes)
    .values({ ...values, updatedAt: values.createdAt })
    .onConflictDoNothing({ target: discountCodes.code })
    .returning();
  return row ?? null;
}

export async function updateCode(
  db: DbOrTx,
  id: number,
  values: DiscountCodeValues & { updatedAt: Date },
): Promise<void> {
  await db.update(discountCodes).set(values).where(eq(discountCodes.id, id));
}

export async function deleteCode(db: DbOrTx, id: number): Promise<void> {
  await db.delete(discountCodes).where(eq(discountCodes.id, id));
}

export interface CodeUses {
  uses: number;
  discounted: number;
}

/** Each code's uses that count against its limits, and the yen they took off, by code id (all codes: `ids` absent). */
export async function usesOf(db: DbOrTx, ids?: number[]): Promise<Map<number, CodeUses>> {
  if (ids?.length === 0) return new Map();
  const only = ids ? sql`where code_id = any(${sql.param(ids)}::int[])` : sql``;
  const rows = rowsOf<{ code_id: number; uses: number; discounted: number }>(
    await db.execute(sql`
      select code_id, count(*)::int as uses, coalesce(sum(discount), 0)::int as discounted
      from discount_uses ${only}
      group by code_id`),
  );
  return new Map(rows.map((r) => [Number(r.code_id), { uses: Number(r.uses), discounted: Number(r.discounted) }]));
}

/** Every booking that ever took the code, its use given back or not: each one's row points at the code. */
export async function bookingsTaking(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookingDiscounts).where(eq(bookingDiscounts.codeId, id));
  return row?.n ?? 0;
}

/** Which of these option codes exist. */
export async function existingOptions(db: DbOrTx, opcds: string[]): Promise<Set<string>> {
  if (opcds.length === 0) return new Set();
  const rows = await db.select({ opcd: options.opcd }).from(options).where(inArray(options.opcd, opcds));
  return new Set(rows.map((r) => r.opcd));
}
