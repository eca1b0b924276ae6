/**
 * The ticket's files (ADR 0214): my page's calls for the PDF and for a link to the Wallet pass, behind the customer's
 * session like the receipt's (registered under /api), and the link itself, opened by the browser (registered at the
 * root, listed in app.ts's OTHER_ROUTES). Every refusal is SPEC §8's envelope.
 */
import { API } from '@tabi/contract/endpoints';
import { ticketFileName, WALLET_PASS_PATH } from '@tabi/contract/tickets';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import * as files from './files.ts';

/** POST /api/booking/ticket and POST /api/booking/ticket/wallet (my page). */
export async function ticketRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, API['POST /booking/ticket'], async ({ body }, _request, reply) => {
    const { rsvno, pdf } = await files.customerTicketPdf(ctx, body);
    // Never cached: it holds the travellers' names and the code that admits them.
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${ticketFileName(rsvno)}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  defineRoute(app, API['POST /booking/ticket/wallet'], async ({ body }) =>
    ok(await files.customerWalletLink(ctx, body)),
  );
}

/** GET /wallet/{file}: the .pkpass a link from POST /api/booking/ticket/wallet names. */
export async function walletPassRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Uncompressed, with its length: iOS browsers hand a pass to Wallet only when they know its size up front.
  app.get<{ Params: { file: string } }>(`${WALLET_PASS_PATH}/:file`, { compress: false }, async (request, reply) => {
    const { rsvno, pass } = await files.walletPassOfLink(ctx, request.params.file);
    return reply
      .type('application/vnd.apple.pkpass')
      .header('content-disposition', `attachment; filename="ticket-${rsvno}.pkpass"`)
      .header('content-length', pass.length)
      .header('cache-control', 'no-store')
      .send(pass);
  });
}
