/** Booking calls of SPEC §7: create, fetch, cancel price, cancel, edit, and checkout; and a request's withdrawal. */
import { z } from 'zod';
import { AGE_CLASS_CODES, GENDER_CODES, KONBINI_STORES, PHONE_MAX_LENGTH, RENTAL_TYPES } from './constants.ts';
import { bookingDiscount, discountCodeInput } from './discounts.ts';
import {
  codeString,
  envelope,
  facilityFields,
  numericString,
  personName,
  plainText,
  session,
  startTimeString,
  ymdString,
} from './envelope.ts';
import { normaliseLang } from './i18n.ts';
import type { PartyCounts } from './party.ts';

const text = (max: number) => plainText().trim().max(max);
// Full-width letters (ＹＡＭＡＤＡ, as a phone's keyboard may type them) are stored half-width.
const name = (max: number) =>
  personName()
    .trim()
    .min(1)
    .max(max)
    .transform((v) => v.normalize('NFKC'));

export const extendedParticipantFields = z.object({
  passport_number: text(20).optional(),
  vegetarian_meals: z.union([z.boolean(), plainText(), z.number()]).optional(),
});

export const memberInput = z.object({
  seq: codeString,
  sei: name(30),
  mei: name(30),
  sex: codeString.pipe(z.enum(GENDER_CODES)),
  birthday: ymdString,
  ageclass: codeString.pipe(z.enum(AGE_CLASS_CODES)),
  nationality_id: codeString.pipe(z.string().regex(/^\d{1,6}$/)),
  extended_fields: z.object({ extended_participant_fields: extendedParticipantFields.optional() }).optional(),
});
export type MemberInput = z.input<typeof memberInput>;

export const rentalInput = z.object({
  seq: codeString,
  model: z.enum(RENTAL_TYPES).default(''),
  boots_size: plainText().max(10).default(''),
  wear_size: plainText().max(10).default(''),
  accessory: z.literal('').default(''),
});
export type RentalInput = z.input<typeof rentalInput>;

// POST /booking
export const createBookingRequest = z.object({
  session: plainText().optional(),
  opcd: plainText().min(1).max(20),
  usedate: ymdString,
  /** Not in SPEC §7 (ADR 0196): the departure's start time on an option with start times; '' (or absent): the day. */
  start_time: startTimeString.default(''),
  md: plainText().max(50).default(''),
  sei: name(30),
  mei: name(30),
  tel: text(PHONE_MAX_LENGTH).min(1),
  mail: text(254).min(3),
  amountjp: numericString,
  // Stored as one of our languages, whatever the client wrote (EN, en-US, xx → ja).
  lang: plainText().max(8).default('ja').transform(normaliseLang),
  webname_localized: plainText().max(200).default(''),
  memberList: z.array(memberInput).min(1).max(50),
  rentskiList: z.array(rentalInput).max(50).default([]),
  /**
   * Not in SPEC §7 (ADR 0167): the token of a キャンセル待ち offer's link. Optional; with it the booking
   * uses the seats the offer holds instead of taking them from the day's stock.
   */
  waitlist_token: plainText().trim().max(100).optional(),
  /**
   * Not in SPEC §7 (ADR 0210): a 割引コード, and the yen off the check page showed for it. The server computes the
   * discount again from its own price (amountjp stays the price before it) and refuses one that changed meanwhile.
   */
  discount_code: discountCodeInput.optional(),
  discount_amount: numericString.optional(),
});
export type CreateBookingRequest = z.input<typeof createBookingRequest>;
export const bookingResult = z.object({ rsvno: z.string(), rsvdate: z.string() });
export type BookingResult = z.infer<typeof bookingResult>;
export const createBookingResponse = envelope(bookingResult);

// POST /booking/revise — not in SPEC §7: back from the card checkout, the purchase flow corrects the applicant,
// participants and rentals of the booking it made and has not paid.
export const reviseBookingRequest = createBookingRequest.extend({ rsvno: plainText().min(1).max(20) });
export type ReviseBookingRequest = z.input<typeof reviseBookingRequest>;

// POST /booking/{rsvno}
export const rsvnoParams = z.object({ rsvno: plainText().min(1).max(20) });
export const sessionRequest = z.object({ session, rsvno: plainText().max(20).optional() });

export const member = z.object({
  seq: z.string(),
  sei: z.string(),
  mei: z.string(),
  /** YYYYMMDD; empty once erased after the trip or when a reseller never gave it. */
  birthday: ymdString.or(z.literal('')),
  sex: z.string(),
  ageclass: z.string(),
  nationality_id: z.number().int(),
  nationality_nm: z.string(),
  extended_datas: z.object({
    extended_participant_fields: z.object({
      passport_number: z.string().optional(),
      vegetarian_meals: z.boolean().optional(),
    }),
  }),
});
export type Member = z.infer<typeof member>;

