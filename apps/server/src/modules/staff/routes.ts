import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { type AccountChanger, changeStaffRole, createStaff, listStaff, staffAction } from './accounts.ts';
import { clearStaffCookie, principalOf, setStaffCookie, staffOnly, staffSignIn, staffToken } from './guard.ts';
import * as staff from './service.ts';

/** Sign-in, the second factor, the account itself and the staff list, under /api/admin (DESIGN §11). */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest('staff', null);
  const signingIn = { preHandler: staffSignIn(ctx) };
  const anyStaff = { preHandler: staffOnly(ctx, 'operator', { allowMustChange: true }) };

  defineRoute(app, CONSOLE['POST /login'], async ({ body }, request, reply) => {
    const { token, step } = await staff.login(ctx, body, request.ip);
    if (token) setStaffCookie(ctx, reply, token);
    return ok(step);
  });

  defineRoute(app, CONSOLE['POST /login/totp'], async ({ body }, request, reply) => {
    const { token, step } = await staff.secondFactor(ctx, staffToken(request), body.code, request.ip);
    setStaffCookie(ctx, reply, token);
    return ok(step);
  });

  // Enrolment, during sign-in (admin without a second factor) or later from the console.
  defineRoute(app, CONSOLE['GET /totp/setup'], signingIn, async (_input, request) =>
    ok(await staff.startTotpEnrolment(ctx, principalOf(request))),
  );

  defineRoute(app, CONSOLE['POST /totp/enable'], signingIn, async ({ body }, request, reply) => {
    const { token, step } = await staff.finishTotpEnrolment(ctx, principalOf(request), body.code, request.ip);
    if (token) setStaffCookie(ctx, reply, token);
    return ok(step);
  });

  defineRoute(app, CONSOLE['GET /me'], anyStaff, async (_input, request) => {
    const { tokenHash: _hash, stage: _stage, ...me } = principalOf(request);
    return ok(me);
  });

  defineRoute(app, CONSOLE['POST /password'], anyStaff, async ({ body }, request) => {
    await staff.changePassword(ctx, principalOf(request), body, request.ip);
    return ok({ ok: true as const });
  });

  defineRoute(app, CONSOLE['POST /logout'], async (_input, request, reply) => {
    await staff.logout(ctx, staffToken(request), request.ip);
    clearStaffCookie(ctx, reply);
    return ok({ ok: true as const });
  });

  const adminOnly = { preHandler: staffOnly(ctx, 'admin') };
  const changer = (request: FastifyRequest): AccountChanger => {
    const me = principalOf(request);
    return { by: 'staff', id: me.id, mail: me.mail, session: me.tokenHash };
  };

  defineRoute(app, CONSOLE['GET /staff'], adminOnly, async () => ok(await listStaff(ctx)));

  defineRoute(app, CONSOLE['POST /staff'], adminOnly, async ({ body }, request) => {
    const { staff: row, password } = await createStaff(ctx, body, changer(request));
    return ok({ staff: row, password });
  });

  defineRoute(app, CONSOLE['POST /staff/{id}/role'], adminOnly, async ({ params, body }, request) =>
    ok(await changeStaffRole(ctx, params.id, body.role, changer(request))),
  );

  defineRoute(app, CONSOLE['POST /staff/{id}/{action}'], adminOnly, async ({ params }, request) =>
    ok(await staffAction(ctx, params.id, params.action, changer(request))),
  );
}
