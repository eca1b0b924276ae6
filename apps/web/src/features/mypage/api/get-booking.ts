import type { Booking } from '@tabi/contract/booking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** POST /booking/{rsvno}; a non-success is an ApiError, on which the page alerts and logs out (SPEC §8). */
export function getBooking(rsvno: string): Promise<Booking> {
  return call(API['POST /booking/{rsvno}'], { params: { rsvno }, body: { rsvno } });
}

export const bookingQueryKey = (rsvno: string) => ['booking', rsvno] as const;

export function bookingQueryOptions(rsvno: string) {
  // Always fresh: status, payment and cancellation change outside this page (checkout, operator).
  return queryOptions({ queryKey: bookingQueryKey(rsvno), queryFn: () => getBooking(rsvno), staleTime: 0 });
}

export function useBooking(rsvno: string | null) {
  return useQuery({ ...bookingQueryOptions(rsvno ?? ''), enabled: Boolean(rsvno) });
}
