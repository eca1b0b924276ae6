import { checkoutRequest } from '@tabi/contract/booking';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { systemActor } from '../booking/events.ts';
import { fulfil } from '../booking/fulfil.ts';
import { settleCheckout } from '../booking/reconciler.ts';
import { requireSession } from '../session/service.ts';
import { createCheckoutForBooking } from './service.ts';

/** POST /checkout (ADR 0020) and the Stripe webhook. */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/checkout', async (request) => {
    const input = parseInput(checkoutRequest, request.body);
    const token = input.session;
    return ok(
      await createCheckoutForBooking(ctx, input.rsvno, {
        successPath: input.success_path,
        cancelPath: input.cancel_path,
        ...(token ? { requireSession: () => requireSession(ctx, token, input.rsvno) } : {}),
      }),
    );
  });

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
        throw new AppError(ErrCd.generic, Msg.badRequest, 400);
      }
      try {
        if (event.type === 'checkout.completed') {
          const outcome = await fulfil(ctx, event.session.id, systemActor('webhook'));
          request.log.info({ eventId: event.eventId, session: event.session.id, outcome }, 'payment webhook');
        } else if (event.type === 'checkout.expired') {
          await settleCheckout(ctx, event.session.id, systemActor('webhook'));
        }
      } catch (error) {
        // Not acknowledged: Stripe delivers the event again later, and fulfilment is idempotent.
        request.log.error({ err: error, eventId: event.eventId }, 'payment webhook failed');
        throw new AppError(ErrCd.generic, Msg.serverError, 503);
      }
      return ok({ received: true });
    });
  });
}
