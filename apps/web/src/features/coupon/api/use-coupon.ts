import type { CouponUseRequest } from '@tabi/contract/coupon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** POST /coopon/use: quantities as strings, the PIN the facility staff type, and an idempotency key. */
export function redeemCoupon(input: Omit<CouponUseRequest, 'session'>) {
  return call(API['POST /coopon/use'], { body: input });
}

export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
}
