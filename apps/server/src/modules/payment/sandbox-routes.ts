import { KONBINI_STORES, type PaymentMethod } from '@tabi/contract/constants';
import { pathInLang } from '@tabi/contract/i18n';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { systemActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { fulfil } from './fulfil.ts';
import { recordSlip } from './konbini.ts';
import { checkoutLang } from './provider.ts';
import type { SandboxCheckoutRow } from './repository.ts';
import {
  captureSandboxCheckout,
  issueSandboxKonbiniSlip,
  judgeSandboxCard,
  loadSandboxCheckout,
  payAtStore,
  recordSandboxDecline,
  SANDBOX_PATH,
  sandboxSlipOpen,
  toSandboxSession,
} from './sandbox.ts';
import {
  CHECKOUT_SCRIPT,
  CHECKOUT_SCRIPT_PATH,
  type CheckoutPageModel,
  checkoutPage,
  konbiniPage,
  notFoundPage,
  SANDBOX_VOUCHER_PATH,
  sandboxText,
  type VoucherModel,
  voucherPage,
  walletPage,
} from './sandbox-page.ts';
import { SESSION_PLACEHOLDER } from './service.ts';

function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, 64) : '';
}

/**
 * Our own URLs are followed by path, so the redirect stays on the origin that served the page; the
 * session's id takes the place Stripe's `{CHECKOUT_SESSION_ID}` takes.
 */
function onSite(url: string, sessionId: string): string {
  try {
    const parsed = new URL(
      url.replace(encodeURIComponent(SESSION_PLACEHOLDER), sessionId).replace(SESSION_PLACEHOLDER, sessionId),
    );
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return '/';
  }
}

/**
 * The sandbox provider's hosted checkout (DESIGN §6) at the site root, outside /api and its CSRF check:
 * the unguessable session id is what authorises a payment. Answers 404 when Stripe is configured.
 */
