import { type CreateBookingRequest, createBookingResponse } from '@tabi/contract/booking';
import { apiPost } from '../../../lib/api-client.ts';

/** SPEC §7 POST /booking; the caller reads errcd, errMsg and response {rsvno, rsvdate}. */
export function createBooking(payload: CreateBookingRequest) {
  return apiPost('/booking', payload, createBookingResponse);
}
