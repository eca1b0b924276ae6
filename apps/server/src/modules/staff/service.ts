import { createHash, randomBytes } from 'node:crypto';
import {
  type PasswordChangeRequest,
  STAFF_SECOND_STEP_MINUTES,
  STAFF_SESSION_ABSOLUTE_HOURS,
  STAFF_SESSION_IDLE_MINUTES,
  type StaffLoginRequest,
  type StaffLoginStep,
  type StaffMe,
  type StaffRole,
  type TotpSetup,
} from '@tabi/contract/admin';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { identityOf, normaliseMail } from './accounts.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';
import * as repo from './repository.ts';
import { generateTotpSecret, otpauthUrl, qrSvg, totpStep } from './totp.ts';

/** Like the customer login (ADR 0030): consecutive failures per account, attempts per client address. */
export const STAFF_FAILURES_PER_ACCOUNT = 5;
export const STAFF_LOGIN_WINDOW_SECONDS = 15 * 60;

type Stage = 'totp' | 'enrol' | 'full';

export interface StaffPrincipal extends StaffMe {
  tokenHash: string;
  stage: Stage;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function expired(message: string = Msg.staffSessionExpired): AppError {
  return new AppError(ErrCd.sessionTimeout, message, 401);
}

function meOf(account: repo.StaffAccount): StaffMe {
  return {
    ...identityOf(account),
    mustChangePassword: account.mustChangePassword,
  };
}

const accountKey = (mail: string) => `staff-login:mail:${mail}`;

async function audit(
  ctx: AppContext,
  kind: string,
  mail: string,
  staffId: number | null,
  ip: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await repo.insertAudit(ctx.db, { at: ctx.clock.now(), staffId, mail, kind, ip, detail });
}

async function openSession(ctx: AppContext, staffId: number, stage: Stage): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await repo.insertSession(ctx.db, { tokenHash: hashToken(token), staffId, stage, createdAt: now, lastSeenAt: now });
  return token;
}

async function completeSignIn(
  ctx: AppContext,
  account: repo.StaffAccount,
  ip: string,
  factor: string,
): Promise<{ token: string; step: StaffLoginStep }> {
  await ctx.limiter.reset(accountKey(account.mail));
  const token = await openSession(ctx, account.id, 'full');
  await repo.updateAccount(ctx.db, account.id, { lastLoginAt: ctx.clock.now() });
  await audit(ctx, 'login', account.mail, account.id, ip, { factor });
  return { token, step: { next: 'done', staff: meOf(account) } };
}

async function countFailure(ctx: AppContext, mail: string, ip: string): Promise<void> {
  const hit = await ctx.limiter.hit(accountKey(mail), STAFF_FAILURES_PER_ACCOUNT, STAFF_LOGIN_WINDOW_SECONDS);
  if (!hit.allowed) {
    await audit(ctx, 'login_locked', mail, null, ip);
    throw new AppError(ErrCd.generic, Msg.staffLoginRateLimited, 429);
  }
}

/**
 * A signed-in session of an active account, opened without its password and second factor: for the end-to-end
 * tests' own route only (`TEST_ROUTES=1`, test-routes.ts), so that a spec that is not about signing in starts in the
 * console at once (ADR 0199). Audited like a sign-in, with the factor `test`.
 */
export async function openTestSession(ctx: AppContext, mail: string, ip: string): Promise<string> {
  const account = await repo.findByMail(ctx.db, normaliseMail(mail));
  if (!account || account.disabledAt) throw new AppError(ErrCd.generic, Msg.staffLoginFailed, 401);
  return (await completeSignIn(ctx, account, ip, 'test')).token;
}

/**
 * Step 1: mail and password. A wrong mail, a wrong password and a disabled account get the same answer and
 * take the same time (a decoy hash is verified for an unknown mail). The answer says what comes next.
 */
