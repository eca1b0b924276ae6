/** The operator's day in the console: レンタル準備表 and its CSV, a facility's mail address. */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute, type RouteOptions } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { sendCsv } from '../admin/csv.ts';
import { setMail } from '../admin/facilities.ts';
import { principalOf } from '../staff/guard.ts';
import { rentalSheetCsv, rentalSheetDay } from './rental-sheet.ts';

export function operationsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: { operator: RouteOptions; admin: RouteOptions },
): void {
  defineRoute(app, CONSOLE['GET /rental-sheet'], guards.operator, async ({ query }) =>
    ok(await rentalSheetDay(ctx, query)),
  );

  defineRoute(app, CONSOLE['GET /rental-sheet.csv'], guards.operator, async ({ query }, _request, reply) => {
    const { date, csv } = await rentalSheetCsv(ctx, query);
    const facility = typeof query.facility === 'number' ? `-${query.facility}` : '';
    return sendCsv(reply, `rental-sheet-${date}${facility}.csv`, csv);
  });

  defineRoute(app, CONSOLE['POST /facilities/{id}/mail'], guards.admin, async ({ params, body }, request) => {
    await setMail(ctx, principalOf(request), params.id, body.mail);
    return ok({ ok: true as const });
  });
}
