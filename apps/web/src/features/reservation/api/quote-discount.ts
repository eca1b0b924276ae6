import type { DiscountQuoteRequest } from '@tabi/contract/discounts';
import { API, call } from '../../../lib/api-client.ts';

/** POST /discount (ADR 0210): what a 割引コード takes off the booking about to be made; a refusal is an ApiError. */
export function quoteDiscount(body: DiscountQuoteRequest) {
  return call(API['POST /discount'], { body }, { loading: false });
}