export const bookingOption = z.object({
  pkcd: z.string(),
  opcd: z.string(),
  webname: z.string(),
  usedate: ymdString,
  /** Not in SPEC §7 (ADR 0196): the departure's start and end (`HH:MM`), '' for a whole day or an end not given. */
  start_time: z.string(),
  end_time: z.string(),
  contents: z.string(),
  cancel_note: z.string(),
  adultbaika: z.number().int(),
  childbaika: z.number().int(),
  paxadultqty: z.number().int(),
  paxchildqty: z.number().int(),
  /** Middle and infant classes are not in SPEC's list; sent so that their cost can be shown too. */
  middlebaika: z.number().int().optional(),
  paxmiddleqty: z.number().int().optional(),
  infantbaika: z.number().int().optional(),
  paxinfantqty: z.number().int().optional(),
  ...facilityFields,
  meetpoint: z.string().nullable(),
  serviceno: z.string().nullable(),
  departure_point: z.string().nullable(),
  departure_time: z.string().nullable(),
  arrival_point: z.string().nullable(),
  arrival_time: z.string().nullable(),
  ticket_url: z.string().nullable(),
  ex_cd: z.number().int(),
  ex_rsvno: z.string().nullable(),
  ex_confirmno: z.string().nullable(),
  ex_url: z.string().nullable(),
  ex_issue_method: z.string().nullable(),
});
export type BookingOption = z.infer<typeof bookingOption>;

/** The party a booked option is for, by age class (the classes SPEC's list leaves out count 0 when absent). */
export function partyOfLine(line: BookingOption): PartyCounts {
  return {
    adult: line.paxadultqty,
    middle: line.paxmiddleqty ?? 0,
    child: line.paxchildqty,
    infant: line.paxinfantqty ?? 0,
  };
}

export const rental = z.object({
  seq: z.string(),
  model: z.string(),
  boots_size: z.string(),
  wear_size: z.string(),
  accessory: z.string(),
});
export type Rental = z.infer<typeof rental>;

/**
 * A konbini slip (ADR 0213): what the customer tells the store's till or terminal, per store it may be paid at, and
 * until when (Tokyo time). `voucher_url` is the provider's page of the slip, when it has one.
 */
export const konbiniSlip = z.object({
  codes: z.array(
    z.object({
      store: z.enum(KONBINI_STORES),
      payment_code: z.string(),
      confirmation_number: z.string().nullable(),
    }),
  ),
  expires_at: z.string(),
  voucher_url: z.string().nullable(),
});
export type KonbiniSlip = z.infer<typeof konbiniSlip>;

export const booking = z.object({
  rsvno: z.string(),
  status: z.number().int(),
  status_payment: z.number().int(),
  flg_request_rsv: z.number().int(),
  rsvdate: z.string(),
  servertime: z.string(),
  payment_deadline_date: z.string().nullable(),
  fromdate: ymdString,
  todate: ymdString,
  sei: z.string(),
  mei: z.string(),
  mail: z.string(),
  amountjp: z.number().int(),
  meetpoint: z.string().nullable(),
  memberList: z.array(member),
  optionList: z.array(bookingOption),
  rentskiList: z.array(rental),
  /**
   * Not in SPEC §3 (added, nothing taken away): a canceled booking's cancellation fee and refund in yen, named as
   * the cancel price's (SPEC §7 POST /booking/cancelprice), when its cancellation set them; absent otherwise.
   */
  cancelfee: z.number().int().optional(),
  refund: z.number().int().optional(),
  /** Not in SPEC (ADR 0197): its date and time may be changed now (日時を変更). */
  changeable: z.boolean().optional(),
  /** Not in SPEC (ADR 0210): its 割引コード, the yen it took off and the price before it; amountjp is what is paid. */
  discount: bookingDiscount.optional(),
  /**
   * Not in SPEC (ADR 0212): a paid booking's ticket for the door, its QR code's text and the code as SVG (shown as an
   * image, never as markup).
   */
  ticket: z.object({ code: z.string(), qr_svg: z.string(), wallet: z.boolean().optional() }).optional(),
  /** Not in SPEC (ADR 0213): a konbini slip is issued and not paid yet; its slip is `konbini`. */
  awaiting_konbini: z.boolean().optional(),
  konbini: konbiniSlip.optional(),
  /**
   * Not in SPEC (added, nothing taken away): what the booking is now and what its customer may do, made by the server
   * from the booking's state when it answers (ADR 0193). The pages decide on these, never on the status numbers above.
   */
  state: z.enum(['paid', 'unpaid', 'canceled', 'offered', 'requested', 'awaiting', 'unknown']),
  /** A confirmed request that may be paid now (SPEC §4's 決済する). */
  payable: z.boolean(),
  /** An unpaid card booking still within its hour (SPEC §4), payable through the checkout. */
  card_payable: z.boolean(),
  /** SPEC §4: may be cancelled (a completed booking whose first day is after today). */
  cancellable: z.boolean(),
  /** A request still waiting for its answer, before its first day: the customer may withdraw it. */
  withdrawable: z.boolean(),
});
export type Booking = z.infer<typeof booking>;
export const bookingResponse = envelope(booking);

