import { useMutation } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** POST /booking/cancel with the refund the customer was shown (SPEC §7: refund as a string). */
export function cancelBooking(input: { rsvno: string; refund: number }) {
  return call(API['POST /booking/cancel'], { body: { rsvno: input.rsvno, refund: String(input.refund) } });
}

export function useCancelBooking() {
  return useMutation({ mutationFn: cancelBooking });
}
