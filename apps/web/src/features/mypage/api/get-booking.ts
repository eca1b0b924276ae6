import { type Booking, bookingResponse } from '@tabi/contract/booking';
import { ErrCd } from '@tabi/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

export type BookingResult = { ok: true; booking: Booking } | { ok: false; errMsg: string };

/** POST /booking/{rsvno}; a non-success answer is handed back so the page can alert and log out (SPEC §8). */
export async function getBooking(rsvno: string): Promise<BookingResult> {
  const res = await apiPost(`/booking/${encodeURIComponent(rsvno)}`, { rsvno }, bookingResponse, {});
  if (res.errcd !== ErrCd.success || !res.response) return { ok: false, errMsg: res.errMsg };
  return { ok: true, booking: res.response };
}

export const bookingQueryKey = (rsvno: string) => ['booking', rsvno] as const;

export function bookingQueryOptions(rsvno: string) {
  // Always fresh: status, payment and cancellation change outside this page (checkout, operator).
  return queryOptions({ queryKey: bookingQueryKey(rsvno), queryFn: () => getBooking(rsvno), staleTime: 0 });
}

export function useBooking(rsvno: string | null) {
  return useQuery({ ...bookingQueryOptions(rsvno ?? ''), enabled: Boolean(rsvno) });
}
