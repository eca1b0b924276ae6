import type { CreateBookingRequest, ReviseBookingRequest } from '@tabi/contract/booking';
import { API, call } from '../../../lib/api-client.ts';

/** SPEC §7 POST /booking: {rsvno, rsvdate}; a refusal is an ApiError whose errMsg the confirm step alerts. */
export function createBooking(payload: CreateBookingRequest) {
  return call(API['POST /booking'], { body: payload });
}

/** POST /booking/revise: the booking this flow made and has not paid takes what the confirm page now shows. */
export function reviseBooking(payload: ReviseBookingRequest) {
  return call(API['POST /booking/revise'], { body: payload });
}
