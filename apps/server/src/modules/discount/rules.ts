/**
 * A discount code's rules (ADR 0210), one function for the check page's 適用 and for the booking: the code, its booking
 * window, its options, its travel window, its minimum, its total limit and its limit per customer, in that order, each
 * refused with its own message. For a booking the code's row is locked first, so two bookings taking the last use one
 * after the other see each other's, and staff changing the code wait for the booking.
 */
import { ErrCd } from '@tabi/contract/constants';
import { type BookingDiscount, discountOf } from '@tabi/contract/discounts';
import { say } from '@tabi/contract/said';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { bookingDiscounts, discountCodes } from './schema.ts';

export interface DiscountAsk {
  /** As `normaliseDiscountCode` wrote it. */
  code: string;
  opcd: string;
  /** YYYY-MM-DD */
  usedate: string;
  /** Today in Asia/Tokyo, YYYY-MM-DD: the booking window's day. */
  today: string;
  /** The price before the discount (SPEC §7's amountjp, which the booking checks against its own prices). */
  list: number;
  /** The customer's normalised phone; null: the limit per customer is not checked yet (the booking checks it). */
  tel: string | null;
}

export interface DiscountTaken {
  codeId: number;
  code: string;
  listAmount: number;
  discount: number;
}

function refused(message: string): AppError {
  return new AppError(ErrCd.generic, message, 422);
}

/**
 * The discount `ask` gets, or the refusal of the first rule it breaks. `lock`: in the booking's transaction, the
 * code's row locked FOR UPDATE before its uses are counted.
 */
export async function checkDiscount(db: DbOrTx, ask: DiscountAsk, lock = false): Promise<DiscountTaken> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, ask.code));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !row.active) throw refused(say('discount.unknown'));
  if ((row.bookFrom && ask.today < row.bookFrom) || (row.bookUntil && ask.today > row.bookUntil)) {
    throw refused(say('discount.bookingWindow'));
  }
  if (row.opcds.length > 0 && !row.opcds.includes(ask.opcd)) throw refused(say('discount.option'));
  if ((row.travelFrom && ask.usedate < row.travelFrom) || (row.travelUntil && ask.usedate > row.travelUntil)) {
    throw refused(say('discount.travelDate'));
  }
  if (row.minAmount !== null && ask.list < row.minAmount) {
    throw refused(say('discount.minAmount', { min: row.minAmount }));
  }
  if (row.totalLimit !== null || (row.perCustomerLimit !== null && ask.tel !== null)) {
    const [uses] = rowsOf<{ total: number | string; mine: number | string }>(
      await db.execute(sql`select count(*) as total, count(*) filter (where tel_normalized = ${ask.tel ?? ''}) as mine
        from discount_uses where code_id = ${row.id}`),
    );
    if (row.totalLimit !== null && Number(uses?.total ?? 0) >= row.totalLimit) throw refused(say('discount.usedUp'));
    if (row.perCustomerLimit !== null && ask.tel !== null && Number(uses?.mine ?? 0) >= row.perCustomerLimit) {
      throw refused(say('discount.perCustomer', { max: row.perCustomerLimit }));
    }
  }
  return { codeId: row.id, code: row.code, listAmount: ask.list, discount: discountOf(row, ask.list) };
}

/** Writes the booking's use of its code, in the transaction that wrote the booking after {@link checkDiscount}. */
export async function recordDiscountUse(
  tx: DbOrTx,
  rsvno: string,
  taken: DiscountTaken,
  telNormalized: string,
): Promise<void> {
  await tx.insert(bookingDiscounts).values({
    rsvno,
    codeId: taken.codeId,
    code: taken.code,
    listAmount: taken.listAmount,
    discount: taken.discount,
    telNormalized,
  });
}

/** A booking's discount as the customer's pages, the mails and the console show it; null: none. */
export async function discountOfBooking(db: DbOrTx, rsvno: string): Promise<BookingDiscount | null> {
  const [row] = await db
    .select({
      code: bookingDiscounts.code,
      discount: bookingDiscounts.discount,
      listAmount: bookingDiscounts.listAmount,
      kind: discountCodes.kind,
      value: discountCodes.value,
    })
    .from(bookingDiscounts)
    .innerJoin(discountCodes, eq(discountCodes.id, bookingDiscounts.codeId))
    .where(eq(bookingDiscounts.rsvno, rsvno));
  return row
    ? { code: row.code, discount: row.discount, list_amount: row.listAmount, kind: row.kind, value: row.value }
    : null;
}

/**
 * A change of departure (ADR 0197) moves a booking with a code to another price, which the same code discounts
 * ({@link discountOf} with the booking's {@link discountOfBooking}); this records the new price and what is paid for it
 * on the booking's use. The use is the booking's already: no limit is checked again.
 */
export async function moveDiscount(tx: DbOrTx, rsvno: string, list: number, paid: number): Promise<void> {
  await tx
    .update(bookingDiscounts)
    .set({ listAmount: list, discount: list - paid })
    .where(eq(bookingDiscounts.rsvno, rsvno));
}
