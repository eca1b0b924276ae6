import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { principalOf, staffOnly } from '../staff/guard.ts';
import { reassignResource } from './reassign.ts';
import * as resources from './service.ts';

/**
 * リソース (ADR 0209) under /api/admin/resources: admin only, the role checked on the server before every call
 * (registered inside the staff plugin, beside adminRoutes); each change by the staff member, in the audit trail.
 * 予約詳細's 割り当てを変更 is the office's daily work: operators may do it too, recorded in the booking's history.
 */
export async function resourceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = { preHandler: staffOnly(ctx, 'admin') };
  const operator = { preHandler: staffOnly(ctx, 'operator') };

  defineRoute(app, CONSOLE['POST /bookings/{rsvno}/resources/reassign'], operator, async ({ params, body }, request) =>
    ok(await reassignResource(ctx, principalOf(request), params.rsvno, body)),
  );

  defineRoute(app, CONSOLE['GET /resources'], admin, async () => ok(await resources.listResources(ctx)));

  defineRoute(app, CONSOLE['POST /resources'], admin, async ({ body }, request) =>
    ok(await resources.createResource(ctx, principalOf(request), body)),
  );

  defineRoute(app, CONSOLE['GET /resources/{id}'], admin, async ({ params }) =>
    ok(await resources.resourceDetail(ctx, params.id)),
  );

  defineRoute(app, CONSOLE['POST /resources/{id}'], admin, async ({ params, body }, request) =>
    ok(await resources.updateResource(ctx, principalOf(request), params.id, body)),
  );

  defineRoute(app, CONSOLE['POST /resources/{id}/delete'], admin, async ({ params }, request) => {
    await resources.deleteResource(ctx, principalOf(request), params.id);
    return ok({ ok: true as const });
  });

  defineRoute(app, CONSOLE['POST /resources/{id}/exceptions'], admin, async ({ params, body }, request) =>
    ok(await resources.setExceptions(ctx, principalOf(request), params.id, body.exceptions)),
  );

  defineRoute(app, CONSOLE['GET /resources/{id}/bookings'], admin, async ({ params, query }) =>
    ok(await resources.resourceBookings(ctx, params.id, query.date)),
  );

  defineRoute(app, CONSOLE['POST /resources/{id}/uses'], admin, async ({ params, body }, request) =>
    ok(await resources.setUses(ctx, principalOf(request), params.id, body.uses)),
  );
}
