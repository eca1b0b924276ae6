/**
 * The end-to-end tests' way into the console (ADR 0199): `POST /api/_test/staff-session` with `{ "mail": … }` signs
 * that account in and sets the staff cookie, as a completed sign-in does. Registered only with `TEST_ROUTES=1`
 * (scripts/e2e-server.mjs sets it; production never does), so no password or second factor can be skipped elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { setStaffCookie } from './guard.ts';
import { openTestSession } from './service.ts';

export const TEST_STAFF_SESSION_ROUTE = '/api/_test/staff-session';

const testSessionRequest = z.object({ mail: z.string().min(1).max(254) });

export function registerStaffTestRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(TEST_STAFF_SESSION_ROUTE, async (request, reply) => {
    const { mail } = parseInput(testSessionRequest, request.body);
    setStaffCookie(ctx, reply, await openTestSession(ctx, mail, request.ip));
    return ok({ ok: true as const });
  });
}
