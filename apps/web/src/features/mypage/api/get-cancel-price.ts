import { cancelPriceResponse } from '@tabi/contract/booking';
import { ErrCd } from '@tabi/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

export type CancelPriceResult = { ok: true; cancelfee: number; refund: number } | { ok: false; errMsg: string };

/** POST /booking/cancelprice: the fee and refund a cancellation made now would give. */
export async function getCancelPrice(rsvno: string): Promise<CancelPriceResult> {
  const res = await apiPost('/booking/cancelprice', { rsvno }, cancelPriceResponse);
  if (res.errcd !== ErrCd.success || !res.response) return { ok: false, errMsg: res.errMsg };
  return { ok: true, ...res.response };
}

export function useCancelPrice(rsvno: string, enabled: boolean) {
  return useQuery({
    queryKey: ['cancel-price', rsvno],
    queryFn: () => getCancelPrice(rsvno),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
