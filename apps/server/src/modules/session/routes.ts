import { ErrCd } from '@tabi/contract/constants';
import { API } from '@tabi/contract/endpoints';
import { say } from '@tabi/contract/said';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { holdsBookingCapability } from '../payment/index.ts';
import * as sessions from './service.ts';

export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, API['POST /mylogin'], async ({ body }, request) => ok(await sessions.login(ctx, body, request.ip)));

  defineRoute(app, API['POST /mylogin/booked'], async ({ body }, request) => {
    const rsvno = sessions.normaliseRsvno(body.rsvno);
    // Refused alike whether or not the number exists: only the purchase cookie's own bookings open.
    if (!holdsBookingCapability(request, ctx.config.appKey, rsvno, ctx.clock.now())) {
      throw new AppError(ErrCd.generic, say('bookedLoginExpired'), 403);
    }
    return ok(await sessions.loginAsBooker(ctx, rsvno));
  });

  defineRoute(app, API['POST /mylogout'], async ({ body }) => ok(await sessions.logout(ctx, body.session)));
}
