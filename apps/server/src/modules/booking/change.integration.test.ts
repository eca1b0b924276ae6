/**
 * 日時を変更 (ADR 0197) through POST /booking/change: the same price moves at once, a cheaper departure refunds the
 * difference, a dearer one is paid on the checkout first; refused once a fee applies; a dearer departure that fills
 * while its difference is paid leaves the booking as it was and refunds the difference.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { changeFeeApplies, Msg } from '@tabi/contract/messages';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { bookingChanges, bookingEvents, bookingOptions, bookings, outbox, refunds } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingDiscounts, discountCodes } from '../discount/schema.ts';
import { bookingCapabilityCookie } from '../payment/capability.ts';
import { paySandboxCheckout } from '../payment/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { ADULT_PRICE, bookingPayload, insertTestOption, insertTestStock, stockLeft } from './test-fixtures.ts';

let t: TestApp;
let day: Ymd;
let next: Ymd;
let ip = 1;
const OPT = 'CHG001';
const CHEAP = 6000;
const DEAR = 10_400;
const TEL = '090-1234-5678';

function send(url: string, payload: object, cookies?: Record<string, string>) {
  return t.request({ method: 'POST', url, payload, remoteAddress: `10.8.${ip % 250}.${ip++ % 250}`, cookies });
}

/** A paid booking of one adult on `startTime` of `usedate`, and a my page session of it. */
async function paidBooking(
  usedate: Ymd,
  startTime: string,
  opcd = OPT,
  extra: { discount_code?: string } = {},
): Promise<{ rsvno: string; session: string }> {
  const made = await send('/api/booking', bookingPayload(opcd, usedate, {}, { start_time: startTime, ...extra }));
  expect(made.statusCode, made.body).toBe(200);
  const { rsvno } = made.json().response;
  const checkout = await send(
    '/api/checkout',
    { rsvno, success_path: '/reservation/complete?processing=success', cancel_path: '/reservation/complete' },
    bookingCapabilityCookie(t.config.appKey, rsvno),
  );
  await payOn(checkout.json().response.url);
  const login = await send('/api/mylogin', { rsvno, tel: TEL });
  return { rsvno, session: login.json().response.session };
}

async function payOn(url: string): Promise<void> {
  await paySandboxCheckout(t, url);
}

function change(b: { rsvno: string; session: string }, usedate: Ymd, startTime: string, amount: number) {
  return send('/api/booking/change', {
    session: b.session,
    rsvno: b.rsvno,
    usedate,
    start_time: startTime,
    amountjp: String(amount),
  });
}

async function lineOf(rsvno: string) {
  const [line] = await t.ctx.db.select().from(bookingOptions).where(eq(bookingOptions.rsvno, rsvno));
  const [booking] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  return { usedate: line?.usedate, startTime: line?.startTime, amount: booking?.amountjp, state: booking?.state };
}

async function mailsOf(rsvno: string, kind: string): Promise<number> {
  const rows = await t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.rsvno, rsvno), eq(outbox.kind, kind)));
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 30);
  next = addDays(day, 1);
  await insertTestOption(t.ctx.db, OPT, { webname: '湾内クルーズ', cancelPolicy: [{ daysBefore: 7, percent: 30 }] });
  await insertTestStock(t.ctx.db, OPT, day, { startTime: '10:00', endTime: '11:00', zaikozan: 10, adultbaika: CHEAP });
  await insertTestStock(t.ctx.db, OPT, day, { startTime: '13:00', endTime: '14:00', zaikozan: 10 });
  await insertTestStock(t.ctx.db, OPT, day, { startTime: '16:00', endTime: '17:00', zaikozan: 2, adultbaika: DEAR });
  await insertTestStock(t.ctx.db, OPT, next, { startTime: '13:00', endTime: '14:00', zaikozan: 10 });
  await insertTestStock(t.ctx.db, OPT, next, { startTime: '16:00', endTime: '17:00', zaikozan: 5, adultbaika: DEAR });
  // A day within the fee: changes refused there.
  await insertTestStock(t.ctx.db, OPT, addDays(todayIn(t.clock), 3), { startTime: '13:00', zaikozan: 10 });
  await insertTestStock(t.ctx.db, OPT, addDays(todayIn(t.clock), 3), { startTime: '16:00', zaikozan: 10 });
});

afterAll(async () => {
  await t.close();
});

