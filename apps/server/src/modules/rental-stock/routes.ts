import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { principalOf, staffOnly } from '../staff/guard.ts';
import * as rentalStock from './service.ts';

/**
 * サイズ別在庫 (ADR 0209) under /api/admin/facilities/{id}/rental-stock: admin only, the role checked on the server before
 * every call (registered inside the staff plugin, beside adminRoutes); each change by the staff member, in the audit
 * trail.
 */
export async function rentalStockRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = { preHandler: staffOnly(ctx, 'admin') };

  defineRoute(app, CONSOLE['GET /facilities/{id}/rental-stock'], admin, async ({ params }) =>
    ok(await rentalStock.rentalStockDetail(ctx, params.id)),
  );

  defineRoute(app, CONSOLE['POST /facilities/{id}/rental-stock'], admin, async ({ params, body }, request) =>
    ok(await rentalStock.setItem(ctx, principalOf(request), params.id, body)),
  );

  defineRoute(app, CONSOLE['POST /facilities/{id}/rental-stock/days'], admin, async ({ params, body }, request) =>
    ok(await rentalStock.setDay(ctx, principalOf(request), params.id, body)),
  );

  defineRoute(
    app,
    CONSOLE['POST /facilities/{id}/rental-stock/days/delete'],
    admin,
    async ({ params, body }, request) => ok(await rentalStock.deleteDay(ctx, principalOf(request), params.id, body)),
  );
}