export async function login(
  ctx: AppContext,
  input: StaffLoginRequest,
  ip: string,
): Promise<{ token: string | null; step: StaffLoginStep }> {
  const mail = normaliseMail(input.mail);
  const perIp = await ctx.limiter.hit(`staff-login:ip:${ip}`, ctx.config.loginLimitPerIp, STAFF_LOGIN_WINDOW_SECONDS);
  if (!perIp.allowed) {
    await audit(ctx, 'login_limited', mail, null, ip);
    throw new AppError(ErrCd.generic, Msg.staffLoginRateLimited, 429);
  }
  // Counted before the check and cleared on a completed sign-in: it holds consecutive failures only.
  const locked = await ctx.limiter.hit(accountKey(mail), STAFF_FAILURES_PER_ACCOUNT, STAFF_LOGIN_WINDOW_SECONDS);
  if (!locked.allowed) {
    await audit(ctx, 'login_locked', mail, null, ip);
    throw new AppError(ErrCd.generic, Msg.staffLoginRateLimited, 429);
  }
  const account = await repo.findByMail(ctx.db, mail);
  const passwordOk = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !passwordOk || account.disabledAt) {
    const reason = !account ? 'unknown_mail' : !passwordOk ? 'wrong_password' : 'disabled';
    await audit(ctx, 'login_failed', mail, account?.id ?? null, ip, { reason });
    throw new AppError(ErrCd.generic, Msg.staffLoginFailed, 401);
  }
  if (account.totpSecret) {
    const token = await openSession(ctx, account.id, 'totp');
    await audit(ctx, 'password_accepted', mail, account.id, ip, { next: 'totp' });
    return { token, step: { next: 'totp', staff: null } };
  }
  if (account.role === 'admin' || account.totpRequired) {
    const token = await openSession(ctx, account.id, 'enrol');
    await audit(ctx, 'password_accepted', mail, account.id, ip, { next: 'enrol' });
    return { token, step: { next: 'enrol', staff: null } };
  }
  return completeSignIn(ctx, account, ip, 'password');
}

/**
 * The session behind a cookie, checked for its lifetime and its account. Every use keeps it alive, except a
 * call the console makes by itself (`background`: a timed refresh), which is no sign of the person at the desk.
 */
export async function resolveSession(
  ctx: AppContext,
  token: string | undefined,
  { background = false }: { background?: boolean } = {},
): Promise<StaffPrincipal> {
  if (!token) throw expired();
  const tokenHash = hashToken(token);
  const session = await repo.findSession(ctx.db, tokenHash);
  if (!session) throw expired();
  const now = ctx.clock.now().getTime();
  const account = await repo.findById(ctx.db, session.staffId);
  const stage = session.stage as Stage;
  let reason: string | null = null;
  if (!account || account.disabledAt) reason = 'disabled';
  else if (stage !== 'full' && now - session.createdAt.getTime() > STAFF_SECOND_STEP_MINUTES * 60_000)
    reason = 'second_step_timeout';
  else if (now - session.lastSeenAt.getTime() > STAFF_SESSION_IDLE_MINUTES * 60_000) reason = 'idle';
  else if (now - session.createdAt.getTime() > STAFF_SESSION_ABSOLUTE_HOURS * 3_600_000) reason = 'absolute';
  if (reason || !account) {
    await repo.deleteSession(ctx.db, tokenHash);
    if (account) await audit(ctx, 'session_expired', account.mail, account.id, null, { reason });
    throw expired(reason === 'second_step_timeout' ? Msg.staffSecondStepExpired : Msg.staffSessionExpired);
  }
  if (!background) await repo.touchSession(ctx.db, tokenHash, ctx.clock.now());
  return { ...meOf(account), tokenHash, stage };
}

export interface RequireOptions {
  /** The password change, the account and sign-out stay open while an initial password must be changed. */
  allowMustChange?: boolean;
  /** A refresh the console made by itself: answered, but the idle timer is not reset (STAFF_BACKGROUND_HEADER). */
  background?: boolean;
}

/** DESIGN §11: a staff call answers only a fully signed-in session of a role that may make it. */
export async function requireStaff(
  ctx: AppContext,
  token: string | undefined,
  role: StaffRole,
  options: RequireOptions = {},
): Promise<StaffPrincipal> {
  const principal = await resolveSession(ctx, token, { background: options.background === true });
  if (principal.stage !== 'full') throw expired();
  if (role === 'admin' && principal.role !== 'admin') throw AppError.forbidden(Msg.staffForbidden);
  if (principal.mustChangePassword && !options.allowMustChange) throw AppError.forbidden(Msg.staffMustChangePassword);
  return principal;
}

/** Step 2: the TOTP code. Wrong codes count as failed sign-ins of the account; a code is accepted once. */
export async function secondFactor(
  ctx: AppContext,
  token: string | undefined,
  code: string,
  ip: string,
): Promise<{ token: string; step: StaffLoginStep }> {
  const principal = await resolveSession(ctx, token);
  if (principal.stage !== 'totp') throw expired(Msg.staffSecondStepExpired);
  const account = await repo.findById(ctx.db, principal.id);
  if (!account?.totpSecret) throw expired(Msg.staffSecondStepExpired);
  await countFailure(ctx, account.mail, ip).catch(async (error: unknown) => {
    await repo.deleteSession(ctx.db, principal.tokenHash);
    throw error;
  });
  const step = totpStep(account.totpSecret, code, ctx.clock.now());
  if (step === null || !(await repo.claimTotpStep(ctx.db, account.id, step))) {
    await audit(ctx, 'totp_failed', account.mail, account.id, ip, {
      reason: step === null ? 'wrong_code' : 'replayed',
    });
    throw new AppError(ErrCd.generic, Msg.staffTotpFailed, 401);
  }
  // A new id once fully signed in: the half-signed-in one is never promoted (no session fixation).
  await repo.deleteSession(ctx.db, principal.tokenHash);
  return completeSignIn(ctx, account, ip, 'totp');
}

