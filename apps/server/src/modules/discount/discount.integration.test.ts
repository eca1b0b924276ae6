/**
 * 割引コード for the customer (ADR 0210): the quote of the check page's 適用, each rule's refusal in the customer's
 * language, the booking that applies the code again from its own price, the use given back when the booking expires,
 * and the last use taken by one of many bookings at once. On PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import { bookings, outbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { sweepUnpaidBookings } from '../booking/sweeper.ts';
import { ADULT_PRICE, bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { openSandboxCheckout, payBooking } from '../payment/test-fixtures.ts';
import { salesReport } from '../reseller/report.ts';
import { bookingDiscounts, discountCodes } from './schema.ts';

let t: TestApp;
let ip = 1;
let day: Ymd;
const TOUR = 'DCTOUR';
const OTHER = 'DCOTHER';

function address(): string {
  return `10.50.${ip >> 8}.${ip++ & 255}`;
}

async function code(values: Partial<typeof discountCodes.$inferInsert> & { code: string }): Promise<number> {
  const [row] = await t.ctx.db
    .insert(discountCodes)
    .values({ kind: 'percent', value: 10, ...values })
    .returning({ id: discountCodes.id });
  return row?.id ?? 0;
}

async function quote(body: Record<string, unknown>, lang = 'ja') {
  const res = await t.request({
    method: 'POST',
    url: '/api/discount',
    payload: { opcd: TOUR, usedate: day, amountjp: String(2 * ADULT_PRICE), ...body },
    headers: { 'accept-language': lang },
    remoteAddress: address(),
  });
  return { status: res.statusCode, body: res.json() };
}

async function book(extra: Record<string, unknown>, adults = 2, tel = '090-1234-5678') {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: { ...bookingPayload(TOUR, day, { adults }, { tel }), ...extra },
    remoteAddress: address(),
  });
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json();
  return {
    status: res.statusCode,
    errcd: body.errcd as string,
    errMsg: body.errMsg as string,
    rsvno: body.response?.rsvno as string | undefined,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 20);
  for (const opcd of [TOUR, OTHER]) {
    await insertTestOption(t.ctx.db, opcd, { maxPeople: 20 });
    await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 200 });
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the check page’s quote', () => {
  it('answers the yen off and the amount to pay, percent rounded down and yen never beyond the price', async () => {
    await code({ code: 'WINTER10', kind: 'percent', value: 15 });
    await code({ code: 'HOTEL3000', kind: 'yen', value: 3000 });
    await code({ code: 'BIGYEN', kind: 'yen', value: 99_999 });
    const percent = await quote({ code: 'winter10', amountjp: '12345' });
    expect(percent.body.response).toEqual({ code: 'WINTER10', discount: 1851, amountjp: 12345 - 1851 });
    // Typed in full width on a Japanese phone keyboard.
    const yen = await quote({ code: 'ＨＯＴＥＬ３０００' });
    expect(yen.body.response).toEqual({ code: 'HOTEL3000', discount: 3000, amountjp: 2 * ADULT_PRICE - 3000 });
    const all = await quote({ code: 'BIGYEN' });
    expect(all.body.response).toEqual({ code: 'BIGYEN', discount: 2 * ADULT_PRICE, amountjp: 0 });
  });

  it('refuses each broken rule with its own message, in the page’s language', async () => {
    const today = ymdToIsoDate(todayIn(t.clock));
    await code({ code: 'OFF', active: false });
    await code({ code: 'LATER', bookFrom: ymdToIsoDate(addDays(todayIn(t.clock), 1)) });
    await code({ code: 'GONE', bookUntil: ymdToIsoDate(addDays(todayIn(t.clock), -1)) });
    await code({ code: 'ONLYOTHER', opcds: [OTHER] });
    await code({ code: 'SUMMER', travelFrom: '2027-07-01', travelUntil: '2027-08-31', bookFrom: today });
    await code({ code: 'BIG', minAmount: 50_000 });
    const cases: [string, string][] = [
      ['NOSUCH', 'この割引コードはご利用いただけません。コードをご確認ください。'],
      ['OFF', 'この割引コードはご利用いただけません。コードをご確認ください。'],
      ['LATER', 'この割引コードは現在ご利用いただけません（受付期間外）。'],
      ['GONE', 'この割引コードは現在ご利用いただけません（受付期間外）。'],
      ['ONLYOTHER', 'この割引コードは、この商品には使えません。'],
      ['SUMMER', 'この割引コードは、選択されたご利用日には使えません。'],
      ['BIG', 'この割引コードは、割引前の合計が50,000円以上のご予約でご利用いただけます。'],
    ];
    for (const [typed, message] of cases) {
      const answer = await quote({ code: typed });
      expect(answer.status, typed).toBe(422);
      expect(answer.body.errMsg, typed).toBe(message);
    }
    const english = await quote({ code: 'BIG' }, 'en');
    expect(english.body.errMsg).toBe(
      'This discount code applies to bookings of 50,000 yen or more before the discount.',
    );
  });

  it('refuses what is not a code, and an option that does not exist', async () => {
    expect((await quote({ code: '' })).status).toBe(422);
    expect((await quote({ code: 'X'.repeat(200) })).status).toBe(422);
    expect((await quote({ code: 'WINTER10', opcd: 'NOSUCH' })).status).toBe(404);
  });
});

describe('a booking with a code', () => {
  it('is booked at the price less the discount, its use recorded, and pays that amount', async () => {
    await code({ code: 'PAY20', kind: 'percent', value: 20 });
    const made = await book({ discount_code: 'pay20', discount_amount: String((2 * ADULT_PRICE * 20) / 100) });
    expect(made.errcd).toBe('000');
    const rsvno = made.rsvno ?? '';
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
    expect(row?.amountjp).toBe(2 * ADULT_PRICE * 0.8);
    const [use] = await t.ctx.db.select().from(bookingDiscounts).where(eq(bookingDiscounts.rsvno, rsvno));
    expect(use).toMatchObject({ code: 'PAY20', listAmount: 2 * ADULT_PRICE, discount: 2 * ADULT_PRICE * 0.2 });
    await openSandboxCheckout(t, rsvno);
    const [payment] = rowsOf<{ amount: number }>(
      await t.ctx.db.execute(sql`select amount from payments where rsvno = ${rsvno}`),
    );
    expect(Number(payment?.amount)).toBe(2 * ADULT_PRICE * 0.8);
  });

  it('cancels a paid booking with its fee on what was paid, and refunds the rest', async () => {
    await code({ code: 'HALF', kind: 'percent', value: 50 });
    const made = await book({ discount_code: 'HALF' });
    const rsvno = made.rsvno ?? '';
    await payBooking(t, rsvno);
    const login = await t.request({
      method: 'POST',
      url: '/api/mylogin',
      payload: { rsvno, tel: '090-1234-5678' },
      remoteAddress: address(),
    });
    const session = login.json().response.session as string;
    const price = await t.request({
      method: 'POST',
      url: '/api/booking/cancelprice',
      payload: { session, rsvno },
      remoteAddress: address(),
    });
    // 20 days ahead: the standard policy's 20 %, of the ¥8,000 paid (not of the ¥16,000 before the discount).
    expect(price.json().response).toEqual({ cancelfee: 1600, refund: 6400 });
  });

  it('a discount of all of it is booked paid, without a checkout, and its mail says the discount', async () => {
    await code({ code: 'FREE', kind: 'percent', value: 100 });
    const made = await book({ discount_code: 'FREE' });
    const [row] = await t.ctx.db
      .select()
      .from(bookings)
      .where(eq(bookings.rsvno, made.rsvno ?? ''));
    expect(row).toMatchObject({ amountjp: 0, state: 'paid' });
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.rsvno, made.rsvno ?? ''));
    expect(mail?.kind).toBe('booking_paid');
    expect(mail?.body).toContain('割引前の金額');
    expect(mail?.body).toContain('割引（FREE）');
    expect(mail?.html).toContain('割引（FREE）');
  });

  it('refuses a discount that changed since the page showed it, a tampered price, and a broken rule, taking no seat', async () => {
    await code({ code: 'MOVED', kind: 'yen', value: 1000 });
    const changed = await book({ discount_code: 'MOVED', discount_amount: '2000' });
    expect(changed.status).toBe(409);
    expect(changed.errMsg).toBe(
      '割引コードの内容が変更されました。お手数ですが、割引コードをもう一度適用してください。',
    );
    const tampered = await book({ discount_code: 'MOVED', amountjp: String(ADULT_PRICE) });
    expect(tampered.errcd).not.toBe('000');
    const elsewhere = await book({ discount_code: 'ONLYOTHER' });
    expect(elsewhere.status).toBe(422);
    const uses = await t.ctx.db.select().from(bookingDiscounts).where(eq(bookingDiscounts.code, 'MOVED'));
    expect(uses).toHaveLength(0);
  });

  it('limits a customer by phone, and gives the use back when the booking expires unpaid', async () => {
    await code({ code: 'ONCE', kind: 'yen', value: 500, perCustomerLimit: 1 });
    const first = await book({ discount_code: 'ONCE' }, 1, '080-5555-0001');
    expect(first.errcd).toBe('000');
    const again = await book({ discount_code: 'ONCE' }, 1, '08055550001');
    expect(again.status).toBe(422);
    expect(again.errMsg).toBe('この割引コードは、お一人様（同じ電話番号）1回までご利用いただけます。');
    expect((await book({ discount_code: 'ONCE' }, 1, '080-5555-0002')).errcd).toBe('000');
    // The first booking's hour passes unpaid: its use goes back with its seats.
    t.clock.advance(2 * 60 * 60_000);
    await sweepUnpaidBookings(t.ctx);
    expect((await book({ discount_code: 'ONCE' }, 1, '080-5555-0001')).errcd).toBe('000');
  });

  it('gives the last use of a code to one of many bookings at once', async () => {
    await code({ code: 'LAST1', kind: 'yen', value: 100, totalLimit: 1 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        book({ discount_code: 'LAST1' }, 1, `070-0000-${String(i).padStart(4, '0')}`),
      ),
    );
    expect(results.filter((r) => r.errcd === '000')).toHaveLength(1);
    const refused = results.filter((r) => r.errcd !== '000');
    expect(refused.every((r) => r.errMsg === 'この割引コードは利用上限に達したため、ご利用いただけません。')).toBe(
      true,
    );
    const uses = await t.ctx.db.select().from(bookingDiscounts).where(eq(bookingDiscounts.code, 'LAST1'));
    expect(uses).toHaveLength(1);
  }, 60_000);

  it('shows each code’s bookings and discount in the month’s 売上レポート, at the amount paid', async () => {
    const month = ymdToIsoDate(todayIn(t.clock)).slice(0, 7);
    const report = await salesReport(t.ctx, month);
    expect(report.discounts.find((d) => d.code === 'LAST1')).toEqual({ code: 'LAST1', bookings: 1, discount: 100 });
    // Paid with nothing to pay; PAY20's booking expired unpaid when the clock moved on, and is not counted.
    expect(report.discounts.find((d) => d.code === 'FREE')).toEqual({
      code: 'FREE',
      bookings: 1,
      discount: 2 * ADULT_PRICE,
    });
    expect(report.discounts.find((d) => d.code === 'PAY20')).toBeUndefined();
  });
});
