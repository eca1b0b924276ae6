import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { siteOrigin } from '../../http/origin.ts';
import { grantBookingCapability } from '../payment/capability.ts';
import { registerBookingBenchRoutes } from './bench-routes.ts';
import { createBooking } from './service.ts';

/** POST /booking (SPEC §7). /booking/{rsvno}, /booking/cancel* and /booking/edit live in modules/mypage. */
export async function bookingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/booking', async (request, reply) => {
    const result = await createBooking(ctx, request.body, request.ip, siteOrigin(ctx.config, request));
    grantBookingCapability(reply, ctx.config, result.rsvno);
    return ok(result);
  });
  if (ctx.config.benchRoutes) registerBookingBenchRoutes(app, ctx);
}
