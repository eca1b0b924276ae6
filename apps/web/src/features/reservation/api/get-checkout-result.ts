import { type CheckoutResult, checkoutResultResponse } from '@tabi/contract/booking';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /checkout/result: the booking behind a checkout session, from the server's record (issue 14.2). */
export function getCheckoutResult(sessionId: string): Promise<CheckoutResult> {
  return apiPost('/checkout/result', { session_id: sessionId }, checkoutResultResponse, {});
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
