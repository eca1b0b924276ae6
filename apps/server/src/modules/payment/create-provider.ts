import type { AppContextBase } from '../../context-base.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in sandbox (DESIGN §6). */
export function createPaymentProvider(ctx: AppContextBase): PaymentProvider {
  return ctx.config.stripeSecretKey ? createStripeProvider(ctx.config) : createSandboxProvider(ctx);
}