// POST /booking/cancelprice
export const cancelPriceRequest = z.object({ session, rsvno: plainText().min(1).max(20) });
export const cancelPrice = z.object({ cancelfee: z.number().int(), refund: z.number().int() });
export type CancelPrice = z.infer<typeof cancelPrice>;
export const cancelPriceResponse = envelope(cancelPrice);

// POST /booking/cancel
export const cancelRequest = z.object({ session, rsvno: plainText().min(1).max(20), refund: numericString });
export const plainResponse = envelope(z.unknown());

// POST /booking/change (not in SPEC §7, ADR 0197): 日時を変更 — the same option and party on another departure, at the
// amount the customer was shown. A dearer one answers the checkout of the difference; the change is made once paid.
export const changeDepartureRequest = z.object({
  session,
  rsvno: plainText().min(1).max(20),
  usedate: ymdString,
  start_time: startTimeString.default(''),
  amountjp: numericString,
  /** The page's language: the checkout and its way back speak it. */
  lang: plainText().max(8).default('ja').transform(normaliseLang),
});
export type ChangeDepartureRequest = z.input<typeof changeDepartureRequest>;
export const changeDepartureAnswer = z.object({
  /** Made now (the same price or cheaper); false: the difference is to be paid at `checkout_url` first. */
  changed: z.boolean(),
  /** New amount less the old, in yen: negative is refunded. */
  difference: z.number().int(),
  checkout_url: z.string().nullable(),
});
export type ChangeDepartureAnswer = z.infer<typeof changeDepartureAnswer>;
export const changeDepartureResponse = envelope(changeDepartureAnswer);

// POST /booking/withdraw (not in SPEC §7): the customer withdraws a request not answered yet.
export const withdrawRequest = z.object({ session, rsvno: plainText().min(1).max(20) });

// POST /booking/edit
export const editBookingRequest = z.looseObject({
  session,
  rsvno: plainText().min(1).max(20),
  rentskiList: z.array(rentalInput).max(50),
});
export type EditBookingRequest = z.input<typeof editBookingRequest>;

// POST /checkout — SPEC does not name the path (docs/decisions/0020-checkout-call.md).
export const checkoutRequest = z.object({
  session: plainText().optional(),
  rsvno: plainText().min(1).max(20),
  success_path: plainText().startsWith('/').max(300),
  cancel_path: plainText().startsWith('/').max(300),
});
export type CheckoutRequest = z.input<typeof checkoutRequest>;
export const checkoutResponse = envelope(z.object({ url: z.string() }));

// POST /checkout/result: what the return page learns from the server's record, not the browser's.
export const checkoutResultRequest = z.object({ session_id: z.string().min(8).max(200) });
export type CheckoutResultRequest = z.input<typeof checkoutResultRequest>;
export const checkoutResult = z.object({
  rsvno: z.string(),
  rsvdate: z.string(),
  /** The booking is paid (now or before). */
  paid: z.boolean(),
  /** Until when a card booking not paid yet may still be paid (its hold), or null. */
  payable_until: z.string().nullable(),
  /** Not in SPEC (ADR 0213): the konbini slip the checkout issued, when the booking now waits for it to be paid. */
  konbini: konbiniSlip.nullable().optional(),
});
export type CheckoutResult = z.infer<typeof checkoutResult>;
export const checkoutResultResponse = envelope(checkoutResult);

// POST /mylogin
export const loginRequest = z.object({
  rsvno: plainText().trim().min(1).max(20),
  tel: plainText().trim().min(1).max(30),
});
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginResponse = envelope(z.object({ session: z.string(), rsvno: z.string() }));

// POST /mylogin/booked — not in SPEC §7: the browser that made a booking (its purchase cookie, ADR 0102) opens that
// booking's my page without typing its number and phone again.
export const bookedLoginRequest = z.object({ rsvno: plainText().trim().min(1).max(20) });

// POST /mylogout — not in SPEC §7 (its logout is client-only); ends the session on the server too.
export const logoutRequest = z.object({ session });
export type LogoutRequest = z.infer<typeof logoutRequest>;
export const logoutResponse = envelope(z.null());
