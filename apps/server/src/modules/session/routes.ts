import { API } from '@tabi/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import * as sessions from './service.ts';

export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, API['POST /mylogin'], async ({ body }, request) => ok(await sessions.login(ctx, body, request.ip)));

  defineRoute(app, API['POST /mylogout'], async ({ body }) => ok(await sessions.logout(ctx, body.session)));
}
