import type { CheckoutRequest } from '@tabi/contract/booking';
import { API, call } from '../../../lib/api-client.ts';

/** Opens the card checkout for a new booking (SPEC leaves its path open: contract checkoutRequest); the answer carries its url. */
export function createCheckout(request: CheckoutRequest) {
  return call(API['POST /checkout'], { body: request });
}
