/**
 * The operator's day as the console reads it: レンタル準備表 — per rental shop (facility) and day, the
 * skis and snowboards, boots by size, wear by size and age class, and the list by booking and traveller — and
 * a facility's mail address, where the sheet is mailed the evening before.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from './booking-rules.ts';
import { calendarYmd, departureBookingFields, envelope } from './envelope.ts';
import { RENTAL_ITEMS } from './rental-stock.ts';

export const OperationsMsg = {
  facilityMailInvalid: 'メールアドレスの形式が正しくありません。',
} as const;

// --- レンタル準備表 ------------------------------------------------------------------------------------------

export const rentalSheetQuery = z.object({
  date: z.union([calendarYmd, z.literal('')]).optional(),
  /** One facility's sheet; none: every facility with rentals that day. */
  facility: z.union([z.coerce.number().int().positive(), z.literal('')]).optional(),
  /** One departure's start time (ADR 0196): only the rentals of the options' departures at that time. */
  start: z.union([z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/), z.literal('')]).optional(),
});
export type RentalSheetQuery = z.input<typeof rentalSheetQuery>;

/** One traveller of a rental booking: what they rent, in the shop's words. */
export const rentalSheetRow = z.object({
  ...departureBookingFields,
  applicant: z.string(),
  tel: z.string(),
  seq: z.number(),
  name: z.string(),
  ageClass: z.string(),
  /** スキー / スノーボード, or '' when the option rents no board or the traveller chose none. */
  model: z.string(),
  /** "26.5" (cm) or ''. */
  bootsSize: z.string(),
  wearSize: z.string(),
});
export type RentalSheetRow = z.infer<typeof rentalSheetRow>;

/** A count of one size (boots), or one size of one age class (wear). */
export const sizeCount = z.object({ size: z.string(), count: z.number() });
export const wearCount = z.object({ ageClass: z.string(), size: z.string(), count: z.number() });
export type SizeCount = z.infer<typeof sizeCount>;
export type WearCount = z.infer<typeof wearCount>;

/** What a shop needs ready, for a day or one departure of it: bookings, travellers, boards, boots and wear by size. */
const rentalCountFields = {
  bookings: z.number(),
  travellers: z.number(),
  skis: z.number(),
  snowboards: z.number(),
  boots: z.array(sizeCount),
  wear: z.array(wearCount),
};

/** What one departure of the day needs ready (an option sold at start times): its own counts. */
export const rentalSheetDeparture = z.object({
  startTime: z.string(),
  endTime: z.string(),
  ...rentalCountFields,
});
export type RentalSheetDeparture = z.infer<typeof rentalSheetDeparture>;

export const rentalSheet = z.object({
  /** null: rental options that name no facility (set one on 商品編集). */
  facilityId: z.number().nullable(),
  facilityName: z.string(),
  /** Where the sheet is mailed the evening before; null: not mailed. */
  facilityMail: z.string().nullable(),
  /** When the sheet of this day was mailed (ISO, Tokyo), or null. */
  mailedAt: z.string().nullable(),
  ...rentalCountFields,
  /** Per start time, in time order, when the shop's rentals go out at set times; empty for whole days alone. */
  departures: z.array(rentalSheetDeparture),
  /** By departure (start time), then booking and traveller. */
  rows: z.array(rentalSheetRow),
});
export type RentalSheet = z.infer<typeof rentalSheet>;

/**
 * One size of an item the shop counts (サイズ別在庫, ADR 0209), for the whole day whatever departure is asked for (a
 * shop's pairs are counted by the day): `reserved` by the bookings that hold their seats (the count a booking's check
 * compares), `quantity` the pairs that day (a dated number when there is one; 0 for a size the shop does not list),
 * and `left`, below 0 when the shop was booked beyond its pairs (a number changed outside the console).
 */
export const rentalStockLine = z.object({
  item: z.enum(RENTAL_ITEMS),
  size: z.string(),
  reserved: z.number().int(),
  quantity: z.number().int(),
  left: z.number().int(),
});
export type RentalStockLine = z.infer<typeof rentalStockLine>;

/**
 * A sheet as the console shows it: the mailed sheet, and the shop's stock by size that day (empty when it counts no
 * item, or for rental options without a facility), by item (boards, boots, wear) and size in SPEC §5's order.
 */
export const rentalSheetView = rentalSheet.extend({ stock: z.array(rentalStockLine) });
export type RentalSheetView = z.infer<typeof rentalSheetView>;

export const rentalSheetDay = z.object({
  date: z.string(),
  facility: z.number().nullable(),
  /** Every facility that has a rental option, for the page's choice. */
  facilities: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The departure asked for, or null: the whole day. */
  start: z.string().nullable(),
  /** The day's start times of rental options (of the facility asked for), for the page's choice. */
  startTimes: z.array(z.string()),
  sheets: z.array(rentalSheetView),
});
export type RentalSheetDay = z.infer<typeof rentalSheetDay>;
export const rentalSheetResponse = envelope(rentalSheetDay);

// --- 施設のメールアドレス -----------------------------------------------------------------------------------

/** '' removes the address (the sheet is then not mailed). */
export const facilityMailRequest = z.object({
  mail: z
    .string()
    .transform((v) => v.normalize('NFKC').trim())
    .pipe(z.union([z.literal(''), z.string().max(254).regex(EMAIL_PATTERN, OperationsMsg.facilityMailInvalid)])),
});
