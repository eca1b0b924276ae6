/**
 * 割引コード (DESIGN §6, ADR 0210): the operator's own discount codes, percent or yen off, for all options or some, in
 * a booking window and a travel window, with a total limit, a limit per customer (phone) and a minimum amount. The
 * server computes the discount from its own price; the client only shows the server's answer. The customer's calls
 * speak through the message catalogs. The console's calls are in `discounts-admin.ts`, which the customer pages never
 * load.
 */
import { z } from 'zod';
import { envelope, numericString, plainText, startTimeString, ymdString } from './envelope.ts';

export const DISCOUNT_CODE_MIN = 3;
export const DISCOUNT_CODE_MAX = 32;

export const DISCOUNT_KINDS = ['percent', 'yen'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Letters, digits, `-` and `_`; typed in any width and case, kept upper-case (`ｗｉｎｔｅｒ２６` is WINTER26). */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]+$/;

export function normaliseDiscountCode(raw: string): string {
  return raw.normalize('NFKC').trim().toUpperCase();
}

/** What a code takes off a price: a percentage rounded down to the yen, or yen, never more than the price. */
export function discountOf(rule: { kind: DiscountKind; value: number }, price: number): number {
  const off = rule.kind === 'percent' ? Math.floor((price * rule.value) / 100) : rule.value;
  return Math.max(0, Math.min(off, price));
}

/** What is paid for `price` with a booking's code, if it has one (a change of departure's new price). */
export function priceAfterDiscount(rule: { kind: DiscountKind; value: number } | null | undefined, price: number) {
  return price - (rule ? discountOf(rule, price) : 0);
}

/** A code as the customer types it: any width and case, at most so long (what it is, the server decides). */
export const discountCodeInput = plainText()
  .max(DISCOUNT_CODE_MAX * 2)
  .transform(normaliseDiscountCode);

/**
 * POST /discount: what a code takes off a booking about to be made, for the check page's 適用. `amountjp` is the
 * price the page shows (SPEC §7's, before the discount), checked again by the booking itself.
 */
export const discountQuoteRequest = z.object({
  code: discountCodeInput,
  opcd: plainText().min(1).max(20),
  usedate: ymdString,
  start_time: startTimeString.default(''),
  amountjp: numericString,
  /** The leader's phone, for the limit per customer; absent: checked when the booking is made. */
  tel: plainText().max(30).optional(),
});
export type DiscountQuoteRequest = z.input<typeof discountQuoteRequest>;
export const discountQuote = z.object({
  code: z.string(),
  /** Yen off. */
  discount: z.number().int(),
  /** What is paid: the price less the discount. */
  amountjp: z.number().int(),
});
export type DiscountQuote = z.infer<typeof discountQuote>;
export const discountQuoteResponse = envelope(discountQuote);

/**
 * A booking's discount, as my page, the mails and the console show it. `kind` and `value` are the code's, for a
 * change of departure, whose new price the same code discounts ({@link discountOf}).
 */
export const bookingDiscount = z.object({
  code: z.string(),
  discount: z.number().int(),
  /** The price before it. */
  list_amount: z.number().int(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
});
export type BookingDiscount = z.infer<typeof bookingDiscount>;
