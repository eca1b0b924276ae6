import { ErrCd } from '@tabi/contract/constants';
import { API } from '@tabi/contract/endpoints';
import { say } from '@tabi/contract/said';
import type { FastifyInstance } from 'fastify';
import { customerActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { siteOrigin } from '../../http/origin.ts';
import { grantBookingCapability, holdsBookingCapability } from '../payment/index.ts';
import { registerBookingBenchRoutes } from './bench-routes.ts';
import { reviseUnpaidBooking } from './revise.ts';
import { createBooking, limitBookings } from './service.ts';

/** POST /booking (SPEC §7). /booking/{rsvno}, /booking/cancel* and /booking/edit live in modules/mypage. */
export async function bookingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limited = { preHandler: async (request: { ip: string }) => limitBookings(ctx, request.ip) };
  defineRoute(app, API['POST /booking'], limited, async ({ body }, request, reply) => {
    const result = await createBooking(ctx, body, request.ip, siteOrigin(ctx.config, request));
    grantBookingCapability(request, reply, ctx.config, result.rsvno, ctx.clock.now());
    return ok(result);
  });
  // The purchase flow's corrections before payment, from the browser that made the booking.
  defineRoute(app, API['POST /booking/revise'], limited, async ({ body }, request) => {
    const { rsvno, ...input } = body;
    if (!holdsBookingCapability(request, ctx.config.appKey, rsvno, ctx.clock.now())) {
      throw new AppError(ErrCd.generic, say('bookingNotRevisable'), 403);
    }
    await reviseUnpaidBooking(ctx, rsvno, input, customerActor);
    return ok(null);
  });
  if (ctx.config.benchRoutes) registerBookingBenchRoutes(app, ctx);
}
