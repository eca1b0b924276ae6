import { ErrCd } from '@tabi/contract/constants';
import { type CouponOption, couponListResponse } from '@tabi/contract/coupon';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

export type CouponsResult = { ok: true; options: CouponOption[] } | { ok: false; errMsg: string };

/** POST /coopon: the logged-in booking's coupon options. */
export async function getCoupons(): Promise<CouponsResult> {
  const res = await apiPost('/coopon', {}, couponListResponse);
  if (res.errcd !== ErrCd.success || !res.response) return { ok: false, errMsg: res.errMsg };
  return { ok: true, options: res.response.optionList };
}

export function couponsQueryOptions(rsvno: string) {
  return queryOptions({ queryKey: ['coupons', rsvno], queryFn: getCoupons, staleTime: 0 });
}

export function useCoupons(rsvno: string) {
  return useQuery(couponsQueryOptions(rsvno));
}
