/**
 * コンビニ決済 with the sandbox provider (ADR 0213), end to end through the API: the checkout offers it, the slip is
 * issued and keeps the seats until its deadline, it is paid at the store, it lapses, it is paid too late, the booking is
 * canceled while it waits, the customer is reminded, and a konbini payment's refund waits for a bank account.
 */
import { addDays, type Ymd } from '@tabi/contract/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import {
  bookingEvents,
  bookings,
  type CancelTier,
  konbiniSlips,
  outbox,
  payments,
  refunds,
  sandboxCheckouts,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { sweepUnpaidBookings } from '../booking/sweeper.ts';
import { ADULT_PRICE, bookingPayload, insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { loginAs, post } from '../mypage/test-fixtures.ts';
import { fulfil } from './fulfil.ts';
import { reminderDueAt, remindSlips } from './konbini.ts';
import { reconcile } from './reconciler.ts';
import { issueSandboxSlip, openSandboxCheckout, payAtSandboxStore } from './test-fixtures.ts';

/** 12:00 in Tokyo on 2026-11-21: every test starts here. */
const START = new Date('2026-11-21T03:00:00Z');
const SUCCESS = '/reservation/complete?processing=success';
/** No fee that far ahead (from 21 days before on). */
const FREE_FAR_AHEAD: CancelTier[] = [
  { daysBefore: 21, percent: 0 },
  { daysBefore: 7, percent: 30 },
  { daysBefore: 0, percent: 50 },
];

let t: TestApp;
let today: Ymd;
let ip = 1;

beforeAll(async () => {
  t = await createTestApp({ now: START });
  today = todayIn(t.clock);
});
beforeEach(() => {
  t.clock.set(START);
});
afterAll(async () => {
  await t.close();
});

/** An option of its own for a test, with `seats` on `day`. */
async function option(opcd: string, day: Ymd, seats: number, cancelPolicy?: CancelTier[]): Promise<void> {
  await insertTestOption(t.ctx.db, opcd, cancelPolicy ? { cancelPolicy } : {});
  await insertTestStock(t.ctx.db, opcd, day, { zaikozan: seats });
}

async function book(opcd: string, day: Ymd, adults = 2): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, day, { adults }),
    remoteAddress: `10.213.${ip >> 8}.${ip++ & 255}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.rsvno as string;
}

/** Books and has a slip issued at `store`: answers the booking and its sandbox session. */
async function bookWithSlip(opcd: string, day: Ymd, store = 'familymart'): Promise<{ rsvno: string; id: string }> {
  const rsvno = await book(opcd, day);
  const id = await openSandboxCheckout(t, rsvno);
  const res = await issueSandboxSlip(t, id, store);
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe(`${SUCCESS}&session_id=${id}`);
  return { rsvno, id };
}

async function bookingRow(rsvno: string) {
  const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  return row;
}

async function sandboxRow(id: string) {
  const [row] = await t.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  return row;
}

async function paymentRow(id: string) {
  const [row] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
  return row;
}

async function mailsOf(rsvno: string, kind: string) {
  const rows = await t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.rsvno, rsvno), eq(outbox.kind, kind)));
  return rows;
}

async function eventsOf(rsvno: string, action: string) {
  return t.ctx.db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.rsvno, rsvno), eq(bookingEvents.action, action)));
}

/** The last second (Tokyo) of `day`, as the API writes it. */
const endOf = (day: Ymd) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T23:59:59+09:00`;

describe('the checkout offers konbini (ADR 0213)', () => {
  it('for a use date two days ahead or more, and not for tomorrow', async () => {
    const inTwo = addDays(today, 2);
    const tomorrow = addDays(today, 1);
    await option('KB0101', inTwo, 10);
    await insertTestStock(t.ctx.db, 'KB0101', tomorrow, { zaikozan: 10 });

    const id = await openSandboxCheckout(t, await book('KB0101', inTwo));
    expect(await sandboxRow(id)).toMatchObject({
      methods: expect.arrayContaining(['card', 'konbini']),
      konbiniDays: 1,
    });
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="/sandbox/checkout/${id}/pay/konbini"`);
    expect(page.body).toContain('コンビニ決済');
    const stores = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}/pay/konbini` });
    expect(stores.statusCode).toBe(200);
    expect(stores.body).toContain('name="store" value="familymart"');

    const soon = await openSandboxCheckout(t, await book('KB0101', tomorrow));
    const row = await sandboxRow(soon);
    expect(row?.methods).not.toContain('konbini');
    expect(row?.konbiniDays).toBeNull();
    const soonPage = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${soon}` });
    expect(soonPage.body).not.toContain('/pay/konbini');
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${soon}/pay/konbini` })).statusCode).toBe(404);
    expect((await issueSandboxSlip(t, soon)).statusCode).toBe(404);
  });
});

