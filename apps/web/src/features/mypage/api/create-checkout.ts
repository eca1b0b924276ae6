import { CheckoutResult } from '@tabi/contract/constants';
import { API, call, sitePath } from '../../../lib/api-client.ts';

export const CHECKOUT_SUCCESS_PATH = `/mypage?checkout-processing=${CheckoutResult.success}`;
export const CHECKOUT_CANCEL_PATH = `/mypage?checkout-processing=${CheckoutResult.failed}`;

/** POST /checkout for a confirmed request: the provider's hosted payment page URL (empty if it gave none). */
export async function createCheckout(rsvno: string): Promise<string> {
  const res = await call(API['POST /checkout'], {
    body: { rsvno, success_path: sitePath(CHECKOUT_SUCCESS_PATH), cancel_path: sitePath(CHECKOUT_CANCEL_PATH) },
  });
  return res.url;
}
