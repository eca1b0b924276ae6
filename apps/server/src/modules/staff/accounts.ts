import {
  STAFF_PASSWORD_MIN,
  type StaffAction,
  type StaffChange,
  type StaffRole,
  type StaffRow,
} from '@tabi/contract/admin';
import { EMAIL_PATTERN } from '@tabi/contract/booking-rules';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { generatePassword, hashPassword } from './password.ts';
import * as repo from './repository.ts';

/** Staff accounts as `npm run ops -- staff:*` and the console's スタッフ (admin) manage them (DESIGN §11). */
type Ctx = Pick<AppContextBase, 'db' | 'clock'>;

export function normaliseMail(mail: string): string {
  return mail.normalize('NFKC').trim().toLowerCase();
}

function checkPassword(password: string): void {
  if (password.length < STAFF_PASSWORD_MIN) throw AppError.badRequest(Msg.staffPasswordTooShort);
}

export interface IssuedPassword {
  mail: string;
  role: StaffRole;
  password: string;
  /** Whether the password was made here (and must be shown once) or given by the caller. */
  generated: boolean;
}

/**
 * Who changes an account: the operator's command line, or an admin in the console (スタッフ), with the session the
 * request came with (its hash), checked again in the transaction that writes.
 */
export type AccountChanger = { by: 'ops' } | { by: 'staff'; id: number; mail: string; session: string };
export const BY_OPS: AccountChanger = { by: 'ops' };

function auditBy(changer: AccountChanger): Record<string, unknown> {
  return changer.by === 'ops' ? { by: 'ops' } : { by: changer.mail, byId: changer.id };
}

export async function createStaff(
  ctx: Ctx,
  input: { mail: string; role: StaffRole; password?: string | undefined },
  changer: AccountChanger = BY_OPS,
): Promise<IssuedPassword & { staff: StaffRow }> {
  const mail = normaliseMail(input.mail);
  if (!EMAIL_PATTERN.test(mail)) throw AppError.badRequest(Msg.staffMailInvalid);
  const password = input.password ?? generatePassword();
  checkPassword(password);
  if (await repo.findByMail(ctx.db, mail)) throw AppError.conflict(ErrCd.generic, Msg.staffAccountExists);
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(password);
  const account = await ctx.db.transaction(async (tx) => {
    if (changer.by === 'staff') await checkActor(tx, await repo.lockForChange(tx, [changer.id]), changer);
    const made = await repo.insertAccount(tx, {
      mail,
      role: input.role,
      passwordHash,
      mustChangePassword: true,
      createdAt: now,
    });
    // Taken by a create that committed after the check above.
    if (!made) throw AppError.conflict(ErrCd.generic, Msg.staffAccountExists);
    await repo.insertAudit(tx, {
      at: now,
      staffId: made.id,
      mail,
      kind: 'account_created',
      detail: { ...auditBy(changer), role: input.role },
    });
    return made;
  });
  return { staff: rowOf(account), mail, role: input.role, password, generated: input.password === undefined };
}

async function existing(ctx: Ctx, mail: string): Promise<repo.StaffAccount> {
  const account = await repo.findByMail(ctx.db, normaliseMail(mail));
  if (!account) throw AppError.notFound(Msg.staffAccountNotFound);
  return account;
}

/**
 * The acting admin as the locked rows show them, in the transaction that writes: still enabled, still an admin, and
 * the session the request came with still there (disabling, a change of role and a password reset end it in the
 * transaction that makes them, under the same row lock). A check made only when the request arrived would let a
 * request already in flight act for an admin who was disabled or demoted meanwhile.
 */
async function checkActor(tx: DbOrTx, locked: repo.StaffAccount[], changer: AccountChanger): Promise<void> {
  if (changer.by === 'ops') return;
  const actor = locked.find((a) => a.id === changer.id);
  const session = await repo.findSession(tx, changer.session);
  if (!actor || actor.disabledAt !== null || session?.staffId !== actor.id) {
    throw new AppError(ErrCd.sessionTimeout, Msg.staffSessionExpired, 401);
  }
  if (actor.role !== 'admin') throw AppError.forbidden(Msg.staffForbidden);
}

type AccountPatch = Parameters<typeof repo.updateAccount>[2];

/**
 * One change of an account, from the command line or the console, in one transaction: the actor, the target and
 * every active admin locked in id order (so concurrent changes queue instead of deadlocking, and each sees what the
 * one before it did), the actor checked again (checkActor), refused when it would leave no active admin or when an
 * admin disables or demotes themselves; then the change, the account's sessions ended and the audit line, at once.
 */
