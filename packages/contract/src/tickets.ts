/**
 * The ticket's other forms (ADR 0214): an A4 PDF to print, and an Apple Wallet pass. Both from my page, behind the
 * customer's session, for a booking that has a ticket (ADR 0212).
 */
import { z } from 'zod';
import { envelope, plainText, session } from './envelope.ts';

const rsvno = plainText().min(1).max(20);

// POST /booking/ticket (the PDF) and POST /booking/ticket/wallet (the link to the pass).
export const ticketRequest = z.object({ session, rsvno });
export type TicketRequest = z.input<typeof ticketRequest>;

/**
 * Where the browser goes to get the Wallet pass: a link of this site that holds for a few minutes. A phone's browser
 * hands a pass to Wallet only when it opens one by its address, never one made from a downloaded file.
 */
export const walletLink = z.object({ url: z.string() });
export type WalletLink = z.infer<typeof walletLink>;
export const walletLinkResponse = envelope(walletLink);

/** The path the pass is served under (not under /api: a link the browser opens, not a call). */
export const WALLET_PASS_PATH = '/wallet';

/** The file name the printable ticket is saved under. */
export function ticketFileName(rsvnoValue: string): string {
  return `ticket-${rsvnoValue}.pdf`;
}
