import { CONSOLE } from '@tabi/contract/console-endpoints';
import { API } from '@tabi/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { answerLang } from '../../http/content-language.ts';
import { defineRoute, type RouteOptions } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { consoleWaitlist, joinWaitlist, leaveWaitlist, limitJoins, lookUpOffer } from './service.ts';

/** キャンセル待ち's public calls (ADR 0167): join (rate-limited like POST /booking), leave, the offer. */
export async function waitlistRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limited = { preHandler: async (request: { ip: string }) => limitJoins(ctx, request.ip) };
  defineRoute(app, API['POST /waitlist'], limited, async ({ body }) => ok(await joinWaitlist(ctx, body)));
  defineRoute(app, API['POST /waitlist/leave'], async ({ body }) => ok(await leaveWaitlist(ctx, body.token)));
  defineRoute(app, API['POST /waitlist/offer'], async ({ body }, request, reply) =>
    ok(await lookUpOffer(ctx, body.token, answerLang(request, reply))),
  );
}

/** The console's キャンセル待ち一覧 (operators and admins). */
export function waitlistConsoleRoutes(app: FastifyInstance, ctx: AppContext, operator: RouteOptions): void {
  defineRoute(app, CONSOLE['GET /waitlist'], operator, async ({ query }) => ok(await consoleWaitlist(ctx, query)));
}