describe('a slip issued', () => {
  it('keeps the booking awaiting until the end of the third day, mails the slip, and shows it everywhere', async () => {
    const day = addDays(today, 10);
    await option('KB0201', day, 10);
    const { rsvno, id } = await bookWithSlip('KB0201', day);
    const deadline = endOf(addDays(today, 3));
    const slip = (await sandboxRow(id))?.slip;
    expect(slip).toMatchObject({ store: 'familymart', expiresAt: new Date(deadline).toISOString() });
    expect(slip?.paymentCode).toMatch(/^\d{12}$/);
    expect(slip?.confirmationNumber).toMatch(/^\d{10}$/);
    expect(await bookingRow(rsvno)).toMatchObject({
      state: 'awaiting',
      status: 0,
      statusPayment: 0,
      paymentDeadline: new Date(deadline),
    });
    expect(await paymentRow(id)).toMatchObject({ status: 'open' });
    expect(await eventsOf(rsvno, 'konbini_slip')).toHaveLength(1);

    const mails = await mailsOf(rsvno, 'konbini_slip');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(slip?.paymentCode);
    expect(mails[0]?.body).toContain(slip?.confirmationNumber);

    const shown = {
      codes: [{ store: 'familymart', payment_code: slip?.paymentCode, confirmation_number: slip?.confirmationNumber }],
      expires_at: deadline,
      voucher_url: `http://localhost:3000/sandbox/konbini/${id}`,
    };
    const result = await t.request({ method: 'POST', url: '/api/checkout/result', payload: { session_id: id } });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().response).toEqual({
      rsvno,
      rsvdate: expect.any(String),
      paid: false,
      payable_until: null,
      konbini: shown,
    });

    const session = await loginAs(t, rsvno);
    const view = (await post(t, `/api/booking/${rsvno}`, { session })).body.response;
    expect(view).toMatchObject({
      state: 'awaiting',
      awaiting_konbini: true,
      status: 0,
      status_payment: 0,
      payment_deadline_date: deadline,
      konbini: shown,
      cancellable: true,
      payable: false,
      card_payable: false,
    });

    // Issued again (Back, a second tab): nothing changes.
    const again = await issueSandboxSlip(t, id, 'lawson');
    expect(again.statusCode).toBe(303);
    expect((await sandboxRow(id))?.slip).toEqual(slip);
    expect(await mailsOf(rsvno, 'konbini_slip')).toHaveLength(1);
    expect(await eventsOf(rsvno, 'konbini_slip')).toHaveLength(1);
    expect(await t.ctx.db.select().from(konbiniSlips).where(eq(konbiniSlips.rsvno, rsvno))).toHaveLength(1);
    // The voucher page shows the slip; the checkout's page too.
    const voucher = await t.app.inject({ method: 'GET', url: `/sandbox/konbini/${id}` });
    expect(voucher.statusCode).toBe(200);
    expect(voucher.body).toContain(slip?.paymentCode);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` })).body).toContain(slip?.paymentCode);
  });

  it('runs until the end of the day before the use date when that comes first', async () => {
    const day = addDays(today, 3);
    await option('KB0202', day, 10);
    const { rsvno, id } = await bookWithSlip('KB0202', day, 'lawson');
    expect((await sandboxRow(id))?.konbiniDays).toBe(2);
    expect(await bookingRow(rsvno)).toMatchObject({
      state: 'awaiting',
      paymentDeadline: new Date(endOf(addDays(today, 2))),
    });
    const slip = (await sandboxRow(id))?.slip;
    expect(slip?.paymentCode).toMatch(/^\d{11}$/);
  });

  it('keeps the seats after the card’s hour has passed', async () => {
    const day = addDays(today, 10);
    await option('KB0203', day, 5);
    const { rsvno } = await bookWithSlip('KB0203', day);
    expect(await stockLeft(t.ctx.db, 'KB0203', day)).toBe(3);
    t.clock.advance(61 * 60_000);
    const swept = await sweepUnpaidBookings(t.ctx);
    expect([...swept.expired, ...swept.lapsed]).not.toContain(rsvno);
    expect((await bookingRow(rsvno))?.state).toBe('awaiting');
    expect(await stockLeft(t.ctx.db, 'KB0203', day)).toBe(3);
    // A day later still.
    t.clock.advance(24 * 3_600_000);
    await sweepUnpaidBookings(t.ctx);
    expect((await bookingRow(rsvno))?.state).toBe('awaiting');
    expect(await stockLeft(t.ctx.db, 'KB0203', day)).toBe(3);
  });
});

describe('a slip paid at the store', () => {
  it('pays the booking once, by konbini', async () => {
    const day = addDays(today, 10);
    await option('KB0301', day, 5);
    const { rsvno, id } = await bookWithSlip('KB0301', day);
    t.clock.advance(2 * 24 * 3_600_000);
    const paid = await payAtSandboxStore(t, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await bookingRow(rsvno)).toMatchObject({ state: 'paid', status: 1, statusPayment: 1 });
    expect(await paymentRow(id)).toMatchObject({ status: 'paid', method: 'konbini', amount: 2 * ADULT_PRICE });
    expect((await paymentRow(id))?.chargeId).toMatch(/^ch_sandbox_/);
    expect(await mailsOf(rsvno, 'booking_paid')).toHaveLength(1);
    expect(await eventsOf(rsvno, 'paid')).toHaveLength(1);
    expect(await stockLeft(t.ctx.db, 'KB0301', day)).toBe(3);

    const again = await payAtSandboxStore(t, id);
    expect(again.statusCode).toBe(200);
    expect(await mailsOf(rsvno, 'booking_paid')).toHaveLength(1);
    expect(await eventsOf(rsvno, 'paid')).toHaveLength(1);
    expect(await fulfil(t.ctx, id, systemActor('checkout'))).toBe('already');

    const result = await t.request({ method: 'POST', url: '/api/checkout/result', payload: { session_id: id } });
    expect(result.json().response).toMatchObject({ rsvno, paid: true, konbini: null });
  });
});

describe('a slip not paid by its deadline', () => {
  it('expires the booking, gives the seats back and tells the customer; the store then refuses it', async () => {
    const day = addDays(today, 10);
    await option('KB0401', day, 5);
    const { rsvno, id } = await bookWithSlip('KB0401', day);
    expect(await stockLeft(t.ctx.db, 'KB0401', day)).toBe(3);
    t.clock.set(new Date(Date.parse(endOf(addDays(today, 3))) - 60_000));
    await sweepUnpaidBookings(t.ctx);
    expect((await bookingRow(rsvno))?.state).toBe('awaiting');

    t.clock.set(new Date(Date.parse(endOf(addDays(today, 3))) + 2000));
    await sweepUnpaidBookings(t.ctx);
    expect(await bookingRow(rsvno)).toMatchObject({ state: 'expired', status: 4, cancelReason: 'expired' });
    expect(await stockLeft(t.ctx.db, 'KB0401', day)).toBe(5);
    expect(await paymentRow(id)).toMatchObject({ status: 'expired' });
    expect(await mailsOf(rsvno, 'konbini_expired')).toHaveLength(1);
    expect(await eventsOf(rsvno, 'konbini_expired')).toHaveLength(1);

    const late = await payAtSandboxStore(t, id);
    expect(late.statusCode).toBe(410);
    expect((await bookingRow(rsvno))?.state).toBe('expired');
    await sweepUnpaidBookings(t.ctx);
    expect(await mailsOf(rsvno, 'konbini_expired')).toHaveLength(1);
    expect(await stockLeft(t.ctx.db, 'KB0401', day)).toBe(5);
  });
});

describe('a slip paid after the booking expired', () => {
  /** The store took the money after all (the provider's record says paid): as Stripe's late event would report. */
  async function paidLate(id: string, chargeId: string) {
    await t.ctx.db
      .update(sandboxCheckouts)
      .set({ status: 'complete', method: 'konbini', chargeId })
      .where(eq(sandboxCheckouts.id, id));
    return fulfil(t.ctx, id, systemActor('checkout'));
  }

  async function expireBySweeper(rsvno: string) {
    t.clock.set(new Date(Date.parse(endOf(addDays(today, 3))) + 2000));
    await sweepUnpaidBookings(t.ctx);
    expect((await bookingRow(rsvno))?.state).toBe('expired');
  }

  it('reinstates the booking when its seats are still free', async () => {
    const day = addDays(today, 10);
    await option('KB0501', day, 4);
    const { rsvno, id } = await bookWithSlip('KB0501', day);
    await expireBySweeper(rsvno);
    expect(await stockLeft(t.ctx.db, 'KB0501', day)).toBe(4);
    expect(await paidLate(id, 'ch_sandbox_konbini_late_1')).toBe('reinstated');
    expect(await bookingRow(rsvno)).toMatchObject({ state: 'paid', status: 1, statusPayment: 1, cancelReason: null });
    expect(await stockLeft(t.ctx.db, 'KB0501', day)).toBe(2);
    expect(await paymentRow(id)).toMatchObject({ status: 'paid', method: 'konbini' });
    expect(await mailsOf(rsvno, 'booking_paid')).toHaveLength(1);
    expect(await eventsOf(rsvno, 'reinstated')).toHaveLength(1);
  });

  it('refunds it in full when the seats were taken meanwhile, the refund waiting for a bank account', async () => {
    const day = addDays(today, 10);
    await option('KB0502', day, 2);
    const { rsvno, id } = await bookWithSlip('KB0502', day);
    await expireBySweeper(rsvno);
    await book('KB0502', day);
    expect(await stockLeft(t.ctx.db, 'KB0502', day)).toBe(0);
    expect(await paidLate(id, 'ch_sandbox_konbini_late_2')).toBe('refunded');
    expect(await bookingRow(rsvno)).toMatchObject({ state: 'expired', statusPayment: 0 });
    expect(await stockLeft(t.ctx.db, 'KB0502', day)).toBe(0);
    await expect
      .poll(async () => (await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, rsvno)))[0]?.state)
      .toBe('succeeded');
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, rsvno))).toMatchObject([
      { amount: 2 * ADULT_PRICE, reason: 'late', awaitingAccount: true },
    ]);
    expect(await paymentRow(id)).toMatchObject({ status: 'refunded', refundedAmount: 2 * ADULT_PRICE });
    expect((await sandboxRow(id))?.refundedAmount).toBe(2 * ADULT_PRICE);
    expect(await eventsOf(rsvno, 'late_payment')).toHaveLength(1);
    const [refundMail] = await mailsOf(rsvno, 'payment_refunded');
    // Paid at a store: the refund goes to a bank account the provider asks for, not back to a card.
    expect(refundMail?.body).toContain('銀行口座');
    expect(refundMail?.body).not.toContain('カード会社');
  });
});

describe('a booking canceled while its slip waits', () => {
  it('cancels for nothing, gives the seats back and voids the slip; the reconciler closes the payment', async () => {
    const day = addDays(today, 10);
    await option('KB0601', day, 5);
    const { rsvno, id } = await bookWithSlip('KB0601', day);
    const session = await loginAs(t, rsvno);
    const price = await post(t, '/api/booking/cancelprice', { session, rsvno });
    expect(price.body).toMatchObject({ errcd: '000', response: { cancelfee: 0, refund: 0 } });
    const canceled = await post(t, '/api/booking/cancel', { session, rsvno, refund: '0' });
    expect(canceled.body).toMatchObject({ errcd: '000', response: { cancelfee: 0, refund: 0 } });
    expect(await bookingRow(rsvno)).toMatchObject({ state: 'canceled', status: 4, cancelReason: 'customer' });
    expect(await stockLeft(t.ctx.db, 'KB0601', day)).toBe(5);
    expect((await sandboxRow(id))?.status).toBe('void');
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, rsvno))).toEqual([]);
    expect(await mailsOf(rsvno, 'cancellation')).toHaveLength(1);

    const refused = await payAtSandboxStore(t, id);
    expect(refused.statusCode).toBe(410);
    expect((await sandboxRow(id))?.status).toBe('void');

    const report = await reconcile(t.ctx, { rsvno });
    expect(report.errors).toEqual([]);
    expect(await paymentRow(id)).toMatchObject({ status: 'expired' });
    expect(await bookingRow(rsvno)).toMatchObject({ state: 'canceled', cancelReason: 'customer' });
    expect(await mailsOf(rsvno, 'konbini_expired')).toHaveLength(0);
    expect(await stockLeft(t.ctx.db, 'KB0601', day)).toBe(5);
  });
});

describe('the reminder of the day before the deadline', () => {
  it('is sent once from 09:00 in Tokyo the day before, only for a slip still waiting', async () => {
    const day = addDays(today, 10);
    await option('KB0701', day, 10);
    const waiting = await bookWithSlip('KB0701', day);
    const paid = await bookWithSlip('KB0701', day);
    expect((await payAtSandboxStore(t, paid.id)).statusCode).toBe(200);
    const deadline = new Date(endOf(addDays(today, 3)));
    const due = new Date(`${endOf(addDays(today, 2)).slice(0, 10)}T09:00:00+09:00`);
    expect(reminderDueAt(deadline)).toEqual(due);

    t.clock.set(new Date(due.getTime() - 60_000));
    await remindSlips(t.ctx, systemActor('sweeper'));
    expect(await mailsOf(waiting.rsvno, 'konbini_reminder')).toHaveLength(0);

    t.clock.set(due);
    await remindSlips(t.ctx, systemActor('sweeper'));
    const mails = await mailsOf(waiting.rsvno, 'konbini_reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain((await sandboxRow(waiting.id))?.slip?.paymentCode);
    expect(await eventsOf(waiting.rsvno, 'konbini_reminder')).toHaveLength(1);

    t.clock.advance(3_600_000);
    await remindSlips(t.ctx, systemActor('sweeper'));
    expect(await mailsOf(waiting.rsvno, 'konbini_reminder')).toHaveLength(1);
    expect(await mailsOf(paid.rsvno, 'konbini_reminder')).toHaveLength(0);
  });

  it('is not sent for a slip issued after it would have been due', async () => {
    // Due at 09:00 today for a slip of one day; issued at noon, its mail was the reminder.
    const day = addDays(today, 2);
    await option('KB0702', day, 10);
    const { rsvno } = await bookWithSlip('KB0702', day);
    const [row] = await t.ctx.db.select().from(konbiniSlips).where(eq(konbiniSlips.rsvno, rsvno));
    expect(row?.remindedAt).toEqual(START);
    t.clock.advance(3_600_000);
    await remindSlips(t.ctx, systemActor('sweeper'));
    expect(await mailsOf(rsvno, 'konbini_reminder')).toHaveLength(0);
  });
});

describe('a paid konbini booking canceled by the customer', () => {
  it('is refunded in full when its policy charges nothing yet, the refund waiting for a bank account', async () => {
    const day = addDays(today, 30);
    await option('KB0801', day, 5, FREE_FAR_AHEAD);
    const { rsvno, id } = await bookWithSlip('KB0801', day);
    expect((await payAtSandboxStore(t, id)).statusCode).toBe(200);
    expect((await bookingRow(rsvno))?.state).toBe('paid');
    const session = await loginAs(t, rsvno);
    const price = await post(t, '/api/booking/cancelprice', { session, rsvno });
    expect(price.body.response).toEqual({ cancelfee: 0, refund: 2 * ADULT_PRICE });
    const canceled = await post(t, '/api/booking/cancel', { session, rsvno, refund: String(2 * ADULT_PRICE) });
    expect(canceled.body).toMatchObject({ errcd: '000', response: { cancelfee: 0, refund: 2 * ADULT_PRICE } });
    expect(await bookingRow(rsvno)).toMatchObject({ state: 'canceled', status: 4 });
    expect(await stockLeft(t.ctx.db, 'KB0801', day)).toBe(5);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, rsvno))).toMatchObject([
      { amount: 2 * ADULT_PRICE, reason: 'cancel', state: 'succeeded', awaitingAccount: true },
    ]);
    expect(await paymentRow(id)).toMatchObject({ status: 'refunded', refundedAmount: 2 * ADULT_PRICE });
  });
});
