/**
 * The ticket to print and the ticket in Wallet (ADR 0214), asked for from my page behind the customer's session, as
 * the receipt is. A booking without a ticket (ADR 0212: not paid, canceled) is not found; so is the Wallet pass of a
 * site whose WALLET_* are not set.
 */
import { WALLET_PASS_PATH, type WalletLink } from '@tabi/contract/tickets';
import type { AppContext } from '../../context.ts';
import type { AppContextBase } from '../../context-base.ts';
import { AppError } from '../../errors.ts';
import { requireSession } from '../session/service.ts';
import { renderTicketPdf } from './pdf.ts';
import { ticketView } from './view.ts';
import { rsvnoOfWalletLink, walletLinkFile, walletPass } from './wallet.ts';

/** POST /booking/ticket: the A4 PDF. */
export async function customerTicketPdf(
  ctx: AppContext,
  input: { session: string; rsvno: string },
): Promise<{ rsvno: string; pdf: Buffer }> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  return { rsvno, pdf: await renderTicketPdf(await ticketView(ctx, rsvno)) };
}

/** POST /booking/ticket/wallet: a link to the pass that holds for a few minutes (wallet.ts says why a link). */
export async function customerWalletLink(
  ctx: AppContext,
  input: { session: string; rsvno: string },
): Promise<WalletLink> {
  if (!ctx.config.walletPass) throw AppError.notFound();
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  // Only a booking with a ticket gets a link: refused here, not after the browser has left the page.
  await ticketView(ctx, rsvno);
  return { url: `${WALLET_PASS_PATH}/${walletLinkFile(ctx.config.appKey, rsvno, ctx.clock.now())}` };
}

/** GET /wallet/{file}: the pass a link is for, made now (a booking canceled since has none). */
export async function walletPassOfLink(ctx: AppContextBase, file: string): Promise<{ rsvno: string; pass: Buffer }> {
  const config = ctx.config.walletPass;
  if (!config) throw AppError.notFound();
  const rsvno = rsvnoOfWalletLink(ctx.config.appKey, file, ctx.clock.now());
  if (!rsvno) throw AppError.notFound();
  return { rsvno, pass: await walletPass(config, await ticketView(ctx, rsvno)) };
}
