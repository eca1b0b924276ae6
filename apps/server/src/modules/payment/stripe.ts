import { KONBINI_STORES, PAYMENT_METHODS, type PaymentMethod } from '@tabi/contract/constants';
import type { Lang } from '@tabi/contract/i18n';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { KonbiniCode } from '../../db/schema.ts';
import {
  type CheckoutSession,
  checkoutLang,
  type PaymentEvent,
  type PaymentProvider,
  ProviderRefusal,
  type ProviderSlip,
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

function expandedIntent(paymentIntent: string | Stripe.PaymentIntent | null): Stripe.PaymentIntent | null {
  return paymentIntent && typeof paymentIntent !== 'string' ? paymentIntent : null;
}

function chargeIdOf(intent: Stripe.PaymentIntent | null): string | null {
  const charge = intent?.latest_charge;
  if (!charge) return null;
  return typeof charge === 'string' ? charge : charge.id;
}

function ourMethod(type: string | undefined): PaymentMethod | null {
  return PAYMENT_METHODS.find((m) => m === type) ?? null;
}

/**
 * How it was paid, when the payment intent says: the charge's payment method when it came expanded, a konbini slip's
 * instructions, or the one way the intent allowed; null otherwise.
 */
function methodOf(intent: Stripe.PaymentIntent | null): PaymentMethod | null {
  if (!intent) return null;
  const charge = intent.latest_charge;
  if (charge && typeof charge !== 'string' && charge.payment_method_details) {
    return ourMethod(charge.payment_method_details.type);
  }
  if (intent.next_action?.type === 'konbini_display_details') return 'konbini';
  const types = intent.payment_method_types ?? [];
  return types.length === 1 ? ourMethod(types[0]) : null;
}

/** The konbini instructions of an intent waiting to be paid at a store (ADR 0213); null otherwise. */
function konbiniDetailsOf(
  intent: Stripe.PaymentIntent | null,
): Stripe.PaymentIntent.NextAction.KonbiniDisplayDetails | null {
  if (intent?.status !== 'requires_action' || intent.next_action?.type !== 'konbini_display_details') return null;
  return intent.next_action.konbini_display_details ?? null;
}

/** A slip issued and not paid yet: a complete, unpaid session whose intent waits at the store (ADR 0213). */
function slipOf(session: Stripe.Checkout.Session, intent: Stripe.PaymentIntent | null): ProviderSlip | null {
  if (session.status !== 'complete' || session.payment_status !== 'unpaid') return null;
  const details = konbiniDetailsOf(intent);
  if (!details) return null;
  const codes: KonbiniCode[] = [];
  for (const store of KONBINI_STORES) {
    const code = details.stores[store];
    if (!code?.payment_code) continue;
    codes.push({ store, paymentCode: code.payment_code, confirmationNumber: code.confirmation_number ?? null });
  }
  return { codes, expiresAt: new Date(details.expires_at * 1000), voucherUrl: details.hosted_voucher_url ?? null };
}

/**
 * Maps Stripe's session to ours: the one place where provider statuses become ours (Medusa's habit). What comes from
 * the payment intent (the charge, the method, a konbini slip) is there only when it was expanded: retrieveCheckout
 * expands it; a webhook's session does not carry it.
 */
export function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  const intent = expandedIntent(session.payment_intent);
  return {
    id: session.id,
    url: session.url ?? '',
    status: session.status ?? 'open',
    paymentStatus: session.payment_status === 'paid' ? 'paid' : 'unpaid',
    amount: session.amount_total ?? 0,
    rsvno: session.metadata?.rsvno ?? '',
    chargeId: chargeIdOf(intent),
    method: methodOf(intent),
    slip: slipOf(session, intent),
  };
}

/**
 * Stripe's options of the ways offered: WeChat Pay's QR code on a web page; a konbini slip payable for the days the
 * booking allows (ADR 0213).
 */
function paymentMethodOptions(
  methods: PaymentMethod[],
  konbiniDays: number | undefined,
): Pick<Stripe.Checkout.SessionCreateParams, 'payment_method_options'> {
  const options: Stripe.Checkout.SessionCreateParams.PaymentMethodOptions = {};
  if (methods.includes('wechat_pay')) options.wechat_pay = { client: 'web' };
  if (methods.includes('konbini') && konbiniDays) options.konbini = { expires_after_days: konbiniDays };
  return Object.keys(options).length > 0 ? { payment_method_options: options } : {};
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
          ...paymentMethodOptions(input.methods, input.konbiniDays),
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
      // The intent for its state (a konbini slip), its charge for the charge id and how it was paid.
      return toCheckoutSession(
        await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent', 'payment_intent.latest_charge'] }),
      );
    },
    async voidSlip(checkoutSessionId) {
      const session = await stripe.checkout.sessions.retrieve(checkoutSessionId, { expand: ['payment_intent'] });
      const intent = expandedIntent(session.payment_intent);
      if (!intent || !konbiniDetailsOf(intent)) return;
      try {
        await stripe.paymentIntents.cancel(intent.id);
      } catch (error) {
        // Stripe refused: the intent was paid or canceled meanwhile, or can no longer be canceled. A payment of the
        // slip still comes to `fulfil`, which refunds what it cannot keep.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
    async refund(chargeId, amount, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create({ charge: chargeId, amount }, { idempotencyKey });
        // A konbini payment's refund waits for the bank account Stripe asks the customer for by mail (ADR 0213).
        return { id: refund.id, amount: refund.amount, awaitingAccount: refund.status === 'requires_action' };
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
        case 'checkout.session.async_payment_failed':
          return { type: 'checkout.failed', eventId: event.id, session: toCheckoutSession(event.data.object) };
        case 'checkout.session.expired':
          return { type: 'checkout.expired', eventId: event.id, session: toCheckoutSession(event.data.object) };
        // A konbini refund is paid out once the customer gave Stripe a bank account.
        case 'refund.updated':
          return event.data.object.status === 'succeeded'
            ? { type: 'refund.paid', eventId: event.id, refundId: event.data.object.id }
            : { type: 'ignored', eventId: event.id };
        default:
          return { type: 'ignored', eventId: event.id };
      }
    },
  };
}
