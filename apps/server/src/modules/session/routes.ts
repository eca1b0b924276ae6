import { loginRequest, logoutRequest } from '@tabi/contract/booking';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import * as sessions from './service.ts';

export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/mylogin', async (request) => {
    const input = parseInput(loginRequest, request.body);
    return ok(await sessions.login(ctx, input, request.ip));
  });

  app.post('/mylogout', async (request) => {
    const input = parseInput(logoutRequest, request.body);
    return ok(await sessions.logout(ctx, input.session));
  });
}
