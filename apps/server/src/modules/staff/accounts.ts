import { STAFF_PASSWORD_MIN, type StaffRole, type StaffRow } from '@tabi/contract/admin';
import { EMAIL_PATTERN } from '@tabi/contract/booking-rules';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { AppContextBase } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { generatePassword, hashPassword } from './password.ts';
import * as repo from './repository.ts';

/** Staff accounts as `npm run ops -- staff:*` manages them (DESIGN §11). */
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

export async function createStaff(
  ctx: Ctx,
  input: { mail: string; role: StaffRole; password?: string | undefined },
): Promise<IssuedPassword> {
  const mail = normaliseMail(input.mail);
  if (!EMAIL_PATTERN.test(mail)) throw AppError.badRequest(Msg.staffMailInvalid);
  const password = input.password ?? generatePassword();
  checkPassword(password);
  if (await repo.findByMail(ctx.db, mail)) throw AppError.conflict(ErrCd.generic, Msg.staffAccountExists);
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const account = await repo.insertAccount(tx, {
      mail,
      role: input.role,
      passwordHash,
      mustChangePassword: true,
      createdAt: now,
    });
    await repo.insertAudit(tx, {
      at: now,
      staffId: account.id,
      mail,
      kind: 'account_created',
      detail: { by: 'ops', role: input.role },
    });
  });
  return { mail, role: input.role, password, generated: input.password === undefined };
}

async function existing(ctx: Ctx, mail: string): Promise<repo.StaffAccount> {
  const account = await repo.findByMail(ctx.db, normaliseMail(mail));
  if (!account) throw AppError.notFound(Msg.staffAccountNotFound);
  return account;
}

/** An account changed from the command line: the change, its sessions ended and the audit line, at once. */
async function changeByOps(
  ctx: Ctx,
  account: repo.StaffAccount,
  now: Date,
  patch: Parameters<typeof repo.updateAccount>[2],
  kind: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.updateAccount(tx, account.id, patch);
    await repo.deleteSessionsOf(tx, account.id);
    await repo.insertAudit(tx, { at: now, staffId: account.id, mail: account.mail, kind, detail: { by: 'ops' } });
  });
}

/** Disabled accounts cannot sign in and their sessions end at once; the row stays for the audit trail. */
export async function disableStaff(ctx: Ctx, mail: string): Promise<{ mail: string }> {
  const account = await existing(ctx, mail);
  const now = ctx.clock.now();
  await changeByOps(ctx, account, now, { disabledAt: account.disabledAt ?? now }, 'account_disabled');
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
  const now = ctx.clock.now();
  await changeByOps(
    ctx,
    account,
    now,
    { passwordHash, mustChangePassword: true, passwordChangedAt: now },
    'password_reset',
  );
  return { mail: account.mail, role: account.role as StaffRole, password: next, generated: password === undefined };
}

export async function listStaff(ctx: Ctx): Promise<StaffRow[]> {
  const rows = await repo.listAccounts(ctx.db);
  return rows.map((a) => ({
    id: a.id,
    mail: a.mail,
    role: a.role as StaffRole,
    totpEnabled: a.totpSecret !== null,
    disabled: a.disabledAt !== null,
    lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
  }));
}
