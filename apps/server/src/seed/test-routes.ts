/**
 * The end-to-end specs' own data (ADR 0204): `POST /api/_test/bookings` with `{ "like": "AA100010" }` makes a new
 * booking as that demo booking is, under a number of its own, and answers its number and phone for the customer's
 * login. Registered only with `TEST_ROUTES=1` (scripts/e2e-server.mjs sets it; production never does).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FixedClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import { sweepUnpaidBookings } from '../modules/booking/sweeper.ts';
import { DEMO_BOOKINGS } from './bookings.ts';
import { copyDemoBooking } from './seed.ts';

export const TEST_BOOKINGS_ROUTE = '/api/_test/bookings';
/**
 * `POST /api/_test/sweep` with `{ "at": ISO instant }`: the sweeper's run as it will happen at that instant, so that a
 * journey sees a deadline pass (a konbini slip's, days away) without waiting for it.
 */
export const TEST_SWEEP_ROUTE = '/api/_test/sweep';

const like = DEMO_BOOKINGS.map((b) => b.rsvno) as [string, ...string[]];
const testBookingRequest = z.object({ like: z.enum(like) });
const testSweepRequest = z.object({ at: z.iso.datetime({ offset: true }) });

export function registerSeedTestRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(TEST_BOOKINGS_ROUTE, async (request) => {
    const input = parseInput(testBookingRequest, request.body);
    return ok(await copyDemoBooking(ctx.db, ctx.clock, input.like));
  });
  app.post(TEST_SWEEP_ROUTE, async (request) => {
    const input = parseInput(testSweepRequest, request.body);
    return ok(await sweepUnpaidBookings({ ...ctx, clock: new FixedClock(new Date(input.at)) }));
  });
}
