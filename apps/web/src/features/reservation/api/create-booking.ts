import {
  type CreateBookingRequest,
  createBookingResponse,
  plainResponse,
  type ReviseBookingRequest,
} from '@tabi/contract/booking';
import { apiPost } from '../../../lib/api-client.ts';

/** SPEC §7 POST /booking: {rsvno, rsvdate}; a refusal is an ApiError whose errMsg the confirm step alerts. */
export function createBooking(payload: CreateBookingRequest) {
  return apiPost('/booking', payload, createBookingResponse);
}

/** POST /booking/revise: the booking this flow made and has not paid takes what the confirm page now shows (issue 24.2). */
export function reviseBooking(payload: ReviseBookingRequest) {
  return apiPost('/booking/revise', payload, plainResponse);
}
