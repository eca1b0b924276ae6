import { passwordChangeRequest, staffLoginRequest, staffTotpRequest } from '@tabi/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { listStaff } from './accounts.ts';
import { clearStaffCookie, principalOf, setStaffCookie, staffOnly, staffToken } from './guard.ts';
import * as staff from './service.ts';

/** Sign-in, the second factor, the account itself and the staff list, under /api/admin (DESIGN §11). */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest('staff', null);

  app.post('/login', async (request, reply) => {
    const input = parseInput(staffLoginRequest, request.body);
    const { token, step } = await staff.login(ctx, input, request.ip);
    if (token) setStaffCookie(ctx, reply, token);
    return ok(step);
  });

  app.post('/login/totp', async (request, reply) => {
    const { code } = parseInput(staffTotpRequest, request.body);
    const { token, step } = await staff.secondFactor(ctx, staffToken(request), code, request.ip);
    setStaffCookie(ctx, reply, token);
    return ok(step);
  });

  /** Enrolment, during sign-in (admin without a second factor) or later from the console. */
  app.get('/totp/setup', async (request) => {
    const principal = await staff.resolveSession(ctx, staffToken(request));
    return ok(await staff.startTotpEnrolment(ctx, principal));
  });

  app.post('/totp/enable', async (request, reply) => {
    const principal = await staff.resolveSession(ctx, staffToken(request));
    const { code } = parseInput(staffTotpRequest, request.body);
    const { token, step } = await staff.finishTotpEnrolment(ctx, principal, code, request.ip);
    if (token) setStaffCookie(ctx, reply, token);
    return ok(step);
  });

  app.get('/me', { preHandler: staffOnly(ctx, 'operator', { allowMustChange: true }) }, async (request) => {
    const { tokenHash: _hash, stage: _stage, ...me } = principalOf(request);
    return ok(me);
  });

  app.post('/password', { preHandler: staffOnly(ctx, 'operator', { allowMustChange: true }) }, async (request) => {
    const input = parseInput(passwordChangeRequest, request.body);
    await staff.changePassword(ctx, principalOf(request), input, request.ip);
    return ok({ ok: true as const });
  });

  app.post('/logout', async (request, reply) => {
    await staff.logout(ctx, staffToken(request), request.ip);
    clearStaffCookie(ctx, reply);
    return ok({ ok: true as const });
  });

  app.get('/staff', { preHandler: staffOnly(ctx, 'admin') }, async () => ok(await listStaff(ctx)));
}
