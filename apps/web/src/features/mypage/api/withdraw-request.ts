import { plainResponse } from '@tabi/contract/booking';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /booking/withdraw (issue 28): the customer withdraws a request not answered yet. */
export function withdrawRequest(rsvno: string) {
  return apiPost('/booking/withdraw', { rsvno }, plainResponse, {});
}

export function useWithdrawRequest() {
  return useMutation({ mutationFn: withdrawRequest });
}
