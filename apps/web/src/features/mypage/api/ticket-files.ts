import { useMutation } from '@tanstack/react-query';
import { API, call, callFile } from '../../../lib/api-client.ts';

/** POST /booking/ticket: the ticket as an A4 PDF (ADR 0214); a refusal is thrown as an ApiError. */
export function getTicketPdf(rsvno: string): Promise<Blob> {
  return callFile(API['POST /booking/ticket'], { body: { rsvno } });
}

export function useTicketPdf() {
  return useMutation({ mutationFn: getTicketPdf });
}

/** POST /booking/ticket/wallet: the link the browser opens to hand the pass to Wallet (it holds a few minutes). */
export async function getWalletLink(rsvno: string): Promise<string> {
  return (await call(API['POST /booking/ticket/wallet'], { body: { rsvno } })).url;
}

export function useWalletLink() {
  return useMutation({ mutationFn: getWalletLink });
}

/** Opens the pass by its address: Safari hands a pass to Wallet from a link it opens, not from a downloaded file. */
export function openWalletPass(url: string): void {
  window.location.assign(url);
}
