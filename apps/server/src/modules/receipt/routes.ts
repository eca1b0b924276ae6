/**
 * The receipt's calls (ADR 0163): my page's, behind the customer's session (registered with my
 * page's routes), and 予約詳細's, behind the staff guard (registered with the console's). A receipt is answered
 * as a PDF; every refusal is SPEC §8's envelope.
 */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { API } from '@tabi/contract/endpoints';
import { receiptFileName } from '@tabi/contract/receipt';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute, type RouteOptions } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { principalOf } from '../staff/guard.ts';
import * as receipts from './service.ts';

/** A PDF to open or save: never cached (it holds a name and an amount), saved under `filename`. */
function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

/** POST /api/booking/receipts and POST /api/booking/receipt (my page). */
export function receiptRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, API['POST /booking/receipts'], async ({ body }) => ok(await receipts.customerReceipts(ctx, body)));

  defineRoute(app, API['POST /booking/receipt'], async ({ body }, _request, reply) => {
    const { pdf, model } = await receipts.customerIssue(ctx, body);
    return sendPdf(reply, receiptFileName(model.rsvno, model.kind), pdf);
  });
}

/** GET /api/admin/bookings/{rsvno}/receipts and POST …/receipt (予約詳細), for `operator` and up. */
export function receiptConsoleRoutes(app: FastifyInstance, ctx: AppContext, operator: RouteOptions): void {
  defineRoute(app, CONSOLE['GET /bookings/{rsvno}/receipts'], operator, async ({ params }) =>
    ok(await receipts.receiptList(ctx, params.rsvno)),
  );

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/receipt'], operator, async ({ params, body }, request, reply) => {
    const { pdf, model } = await receipts.staffIssue(ctx, principalOf(request), params.rsvno, body);
    return sendPdf(reply, receiptFileName(model.rsvno, model.kind), pdf);
  });
}