describe('POST /booking/change', () => {
  it('moves a booking to the same price on another day at once: seats, line, history and mail', async () => {
    const b = await paidBooking(day, '13:00');
    const res = await change(b, next, '13:00', ADULT_PRICE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toEqual({ changed: true, difference: 0, checkout_url: null });
    expect(await lineOf(b.rsvno)).toMatchObject({ usedate: ymdToIsoDate(next), startTime: '13:00', state: 'paid' });
    expect(await stockLeft(t.ctx.db, OPT, day, '13:00')).toBe(10);
    expect(await stockLeft(t.ctx.db, OPT, next, '13:00')).toBe(9);
    const events = await t.ctx.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.rsvno, b.rsvno))
      .orderBy(asc(bookingEvents.id));
    expect(events.at(-1)).toMatchObject({ action: 'departure_changed', actorKind: 'customer' });
    expect(await mailsOf(b.rsvno, 'booking_changed')).toBe(1);
  });

  it('refunds the difference of a cheaper departure through the provider', async () => {
    const b = await paidBooking(day, '13:00');
    const res = await change(b, day, '10:00', CHEAP);
    expect(res.json().response).toEqual({ changed: true, difference: CHEAP - ADULT_PRICE, checkout_url: null });
    expect(await lineOf(b.rsvno)).toMatchObject({ startTime: '10:00', amount: CHEAP });
    const back = await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, b.rsvno));
    expect(back).toEqual([
      expect.objectContaining({ amount: ADULT_PRICE - CHEAP, reason: 'change', state: 'succeeded' }),
    ]);
  });

  it('discounts the new price with the booking’s 割引コード (ADR 0210), dearer and cheaper alike', async () => {
    await t.ctx.db.insert(discountCodes).values({ code: 'CRUISE25', kind: 'percent', value: 25 });
    const b = await paidBooking(day, '13:00', OPT, { discount_code: 'CRUISE25' });
    expect(await lineOf(b.rsvno)).toMatchObject({ amount: ADULT_PRICE * 0.75 });
    // Dearer: the difference of the discounted prices, paid first, and the use records the new price.
    const dear = (await change(b, next, '16:00', DEAR)).json().response;
    expect(dear).toMatchObject({ changed: false, difference: DEAR * 0.75 - ADULT_PRICE * 0.75 });
    await payOn(dear.checkout_url);
    expect(await lineOf(b.rsvno)).toMatchObject({ startTime: '16:00', amount: DEAR * 0.75, state: 'paid' });
    const [use] = await t.ctx.db.select().from(bookingDiscounts).where(eq(bookingDiscounts.rsvno, b.rsvno));
    expect(use).toMatchObject({ listAmount: DEAR, discount: DEAR * 0.25 });
    // Cheaper: the discounted difference is refunded.
    const cheap = (await change(b, day, '10:00', CHEAP)).json().response;
    expect(cheap).toEqual({ changed: true, difference: CHEAP * 0.75 - DEAR * 0.75, checkout_url: null });
    expect(await lineOf(b.rsvno)).toMatchObject({ startTime: '10:00', amount: CHEAP * 0.75 });
  });

  it('has the difference of a dearer departure paid first, and moves the booking once it is', async () => {
    const b = await paidBooking(day, '13:00');
    const res = await change(b, day, '16:00', DEAR);
    const answer = res.json().response;
    expect(answer).toMatchObject({ changed: false, difference: DEAR - ADULT_PRICE });
    expect(answer.checkout_url).toMatch(/\/sandbox\/checkout\//);
    // Nothing moves before the payment.
    expect(await lineOf(b.rsvno)).toMatchObject({ startTime: '13:00', amount: ADULT_PRICE });
    await payOn(answer.checkout_url);
    expect(await lineOf(b.rsvno)).toMatchObject({ startTime: '16:00', amount: DEAR, state: 'paid' });
    expect(await stockLeft(t.ctx.db, OPT, day, '16:00')).toBe(1);
    expect(await mailsOf(b.rsvno, 'booking_changed')).toBe(1);
  });

  it('keeps the booking and refunds the difference when the dearer departure filled while it was paid', async () => {
    const b = await paidBooking(day, '13:00');
    const res = await change(b, day, '16:00', DEAR);
    // The last seat at 16:00 goes to someone else meanwhile.
    expect(
      (await send('/api/booking', bookingPayload(OPT, day, {}, { start_time: '16:00', amountjp: String(DEAR) })))
        .statusCode,
    ).toBe(200);
    await payOn(res.json().response.checkout_url);
    expect(await lineOf(b.rsvno)).toMatchObject({ startTime: '13:00', amount: ADULT_PRICE, state: 'paid' });
    expect(await stockLeft(t.ctx.db, OPT, day, '16:00')).toBe(0);
    const back = await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, b.rsvno));
    expect(back).toEqual([
      expect.objectContaining({ amount: DEAR - ADULT_PRICE, reason: 'change', state: 'succeeded' }),
    ]);
    expect(await mailsOf(b.rsvno, 'change_failed')).toBe(1);
    expect(await mailsOf(b.rsvno, 'payment_refunded')).toBe(0);
  });

  it('matches the payment to its change when a crash came before the change learned its checkout session', async () => {
    const b = await paidBooking(next, '13:00');
    const res = await change(b, next, '16:00', DEAR);
    // As if the process died after the provider answered and before the session id was saved on the change.
    await t.ctx.db.update(bookingChanges).set({ checkoutSessionId: null }).where(eq(bookingChanges.rsvno, b.rsvno));
    await payOn(res.json().response.checkout_url);
    expect(await lineOf(b.rsvno)).toMatchObject({ startTime: '16:00', amount: DEAR, state: 'paid' });
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, b.rsvno))).toEqual([]);
    expect(await mailsOf(b.rsvno, 'booking_changed')).toBe(1);
    const [done] = await t.ctx.db.select().from(bookingChanges).where(eq(bookingChanges.rsvno, b.rsvno));
    expect(done).toMatchObject({ state: 'done', checkoutSessionId: expect.any(String) });
  });

  it('refuses once the cancellation policy charges a fee, the same departure, another amount and a full one', async () => {
    const soon = addDays(todayIn(t.clock), 3);
    const late = await paidBooking(soon, '13:00');
    const fee = await change(late, soon, '16:00', ADULT_PRICE);
    expect(fee.statusCode).toBe(409);
    expect(fee.json().errMsg).toBe(changeFeeApplies(30));

    const b = await paidBooking(day, '13:00');
    expect((await change(b, day, '13:00', ADULT_PRICE)).json().errMsg).toBe(Msg.changeSameDeparture);
    expect((await change(b, next, '13:00', ADULT_PRICE + 1)).json().errMsg).toBe(Msg.amountMismatch);
    const full = await change(b, day, '16:00', DEAR);
    expect(full.statusCode).toBe(409);
    expect(full.json().errMsg).toBe(Msg.noStock);
    const bad = await change(b, next, '25:00', ADULT_PRICE);
    expect(bad.statusCode).toBe(422);
    expect(await lineOf(b.rsvno)).toMatchObject({ usedate: ymdToIsoDate(day), startTime: '13:00' });
  });

  it('lets staff move a booking from 予約詳細 under the same rules, named in the history', async () => {
    const operator = await insertStaff(t.ctx.db, { mail: 'change-op@example.jp', role: 'operator' });
    const cookie = await staffSession(t, 'change-op@example.jp');
    const b = await paidBooking(day, '13:00');
    const staffPost = (payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/admin/bookings/${b.rsvno}/change-departure`,
        payload,
        cookies: { [STAFF_COOKIE]: cookie },
      });
    const detail = await t.request({
      method: 'GET',
      url: `/api/admin/bookings/${b.rsvno}`,
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(detail.json().response.booking.changeable).toBe(true);
    const res = await staffPost({ usedate: next, start_time: '13:00', amountjp: String(ADULT_PRICE) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toMatchObject({ changed: true, difference: 0 });
    const [last] = await t.ctx.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.rsvno, b.rsvno))
      .orderBy(desc(bookingEvents.id))
      .limit(1);
    expect(last).toMatchObject({ action: 'departure_changed', actorKind: 'staff', actor: String(operator) });
    // Without a staff session: refused.
    const anonymous = await t.request({
      method: 'POST',
      url: `/api/admin/bookings/${b.rsvno}/change-departure`,
      payload: { usedate: day, start_time: '13:00', amountjp: String(ADULT_PRICE) },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serialises a change and a cancellation sent together: one of them, the money and the seats agreeing', async () => {
    const b = await paidBooking(next, '13:00');
    await insertTestStock(t.ctx.db, OPT, next, { startTime: '10:00', zaikozan: 10, adultbaika: CHEAP });
    const [moved, canceled] = await Promise.all([
      change(b, next, '10:00', CHEAP),
      send('/api/booking/cancel', { session: b.session, rsvno: b.rsvno, refund: String(ADULT_PRICE) }),
    ]);
    const codes = [moved.statusCode, canceled.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const back = await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, b.rsvno));
    const refunded = back.reduce((sum, r) => sum + r.amount, 0);
    const after = await lineOf(b.rsvno);
    if (moved.statusCode === 200) {
      // Moved first: the difference back, the cancellation (its refund quoted before) refused.
      expect(refunded).toBe(ADULT_PRICE - CHEAP);
      expect(after).toMatchObject({ startTime: '10:00', state: 'paid' });
      expect(await stockLeft(t.ctx.db, OPT, next, '10:00')).toBe(9);
    } else {
      // Canceled first: everything back, nothing moved.
      expect(refunded).toBe(ADULT_PRICE);
      expect(after.startTime).toBe('13:00');
      expect(await stockLeft(t.ctx.db, OPT, next, '10:00')).toBe(10);
    }
  });
});
