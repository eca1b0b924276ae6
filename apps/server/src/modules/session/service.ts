import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LoginRequest } from '@tabi/contract/booking';
import { normalisePhone } from '@tabi/contract/booking-rules';
import { ErrCd, SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@tabi/contract/constants';
import { say } from '@tabi/contract/said';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as repo from './repository.ts';

/** Failures per booking number per window; attempts per client address come from config (ADR 0030). */
export const LOGIN_FAILURES_PER_BOOKING = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export interface CustomerSession {
  rsvno: string;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Booking numbers are typed by hand: full-width characters and lower case are accepted. */
export function normaliseRsvno(rsvno: string): string {
  return rsvno.normalize('NFKC').trim().toUpperCase();
}

function samePhone(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

function rateLimited(): AppError {
  return new AppError(ErrCd.generic, say('loginRateLimited'), 429);
}

/** POST /mylogin: booking number and phone → an opaque session token, stored only as its SHA-256 hash. */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  clientIp: string,
): Promise<{ session: string; rsvno: string }> {
  const rsvno = normaliseRsvno(input.rsvno);
  const perIp = await ctx.limiter.hit(`login:ip:${clientIp}`, ctx.config.loginLimitPerIp, LOGIN_WINDOW_SECONDS);
  if (!perIp.allowed) throw rateLimited();
  // Counted before the check and cleared on success, so it holds consecutive failures only.
  const bookingKey = `login:rsvno:${rsvno}`;
  const perBooking = await ctx.limiter.hit(bookingKey, LOGIN_FAILURES_PER_BOOKING, LOGIN_WINDOW_SECONDS);
  if (!perBooking.allowed) throw rateLimited();

  const facts = await repo.findLoginFacts(ctx.db, rsvno);
  const phone = normalisePhone(input.tel);
  if (!facts || !samePhone(facts.telNormalized, phone)) {
    throw new AppError(ErrCd.generic, say('loginFailed'), 401);
  }
  await ctx.limiter.reset(bookingKey);

  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(ctx.db, { tokenHash: hashToken(token), rsvno: facts.rsvno, lastSeenAt: ctx.clock.now() });
  return { session: token, rsvno: facts.rsvno };
}

/**
 * POST /mylogin/booked: the browser that made the booking (its purchase cookie, checked by the route) gets a session
 * for it, as a login would give; any other browser logs in with the number and phone.
 */
export async function loginAsBooker(ctx: AppContext, rsvno: string): Promise<{ session: string; rsvno: string }> {
  const facts = await repo.findLoginFacts(ctx.db, normaliseRsvno(rsvno));
  if (!facts) throw new AppError(ErrCd.generic, say('bookedLoginExpired'), 403);
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(ctx.db, { tokenHash: hashToken(token), rsvno: facts.rsvno, lastSeenAt: ctx.clock.now() });
  return { session: token, rsvno: facts.rsvno };
}

/**
 * POST /mylogout: the session ends on the server, so a copied token stops working. The
 * answer is the same whether or not the token named a live session.
 */
export async function logout(ctx: AppContext, token: string): Promise<null> {
  await repo.deleteSession(ctx.db, hashToken(token));
  return null;
}

/**
 * The customer behind a session token. Unknown, idle (60 minutes) and old (24 hours after login) tokens
 * answer errcd 001; a token used for a
 * booking other than its own is refused. Every successful check keeps the session alive.
 */
export async function requireSession(
  ctx: AppContext,
  token: string | undefined,
  rsvno?: string,
): Promise<CustomerSession> {
  if (!token) throw new AppError(ErrCd.sessionTimeout, say('sessionTimeout'), 401);
  const tokenHash = hashToken(token);
  const stored = await repo.findSession(ctx.db, tokenHash);
  if (!stored) throw new AppError(ErrCd.sessionTimeout, say('sessionTimeout'), 401);
  const now = ctx.clock.now();
  if (
    now.getTime() - stored.lastSeenAt.getTime() > SESSION_IDLE_MINUTES * 60_000 ||
    now.getTime() - stored.createdAt.getTime() > SESSION_ABSOLUTE_HOURS * 3_600_000
  ) {
    await repo.deleteSession(ctx.db, tokenHash);
    throw new AppError(ErrCd.sessionTimeout, say('sessionTimeout'), 401);
  }
  if (rsvno !== undefined && normaliseRsvno(rsvno) !== stored.rsvno) throw AppError.forbidden();
  await repo.touchSession(ctx.db, tokenHash, now);
  return { rsvno: stored.rsvno };
}
