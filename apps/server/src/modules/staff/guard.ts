import {
  STAFF_BACKGROUND_HEADER,
  STAFF_COOKIE,
  STAFF_SESSION_ABSOLUTE_HOURS,
  type StaffRole,
} from '@tabi/contract/admin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type RequireOptions, requireStaff, resolveSession, type StaffPrincipal } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, set by `staffOnly` on /api/admin calls. */
    staff: StaffPrincipal | null;
  }
}

export const STAFF_COOKIE_PATH = '/api/admin';

export function staffToken(request: FastifyRequest): string | undefined {
  return request.cookies[STAFF_COOKIE] || undefined;
}

/**
 * A read the console made by itself (a timed refresh), not the person at the desk. Only a GET counts: anything
 * that changes something is somebody's doing, whatever header it carries.
 */
export function isBackgroundRefresh(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.headers[STAFF_BACKGROUND_HEADER] === '1';
}

/**
 * The route option of every staff call: the role it needs, checked on the server before the handler runs. A
 * background refresh is answered without counting as activity, so polling never keeps an idle session alive.
 */
export function staffOnly(ctx: AppContext, role: StaffRole, options: RequireOptions = {}): preHandlerAsyncHookHandler {
  return async (request) => {
    request.staff = await requireStaff(ctx, staffToken(request), role, {
      ...options,
      background: isBackgroundRefresh(request),
    });
  };
}

/**
 * The route option of the steps between the password and a full session (TOTP enrolment): a live session at
 * any stage, checked before the handler runs.
 */
export function staffSignIn(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    request.staff = await resolveSession(ctx, staffToken(request));
  };
}

export function principalOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new Error('staff route without staffOnly');
  return request.staff;
}

/** DESIGN §11: HttpOnly, SameSite=Strict, Secure behind HTTPS, sent only to the staff calls. */
export function setStaffCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    maxAge: STAFF_SESSION_ABSOLUTE_HOURS * 3600,
  });
}

export function clearStaffCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
  });
}
