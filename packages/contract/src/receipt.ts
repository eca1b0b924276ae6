/**
 * The PDF receipt (領収書; ADR 0163): one for the travel price once the booking is paid, and one for a
 * cancellation fee (outside the scope of consumption tax, 不課税). The 宛名 is entered once; every later issue
 * prints the stored one, marked 再発行. Both my page (the customer's session) and 予約詳細 (staff) issue them.
 */
import { z } from 'zod';
import { envelope, personName, plainText, session } from './envelope.ts';
import { say } from './said.ts';

export const RECEIPT_KINDS = ['payment', 'cancel_fee'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export const receiptKind = z.enum(RECEIPT_KINDS);

/** The 宛名's length in characters. */
export const ADDRESSEE_MAX = 60;
/** The consumption tax rate of the travel price (標準税率). */
export const RECEIPT_TAX_RATE_PERCENT = 10;

/** What each receipt is for: its name in the UI and its 但し書き. */
export const RECEIPT_KIND_LABEL: Record<ReceiptKind, string> = { payment: '旅行代金', cancel_fee: 'キャンセル料' };
export const RECEIPT_PROVISO: Record<ReceiptKind, string> = {
  payment: '旅行代金として',
  cancel_fee: 'キャンセル料として',
};

/** The refusals of a receipt, by key (SPEC §8's envelope carries them, written in the caller's language). */
export const ReceiptMsg = {
  addresseeRequired: say('receipt.addresseeRequired'),
  addresseeTooLong: say('receipt.addresseeTooLong', { max: ADDRESSEE_MAX }),
  notPaid: say('receipt.notPaid'),
  travelCanceled: say('receipt.travelCanceled'),
  noCancelFee: say('receipt.noCancelFee'),
  cancellationPending: say('receipt.cancellationPending'),
} as const;

/** The characters of an unprintable 宛名 named, at most this many (the rest are refused all the same). */
const UNPRINTABLE_SHOWN = 5;

/** The unprintable characters a refusal names. */
export function shownUnprintable(characters: readonly string[]): string {
  return characters.slice(0, UNPRINTABLE_SHOWN).join(' ');
}

/**
 * A 宛名 with characters the receipt's font has no glyph for (they would print as □ for good): which ones, and what
 * can be written instead. The rule itself is receipt-font.ts's (the forms) and the server's (the font's cmap).
 */
export function addresseeUnprintable(characters: readonly string[]): string {
  return say('receiptAddresseeUnprintable', { characters: shownUnprintable(characters) });
}

/**
 * The tax included in a tax-included amount at `ratePercent`: amount × rate / (100 + rate), fractions of a yen
 * cut off (切り捨て), computed in integers (ADR 0163).
 */
export function includedTax(amount: number, ratePercent = RECEIPT_TAX_RATE_PERCENT): number {
  return Math.floor((amount * ratePercent) / (100 + ratePercent));
}

/** The 宛名: a name or a company, one line, 1–60 characters after trimming. */
export const addressee = personName()
  .trim()
  .min(1, ReceiptMsg.addresseeRequired)
  .refine((value) => [...value].length <= ADDRESSEE_MAX, ReceiptMsg.addresseeTooLong);

const rsvno = plainText().min(1).max(20);

// POST /booking/receipts (my page): the receipts the booking has, issued or not yet.
export const receiptListRequest = z.object({ session, rsvno });

/** One receipt the booking can have now (only those its state allows are listed). */
export const receiptStatus = z.object({
  kind: receiptKind,
  /** In yen, tax included (the travel price kept, or the fee). */
  amount: z.number().int(),
  /** Issued at least once: the next issue is a 再発行 with `addressee`. */
  issued: z.boolean(),
  addressee: z.string().nullable(),
  issueCount: z.number().int(),
  lastIssuedAt: z.string().nullable(),
});
export type ReceiptStatus = z.infer<typeof receiptStatus>;
export const receiptList = z.object({ receipts: z.array(receiptStatus) });
export type ReceiptList = z.infer<typeof receiptList>;
export const receiptListResponse = envelope(receiptList);

// POST /booking/receipt (my page) → the PDF. `addressee` is needed the first time only and ignored after.
export const receiptIssueRequest = z.object({
  session,
  rsvno,
  kind: receiptKind.default('payment'),
  addressee: addressee.optional(),
});
export type ReceiptIssueRequest = z.input<typeof receiptIssueRequest>;

// POST /api/admin/bookings/{rsvno}/receipt (予約詳細) → the PDF; staff enter the 宛名 when none was issued yet.
export const staffReceiptRequest = z.object({
  kind: receiptKind.default('payment'),
  addressee: addressee.optional(),
});
export type StaffReceiptRequest = z.input<typeof staffReceiptRequest>;

/** The file name a receipt is saved under. */
export function receiptFileName(rsvnoValue: string, kind: ReceiptKind): string {
  return `receipt-${rsvnoValue}${kind === 'cancel_fee' ? '-cancel-fee' : ''}.pdf`;
}
