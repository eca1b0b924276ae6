import { STAFF_ROLES } from '@tabi/contract/admin';
import { defineEndpoints, type Endpoint, optionalBody } from '@tabi/contract/endpoints';
import { envelope } from '@tabi/contract/envelope';
import { resellerRequest } from '@tabi/contract/resellers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { systemActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { listJobs } from '../../jobs/repository.ts';
import { bookingRecord } from '../booking/history.ts';
import { confirmRequest, declineRequest } from '../booking/service.ts';
import { reconcile } from '../payment/index.ts';
import { erasePersonalDataOf, exportPersonalData } from '../privacy/service.ts';
import { createReseller, RESELLER_BY_OPS } from '../reseller/service.ts';
import { createStaff, disableStaff, listStaff, resetStaffPassword, resetStaffTotp } from '../staff/accounts.ts';
import { sameKey } from './key.ts';

const staffBody = z.object({
  mail: z.string().max(254).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  password: z.string().max(200).optional(),
});
const rsvno = z.string().min(1).max(20);
/** What scripts/ops.ts reads and prints; not a call of the contract. */
const answer = envelope(z.unknown());

/** The operator command's calls (scripts/ops.ts), registered only when the server is given its key. */
export const OPS = defineEndpoints('/internal/ops', {
  'POST /request/{action}/{rsvno}': {
    summary: 'リクエストの手配・お断り',
    params: z.object({ action: z.enum(['confirm', 'decline']), rsvno }),
    response: answer,
  },
  'POST /booking/{action}/{rsvno}': {
    summary: '予約の表示・決済の確認',
    params: z.object({ action: z.enum(['show', 'reconcile']), rsvno }),
    response: answer,
  },
  'POST /reconcile': { summary: '決済の確認（すべて）', response: answer },
  'POST /privacy/{action}/{rsvno}': {
    summary: '個人情報の開示用の出力・消去',
    params: z.object({ action: z.enum(['export', 'erase']), rsvno }),
    response: answer,
  },
  'POST /staff/{action}': {
    summary: 'スタッフの登録・無効化・パスワード再発行・認証アプリのリセット・一覧',
    params: z.object({ action: z.enum(['create', 'disable', 'reset-password', 'reset-totp', 'list']) }),
    body: optionalBody(staffBody),
    response: answer,
  },
  'POST /jobs/list': { summary: 'バックグラウンド処理の一覧', response: answer },
  'POST /reseller/create': {
    summary: '販売代理店の登録（APIキーを1つ発行）',
    body: resellerRequest,
    response: answer,
  },
});
export const OPS_ENDPOINTS: Endpoint[] = Object.values(OPS);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The operator command's way into a running server: the embedded database admits one process, so
 * `npm run ops` asks the server to make the change. Loopback only, with the key from DATA_DIR/ops.key.
 */
export async function opsRoutes(app: FastifyInstance, ctx: AppContext, opsKey: string): Promise<void> {
  const operatorOnly = {
    preHandler: async (request: FastifyRequest) => {
      const header = request.headers['x-ops-key'];
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof header !== 'string' || !sameKey(header, opsKey)) {
        throw AppError.forbidden();
      }
    },
  };

  defineRoute(app, OPS['POST /request/{action}/{rsvno}'], operatorOnly, async ({ params }) => {
    const actor = systemActor('ops');
    const result =
      params.action === 'confirm'
        ? await confirmRequest(ctx, params.rsvno, actor)
        : await declineRequest(ctx, params.rsvno, actor);
    return ok({ ...result, paymentDeadline: result.paymentDeadline?.toISOString() ?? null });
  });

  defineRoute(app, OPS['POST /booking/{action}/{rsvno}'], operatorOnly, async ({ params }) => {
    if (params.action === 'show') return ok(await bookingRecord(ctx, params.rsvno));
    return ok({ report: await reconcile(ctx, { rsvno: params.rsvno, actor: systemActor('ops') }) });
  });

  defineRoute(app, OPS['POST /privacy/{action}/{rsvno}'], operatorOnly, async ({ params }) =>
    ok(
      params.action === 'export'
        ? await exportPersonalData(ctx, params.rsvno)
        : await erasePersonalDataOf(ctx, params.rsvno),
    ),
  );

  defineRoute(app, OPS['POST /reconcile'], operatorOnly, async () =>
    ok({ report: await reconcile(ctx, { actor: systemActor('ops') }) }),
  );

  defineRoute(app, OPS['POST /staff/{action}'], operatorOnly, async ({ params, body }) => {
    const mail = body.mail ?? '';
    switch (params.action) {
      case 'create':
        return ok(await createStaff(ctx, { mail, role: body.role ?? 'operator', password: body.password }));
      case 'disable':
        return ok(await disableStaff(ctx, mail));
      case 'reset-password':
        return ok(await resetStaffPassword(ctx, mail, body.password));
      case 'reset-totp':
        return ok(await resetStaffTotp(ctx, mail));
      case 'list':
        return ok(await listStaff(ctx));
    }
  });

  defineRoute(app, OPS['POST /jobs/list'], operatorOnly, async () => ok(await listJobs(ctx.db)));

  defineRoute(app, OPS['POST /reseller/create'], operatorOnly, async ({ body }) =>
    ok(await createReseller(ctx, { name: body.name, commissionBp: body.commission }, RESELLER_BY_OPS, {})),
  );
}
