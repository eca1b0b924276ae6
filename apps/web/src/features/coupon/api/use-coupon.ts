import { type CouponUseRequest, couponUseResponse } from '@tabi/contract/coupon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /coopon/use: quantities as strings, the PIN the facility staff type, and an idempotency key. */
export function redeemCoupon(input: Omit<CouponUseRequest, 'session'>) {
  return apiPost('/coopon/use', input, couponUseResponse);
}

export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
}
