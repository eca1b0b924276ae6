import { API } from '@tabi/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { answerLang } from '../../http/content-language.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import * as coupons from './service.ts';

export async function couponRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, API['POST /coopon'], async ({ body }, request, reply) =>
    ok(await coupons.listCoupons(ctx, body, answerLang(request, reply))),
  );

  defineRoute(app, API['POST /coopon/use'], async ({ body }) => ok(await coupons.useCoupon(ctx, body)));

  defineRoute(app, API['POST /coopon/{opcd}/{pkcd}'], async ({ params, body }, request, reply) =>
    ok(await coupons.getCoupon(ctx, { ...body, ...params }, answerLang(request, reply))),
  );
}