export async function sandboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

  async function find(id: string): Promise<SandboxCheckoutRow | undefined> {
    return ctx.payment.name === 'sandbox' ? loadSandboxCheckout(ctx, id) : undefined;
  }

  function model(row: SandboxCheckoutRow, extra: Partial<CheckoutPageModel> = {}): CheckoutPageModel {
    const session = toSandboxSession(row, ctx.clock.now(), ctx.config.publicUrl);
    return {
      id: row.id,
      name: row.name,
      amount: row.amount,
      email: row.customerEmail,
      successUrl: onSite(row.successUrl, row.id),
      cancelUrl: onSite(row.cancelUrl, row.id),
      state: session.status,
      script: true,
      // The booking's language, from where the checkout returns.
      lang: checkoutLang(row.successUrl),
      methods: row.methods,
      ...extra,
    };
  }

  /** Fulfils a session the sandbox has just marked paid, and sends the customer back as Stripe would. */
  async function paidAndBack(row: SandboxCheckoutRow, page: CheckoutPageModel, reply: FastifyReply) {
    const result = await fulfil(ctx, row.id, systemActor('checkout'));
    reply.log.info({ session: row.id, outcome: result }, 'sandbox checkout fulfilled');
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .redirect(result === 'refunded' ? page.cancelUrl : page.successUrl, 303);
  }

  /** A wallet the session offers (ADR 0211), or undefined for any other name. */
  const walletOf = (row: SandboxCheckoutRow, name: string): PaymentMethod | undefined =>
    row.methods.find((m) => m === name && m !== 'card');

  /** The outcome of the last card tried, kept by the sandbox and shown while the session is open. */
  function lastAttempt(row: SandboxCheckoutRow, page: CheckoutPageModel): CheckoutPageModel['error'] {
    if (!row.lastError) return undefined;
    try {
      const parsed = JSON.parse(row.lastError) as { title?: unknown; message?: unknown };
      if (typeof parsed.title === 'string' && typeof parsed.message === 'string')
        return parsed as { title: string; message: string };
    } catch {
      // An older plain message.
    }
    return { title: sandboxText(page.lang ?? 'ja').card.declinedTitle, message: row.lastError };
  }

  // The page's typing help: a file of the same origin, as the page's CSP forbids inline script.
  app.get(CHECKOUT_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CHECKOUT_SCRIPT),
  );

  app.get<{ Params: { id: string } }>(`${SANDBOX_PATH}/:id`, async (request, reply) => {
    const row = await find(request.params.id);
    if (!row) return html(reply, 404, notFoundPage());
    // A session that issued a konbini slip shows the slip (ADR 0213).
    const slip = voucher(row);
    if (slip) return html(reply, 200, slip);
    const page = model(row);
    return html(reply, 200, checkoutPage(page.state === 'open' ? { ...page, error: lastAttempt(row, page) } : page));
  });

  app.post<{ Params: { id: string } }>(`${SANDBOX_PATH}/:id`, async (request, reply) => {
    const row = await find(request.params.id);
    if (!row) return html(reply, 404, notFoundPage());
    const page = model(row);
    if (page.state === 'expired') return html(reply, 410, checkoutPage(page));
    if (page.state === 'open') {
      const card = {
        number: field(request.body, 'number'),
        expiry: field(request.body, 'expiry'),
        cvc: field(request.body, 'cvc'),
      };
      const lang = page.lang ?? 'ja';
      const outcome = judgeSandboxCard(card, ctx.clock.now(), lang);
      if (outcome.kind !== 'paid') {
        const text = sandboxText(lang).card;
        const title = outcome.kind === 'invalid' ? text.invalidTitle : text.declinedTitle;
        await recordSandboxDecline(ctx, row.id, JSON.stringify({ title, message: outcome.message }));
        // The page again with the refusal and what was typed: a refused card never empties the form.
        const error = { title, message: outcome.message };
        return html(reply, outcome.kind === 'invalid' ? 422 : 402, checkoutPage({ ...page, error, values: card }));
      }
      await captureSandboxCheckout(ctx, row.id);
    }
    return paidAndBack(row, page, reply);
  });

  // A wallet's stand-in for its app's approval (ADR 0211): only for a method the session offers, while it is open.
  app.get<{ Params: { id: string; method: string } }>(`${SANDBOX_PATH}/:id/pay/:method`, async (request, reply) => {
    const row = await find(request.params.id);
    const method = row && walletOf(row, request.params.method);
    if (!row || !method) return html(reply, 404, notFoundPage());
    const page = model(row);
    if (page.state !== 'open') return html(reply, 200, checkoutPage(page));
    return html(reply, 200, method === 'konbini' ? konbiniPage(page) : walletPage(page, method));
  });

  app.post<{ Params: { id: string; method: string } }>(`${SANDBOX_PATH}/:id/pay/:method`, async (request, reply) => {
    const row = await find(request.params.id);
    const method = row && walletOf(row, request.params.method);
    if (!row || !method) return html(reply, 404, notFoundPage());
    const page = model(row);
    if (page.state === 'expired') return html(reply, 410, checkoutPage(page));
    if (page.state === 'open') {
      const store = KONBINI_STORES.find((s) => s === field(request.body, 'store'));
      if (method === 'konbini' && field(request.body, 'decision') === 'approve' && store) {
        // The slip is issued and the customer goes back to the site, which shows it (as Stripe's page does).
        if (await issueSandboxKonbiniSlip(ctx, row, store)) {
          const outcome = await recordSlip(ctx, row.id, systemActor('checkout'));
          reply.log.info({ session: row.id, outcome }, 'sandbox konbini slip issued');
        }
        return reply.code(303).header('cache-control', 'no-store').redirect(page.successUrl, 303);
      }
      if (field(request.body, 'decision') !== 'approve') {
        const text = sandboxText(page.lang ?? 'ja');
        await recordSandboxDecline(
          ctx,
          row.id,
          JSON.stringify({ title: text.walletRefusedTitle, message: text.walletRefused }),
        );
        // Back on the checkout, which says it was not approved: another way, or the same again.
        return reply.code(303).header('cache-control', 'no-store').redirect(`${SANDBOX_PATH}/${row.id}`, 303);
      }
      await captureSandboxCheckout(ctx, row.id, method);
    }
    return paidAndBack(row, page, reply);
  });

  // The slip (Stripe's hosted voucher, ADR 0213), and the sandbox's stand-in for paying it at the store.
  function voucher(row: SandboxCheckoutRow, state?: VoucherModel['state']): string | undefined {
    if (!row.slip) return undefined;
    const lang = checkoutLang(row.successUrl);
    return voucherPage({
      id: row.id,
      name: row.name,
      amount: row.amount,
      email: row.customerEmail,
      lang,
      state: state ?? (row.status === 'complete' ? 'paid' : sandboxSlipOpen(row, ctx.clock.now()) ? 'open' : 'closed'),
      slip: row.slip,
      backUrl: pathInLang('/mypage', lang),
    });
  }

  app.get<{ Params: { id: string } }>(`${SANDBOX_VOUCHER_PATH}/:id`, async (request, reply) => {
    const row = await find(request.params.id);
    const page = row && voucher(row);
    return page ? html(reply, 200, page) : html(reply, 404, notFoundPage());
  });

  app.post<{ Params: { id: string } }>(`${SANDBOX_VOUCHER_PATH}/:id`, async (request, reply) => {
    const row = await find(request.params.id);
    if (!row?.slip) return html(reply, 404, notFoundPage());
    if (!(await payAtStore(ctx, row))) {
      const page = voucher(row) ?? notFoundPage();
      return html(reply, row.status === 'complete' ? 200 : 410, page);
    }
    const outcome = await fulfil(ctx, row.id, systemActor('checkout'));
    reply.log.info({ session: row.id, outcome }, 'sandbox konbini slip paid');
    return html(reply, 200, voucher(row, outcome === 'refunded' ? 'closed' : 'paid') ?? notFoundPage());
  });
}
