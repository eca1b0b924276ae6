/**
 * 割引コード in the console (ADR 0210, admin only): the codes as the console lists and changes them, with the uses
 * that count against their limits. Each change runs in one transaction under the code's row lock, which a booking
 * takes too before it counts the code's uses and takes one, and writes its staff audit event there (who, what, before
 * and after). A code some booking took is never deleted (its bookings point at it): it is turned off instead.
 */
import { ErrCd } from '@tabi/contract/constants';
import {
  type DiscountCodeFields,
  type DiscountCodeRow,
  DiscountMsg,
  discountCodeUsed,
  discountOptionUnknown,
} from '@tabi/contract/discounts-admin';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insertStaffAudit } from '../staff/repository.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import * as repo from './admin-repository.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** A code's rules as the contract names them: what the audit trail records and an update compares. */
function fieldsOf(r: repo.DiscountCodeRecord): DiscountCodeFields {
  return {
    code: r.code,
    name: r.name,
    kind: r.kind,
    value: r.value,
    opcds: r.opcds,
    book_from: r.bookFrom,
    book_until: r.bookUntil,
    travel_from: r.travelFrom,
    travel_until: r.travelUntil,
    total_limit: r.totalLimit,
    per_customer_limit: r.perCustomerLimit,
    min_amount: r.minAmount,
    active: r.active,
  };
}

function valuesOf(f: DiscountCodeFields): repo.DiscountCodeValues {
  return {
    code: f.code,
    name: f.name,
    kind: f.kind,
    value: f.value,
    opcds: f.opcds,
    bookFrom: f.book_from,
    bookUntil: f.book_until,
    travelFrom: f.travel_from,
    travelUntil: f.travel_until,
    totalLimit: f.total_limit,
    perCustomerLimit: f.per_customer_limit,
    minAmount: f.min_amount,
    active: f.active,
  };
}

function rowOf(r: repo.DiscountCodeRecord, uses: Map<number, repo.CodeUses>): DiscountCodeRow {
  const used = uses.get(r.id) ?? { uses: 0, discounted: 0 };
  return { id: r.id, ...fieldsOf(r), ...used };
}

/** 割引コード一覧: every code, the newest first, with its uses and the yen they took off. */
export async function listDiscountCodes(ctx: Ctx): Promise<{ codes: DiscountCodeRow[] }> {
  const records = await repo.listCodes(ctx.db);
  const uses = await repo.usesOf(ctx.db);
  return { codes: records.map((r) => rowOf(r, uses)) };
}

async function detailOf(db: DbOrTx, id: number): Promise<DiscountCodeRow> {
  const record = await repo.findCode(db, id);
  if (!record) throw AppError.notFound(DiscountMsg.notFound);
  return rowOf(record, await repo.usesOf(db, [id]));
}

export async function discountCodeDetail(ctx: Ctx, id: number): Promise<DiscountCodeRow> {
  return detailOf(ctx.db, id);
}

async function audit(
  db: DbOrTx,
  at: Date,
  staff: StaffPrincipal,
  kind: string,
  code: { id: number; code: string },
  detail: Record<string, unknown>,
): Promise<void> {
  await insertStaffAudit(db, at, staff, kind, { discountCodeId: code.id, code: code.code, ...detail });
}

/** The options chosen, each once, every one of them in the catalog; refused naming the first that is not. */
async function knownOptions(db: DbOrTx, opcds: string[]): Promise<string[]> {
  const chosen = [...new Set(opcds)];
  const known = await repo.existingOptions(db, chosen);
  const unknown = chosen.find((opcd) => !known.has(opcd));
  if (unknown !== undefined) throw new AppError(ErrCd.generic, discountOptionUnknown(unknown), 422);
  return chosen;
}

const taken = () => AppError.conflict(ErrCd.generic, DiscountMsg.codeTaken);

/** The unique index on the code refused it: two admins giving two codes one text at once, each check seeing neither. */
function codeTakenBy(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: string; constraint?: string };
    if (
      pgError.code === '23505' &&
      (pgError.constraint === 'discount_codes_code_idx' || e.message.includes('discount_codes_code_idx'))
    ) {
      return true;
    }
  }
  return false;
}

async function refusingTakenCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw codeTakenBy(error) ? taken() : error;
  }
}

/** Runs a change of one code under its row's lock; refused with 404 when there is none. */
async function changeCode<T>(
  ctx: Ctx,
  id: number,
  work: (tx: DbOrTx, row: repo.DiscountCodeRecord, now: Date) => Promise<T>,
): Promise<T> {
  const now = ctx.clock.now();
  return refusingTakenCode(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.findCode(tx, id, true);
      if (!row) throw AppError.notFound(DiscountMsg.notFound);
      return work(tx, row, now);
    }),
  );
}

export async function createDiscountCode(
  ctx: Ctx,
  staff: StaffPrincipal,
  input: DiscountCodeFields,
): Promise<DiscountCodeRow> {
  const now = ctx.clock.now();
  return refusingTakenCode(() =>
    ctx.db.transaction(async (tx) => {
      const fields = { ...input, opcds: await knownOptions(tx, input.opcds) };
      // A new row is the transaction's own until it commits: no booking can see it, let alone lock it.
      const row = await repo.insertCode(tx, { ...valuesOf(fields), createdAt: now });
      if (!row) throw taken();
      await audit(tx, now, staff, 'discount_code.created', row, { after: fieldsOf(row) });
      return detailOf(tx, row.id);
    }),
  );
}

/** 編集: every rule of the code, its text too (to one no other code has). */
export async function updateDiscountCode(
  ctx: Ctx,
  staff: StaffPrincipal,
  id: number,
  input: DiscountCodeFields,
): Promise<DiscountCodeRow> {
  return changeCode(ctx, id, async (tx, row, now) => {
    const was = fieldsOf(row);
    const next: DiscountCodeFields = { ...input, opcds: [...new Set(input.opcds)] };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of Object.keys(next) as (keyof DiscountCodeFields)[]) {
      // Compared as JSON: the option lists are arrays.
      if (JSON.stringify(was[key]) !== JSON.stringify(next[key])) {
        before[key] = was[key];
        after[key] = next[key];
      }
    }
    if (Object.keys(after).length === 0) return detailOf(tx, id);
    if (next.code !== row.code) {
      const holder = await repo.codeIdOf(tx, next.code);
      if (holder !== undefined && holder !== id) throw taken();
    }
    // Only the options added are checked: one removed from the catalog since may stay on a code that named it.
    const added = next.opcds.filter((opcd) => !row.opcds.includes(opcd));
    await knownOptions(tx, added);
    await repo.updateCode(tx, id, { ...valuesOf(next), updatedAt: now });
    await audit(tx, now, staff, 'discount_code.changed', { id, code: next.code }, { before, after });
    return detailOf(tx, id);
  });
}

/**
 * 削除: only a code no booking ever took. A booking's use points at its code, whether it still counts (a live or paid
 * booking) or was given back (expired, canceled unpaid): a code once used is turned off (無効) instead.
 */
export async function deleteDiscountCode(ctx: Ctx, staff: StaffPrincipal, id: number): Promise<void> {
  await changeCode(ctx, id, async (tx, row, now) => {
    const times = await repo.bookingsTaking(tx, id);
    if (times > 0) throw AppError.conflict(ErrCd.generic, discountCodeUsed(times));
    await repo.deleteCode(tx, id);
    await audit(tx, now, staff, 'discount_code.deleted', row, { before: fieldsOf(row) });
  });
}
