import type { CouponOption } from '@tabi/contract/coupon';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** POST /coopon: the logged-in booking's coupon options. */
export async function getCoupons(): Promise<CouponOption[]> {
  const res = await call(API['POST /coopon']);
  return res.optionList;
}

export function couponsQueryOptions(rsvno: string) {
  return queryOptions({ queryKey: ['coupons', rsvno], queryFn: getCoupons, staleTime: 0 });
}

export function useCoupons(rsvno: string) {
  return useQuery(couponsQueryOptions(rsvno));
}
