import { useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** POST /booking/cancelprice: the fee and refund a cancellation made now would give. */
export function getCancelPrice(rsvno: string): Promise<{ cancelfee: number; refund: number }> {
  return call(API['POST /booking/cancelprice'], { body: { rsvno } });
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
