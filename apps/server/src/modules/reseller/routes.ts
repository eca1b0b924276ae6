import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute, type RouteOptions } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { sendCsv } from '../admin/csv.ts';
import { principalOf } from '../staff/guard.ts';
import { salesReport, salesReportCsv } from './report.ts';
import { channelChoices } from './repository.ts';
import * as resellers from './service.ts';

/**
 * 販売代理店 and 売上レポート in the console (ADR 0169): managing resellers and their keys and reading the sales
 * report are the admin's; the channel filter's choices are any staff member's.
 */
export function resellerConsoleRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: { operator: RouteOptions; admin: RouteOptions },
): void {
  const { admin, operator } = guards;
  const changer = (request: FastifyRequest): resellers.ResellerChanger => {
    const me = principalOf(request);
    return { by: 'staff', id: me.id, mail: me.mail };
  };

  defineRoute(app, CONSOLE['GET /resellers'], admin, async () => ok(await resellers.listResellers(ctx)));

  defineRoute(app, CONSOLE['POST /resellers'], admin, async ({ body }, request) => {
    const { reseller } = await resellers.createReseller(
      ctx,
      { name: body.name, commissionBp: body.commission },
      changer(request),
    );
    return ok(reseller);
  });

  defineRoute(app, CONSOLE['POST /resellers/{id}'], admin, async ({ params, body }, request) =>
    ok(
      await resellers.updateReseller(
        ctx,
        params.id,
        { name: body.name, commissionBp: body.commission },
        changer(request),
      ),
    ),
  );

  defineRoute(app, CONSOLE['POST /resellers/{id}/{action}'], admin, async ({ params }, request) =>
    ok(await resellers.setResellerEnabled(ctx, params.id, params.action === 'enable', changer(request))),
  );

  defineRoute(app, CONSOLE['POST /resellers/{id}/keys'], admin, async ({ params, body }, request) =>
    ok(await resellers.issueKey(ctx, params.id, body.ratePerMinute, changer(request))),
  );

  defineRoute(app, CONSOLE['POST /resellers/{id}/keys/{keyId}/revoke'], admin, async ({ params }, request) =>
    ok(await resellers.revokeKey(ctx, params.id, params.keyId, changer(request))),
  );

  defineRoute(app, CONSOLE['GET /channels'], operator, async () => ok(await channelChoices(ctx.db)));

  defineRoute(app, CONSOLE['GET /reports/sales'], admin, async ({ query }) => ok(await salesReport(ctx, query.month)));

  defineRoute(app, CONSOLE['GET /reports/sales.csv'], admin, async ({ query }, _request, reply) =>
    sendCsv(reply, `sales-${query.month}.csv`, await salesReportCsv(ctx, query.month)),
  );
}