/** The enrolment page: a new secret (kept pending until a code from it is entered) and its QR code. */
export async function startTotpEnrolment(ctx: AppContext, principal: StaffPrincipal): Promise<TotpSetup> {
  if (principal.stage === 'totp') throw expired();
  if (principal.totpEnabled) throw AppError.conflict(ErrCd.generic, Msg.staffTotpAlreadyEnabled);
  const secret = generateTotpSecret();
  await repo.updateAccount(ctx.db, principal.id, { totpPendingSecret: secret });
  const url = otpauthUrl(secret, principal.mail);
  return { secret, otpauthUrl: url, qrSvg: await qrSvg(url) };
}

/** Confirms enrolment with a code; during sign-in (stage 'enrol') this completes it with a new session. */
export async function finishTotpEnrolment(
  ctx: AppContext,
  principal: StaffPrincipal,
  code: string,
  ip: string,
): Promise<{ token: string | null; step: StaffLoginStep }> {
  if (principal.stage === 'totp') throw expired();
  const account = await repo.findById(ctx.db, principal.id);
  if (!account) throw expired();
  if (account.totpSecret) throw AppError.conflict(ErrCd.generic, Msg.staffTotpAlreadyEnabled);
  if (!account.totpPendingSecret) throw AppError.badRequest(Msg.staffTotpSetupMissing);
  await countFailure(ctx, account.mail, ip);
  const step = totpStep(account.totpPendingSecret, code, ctx.clock.now());
  if (step === null) {
    await audit(ctx, 'totp_failed', account.mail, account.id, ip, { reason: 'enrolment' });
    throw new AppError(ErrCd.generic, Msg.staffTotpFailed, 401);
  }
  await repo.updateAccount(ctx.db, account.id, {
    totpSecret: account.totpPendingSecret,
    totpPendingSecret: null,
    totpLastStep: step,
  });
  await audit(ctx, 'totp_enrolled', account.mail, account.id, ip);
  const enrolled = { ...account, totpSecret: account.totpPendingSecret };
  if (principal.stage === 'enrol') {
    await repo.deleteSession(ctx.db, principal.tokenHash);
    return completeSignIn(ctx, enrolled, ip, 'totp_enrolment');
  }
  await ctx.limiter.reset(accountKey(account.mail));
  return { token: null, step: { next: 'done', staff: meOf(enrolled) } };
}

export async function changePassword(
  ctx: AppContext,
  principal: StaffPrincipal,
  input: PasswordChangeRequest,
  ip: string,
): Promise<void> {
  const account = await repo.findById(ctx.db, principal.id);
  if (!account) throw expired();
  await countFailure(ctx, account.mail, ip);
  if (!(await verifyPassword(input.current, account.passwordHash))) {
    await audit(ctx, 'password_change_failed', account.mail, account.id, ip);
    throw AppError.badRequest(Msg.staffCurrentPasswordWrong);
  }
  if (input.current === input.next) throw AppError.badRequest(Msg.staffPasswordSame);
  const passwordHash = await hashPassword(input.next);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await repo.updateAccount(tx, account.id, { passwordHash, mustChangePassword: false, passwordChangedAt: now });
    // Other sessions of this account end; this one goes on.
    await repo.deleteOtherSessions(tx, account.id, principal.tokenHash);
    await repo.insertAudit(tx, {
      at: now,
      staffId: account.id,
      mail: account.mail,
      kind: 'password_changed',
      ip,
      detail: {},
    });
  });
  await ctx.limiter.reset(accountKey(account.mail));
}

/** Ends the session on the server; answering the same to an unknown or absent cookie. */
export async function logout(ctx: AppContext, token: string | undefined, ip: string): Promise<void> {
  if (!token) return;
  const tokenHash = hashToken(token);
  const session = await repo.findSession(ctx.db, tokenHash);
  if (!session) return;
  await repo.deleteSession(ctx.db, tokenHash);
  const account = await repo.findById(ctx.db, session.staffId);
  await audit(ctx, 'logout', account?.mail ?? '', session.staffId, ip);
}
