/** DESIGN §6: one payment-provider interface; `sandbox.ts` and `stripe.ts` implement it. Amounts are integer yen. */

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
}

export interface CheckoutSession {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  amount: number;
  rsvno: string;
  chargeId: string | null;
}

export type PaymentEvent =
  | { type: 'checkout.completed'; eventId: string; session: CheckoutSession }
  | { type: 'checkout.expired'; eventId: string; session: CheckoutSession }
  | { type: 'ignored'; eventId: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  retrieveCheckout(id: string): Promise<CheckoutSession>;
  refund(chargeId: string, amount?: number): Promise<{ id: string; amount: number }>;
  /** Verifies a webhook's signature over the raw body and turns it into an event; throws when invalid. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
