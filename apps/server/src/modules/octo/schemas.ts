/** OCTO core's request bodies and queries (docs.octo.travel), as this supplier reads them. */
import { isoDateToYmd, isValidYmd } from '@tabi/contract/dates';
import { z } from 'zod';
import { OctoError } from './errors.ts';

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => text(max).nullish();

export const contactBody = z
  .object({
    fullName: optionalText(200),
    firstName: optionalText(100),
    lastName: optionalText(100),
    emailAddress: optionalText(254),
    phoneNumber: optionalText(40),
    locales: z.array(text(35)).max(20).nullish(),
    postalCode: optionalText(20),
    country: optionalText(2),
    notes: optionalText(2000),
  })
  .strip();
export type ContactBody = z.output<typeof contactBody>;

export const unitItemBody = z
  .object({
    uuid: text(100).min(1).optional(),
    unitId: text(100),
    resellerReference: optionalText(100),
    contact: contactBody.nullish(),
  })
  .strip();
export type UnitItemBody = z.output<typeof unitItemBody>;

/** At most this many travellers in one booking through OCTO (the option's own maximum applies first). */
const MAX_UNIT_ITEMS = 100;
/** A hold lasts 30 minutes unless asked otherwise, and at most a day. */
export const DEFAULT_HOLD_MINUTES = 30;
const expirationMinutes = z.number().int().min(1).max(1440);

const unitAsk = z.object({ id: text(100), quantity: z.number().int().min(0).max(MAX_UNIT_ITEMS) }).strip();

/**
 * The days OCTO may name: real calendar days in a range wide enough for any booking or report, narrow enough that
 * the day after the last and the day before the first are dates too (a day of year 9999 has no next day to answer).
 */
export const FIRST_OCTO_DAY = '2000-01-01';
export const LAST_OCTO_DAY = '2099-12-31';

/** A day written YYYY-MM-DD that exists in the calendar and lies within FIRST_OCTO_DAY..LAST_OCTO_DAY. */
export function isOctoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (!isValidYmd(isoDateToYmd(value))) return false;
  return value >= FIRST_OCTO_DAY && value <= LAST_OCTO_DAY;
}

const isoDay = z
  .string()
  .refine(isOctoDay, `must be a real date between ${FIRST_OCTO_DAY} and ${LAST_OCTO_DAY}, written YYYY-MM-DD`);

export const calendarBody = z
  .object({
    productId: z.string(),
    optionId: z.string(),
    localDateStart: isoDay,
    localDateEnd: isoDay,
    units: z.array(unitAsk).max(10).nullish(),
    currency: optionalText(3),
  })
  .strip();

export const availabilityBody = z
  .object({
    productId: z.string(),
    optionId: z.string(),
    localDateStart: isoDay.optional(),
    localDateEnd: isoDay.optional(),
    availabilityIds: z.array(text(40)).max(366).optional(),
    units: z.array(unitAsk).max(10).nullish(),
    currency: optionalText(3),
  })
  .strip();

export const reserveBody = z
  .object({
    uuid: text(100).min(1).optional(),
    productId: z.string(),
    optionId: z.string(),
    availabilityId: z.string().optional(),
    expirationMinutes: expirationMinutes.optional(),
    notes: optionalText(2000),
    unitItems: z.array(unitItemBody).max(MAX_UNIT_ITEMS),
    resellerReference: optionalText(100),
    contact: contactBody.nullish(),
    currency: optionalText(3),
  })
  .strip();
export type ReserveBody = z.output<typeof reserveBody>;

export const confirmBody = z
  .object({
    resellerReference: optionalText(100),
    contact: contactBody.nullish(),
    unitItems: z.array(unitItemBody).max(MAX_UNIT_ITEMS).optional(),
    emailReceipt: z.boolean().optional(),
    notes: optionalText(2000),
  })
  .strip();

export const updateBody = z
  .object({
    resellerReference: optionalText(100),
    productId: z.string().optional(),
    optionId: z.string().optional(),
    availabilityId: z.string().optional(),
    expirationMinutes: expirationMinutes.optional(),
    notes: optionalText(2000),
    emailReceipt: z.boolean().optional(),
    unitItems: z.array(unitItemBody).max(MAX_UNIT_ITEMS).optional(),
    contact: contactBody.nullish(),
  })
  .strip();
export type UpdateBody = z.output<typeof updateBody>;

export const extendBody = z.object({ expirationMinutes: expirationMinutes.optional() }).strip();

export const cancelBody = z.object({ reason: optionalText(500), force: z.boolean().optional() }).strip();

export const bookingsQuery = z
  .object({
    resellerReference: text(100).optional(),
    supplierReference: text(40).optional(),
    localDate: isoDay.optional(),
    localDateStart: isoDay.optional(),
    localDateEnd: isoDay.optional(),
    productId: text(100).optional(),
    optionId: text(100).optional(),
  })
  .strip();

/**
 * A body read with `schema`; the ids OCTO names its own errors for are checked first (a missing or malformed
 * productId is INVALID_PRODUCT_ID, not BAD_REQUEST), then the rest, whose first problem is named in BAD_REQUEST.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  ids: readonly ('productId' | 'optionId')[] = [],
): z.output<S> {
  const given = body === undefined || body === null ? {} : body;
  if (typeof given !== 'object' || Array.isArray(given))
    throw OctoError.badRequest('The request body must be a JSON object');
  const record = given as Record<string, unknown>;
  if (ids.includes('productId') && typeof record.productId !== 'string')
    throw OctoError.invalidProduct(record.productId);
  if (ids.includes('optionId') && typeof record.optionId !== 'string') throw OctoError.invalidOption(record.optionId);
  const parsed = schema.safeParse(record);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const where = issue?.path.length ? issue.path.join('.') : 'body';
  throw OctoError.badRequest(`${where}: ${issue?.message ?? 'invalid'}`);
}
