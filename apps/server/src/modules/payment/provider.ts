/** DESIGN §6: one payment-provider interface; `sandbox.ts` and `stripe.ts` implement it. Amounts are integer yen. */
import type { PaymentMethod } from '@tabi/contract/constants';
import { type Lang, langOfPath } from '@tabi/contract/i18n';
import type { KonbiniCode } from '../../db/schema.ts';

export interface CheckoutInput {
  rsvno: string;
  /** The line item's name (the option's name). */
  name: string;
  amount: number;
  /** Tax rate in percent included in `amount`. */
  taxRatePercent: number;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** The ways the checkout offers (PAYMENT_METHODS, ADR 0211). */
  methods: PaymentMethod[];
  /**
   * With `konbini` among the methods: the slip is paid within this many days, until the end of that day in Tokyo
   * (ADR 0213, Stripe's `expires_after_days`).
   */
  konbiniDays?: number;
}

/** A konbini slip as the provider issued it (ADR 0213). */
export interface ProviderSlip {
  codes: KonbiniCode[];
  expiresAt: Date;
  voucherUrl: string | null;
}

/**
 * The language a checkout speaks: the booking's, read from where it returns — a success URL under
 * `/en/` came from the English pages. An unreadable URL is Japanese, the site's default.
 */
export function checkoutLang(successUrl: string): Lang {
  try {
    return langOfPath(new URL(successUrl).pathname);
  } catch {
    return 'ja';
  }
}

export interface CheckoutSession {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  amount: number;
  rsvno: string;
  chargeId: string | null;
  /** How it was paid, when the provider says (the sandbox does; Stripe's page chooses on its own). */
  method: PaymentMethod | null;
  /** A konbini slip issued and not paid yet (ADR 0213); null otherwise. */
  slip: ProviderSlip | null;
}

export type PaymentEvent =
  | { type: 'checkout.completed'; eventId: string; session: CheckoutSession }
  | { type: 'checkout.expired'; eventId: string; session: CheckoutSession }
  /** A delayed payment (a konbini slip) failed: it expired unpaid or was canceled (ADR 0213). */
  | { type: 'checkout.failed'; eventId: string; session: CheckoutSession }
  /** A refund waiting for the customer's bank account was paid out (a konbini payment's, ADR 0213). */
  | { type: 'refund.paid'; eventId: string; refundId: string }
  | { type: 'ignored'; eventId: string };

/**
 * The provider answered and refused (an invalid request, a refund beyond the charge): trying again with
 * the same request will not help. Any other error may have happened before or after the provider acted.
 */
export class ProviderRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRefusal';
  }
}

/**
 * Every call that makes something takes an idempotency key (DESIGN §12): the same key again answers
 * what the first call made, so a call repeated after a crash never charges or refunds twice.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(input: CheckoutInput, idempotencyKey: string): Promise<CheckoutSession>;
  retrieveCheckout(id: string): Promise<CheckoutSession>;
  /**
   * `awaitingAccount`: the refund is made and the provider asks the customer for a bank account to pay it into (a
   * konbini payment's, ADR 0213).
   */
  refund(
    chargeId: string,
    amount: number,
    idempotencyKey: string,
  ): Promise<{ id: string; amount: number; awaitingAccount?: boolean }>;
  /** Voids an unpaid konbini slip of the session so that the store no longer takes it; nothing when there is none. */
  voidSlip(checkoutSessionId: string): Promise<void>;
  /** Verifies a webhook's signature over the raw body and turns it into an event; throws when invalid. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
