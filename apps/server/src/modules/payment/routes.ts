import { ErrCd } from '@tabi/contract/constants';
import { API } from '@tabi/contract/endpoints';
import { say } from '@tabi/contract/said';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { systemActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { siteOrigin } from '../../http/origin.ts';
import { requireSession } from '../session/service.ts';
import { holdsBookingCapability } from './capability.ts';
import { settleCheckout } from './reconciler.ts';
import { markRefundPaidOut } from './repository.ts';
import { checkoutResult, createCheckoutForBooking } from './service.ts';

/** The window of the checkouts a client address may open (CHECKOUT_IP_LIMIT). */
const CHECKOUT_WINDOW_SECONDS = 60;

/** POST /checkout (ADR 0020) and the Stripe webhook. */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Counted before the body is read: a refused body counts too.
  const limited = {
    preHandler: async (request: FastifyRequest) => {
      const key = `checkout:ip:${request.ip}`;
      const limit = await ctx.limiter.hit(key, ctx.config.checkoutLimitPerIp, CHECKOUT_WINDOW_SECONDS);
      if (!limit.allowed) throw new AppError(ErrCd.generic, say('tooManyRequests'), 429);
    },
  };

  defineRoute(app, API['POST /checkout'], limited, async ({ body: input }, request) => {
    // The purchase flow pays a booking this browser made (capability.ts), whatever my page holds (issue
    // 24.3); otherwise my page's session of that booking is the proof. A confirmed request asks for the
    // session in any case (payment/service.ts).
    const token = input.session;
    if (!holdsBookingCapability(request, ctx.config.appKey, input.rsvno, ctx.clock.now())) {
      if (!token) throw new AppError(ErrCd.generic, say('checkoutFailed'), 403);
      await requireSession(ctx, token, input.rsvno);
    }
    return ok(
      await createCheckoutForBooking(ctx, input.rsvno, {
        origin: siteOrigin(ctx.config, request),
        successPath: input.success_path,
        cancelPath: input.cancel_path,
        ...(token ? { requireSession: () => requireSession(ctx, token, input.rsvno) } : {}),
      }),
    );
  });

  defineRoute(app, API['POST /checkout/result'], limited, async ({ body }) =>
    ok(await checkoutResult(ctx, body.session_id)),
  );

  // Its own scope: only this route reads the body raw, as signature verification needs (DESIGN §6).
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post('/stripe/webhook', async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event: ReturnType<AppContext['payment']['parseWebhook']>;
      try {
        event = ctx.payment.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch {
        throw new AppError(ErrCd.generic, say('badRequest'), 400);
      }
      try {
        if (event.type === 'refund.paid') {
          await markRefundPaidOut(ctx.db, event.refundId);
        } else if (event.type !== 'ignored') {
          // Whatever the event says, the provider's session now decides (paid, a slip issued or failed, lapsed).
          const outcome = await settleCheckout(ctx, event.session.id, systemActor('webhook'));
          request.log.info({ eventId: event.eventId, session: event.session.id, outcome }, 'payment webhook');
        }
      } catch (error) {
        // Not acknowledged: Stripe delivers the event again later, and fulfilment is idempotent.
        request.log.error({ err: error, eventId: event.eventId }, 'payment webhook failed');
        throw new AppError(ErrCd.generic, say('serverError'), 503);
      }
      return ok({ received: true });
    });
  });
}
