/**
 * The end-to-end specs' own data (ADR 0204): `POST /api/_test/bookings` with `{ "like": "AA100010" }` makes a new
 * booking as that demo booking is, under a number of its own, and answers its number and phone for the customer's
 * login. Registered only with `TEST_ROUTES=1` (scripts/e2e-server.mjs sets it; production never does).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import { DEMO_BOOKINGS } from './bookings.ts';
import { copyDemoBooking } from './seed.ts';

export const TEST_BOOKINGS_ROUTE = '/api/_test/bookings';

const like = DEMO_BOOKINGS.map((b) => b.rsvno) as [string, ...string[]];
const testBookingRequest = z.object({ like: z.enum(like) });

export function registerSeedTestRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(TEST_BOOKINGS_ROUTE, async (request) => {
    const input = parseInput(testBookingRequest, request.body);
    return ok(await copyDemoBooking(ctx.db, ctx.clock, input.like));
  });
}
