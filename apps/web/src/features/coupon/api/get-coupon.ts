import { ErrCd } from '@tabi/contract/constants';
import { type CouponOption, couponDetailResponse } from '@tabi/contract/coupon';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

export type CouponResult = { ok: true; coupon: CouponOption } | { ok: false; errMsg: string };

/** POST /coopon/{opcd}/{pkcd}: one coupon option with its remaining counts. */
export async function getCoupon(opcd: string, pkcd: string): Promise<CouponResult> {
  const res = await apiPost(
    `/coopon/${encodeURIComponent(opcd)}/${encodeURIComponent(pkcd)}`,
    {},
    couponDetailResponse,
  );
  if (res.errcd !== ErrCd.success || !res.response) return { ok: false, errMsg: res.errMsg };
  return { ok: true, coupon: res.response };
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
