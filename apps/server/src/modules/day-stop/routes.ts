import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute, type RouteOptions } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { principalOf } from '../staff/guard.ts';
import { decideToGo } from './minimum.ts';
import { dayDepartures, listStops, previewStop, startStop } from './service.ts';

/** 催行中止 and 催行決定 (ADR 0165), for operators and admins, each stop and decision by the staff member. */
export function dayStopRoutes(app: FastifyInstance, ctx: AppContext, operator: RouteOptions): void {
  defineRoute(app, CONSOLE['POST /day-stops/preview'], operator, async ({ body }) => ok(await previewStop(ctx, body)));
  defineRoute(app, CONSOLE['POST /day-stops'], operator, async ({ body }, request) =>
    ok(await startStop(ctx, principalOf(request), body)),
  );
  defineRoute(app, CONSOLE['GET /day-stops'], operator, async () => ok(await listStops(ctx)));
  defineRoute(app, CONSOLE['GET /day-stops/departures'], operator, async ({ query }) =>
    ok(await dayDepartures(ctx, query)),
  );
  defineRoute(app, CONSOLE['POST /day-decisions'], operator, async ({ body }, request) => {
    await decideToGo(ctx, principalOf(request), body);
    return ok({ ok: true as const });
  });
}
