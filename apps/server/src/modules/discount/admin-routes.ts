import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { principalOf, staffOnly } from '../staff/guard.ts';
import * as discounts from './admin.ts';

/**
 * 割引コード (ADR 0210) under /api/admin/discount-codes: admin only, the role checked on the server before every call
 * (registered inside the staff plugin, beside adminRoutes); each change by the staff member, in the audit trail.
 */
export async function discountAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = { preHandler: staffOnly(ctx, 'admin') };

  defineRoute(app, CONSOLE['GET /discount-codes'], admin, async () => ok(await discounts.listDiscountCodes(ctx)));

  defineRoute(app, CONSOLE['POST /discount-codes'], admin, async ({ body }, request) =>
    ok(await discounts.createDiscountCode(ctx, principalOf(request), body)),
  );

  defineRoute(app, CONSOLE['GET /discount-codes/{id}'], admin, async ({ params }) =>
    ok(await discounts.discountCodeDetail(ctx, params.id)),
  );

  defineRoute(app, CONSOLE['POST /discount-codes/{id}'], admin, async ({ params, body }, request) =>
    ok(await discounts.updateDiscountCode(ctx, principalOf(request), params.id, body)),
  );

  defineRoute(app, CONSOLE['POST /discount-codes/{id}/delete'], admin, async ({ params }, request) => {
    await discounts.deleteDiscountCode(ctx, principalOf(request), params.id);
    return ok({ ok: true as const });
  });
}
