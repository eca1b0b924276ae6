import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { createBooking } from './service.ts';

/** POST /booking (SPEC §7). /booking/{rsvno}, /booking/cancel* and /booking/edit live in modules/mypage. */
export async function bookingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/booking', async (request) => ok(await createBooking(ctx, request.body, request.ip)));
}
