import { couponListRequest, couponParams, couponUseRequest } from '@tabi/contract/coupon';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import * as coupons from './service.ts';

export async function couponRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/coopon', async (request) => {
    const input = parseInput(couponListRequest, request.body);
    return ok(await coupons.listCoupons(ctx, input));
  });

  app.post('/coopon/use', async (request) => {
    const input = parseInput(couponUseRequest, request.body);
    return ok(await coupons.useCoupon(ctx, input));
  });

  app.post('/coopon/:opcd/:pkcd', async (request) => {
    const params = parseInput(couponParams, request.params);
    const body = parseInput(couponListRequest, request.body);
    return ok(await coupons.getCoupon(ctx, { ...body, ...params }));
  });
}
