import { plainResponse } from '@tabi/contract/booking';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /booking/cancel with the refund the customer was shown (SPEC §7: refund as a string). */
export function cancelBooking(input: { rsvno: string; refund: number }) {
  return apiPost('/booking/cancel', { rsvno: input.rsvno, refund: String(input.refund) }, plainResponse, {});
}

export function useCancelBooking() {
  return useMutation({ mutationFn: cancelBooking });
}
