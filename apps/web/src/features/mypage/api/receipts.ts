import type { ReceiptKind } from '@tabi/contract/receipt';
import { useMutation, useQuery } from '@tanstack/react-query';
import { API, call, callFile } from '../../../lib/api-client.ts';

export const receiptsQueryKey = (rsvno: string) => ['receipts', rsvno] as const;

/** POST /booking/receipts: the receipts the booking has now, and which were issued already. */
export function useReceipts(rsvno: string, enabled: boolean) {
  return useQuery({
    queryKey: receiptsQueryKey(rsvno),
    queryFn: () => call(API['POST /booking/receipts'], { body: { rsvno } }, { loading: false }),
    enabled: enabled && rsvno !== '',
    staleTime: 0,
  });
}

export interface IssueReceiptInput {
  rsvno: string;
  kind: ReceiptKind;
  /** The first issue's 宛名; a reissue prints the stored one. */
  addressee?: string;
}

/** POST /booking/receipt: the PDF (a refusal is the envelope's Japanese message, thrown as an ApiError). */
export function issueReceipt(input: IssueReceiptInput): Promise<Blob> {
  return callFile(API['POST /booking/receipt'], { body: input });
}

export function useIssueReceipt() {
  return useMutation({ mutationFn: issueReceipt });
}
