import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrCd } from '@tabi/contract/constants';
import { say } from '@tabi/contract/said';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Verified by its signature instead (modules/payment). */
const WEBHOOK_ROUTE = '/api/stripe/webhook';

function sign(nonce: string, key: string): string {
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

export function issueCsrfToken(key: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(nonce, key)}`;
}

/** A malformed percent escape in the header is a wrong token (419), not a server error. */
function decodeHeader(header: string): string {
  try {
    return decodeURIComponent(header);
  } catch {
    return '';
  }
}

export function isValidCsrfToken(token: string, key: string): boolean {
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(nonce, key));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Decided on the route Fastify matched (its pattern, e.g. `/api/booking/:rsvno`), never on the URL text the
 * client sent: `/%61pi/booking` is routed to `/api/booking` but does not start with `/api/`.
 * A request that matched no route changes nothing and is answered 404 by the not-found handler.
 */
export function needsCsrfCheck(routePattern: string | undefined): boolean {
  if (!routePattern) return false;
  return routePattern.startsWith('/api/') && routePattern !== WEBHOOK_ROUTE;
}

/**
 * Anti-forgery as Laravel Sanctum does it: GET /sanctum/csrf-cookie sets a readable XSRF-TOKEN cookie
 * and every state-changing /api call must echo it in X-XSRF-TOKEN, else HTTP 419. The token is signed
 * with APP_KEY so a cookie planted by another site cannot be used. Webhooks are verified by signature.
 */
export function registerCsrf(app: FastifyInstance, opts: { appKey: string; secureCookies: boolean }): void {
  app.get('/sanctum/csrf-cookie', async (_request, reply) => {
    reply.setCookie(CSRF_COOKIE, issueCsrfToken(opts.appKey), {
      path: '/',
      sameSite: 'lax',
      secure: opts.secureCookies,
      httpOnly: false,
      maxAge: 2 * 60 * 60,
    });
    return reply.code(204).send();
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!needsCsrfCheck(request.routeOptions.url)) return;
    const header = request.headers[CSRF_HEADER];
    const cookie = request.cookies[CSRF_COOKIE];
    const token = typeof header === 'string' ? decodeHeader(header) : '';
    if (!cookie || !token || token !== cookie || !isValidCsrfToken(token, opts.appKey)) {
      return reply.code(419).send(fail(ErrCd.generic, say('csrfMismatch')));
    }
  });
}
