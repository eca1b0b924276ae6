import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { principalOf, staffOnly } from '../staff/guard.ts';
import * as checkin from './service.ts';

/**
 * チェックイン (ADR 0215) under /api/admin/checkin: operators and admins, the role checked on the server before every
 * call (registered inside the staff plugin); each scan, undo and no-show an event in the booking's history.
 */
export async function checkinRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const staff = { preHandler: staffOnly(ctx, 'operator') };

  defineRoute(app, CONSOLE['GET /checkin/day'], staff, async ({ query }) => ok(await checkin.day(ctx, query.usedate)));

  defineRoute(app, CONSOLE['GET /checkin/departure'], staff, async ({ query }) => ok(await checkin.pack(ctx, query)));

  defineRoute(app, CONSOLE['POST /checkin/scan'], staff, async ({ body }, request) =>
    ok(await checkin.scan(ctx, principalOf(request), body)),
  );

  defineRoute(app, CONSOLE['POST /checkin/undo'], staff, async ({ body }, request) =>
    ok(await checkin.undo(ctx, principalOf(request), body)),
  );

  defineRoute(app, CONSOLE['POST /checkin/no-shows'], staff, async ({ body }, request) =>
    ok(await checkin.markNoShows(ctx, principalOf(request), body)),
  );
}
