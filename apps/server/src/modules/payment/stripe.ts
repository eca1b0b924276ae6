import type { Lang } from '@tabi/contract/i18n';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import {
  type CheckoutSession,
  checkoutLang,
  type PaymentEvent,
  type PaymentProvider,
  ProviderRefusal,
} from './provider.ts';

/** Stripe's checkout in the page's language: its own codes for Korean and the two Chinese scripts. */
const STRIPE_LOCALE: Record<Lang, Stripe.Checkout.SessionCreateParams.Locale> = {
  ja: 'ja',
  en: 'en',
  ko: 'ko',
  'zh-Hant': 'zh-TW',
  'zh-Hans': 'zh',
};

const TAX_RATE_MARKER = 'tabi-jct-inclusive';

/** STRIPE_API_HOST may be a bare host or an origin such as http://127.0.0.1:12111 (tests point it at a fake). */
export function stripeHostOptions(
  apiHost: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiHost) return {};
  if (!apiHost.includes('://')) return { host: apiHost };
  const url = new URL(apiHost);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function chargeIdOf(paymentIntent: string | Stripe.PaymentIntent | null): string | null {
  if (!paymentIntent || typeof paymentIntent === 'string') return null;
  const charge = paymentIntent.latest_charge;
  if (!charge) return null;
  return typeof charge === 'string' ? charge : charge.id;
}

/** Maps Stripe's session to ours: the one place where provider statuses become ours (Medusa's habit). */
export function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url ?? '',
    status: session.status ?? 'open',
    paymentStatus: session.payment_status === 'paid' ? 'paid' : 'unpaid',
    amount: session.amount_total ?? 0,
    rsvno: session.metadata?.rsvno ?? '',
    chargeId: chargeIdOf(session.payment_intent),
    method: null,
  };
}

export function createStripeProvider(
  config: Pick<Config, 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiHost'>,
): PaymentProvider {
  if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const stripe = new Stripe(config.stripeSecretKey, {
    ...stripeHostOptions(config.stripeApiHost),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'tabi-booking' },
  });
  let taxRateId: Promise<string> | undefined;

  /** The 10 % consumption tax, included in our prices; looked up once, created on first use. */
  function inclusiveTaxRate(percent: number): Promise<string> {
    taxRateId ??= (async () => {
      const list = await stripe.taxRates.list({ active: true, inclusive: true, limit: 100 });
      const found = list.data.find((r) => r.percentage === percent && r.metadata?.marker === TAX_RATE_MARKER);
      if (found) return found.id;
      const created = await stripe.taxRates.create({
        display_name: '消費税',
        description: `消費税${percent}%（内税）`,
        percentage: percent,
        inclusive: true,
        country: 'JP',
        tax_type: 'jct',
        metadata: { marker: TAX_RATE_MARKER },
      });
      return created.id;
    })().catch((error: unknown) => {
      taxRateId = undefined;
      throw error;
    });
    return taxRateId;
  }

  return {
    name: 'stripe',
    async createCheckout(input, idempotencyKey) {
      const taxRate = await inclusiveTaxRate(input.taxRatePercent);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              // JPY is a zero-decimal currency: unit_amount is whole yen.
              price_data: {
                currency: 'jpy',
                unit_amount: input.amount,
                tax_behavior: 'inclusive',
                product_data: { name: input.name },
              },
              tax_rates: [taxRate],
            },
          ],
          // The ways PAYMENT_METHODS offers (ADR 0211), Stripe's names ours; wallets come with card on the phones
          // that have them. WeChat Pay on a web page shows its QR code. `paypay` is Stripe's since its API of
          // 2026-09-30, after this SDK's types were written.
          payment_method_types: input.methods as Stripe.Checkout.SessionCreateParams.PaymentMethodType[],
          ...(input.methods.includes('wechat_pay')
            ? { payment_method_options: { wechat_pay: { client: 'web' } } }
            : {}),
          allow_promotion_codes: true,
          payment_intent_data: { capture_method: 'automatic', metadata: { rsvno: input.rsvno } },
          metadata: { rsvno: input.rsvno },
          billing_address_collection: 'auto',
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          customer_email: input.customerEmail,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          // Stripe's page in the booking's language.
          locale: STRIPE_LOCALE[checkoutLang(input.successUrl)],
        },
        { idempotencyKey },
      );
      return toCheckoutSession(session);
    },
    async retrieveCheckout(id) {
      return toCheckoutSession(await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] }));
    },
    async refund(chargeId, amount, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create({ charge: chargeId, amount }, { idempotencyKey });
        return { id: refund.id, amount: refund.amount };
      } catch (error) {
        // Stripe answered 4xx: the refund was refused, not lost on the way.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new ProviderRefusal(error.message);
        throw error;
      }
    },
    parseWebhook(rawBody, signature): PaymentEvent {
      if (!config.stripeWebhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.stripeWebhookSecret);
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return { type: 'checkout.completed', eventId: event.id, session: toCheckoutSession(event.data.object) };
        case 'checkout.session.expired':
          return { type: 'checkout.expired', eventId: event.id, session: toCheckoutSession(event.data.object) };
        default:
          return { type: 'ignored', eventId: event.id };
      }
    },
  };
}
