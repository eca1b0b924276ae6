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
  const cutOf = (cookieHeader: string | undefined) =>
    cookieHeader
      ?.split(';')
      .map((pair) => pair.trim().split('='))
      .find(([name, value]) => name === CUT_COOKIE && value !== undefined && cut.has(value))?.[1];

  app.addHook('onRequest', async (request, reply) => {
    if (cut.size === 0 || request.url === TEST_NETWORK_ROUTE || !cutOf(request.headers.cookie)) return;
    reply.hijack();
    request.raw.socket.destroy();
  });

  app.post(TEST_NETWORK_ROUTE, async (request, reply) => {
    const { cut: on } = parseInput(networkRequest, request.body);
    const marked = cutOf(request.headers.cookie);
    if (marked) cut.delete(marked);
    if (on) {
      const token = randomUUID();
      cut.add(token);
      reply.header('set-cookie', `${CUT_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`);
    } else reply.header('set-cookie', `${CUT_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`);
    return ok({ cut: on });
  });
}
