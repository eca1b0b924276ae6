/**
 * 販売代理店 (DESIGN §13): resellers as admins manage them in the console and `npm run ops --
 * reseller:create` makes them. Each change runs in one transaction under the reseller's row lock and writes its
 * staff audit event there (who, what, before and after; a key's prefix, never the key). Nothing is ever deleted:
 * a reseller is disabled, a key revoked.
 */
import { ErrCd } from '@tabi/contract/constants';
import { type IssuedKey, type Reseller, ResellerMsg } from '@tabi/contract/resellers';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ResellerKeyRow, ResellerRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { issueResellerKey } from './keys.ts';
import * as repo from './repository.ts';

type Ctx = Pick<AppContextBase, 'db' | 'clock'>;

/** Who changes a reseller: an admin in the console (販売代理店), or the operator's command line. */
export type ResellerChanger = { by: 'ops' } | { by: 'staff'; id: number; mail: string };
export const RESELLER_BY_OPS: ResellerChanger = { by: 'ops' };

export interface ResellerInput {
  name: string;
  commissionBp: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function keyOf(k: ResellerKeyRow) {
  return {
    id: k.id,
    prefix: k.prefix,
    ratePerMinute: k.ratePerMinute,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: iso(k.lastUsedAt),
    revokedAt: iso(k.revokedAt),
  };
}

function viewOf(row: ResellerRow, keys: ResellerKeyRow[]): Reseller {
  const own = keys.filter((k) => k.resellerId === row.id);
  const lastUsed = own.reduce<Date | null>(
    (latest, k) => (k.lastUsedAt && (!latest || k.lastUsedAt > latest) ? k.lastUsedAt : latest),
    null,
  );
  return {
    id: row.id,
    name: row.name,
    commissionBp: row.commissionBp,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(lastUsed),
    keys: own.map(keyOf),
  };
}

async function viewById(db: DbOrTx, id: number): Promise<Reseller> {
  const row = await repo.findReseller(db, id);
  if (!row) throw AppError.notFound(ResellerMsg.notFound);
  return viewOf(row, await repo.keysOf(db, [id]));
}

export async function listResellers(ctx: Ctx): Promise<Reseller[]> {
  const rows = await repo.listResellers(ctx.db);
  const keys = await repo.keysOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => viewOf(r, keys));
}

async function audit(
  db: DbOrTx,
  at: Date,
  changer: ResellerChanger,
  kind: string,
  reseller: Pick<ResellerRow, 'id' | 'name'>,
  detail: Record<string, unknown>,
): Promise<void> {
  const by = changer.by === 'ops' ? { by: 'ops' } : { by: changer.mail, byId: changer.id };
  await repo.insertAudit(db, {
    at,
    staffId: changer.by === 'staff' ? changer.id : null,
    mail: changer.by === 'staff' ? changer.mail : 'ops',
    kind,
    detail: { ...by, resellerId: reseller.id, name: reseller.name, ...detail },
  });
}

/** The unique index on the name refused a second one (two admins adding the same name at once). */
function nameTaken(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: string; constraint?: string };
    if (pgError.code === '23505' && (pgError.constraint === 'resellers_name_uq' || /resellers_name_uq/.test(e.message)))
      return true;
  }
  return false;
}

async function refusingTakenName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (nameTaken(error)) throw AppError.conflict(ErrCd.generic, ResellerMsg.nameTaken);
    throw error;
  }
}

async function checkNameFree(db: DbOrTx, name: string, exceptId?: number): Promise<void> {
  if (await repo.findNamed(db, name, exceptId)) throw AppError.conflict(ErrCd.generic, ResellerMsg.nameTaken);
}

/**
 * A new reseller, enabled; with `key`, also its first API key in the same transaction (the command line's
 * reseller:create), whose answer is the only place the key ever appears.
 */
