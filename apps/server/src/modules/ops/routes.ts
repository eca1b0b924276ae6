import { STAFF_ROLES } from '@tabi/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { systemActor } from '../booking/events.ts';
import { bookingRecord } from '../booking/history.ts';
import { reconcile } from '../booking/reconciler.ts';
import { confirmRequest, declineRequest } from '../booking/service.ts';
import { createStaff, disableStaff, listStaff, resetStaffPassword } from '../staff/accounts.ts';
import { sameKey } from './key.ts';

const params = z.object({ action: z.enum(['confirm', 'decline']), rsvno: z.string().min(1).max(20) });
const bookingParams = z.object({ action: z.enum(['show', 'reconcile']), rsvno: z.string().min(1).max(20) });
const staffParams = z.object({ action: z.enum(['create', 'disable', 'reset-password', 'list']) });
const staffBody = z
  .object({
    mail: z.string().max(254).optional(),
    role: z.enum(STAFF_ROLES).optional(),
    password: z.string().max(200).optional(),
  })
  .default({});
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The operator command's way into a running server: the embedded database admits one process, so
 * `npm run ops` asks the server to make the change. Loopback only, with the key from DATA_DIR/ops.key.
 */
export async function opsRoutes(app: FastifyInstance, ctx: AppContext, opsKey: string): Promise<void> {
  const checkKey = (request: FastifyRequest) => {
    const header = request.headers['x-ops-key'];
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof header !== 'string' || !sameKey(header, opsKey)) {
      throw AppError.forbidden();
    }
  };

  app.post('/internal/ops/request/:action/:rsvno', async (request) => {
    checkKey(request);
    const { action, rsvno } = parseInput(params, request.params);
    const actor = systemActor('ops');
    const result =
      action === 'confirm' ? await confirmRequest(ctx, rsvno, actor) : await declineRequest(ctx, rsvno, actor);
    return ok({ ...result, paymentDeadline: result.paymentDeadline?.toISOString() ?? null });
  });

  app.post('/internal/ops/booking/:action/:rsvno', async (request) => {
    checkKey(request);
    const { action, rsvno } = parseInput(bookingParams, request.params);
    if (action === 'show') return ok(await bookingRecord(ctx, rsvno));
    return ok({ report: await reconcile(ctx, { rsvno, actor: systemActor('ops') }) });
  });

  app.post('/internal/ops/reconcile', async (request) => {
    checkKey(request);
    return ok({ report: await reconcile(ctx, { actor: systemActor('ops') }) });
  });

  app.post('/internal/ops/staff/:action', async (request) => {
    checkKey(request);
    const { action } = parseInput(staffParams, request.params);
    const body = parseInput(staffBody, request.body ?? {});
    const mail = body.mail ?? '';
    switch (action) {
      case 'create':
        return ok(await createStaff(ctx, { mail, role: body.role ?? 'operator', password: body.password }));
      case 'disable':
        return ok(await disableStaff(ctx, mail));
      case 'reset-password':
        return ok(await resetStaffPassword(ctx, mail, body.password));
      case 'list':
        return ok(await listStaff(ctx));
    }
  });
}
