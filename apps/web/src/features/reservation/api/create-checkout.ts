import { type CheckoutRequest, checkoutResponse } from '@tabi/contract/booking';
import { apiPost } from '../../../lib/api-client.ts';

/** Opens the card checkout for a new booking (SPEC leaves its path open: contract checkoutRequest); the answer carries its url. */
export function createCheckout(request: CheckoutRequest) {
  return apiPost('/checkout', request, checkoutResponse);
}
