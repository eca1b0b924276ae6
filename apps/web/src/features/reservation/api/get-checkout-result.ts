import type { CheckoutResult } from '@tabi/contract/booking';
import { useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** POST /checkout/result: the booking behind a checkout session, from the server's record. */
export function getCheckoutResult(sessionId: string): Promise<CheckoutResult> {
  return call(API['POST /checkout/result'], { body: { session_id: sessionId } });
}

export function useCheckoutResult(sessionId: string | null) {
  return useQuery({
    queryKey: ['checkout-result', sessionId],
    queryFn: () => getCheckoutResult(sessionId ?? ''),
    enabled: Boolean(sessionId),
    staleTime: 0,
    retry: false,
  });
}