export async function createReseller(
  ctx: Ctx,
  input: ResellerInput,
  changer: ResellerChanger,
  key?: { ratePerMinute?: number | undefined },
): Promise<{ reseller: Reseller; key: string | null }> {
  await checkNameFree(ctx.db, input.name);
  const now = ctx.clock.now();
  return refusingTakenName(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.insertReseller(tx, { name: input.name, commissionBp: input.commissionBp, createdAt: now });
      await audit(tx, now, changer, 'reseller_created', row, {
        after: { name: row.name, commissionBp: row.commissionBp, enabled: row.enabled },
      });
      let issued: string | null = null;
      if (key) {
        const made = await issueResellerKey(tx, row.id, now, key.ratePerMinute);
        issued = made.key;
        await audit(tx, now, changer, 'reseller_key_issued', row, {
          keyId: made.row.id,
          prefix: made.row.prefix,
          ratePerMinute: made.row.ratePerMinute,
        });
      }
      return { reseller: viewOf(row, await repo.keysOf(tx, [row.id])), key: issued };
    }),
  );
}

/** Runs a change of one reseller under its row lock; refused with 404 when there is none. */
async function changeReseller<T>(
  ctx: Ctx,
  id: number,
  work: (tx: DbOrTx, row: ResellerRow, now: Date) => Promise<T>,
): Promise<T> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findReseller(tx, id, true);
    if (!row) throw AppError.notFound(ResellerMsg.notFound);
    return work(tx, row, now);
  });
}

/**
 * 編集: the name and the commission. Bookings already sold keep what they owe and the rate a change of day re-prices
 * them at (net_amount and commission_bp, fixed at sale).
 */
export async function updateReseller(
  ctx: Ctx,
  id: number,
  input: ResellerInput,
  changer: ResellerChanger,
): Promise<Reseller> {
  return refusingTakenName(() =>
    changeReseller(ctx, id, async (tx, row, now) => {
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (input.name !== row.name) {
        await checkNameFree(tx, input.name, id);
        before.name = row.name;
        after.name = input.name;
      }
      if (input.commissionBp !== row.commissionBp) {
        before.commissionBp = row.commissionBp;
        after.commissionBp = input.commissionBp;
      }
      if (Object.keys(after).length === 0) return viewById(tx, id);
      const changed = await repo.updateReseller(tx, id, { name: input.name, commissionBp: input.commissionBp });
      await audit(tx, now, changer, 'reseller_changed', changed, { before, after });
      return viewById(tx, id);
    }),
  );
}

/** 無効にする / 有効にする: a disabled reseller's keys are refused by /octo until it is enabled again. */
export async function setResellerEnabled(
  ctx: Ctx,
  id: number,
  enabled: boolean,
  changer: ResellerChanger,
): Promise<Reseller> {
  return changeReseller(ctx, id, async (tx, row, now) => {
    if (row.enabled !== enabled) {
      await repo.updateReseller(tx, id, { enabled });
      await audit(tx, now, changer, enabled ? 'reseller_enabled' : 'reseller_disabled', row, {
        before: { enabled: row.enabled },
        after: { enabled },
      });
    }
    return viewById(tx, id);
  });
}

/** A new API key with its own limit per minute; the answer carries the key, once. */
export async function issueKey(
  ctx: Ctx,
  id: number,
  ratePerMinute: number | undefined,
  changer: ResellerChanger,
): Promise<IssuedKey> {
  return changeReseller(ctx, id, async (tx, row, now) => {
    const made = await issueResellerKey(tx, id, now, ratePerMinute);
    await audit(tx, now, changer, 'reseller_key_issued', row, {
      keyId: made.row.id,
      prefix: made.row.prefix,
      ratePerMinute: made.row.ratePerMinute,
    });
    return { reseller: await viewById(tx, id), key: made.key };
  });
}

/** 失効: the key is refused from now on; its row stays (prefix, dates) for the record. */
export async function revokeKey(ctx: Ctx, id: number, keyId: number, changer: ResellerChanger): Promise<Reseller> {
  return changeReseller(ctx, id, async (tx, row, now) => {
    const key = await repo.findKey(tx, id, keyId);
    if (!key) throw AppError.notFound(ResellerMsg.keyNotFound);
    if (!(await repo.revokeKey(tx, keyId, now))) throw AppError.conflict(ErrCd.generic, ResellerMsg.keyAlreadyRevoked);
    await audit(tx, now, changer, 'reseller_key_revoked', row, {
      keyId,
      prefix: key.prefix,
      before: { revokedAt: null },
      after: { revokedAt: now.toISOString() },
    });
    return viewById(tx, id);
  });
}
