import {
  cancelPriceRequest,
  cancelRequest,
  editBookingRequest,
  rsvnoParams,
  sessionRequest,
} from '@tabi/contract/booking';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import * as mypage from './service.ts';

export async function mypageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/booking/cancelprice', async (request) => {
    const input = parseInput(cancelPriceRequest, request.body);
    return ok(await mypage.getCancelPrice(ctx, input));
  });

  app.post('/booking/cancel', async (request) => {
    const input = parseInput(cancelRequest, request.body);
    return ok(await mypage.cancelBooking(ctx, input));
  });

  app.post('/booking/edit', async (request) => {
    const input = parseInput(editBookingRequest, request.body);
    return ok(await mypage.editRentals(ctx, input));
  });

  app.post('/booking/:rsvno', async (request) => {
    const { rsvno } = parseInput(rsvnoParams, request.params);
    const body = parseInput(sessionRequest, request.body);
    // A body that names a booking must name the one in the path.
    if (body.rsvno !== undefined && body.rsvno !== rsvno) throw AppError.forbidden();
    return ok(await mypage.getBooking(ctx, { session: body.session, rsvno }));
  });
}
