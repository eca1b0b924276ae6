import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { systemActor } from '../booking/events.ts';
import { bookingRecord } from '../booking/history.ts';
import { reconcile } from '../booking/reconciler.ts';
import { confirmRequest, declineRequest } from '../booking/service.ts';
import { sameKey } from './key.ts';

const requestParams = z.object({ action: z.enum(['confirm', 'decline']), rsvno: z.string().min(1).max(20) });
const bookingParams = z.object({ action: z.enum(['show', 'reconcile']), rsvno: z.string().min(1).max(20) });
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The operator command's way into a running server: the embedded database admits one process, so
 * `npm run ops` asks the server to do the work. Loopback only, with the key from DATA_DIR/ops.key.
 */
export async function opsRoutes(app: FastifyInstance, ctx: AppContext, opsKey: string): Promise<void> {
  function authorise(request: FastifyRequest): void {
    const header = request.headers['x-ops-key'];
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof header !== 'string' || !sameKey(header, opsKey)) {
      throw AppError.forbidden();
    }
  }

  app.post('/internal/ops/request/:action/:rsvno', async (request) => {
    authorise(request);
    const { action, rsvno } = parseInput(requestParams, request.params);
    const actor = systemActor('ops');
    const result =
      action === 'confirm' ? await confirmRequest(ctx, rsvno, actor) : await declineRequest(ctx, rsvno, actor);
    return ok({ ...result, paymentDeadline: result.paymentDeadline?.toISOString() ?? null });
  });

  app.post('/internal/ops/booking/:action/:rsvno', async (request) => {
    authorise(request);
    const { action, rsvno } = parseInput(bookingParams, request.params);
    if (action === 'show') return ok(await bookingRecord(ctx, rsvno));
    return ok({ report: await reconcile(ctx, { rsvno, actor: systemActor('ops') }) });
  });

  app.post('/internal/ops/reconcile', async (request) => {
    authorise(request);
    return ok({ report: await reconcile(ctx, { actor: systemActor('ops') }) });
  });
}
