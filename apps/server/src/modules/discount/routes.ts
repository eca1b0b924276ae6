import { API } from '@tabi/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { limitQuotes, quoteDiscount } from './service.ts';

/** 割引コード's public call (ADR 0210): the check page's 適用, rate-limited per address against guessing. */
export async function discountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limited = { preHandler: async (request: { ip: string }) => limitQuotes(ctx, request.ip) };
  defineRoute(app, API['POST /discount'], limited, async ({ body }) => ok(await quoteDiscount(ctx, body)));
}
