import { API } from '@tabi/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { answerLang } from '../../http/content-language.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { siteOrigin } from '../../http/origin.ts';
import { receiptRoutes } from '../receipt/routes.ts';
import * as mypage from './service.ts';

export async function mypageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, API['POST /booking/cancelprice'], async ({ body }) => ok(await mypage.getCancelPrice(ctx, body)));

  defineRoute(app, API['POST /booking/cancel'], async ({ body }) => ok(await mypage.cancelBooking(ctx, body)));

  defineRoute(app, API['POST /booking/withdraw'], async ({ body }) => ok(await mypage.withdrawRequest(ctx, body)));

  defineRoute(app, API['POST /booking/change'], async ({ body }, request) =>
    ok(await mypage.changeBookingDeparture(ctx, body, siteOrigin(ctx.config, request))),
  );

  defineRoute(app, API['POST /booking/edit'], async ({ body }) => ok(await mypage.editRentals(ctx, body)));

  defineRoute(app, API['POST /booking/{rsvno}'], async ({ params, body }, request, reply) => {
    // A body that names a booking must name the one in the path.
    if (body.rsvno !== undefined && body.rsvno !== params.rsvno) throw AppError.forbidden();
    const lang = answerLang(request, reply);
    return ok(await mypage.getBooking(ctx, { session: body.session, rsvno: params.rsvno }, lang));
  });

  // The PDF receipt after payment (ADR 0163).
  receiptRoutes(app, ctx);
}
