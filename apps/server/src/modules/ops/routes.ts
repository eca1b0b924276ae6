import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { confirmRequest, declineRequest } from '../booking/service.ts';
import { sameKey } from './key.ts';

const params = z.object({ action: z.enum(['confirm', 'decline']), rsvno: z.string().min(1).max(20) });
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The operator command's way into a running server: the embedded database admits one process, so
 * `npm run ops` asks the server to make the transition. Loopback only, with the key from DATA_DIR/ops.key.
 */
export async function opsRoutes(app: FastifyInstance, ctx: AppContext, opsKey: string): Promise<void> {
  app.post('/internal/ops/request/:action/:rsvno', async (request) => {
    const header = request.headers['x-ops-key'];
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof header !== 'string' || !sameKey(header, opsKey)) {
      throw AppError.forbidden();
    }
    const { action, rsvno } = parseInput(params, request.params);
    const result = action === 'confirm' ? await confirmRequest(ctx, rsvno) : await declineRequest(ctx, rsvno);
    return ok({ ...result, paymentDeadline: result.paymentDeadline?.toISOString() ?? null });
  });
}
