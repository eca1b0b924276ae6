/**
 * The end-to-end tests' network cut (TEST_ROUTES=1 only): `POST /api/_test/network` with `{ "cut": true }` marks the
 * calling browser with a cookie, and every later request carrying it is dropped without an answer, as a device that
 * lost its signal never reaches the server; `{ "cut": false }` lets it through again. Chromium's own offline
 * emulation does not cover every request of a page a service worker controls (the check-in scanner's), so a journey
 * that must be sure nothing left the device cuts it here as well.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../errors.ts';
import { ok } from './envelope.ts';

export const TEST_NETWORK_ROUTE = '/api/_test/network';
const CUT_COOKIE = 'e2e-cut';

const networkRequest = z.object({ cut: z.boolean() });

export function registerNetworkCut(app: FastifyInstance): void {
  const cut = new Set<string>();
  const options = { path: '/', httpOnly: true, sameSite: 'strict' } as const;

  // After @fastify/cookie's own hook (registered before the routes), so the cookie is read.
  app.addHook('onRequest', async (request, reply) => {
    const marked = request.cookies[CUT_COOKIE];
    if (!marked || !cut.has(marked) || request.url === TEST_NETWORK_ROUTE) return;
    reply.hijack();
    request.raw.socket.destroy();
  });

  app.post(TEST_NETWORK_ROUTE, async (request, reply) => {
    const { cut: on } = parseInput(networkRequest, request.body);
    const marked = request.cookies[CUT_COOKIE];
    if (marked) cut.delete(marked);
    if (on) {
      const token = randomUUID();
      cut.add(token);
      reply.setCookie(CUT_COOKIE, token, options);
    } else reply.clearCookie(CUT_COOKIE, options);
    return ok({ cut: on });
  });
}
