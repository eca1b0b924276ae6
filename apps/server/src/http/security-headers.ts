import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src https://maps.google.com https://www.google.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security: only behind HTTPS (SECURE_COOKIES=true), where browsers honour it. */
  hsts: boolean;
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries, also written by hand on answers made below Fastify (431, 408, 400). */
export function securityHeaders(options: SecurityHeaderOptions, withCsp = true): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(options.hsts ? { 'strict-transport-security': HSTS } : {}),
    ...(withCsp ? { 'content-security-policy': CSP } : {}),
  };
}

const CONSOLE_PERMISSIONS = 'camera=(self), microphone=(), geolocation=()';

/** A page of the staff console (/admin and below), not one of its calls. */
export function isConsolePage(url: string): boolean {
  return url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?');
}

/** The staff console's calls, sign-in included: their answers are one staff member's and never cached. */
export function isStaffPath(url: string): boolean {
  return url === '/api/admin' || url.startsWith('/api/admin/') || url.startsWith('/api/admin?');
}

/** Also called directly for the answers Fastify makes before any hook runs (bad URLs). */
export function applySecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SecurityHeaderOptions,
): void {
  reply.headers(securityHeaders(options, !request.url.startsWith('/api/docs')));
  // The console's pages may use this site's own camera: チェックイン scans tickets with it (ADR 0215). The console is
  // one page app, so every page of it carries the permission the scanner needs; customer pages keep none.
  if (isConsolePage(request.url)) reply.header('permissions-policy', CONSOLE_PERMISSIONS);
  // Bookings, names, phones and sessions: no browser or proxy cache may keep them.
  if (isStaffPath(request.url)) reply.header('cache-control', 'no-store');
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  app.addHook('onSend', async (request, reply) => applySecurityHeaders(request, reply, options));
}
