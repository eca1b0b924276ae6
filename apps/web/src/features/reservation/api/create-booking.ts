import { type CreateBookingRequest, createBookingResponse } from '@tabi/contract/booking';
import { apiPost } from '../../../lib/api-client.ts';

/** SPEC §7 POST /booking: {rsvno, rsvdate}; a refusal is an ApiError whose errMsg the confirm step alerts. */
export function createBooking(payload: CreateBookingRequest) {
  return apiPost('/booking', payload, createBookingResponse);
}
