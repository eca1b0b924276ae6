import type { Booking, RentalInput } from '@tabi/contract/booking';
import { useMutation } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** POST /booking/edit: the booking as fetched, with the new rentskiList (accessory always blank). */
export function editBooking(input: { booking: Booking; rentskiList: RentalInput[] }) {
  const rentskiList = input.rentskiList.map((r) => ({ ...r, accessory: '' as const }));
  return call(API['POST /booking/edit'], { body: { ...input.booking, rsvno: input.booking.rsvno, rentskiList } });
}

export function useEditBooking() {
  return useMutation({ mutationFn: editBooking });
}
