import type { CouponOption } from '@tabi/contract/coupon';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** POST /coopon/{opcd}/{pkcd}: one coupon option with its remaining counts. */
export function getCoupon(opcd: string, pkcd: string): Promise<CouponOption> {
  return call(API['POST /coopon/{opcd}/{pkcd}'], { params: { opcd, pkcd } });
}

export function couponQueryOptions(rsvno: string, opcd: string, pkcd: string) {
  return queryOptions({
    queryKey: ['coupons', rsvno, opcd, pkcd],
    queryFn: () => getCoupon(opcd, pkcd),
    staleTime: 0,
  });
}

export function useCoupon(rsvno: string, opcd: string, pkcd: string) {
  return useQuery(couponQueryOptions(rsvno, opcd, pkcd));
}