async function changeAccount(
  ctx: Ctx,
  id: number,
  changer: AccountChanger,
  kind: string,
  patchOf: (account: repo.StaffAccount, now: Date) => AccountPatch,
  detail: Record<string, unknown> = {},
): Promise<repo.StaffAccount> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await repo.lockForChange(tx, changer.by === 'staff' ? [changer.id, id] : [id]);
    await checkActor(tx, locked, changer);
    const account = locked.find((a) => a.id === id);
    if (!account) throw AppError.notFound(Msg.staffNotFound);
    const admins = locked.filter((a) => a.role === 'admin' && a.disabledAt === null);
    const patch = patchOf(account, now);
    const losesAdmin =
      account.role === 'admin' &&
      account.disabledAt === null &&
      ((patch.disabledAt ?? null) !== null || (patch.role !== undefined && patch.role !== 'admin'));
    if (losesAdmin && changer.by === 'staff' && changer.id === account.id) {
      throw AppError.conflict(ErrCd.generic, Msg.staffNotOnSelf);
    }
    if (losesAdmin && admins.filter((a) => a.id !== account.id).length === 0) {
      throw AppError.conflict(ErrCd.generic, Msg.staffLastAdmin);
    }
    await repo.updateAccount(tx, account.id, patch);
    await repo.deleteSessionsOf(tx, account.id);
    await repo.insertAudit(tx, {
      at: now,
      staffId: account.id,
      mail: account.mail,
      kind,
      detail: { ...auditBy(changer), ...detail },
    });
    return { ...account, ...patch } as repo.StaffAccount;
  });
}

/** Disabled accounts cannot sign in and their sessions end at once; the row stays for the audit trail. */
export async function disableStaff(ctx: Ctx, mail: string): Promise<{ mail: string }> {
  const account = await existing(ctx, mail);
  await changeAccount(ctx, account.id, BY_OPS, 'account_disabled', (a, now) => ({ disabledAt: a.disabledAt ?? now }));
  return { mail: account.mail };
}

/** A new one-time password (to be changed at the next sign-in); sessions end; the second factor stays. */
export async function resetStaffPassword(
  ctx: Ctx,
  mail: string,
  password?: string | undefined,
): Promise<IssuedPassword> {
  const account = await existing(ctx, mail);
  const next = password ?? generatePassword();
  checkPassword(next);
  const passwordHash = await hashPassword(next);
  await changeAccount(ctx, account.id, BY_OPS, 'password_reset', (_a, now) => ({
    passwordHash,
    mustChangePassword: true,
    passwordChangedAt: now,
  }));
  return { mail: account.mail, role: account.role as StaffRole, password: next, generated: password === undefined };
}

/**
 * A lost authenticator: the second factor is removed and must be enrolled again at the next sign-in, whatever
 * the role (the password alone never becomes enough for an account that had one).
 */
const totpReset = (): AccountPatch => ({
  totpSecret: null,
  totpPendingSecret: null,
  totpLastStep: null,
  totpRequired: true,
});

export async function resetStaffTotp(ctx: Ctx, mail: string): Promise<{ mail: string }> {
  const account = await existing(ctx, mail);
  await changeAccount(ctx, account.id, BY_OPS, 'totp_reset', totpReset);
  return { mail: account.mail };
}

/** スタッフ in the console (admin only): the same changes by id, each answering the row and any new password. */
export async function changeStaffRole(
  ctx: Ctx,
  id: number,
  role: StaffRole,
  changer: AccountChanger,
): Promise<StaffChange> {
  const account = await changeAccount(ctx, id, changer, 'role_changed', () => ({ role }), { role });
  return { staff: rowOf(account), password: null };
}

export async function staffAction(
  ctx: Ctx,
  id: number,
  action: StaffAction,
  changer: AccountChanger,
): Promise<StaffChange> {
  switch (action) {
    case 'disable': {
      const account = await changeAccount(ctx, id, changer, 'account_disabled', (a, now) => ({
        disabledAt: a.disabledAt ?? now,
      }));
      return { staff: rowOf(account), password: null };
    }
    case 'enable': {
      const account = await changeAccount(ctx, id, changer, 'account_enabled', () => ({ disabledAt: null }));
      return { staff: rowOf(account), password: null };
    }
    case 'reset-password': {
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const account = await changeAccount(ctx, id, changer, 'password_reset', (_a, now) => ({
        passwordHash,
        mustChangePassword: true,
        passwordChangedAt: now,
      }));
      return { staff: rowOf(account), password };
    }
    case 'reset-totp': {
      const account = await changeAccount(ctx, id, changer, 'totp_reset', totpReset);
      return { staff: rowOf(account), password: null };
    }
  }
}

/** Who a staff account is, as the console shows it everywhere: its id, mail, role and whether it has 2段階認証. */
export function identityOf(a: repo.StaffAccount): Pick<StaffRow, 'id' | 'mail' | 'role' | 'totpEnabled'> {
  return { id: a.id, mail: a.mail, role: a.role as StaffRole, totpEnabled: a.totpSecret !== null };
}

function rowOf(a: repo.StaffAccount): StaffRow {
  return {
    ...identityOf(a),
    disabled: a.disabledAt !== null,
    lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
  };
}

export async function listStaff(ctx: Ctx): Promise<StaffRow[]> {
  return (await repo.listAccounts(ctx.db)).map(rowOf);
}
