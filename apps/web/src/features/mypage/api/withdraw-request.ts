import { useMutation } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** POST /booking/withdraw: the customer withdraws a request not answered yet. */
export function withdrawRequest(rsvno: string) {
  return call(API['POST /booking/withdraw'], { body: { rsvno } });
}

export function useWithdrawRequest() {
  return useMutation({ mutationFn: withdrawRequest });
}
