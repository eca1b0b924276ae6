/**
 * The one booking lifecycle (ADR 0100, 0101): every transition and its event, every illegal transition
 * refused in Japanese with nothing changed, and the reconciler finishing each half-done step (made by
 * stopping a step between its two writes: the provider acted, our record of it did not happen).
 */
import { BookingStatus, PaymentStatus } from '@tabi/contract/constants';
import { addDays, type Ymd } from '@tabi/contract/dates';
import { Msg, unpaidSeatsCapped } from '@tabi/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerActor, staffActor, systemActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import {
  bookingEvents,
  bookingMembers,
  bookings,
  outbox,
  payments,
  providerCalls,
  sandboxCheckouts,
  unpaidHolds,
} from '../../db/schema.ts';
import { registry } from '../../metrics.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingCapabilityCookie } from '../payment/capability.ts';
import type { PaymentProvider } from '../payment/provider.ts';
import { reconcile } from '../payment/reconciler.ts';
import { sendPendingRefunds } from '../payment/refunds.ts';
import { captureSandboxCheckout } from '../payment/sandbox.ts';
import { beginCancellation, cancelBooking, quoteCancellation } from './cancel.ts';
import { bookingRecord } from './history.ts';
import { storedColumns } from './lifecycle.ts';
import { editRentals } from './rentals.ts';
import { confirmRequest, declineRequest } from './service.ts';
import { sweepUnpaidBookings } from './sweeper.ts';
import { ADULT_PRICE, bookingPayload, insertTestOption, insertTestStock, stockLeft } from './test-fixtures.ts';

let t: TestApp;
let day: Ymd;
let ip = 1;
const STAFF = staffActor(7);
const OPS = systemActor('ops');
const SUCCESS = '/reservation/complete?processing=success';
const CANCEL = '/reservation/complete?processing=failed';

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 30);
  await insertTestOption(t.ctx.db, 'LC0001', { webname: '屋形船ナイトクルーズ' });
  await insertTestStock(t.ctx.db, 'LC0001', day, { zaikozan: 200 });
  await insertTestOption(t.ctx.db, 'LCREQ1', { flgRequestItem: true });
  await insertTestStock(t.ctx.db, 'LCREQ1', day, { zaikozan: 50 });
  await insertTestOption(t.ctx.db, 'LCFREE', { rentalcd: '3' });
  await insertTestStock(t.ctx.db, 'LCFREE', day, { zaikozan: 20, adultbaika: 0, childbaika: 0 });
});
afterAll(async () => {
  await t.close();
});

async function book(opcd: string, party: { adults?: number; children?: number; infants?: number } = {}) {
  const payload = bookingPayload(opcd, day, party, opcd === 'LCFREE' ? { amountjp: '0' } : {});
  const res = await t.request({ method: 'POST', url: '/api/booking', payload, remoteAddress: `10.9.0.${ip++}` });
  return { status: res.statusCode, body: res.json() as { errcd: string; errMsg: string; response: { rsvno: string } } };
}

async function bookOk(opcd: string, party: { adults?: number; children?: number } = { adults: 2 }) {
  const res = await book(opcd, party);
  expect(res.status).toBe(200);
  return res.body.response.rsvno;
}

function checkoutRequest(rsvno: string, successPath = SUCCESS) {
  return t.request({
    method: 'POST',
    url: '/api/checkout',
    payload: { rsvno, success_path: successPath, cancel_path: CANCEL },
    cookies: bookingCapabilityCookie(t.config.appKey, rsvno),
    remoteAddress: `10.9.1.${ip++ % 250}`,
  });
}

async function openCheckout(rsvno: string, successPath = SUCCESS): Promise<string> {
  const res = await checkoutRequest(rsvno, successPath);
  expect(res.statusCode).toBe(200);
  const url = res.json().response.url as string;
  return url.slice(url.lastIndexOf('/') + 1);
}

function payOnPage(id: string) {
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
  });
}

async function paid(rsvno: string): Promise<string> {
  const id = await openCheckout(rsvno);
  expect((await payOnPage(id)).statusCode).toBe(303);
  return id;
}

async function row(rsvno: string) {
  const [found] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  if (!found) throw new Error(`no booking ${rsvno}`);
  return found;
}

async function events(rsvno: string) {
  return t.ctx.db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, rsvno)).orderBy(bookingEvents.id);
}

async function actions(rsvno: string) {
  return (await events(rsvno)).map((e) => `${e.action}:${e.actorKind}:${e.actor}`);
}

async function mails(rsvno: string, kind?: string) {
  const rows = await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, rsvno));
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

async function sandboxRefunded(sessionId: string) {
  const [session] = await t.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId));
  return session?.refundedAmount;
}

/** Runs `work` with the clock `ms` ahead, then puts it back. */
async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await work();
  } finally {
    t.clock.advance(-ms);
  }
}

/** The provider as it is, except that `method` acts at the provider and then the answer is lost (a crash). */
function losingAnswers(method: 'createCheckout' | 'refund'): () => void {
  const real = t.ctx.payment;
  const lossy: PaymentProvider = {
    ...real,
    name: real.name,
    createCheckout: async (input, key) => {
      const session = await real.createCheckout(input, key);
      if (method === 'createCheckout') throw new Error('connection reset after the provider answered');
      return session;
    },
    refund: async (chargeId, amount, key) => {
      const refund = await real.refund(chargeId, amount, key);
      if (method === 'refund') throw new Error('connection reset after the provider answered');
      return refund;
    },
  };
  t.ctx.payment = lossy;
  return () => {
    t.ctx.payment = real;
  };
}

describe('creation', () => {
  it('writes the created event with the customer as actor', async () => {
    const rsvno = await bookOk('LC0001');
    const [created] = await events(rsvno);
    expect(created).toMatchObject({ action: 'created', actorKind: 'customer', actor: 'customer' });
    expect(created?.after).toMatchObject({ status: 1, status_payment: 0, amountjp: 2 * ADULT_PRICE, seats: 2 });
  });

  it('refuses a party of infants only, on the server too, and writes nothing', async () => {
    const before = await stockLeft(t.ctx.db, 'LC0001', day);
    const res = await book('LC0001', { adults: 0, infants: 2 });
    expect(res.status).toBe(422);
    expect(res.body.errMsg).toBe(Msg.infantsNeedCompanion);
    expect(await stockLeft(t.ctx.db, 'LC0001', day)).toBe(before);
  });

  it('marks a ¥0 booking paid at once, mails it, and never opens a card checkout for it', async () => {
    const rsvno = (await book('LCFREE', { adults: 1 })).body.response.rsvno;
    expect(await row(rsvno)).toMatchObject({ status: 1, statusPayment: 1, amountjp: 0 });
    expect(await mails(rsvno, 'booking_paid')).toHaveLength(1);
    const res = await checkoutRequest(rsvno);
    expect(res.statusCode).toBe(409);
    expect(res.json().errMsg).toBe(Msg.notPayable);
  });
});

describe('seats held without paying (ADR 0172)', () => {
  const from = (address: string, tel: string, adults: number, opcd = 'LCCAP1') =>
    t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(opcd, day, { adults }, { tel }),
      remoteAddress: address,
    });
  const holdsOf = (rsvno: string) => t.ctx.db.select().from(unpaidHolds).where(eq(unpaidHolds.rsvno, rsvno));

  const defaults = loadConfig({ APP_KEY: 'test-key' });
  beforeAll(async () => {
    // The caps as a deployment has them (the test app puts them out of the way).
    Object.assign(t.ctx.config, {
      unpaidSeatsPerCustomer: defaults.unpaidSeatsPerCustomer,
      unpaidSeatsPerAddress: defaults.unpaidSeatsPerAddress,
    });
    for (const opcd of ['LCCAP1', 'LCCAP2', 'LCCAP3']) {
      await insertTestOption(t.ctx.db, opcd);
      await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 100 });
    }
  });
  afterAll(() => {
    Object.assign(t.ctx.config, { unpaidSeatsPerCustomer: 1_000_000, unpaidSeatsPerAddress: 1_000_000 });
  });

  it('caps the seats one customer holds in unpaid card bookings per option and day, from any address', async () => {
    expect((await from('10.66.0.1', '090-6600-0001', 5)).statusCode).toBe(200);
    expect((await from('10.66.0.2', '090-6600-0001', 5)).statusCode).toBe(200);
    const third = await from('10.66.0.3', '09066000001', 1);
    expect(third.statusCode).toBe(429);
    expect(third.json().errMsg).toBe(unpaidSeatsCapped(10));
    expect(await stockLeft(t.ctx.db, 'LCCAP1', day)).toBe(90);
    // Another option is another cap; once a booking is paid its seats no longer count, and its holds are gone.
    expect((await from('10.66.0.3', '090-6600-0001', 1, 'LCCAP2')).statusCode).toBe(200);
    const [mine] = await t.ctx.db.select().from(bookings).where(eq(bookings.clientIp, '10.66.0.1'));
    if (!mine) throw new Error('no booking from 10.66.0.1');
    expect(await holdsOf(mine.rsvno)).toHaveLength(2);
    await paid(mine.rsvno);
    expect(await holdsOf(mine.rsvno)).toHaveLength(0);
    expect((await from('10.66.0.3', '090-6600-0001', 5)).statusCode).toBe(200);
  });

  it('keeps the cap when one customer books the same day 25 times at once (the day’s stock row orders them)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => from(`10.67.0.${i + 1}`, '090-6700-0001', 1, 'LCCAP3')),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(await stockLeft(t.ctx.db, 'LCCAP3', day)).toBe(90);
  });

  it('lets many customers share one address (CGNAT) up to the wider cap, counting an IPv6 address by its /64', async () => {
    // Six customers behind one carrier address hold 30 seats between them; a seventh is told the address's cap.
    for (const n of [1, 2, 3, 4, 5, 6])
      expect((await from('203.0.113.9', `080-6600-000${n}`, 5, 'LCCAP2')).statusCode).toBe(200);
    const seventh = await from('203.0.113.9', '080-6600-0007', 1, 'LCCAP2');
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json().errMsg).toBe(unpaidSeatsCapped(30));
    // The addresses of one IPv6 /64 are one address; another /64 is not.
    for (const n of [1, 2, 3, 4, 5, 6]) {
      expect((await from(`2001:db8:66:1::${n}`, `080-6601-000${n}`, 5, 'LCCAP2')).statusCode).toBe(200);
    }
    expect((await from('2001:db8:66:1:ffff::1', '080-6601-0007', 1, 'LCCAP2')).statusCode).toBe(429);
    expect((await from('2001:db8:66:2::1', '080-6601-0007', 1, 'LCCAP2')).statusCode).toBe(200);
  });

  it('drops the holds with any write that takes a booking out of its unpaid state (the trigger)', async () => {
    const res = await from('10.66.1.1', '090-6600-0101', 2);
    const rsvno: string = res.json().response.rsvno;
    expect(await holdsOf(rsvno)).toHaveLength(2);
    await t.ctx.db.update(bookings).set(storedColumns('canceled')).where(eq(bookings.rsvno, rsvno));
    expect(await holdsOf(rsvno)).toHaveLength(0);
  });
});

describe('requests', () => {
  it('confirm and decline write their events with the staff member, and refuse any other state', async () => {
    const confirmed = await bookOk('LCREQ1');
    await confirmRequest(t.ctx, confirmed, STAFF);
    expect(await actions(confirmed)).toEqual(['created:customer:customer', 'request_confirmed:staff:7']);
    const [, event] = await events(confirmed);
    expect(event?.before).toMatchObject({ status: 6 });
    expect(event?.after).toMatchObject({ status: 0, flg_request_rsv: 1 });

    const before = await row(confirmed);
    await expect(confirmRequest(t.ctx, confirmed, STAFF)).rejects.toMatchObject({ message: Msg.requestNotPending });
    expect(await row(confirmed)).toEqual(before);
    expect(await events(confirmed)).toHaveLength(2);

    const seats = await stockLeft(t.ctx.db, 'LCREQ1', day);
    await declineRequest(t.ctx, confirmed, OPS);
    expect(await stockLeft(t.ctx.db, 'LCREQ1', day)).toBe((seats ?? 0) + 2);
    expect((await actions(confirmed)).at(-1)).toBe('request_declined:system:ops');
    await expect(declineRequest(t.ctx, confirmed, OPS)).rejects.toMatchObject({ message: Msg.requestNotPending });
    expect(await events(confirmed)).toHaveLength(3);
  });
});

describe('payment', () => {
  it('fulfils once with the paid event, and refunds a second payment of a paid booking with its own mail', async () => {
    const rsvno = await bookOk('LC0001');
    const first = await openCheckout(rsvno);
    const second = await openCheckout(rsvno, '/mypage?checkout-processing=0');
    expect(second).not.toBe(first);
    // The same destination again while the first is open: the same checkout, not a new one.
    expect(await openCheckout(rsvno)).toBe(first);

    await payOnPage(first);
    await payOnPage(second);
    expect(await row(rsvno)).toMatchObject({ status: 1, statusPayment: 1 });
    expect(await sandboxRefunded(second)).toBe(2 * ADULT_PRICE);
    expect(await actions(rsvno)).toEqual([
      'created:customer:customer',
      'paid:system:checkout',
      'duplicate_payment:system:checkout',
      'refund_sent:system:checkout',
    ]);
    const refundMail = await mails(rsvno, 'payment_refunded');
    expect(refundMail).toHaveLength(1);
    expect(refundMail[0]?.body).toContain('重ねてお支払いいただいた分を全額返金');
    expect(refundMail[0]?.body).not.toContain('キャンセルを承りました');
    expect(await mails(rsvno, 'booking_paid')).toHaveLength(1);
  });

  it('the sweeper expires an unpaid booking with its event, and never one whose checkout the provider reports paid', async () => {
    const unpaid = await bookOk('LC0001');
    const charged = await bookOk('LC0001');
    const id = await openCheckout(charged);
    // The card was charged on the provider's page, then the server died before fulfilling.
    expect(await captureSandboxCheckout(t.ctx, id)).toBe(true);
    const swept = await later(61 * 60_000, () => sweepUnpaidBookings(t.ctx));
    expect(swept.expired).toContain(unpaid);
    expect(swept.expired).not.toContain(charged);
    expect((await actions(unpaid)).at(-1)).toBe('expired:system:sweeper');
    expect(await row(charged)).toMatchObject({ status: 1, statusPayment: 1 });
    expect((await actions(charged)).at(-1)).toBe('paid:system:sweeper');
  });
});

describe('cancellation', () => {
  it('customer: cancel_requested, refund_sent and canceled, seats back, one mail', async () => {
    const rsvno = await bookOk('LC0001');
    await paid(rsvno);
    const seats = await stockLeft(t.ctx.db, 'LC0001', day);
    const quote = await quoteCancellation(t.ctx, rsvno, customerActor);
    expect(quote).toEqual({ cancelfee: 0, refund: 2 * ADULT_PRICE });
    await cancelBooking(t.ctx, rsvno, { actor: customerActor, expectedRefund: quote.refund });
    expect(await row(rsvno)).toMatchObject({ status: 4, cancelReason: 'customer', refundAmount: 2 * ADULT_PRICE });
    expect(await stockLeft(t.ctx.db, 'LC0001', day)).toBe((seats ?? 0) + 2);
    expect((await actions(rsvno)).slice(-3)).toEqual([
      'cancel_requested:customer:customer',
      'refund_sent:customer:customer',
      'canceled:customer:customer',
    ]);
    expect(await mails(rsvno, 'cancellation')).toHaveLength(1);
    await expect(cancelBooking(t.ctx, rsvno, { actor: customerActor, expectedRefund: 0 })).rejects.toMatchObject({
      message: Msg.alreadyCanceled,
    });
  });

  it('staff: a fee override needs a reason, is kept in the history, and is refunded the rest', async () => {
    const rsvno = await bookOk('LC0001');
    await paid(rsvno);
    const before = await row(rsvno);
    await expect(
      cancelBooking(t.ctx, rsvno, { actor: STAFF, feeOverride: { amount: 3000, reason: ' ' } }),
    ).rejects.toMatchObject({ message: Msg.feeOverrideReasonRequired });
    await expect(
      cancelBooking(t.ctx, rsvno, { actor: STAFF, feeOverride: { amount: 99_999, reason: 'x' } }),
    ).rejects.toMatchObject({ message: Msg.feeOverrideInvalid });
    expect(await row(rsvno)).toEqual(before);

    const policy = await quoteCancellation(t.ctx, rsvno, STAFF);
    const quote = await cancelBooking(t.ctx, rsvno, {
      actor: STAFF,
      feeOverride: { amount: 3000, reason: 'お客様都合（電話で承諾済み）' },
    });
    expect(quote).toEqual({ cancelfee: 3000, refund: 2 * ADULT_PRICE - 3000 });
    const requested = (await events(rsvno)).find((e) => e.action === 'cancel_requested');
    expect(requested).toMatchObject({ actorKind: 'staff', actor: '7', note: 'お客様都合（電話で承諾済み）' });
    // The fee it replaced is kept beside it.
    expect(requested?.after).toMatchObject({ cancelfee: 3000, fee_override: 3000, policy_fee: policy.cancelfee });
    expect(await row(rsvno)).toMatchObject({ status: 4, cancelReason: 'staff', cancelFee: 3000 });
  });

  it('refuses to cancel a request or a canceled booking, for staff too, and changes nothing', async () => {
    const request = await bookOk('LCREQ1');
    await expect(cancelBooking(t.ctx, request, { actor: STAFF })).rejects.toMatchObject({
      message: Msg.notCancellable,
    });
    await expect(cancelBooking(t.ctx, request, { actor: customerActor, expectedRefund: 0 })).rejects.toMatchObject({
      message: Msg.cancelNotAllowed,
    });
    expect(await events(request)).toHaveLength(1);
  });
});

describe('a payment racing the cancellation of an unpaid booking', () => {
  it('a cancellation claimed first stands: the payment that lands after it is refunded in full', async () => {
    const rsvno = await bookOk('LC0001');
    const id = await openCheckout(rsvno);
    await beginCancellation(t.ctx, rsvno, { actor: customerActor, expectedRefund: 0 });
    // The sandbox payment commits between the claim and its end.
    expect((await payOnPage(id)).statusCode).toBe(303);
    await cancelBooking(t.ctx, rsvno, { actor: customerActor, expectedRefund: 0 }).catch(() => undefined);
    await later(31_000, () => reconcile(t.ctx));
    expect(await row(rsvno)).toMatchObject({ status: BookingStatus.canceled, cancelFee: 0, refundAmount: 0 });
    expect(await sandboxRefunded(id)).toBe(2 * ADULT_PRICE);
    expect(await actions(rsvno)).toEqual([
      'created:customer:customer',
      'cancel_requested:customer:customer',
      'late_payment:system:checkout',
      'refund_sent:system:checkout',
      expect.stringMatching(/^canceled:/),
    ]);
    expect(await mails(rsvno, 'booking_paid')).toHaveLength(0);
  });

  it('a payment committed first makes the cancellation a paid one, its quote asked again', async () => {
    const rsvno = await bookOk('LC0001');
    await paid(rsvno);
    await expect(cancelBooking(t.ctx, rsvno, { actor: customerActor, expectedRefund: 0 })).rejects.toMatchObject({
      message: Msg.cancelPriceChanged,
    });
    expect(await row(rsvno)).toMatchObject({ status: 1, statusPayment: 1, canceledAt: null });
    expect(await quoteCancellation(t.ctx, rsvno, customerActor)).toEqual({ cancelfee: 0, refund: 2 * ADULT_PRICE });
  });

  it('sent at the same moment, either wins cleanly: never paid and live with a cancellation left unresolved', async () => {
    for (const actor of [customerActor, STAFF]) {
      for (let i = 0; i < 6; i++) {
        const rsvno = await bookOk('LC0001');
        const id = await openCheckout(rsvno);
        const [payment, cancel] = await Promise.allSettled([
          payOnPage(id),
          cancelBooking(t.ctx, rsvno, actor === STAFF ? { actor } : { actor, expectedRefund: 0 }),
        ]);
        expect(payment).toMatchObject({ status: 'fulfilled', value: { statusCode: 303 } });
        const final = await row(rsvno);
        const history = await actions(rsvno);
        if (cancel.status === 'fulfilled') {
          // The claim came first: canceled, and the late payment, if it landed, refunded in full. Or the payment came
          // first and staff, who cancel without a quote, made it a paid cancellation: refunded in full, its paid mail
          // sent before (a customer's cancellation with the unpaid quote is refused then, below).
          expect(final).toMatchObject({ status: BookingStatus.canceled, cancelFee: 0 });
          expect(await sandboxRefunded(id)).toBe(2 * ADULT_PRICE);
          const paidFirst = history.some((a) => a.startsWith('paid:'));
          if (paidFirst) expect(actor).toBe(STAFF);
          expect(await mails(rsvno, 'booking_paid')).toHaveLength(paidFirst ? 1 : 0);
        } else {
          // The payment came first: a paid, live booking whose cancellation was refused before anything was claimed.
          expect(cancel.reason).toMatchObject({ message: Msg.cancelPriceChanged });
          expect(final).toMatchObject({ status: 1, statusPayment: 1, canceledAt: null });
          expect(history.some((a) => a.startsWith('cancel_requested'))).toBe(false);
        }
      }
    }
  });
});

describe('corrections before payment, back from the checkout', () => {
  function revise(rsvno: string, payload: ReturnType<typeof bookingPayload>, withCookie = true) {
    return t.request({
      method: 'POST',
      url: '/api/booking/revise',
      payload: { ...payload, rsvno },
      ...(withCookie ? { cookies: bookingCapabilityCookie(t.config.appKey, rsvno) } : {}),
      remoteAddress: `10.9.2.${ip++ % 250}`,
    });
  }

  it('what the confirm page shows is what is booked and paid: applicant and participants, with the event', async () => {
    const original = bookingPayload('LC0001', day, { adults: 2 });
    const rsvno = await bookOk('LC0001');
    const id = await openCheckout(rsvno);
    const changed = {
      ...original,
      sei: 'SUZUKI',
      mail: 'suzuki@example.com',
      memberList: original.memberList.map((m, i) => (i === 1 ? { ...m, sei: 'SUZUKI', mei: 'JIRO' } : m)),
    };
    const res = await revise(rsvno, changed);
    expect(res.statusCode).toBe(200);
    expect(await row(rsvno)).toMatchObject({ sei: 'SUZUKI', mail: 'suzuki@example.com', status: 1, statusPayment: 0 });
    const [event] = (await events(rsvno)).filter((e) => e.action === 'details_changed');
    expect(event).toMatchObject({ actorKind: 'customer' });
    expect(event?.before).toMatchObject({ applicant: { sei: 'YAMADA' } });
    expect(event?.after).toMatchObject({
      applicant: { sei: 'SUZUKI' },
      members: [{}, { sei: 'SUZUKI', mei: 'JIRO' }],
    });
    // Sent again unchanged (a second press): nothing written.
    expect((await revise(rsvno, changed)).statusCode).toBe(200);
    expect((await events(rsvno)).filter((e) => e.action === 'details_changed')).toHaveLength(1);

    expect((await payOnPage(id)).statusCode).toBe(303);
    const [paidMail] = await mails(rsvno, 'booking_paid');
    expect(paidMail?.to).toBe('suzuki@example.com');
    expect(paidMail?.body).toContain('SUZUKI TARO 様');
    const members = await t.ctx.db.select().from(bookingMembers).where(eq(bookingMembers.rsvno, rsvno));
    expect(members.map((m) => `${m.sei} ${m.mei}`).sort()).toEqual(['SUZUKI JIRO', 'YAMADA TARO']);
    // Paid: closed to this path.
    const late = await revise(rsvno, { ...changed, mei: 'SABURO' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errMsg: Msg.bookingPaidNotRevisable });
  });

  it('refuses another party, a stranger, or a form error, and changes nothing', async () => {
    const original = bookingPayload('LC0001', day, { adults: 2 });
    const rsvno = await bookOk('LC0001');
    const before = await row(rsvno);
    const three = bookingPayload('LC0001', day, { adults: 3 });
    expect((await revise(rsvno, three)).json()).toMatchObject({ errMsg: Msg.bookingPartyNotRevisable });
    expect((await revise(rsvno, { ...original, sei: 'SUZUKI' }, false)).statusCode).toBe(403);
    const invalid = await revise(rsvno, { ...original, tel: 'abc' });
    expect(invalid.statusCode).toBe(422);
    expect(await row(rsvno)).toEqual(before);
    expect(await actions(rsvno)).toEqual(['created:customer:customer']);
  });
});

describe('rental edit', () => {
  it('writes the sizes before and after', async () => {
    const rsvno = (await book('LCFREE', { adults: 1 })).body.response.rsvno;
    await editRentals(t.ctx, rsvno, [{ seq: '1', model: '', boots_size: '26', wear_size: '' }], customerActor);
    const event = (await events(rsvno)).at(-1);
    expect(event?.action).toBe('rentals_changed');
    expect(event?.after).toEqual({ rentals: [{ seq: 1, model: '', boots: '26.0', wear: '' }] });
  });
});

describe('the history is append-only', () => {
  it('refuses to update or delete an event', async () => {
    const rsvno = await bookOk('LC0001');
    await expect(
      t.ctx.db.execute(sql`update booking_events set action = 'x' where rsvno = ${rsvno}`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from booking_events where rsvno = ${rsvno}`)).rejects.toThrow();
    expect(await events(rsvno)).toHaveLength(1);
  });
});

describe('the reconciler finishes each half-done step', () => {
  it('a checkout made at the provider whose answer was lost: made again with its key, the same session', async () => {
    const rsvno = await bookOk('LC0001');
    const restore = losingAnswers('createCheckout');
    try {
      const res = await checkoutRequest(rsvno);
      expect(res.statusCode).toBe(502);
    } finally {
      restore();
    }
    const [call] = await t.ctx.db.select().from(providerCalls).where(eq(providerCalls.rsvno, rsvno));
    expect(call).toMatchObject({ kind: 'checkout', state: 'begun' });
    const [session] = await t.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.rsvno, rsvno));
    expect(session).toBeDefined();
    const report = await later(31_000, () => reconcile(t.ctx));
    expect(report.checkoutsMade).toBe(1);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.rsvno, rsvno));
    expect(payment).toMatchObject({ checkoutSessionId: session?.id, status: 'open' });
  });

  it('a checkout charged whose fulfilment never ran: fulfilled, one mail, the event by the reconciler', async () => {
    const rsvno = await bookOk('LC0001');
    const id = await openCheckout(rsvno);
    await captureSandboxCheckout(t.ctx, id);
    expect(await row(rsvno)).toMatchObject({ statusPayment: 0 });
    const report = await later(61_000, () => reconcile(t.ctx));
    expect(report.paymentsFulfilled).toBeGreaterThanOrEqual(1);
    expect(await row(rsvno)).toMatchObject({ status: BookingStatus.completed, statusPayment: PaymentStatus.completed });
    expect((await actions(rsvno)).at(-1)).toBe('paid:system:reconciler');
    expect(await mails(rsvno, 'booking_paid')).toHaveLength(1);
    // The paid session's checkout call is finished, so the reconciler does not ask about it again.
    const calls = await t.ctx.db.select().from(providerCalls).where(eq(providerCalls.rsvno, rsvno));
    expect(calls.filter((c) => c.kind === 'checkout').map((c) => c.state)).toEqual(['done']);
    await later(61_000, () => reconcile(t.ctx));
    expect(await mails(rsvno, 'booking_paid')).toHaveLength(1);
  });

  it('a refund made at the provider whose answer was lost: sent again with its key, booked once, canceled', async () => {
    const rsvno = await bookOk('LC0001');
    const id = await paid(rsvno);
    const restore = losingAnswers('refund');
    try {
      await expect(
        cancelBooking(t.ctx, rsvno, { actor: customerActor, expectedRefund: 2 * ADULT_PRICE }),
      ).rejects.toMatchObject({ message: Msg.refundPending });
    } finally {
      restore();
    }
    expect(await row(rsvno)).toMatchObject({ status: 1, statusPayment: 1 });
    expect(await sandboxRefunded(id)).toBe(2 * ADULT_PRICE);
    const report = await later(2 * 60_000, () => reconcile(t.ctx));
    expect(report).toMatchObject({ refundsSent: 1, cancellationsFinished: 1 });
    expect(await sandboxRefunded(id)).toBe(2 * ADULT_PRICE);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
    expect(payment).toMatchObject({ refundedAmount: 2 * ADULT_PRICE, status: 'refunded' });
    expect(await row(rsvno)).toMatchObject({ status: 4 });
    expect(await mails(rsvno, 'cancellation')).toHaveLength(1);
    expect((await actions(rsvno)).slice(-2)).toEqual(['refund_sent:system:reconciler', 'canceled:system:reconciler']);
  });

  it('a refund written down and never sent: sent, and the cancellation made final', async () => {
    const rsvno = await bookOk('LC0001');
    await paid(rsvno);
    await beginCancellation(t.ctx, rsvno, { actor: customerActor, expectedRefund: 2 * ADULT_PRICE });
    // (the process died here, before sending)
    expect(await row(rsvno)).toMatchObject({ status: 1 });
    const report = await later(31_000, () => reconcile(t.ctx));
    expect(report).toMatchObject({ refundsSent: 1, cancellationsFinished: 1 });
    expect(await row(rsvno)).toMatchObject({ status: 4 });
    expect(await mails(rsvno, 'cancellation')).toHaveLength(1);
  });

  it('refunds confirmed and the cancellation not final: finished, and a customer retry resumes rather than 409', async () => {
    const rsvno = await bookOk('LC0001');
    await paid(rsvno);
    await beginCancellation(t.ctx, rsvno, { actor: customerActor, expectedRefund: 2 * ADULT_PRICE });
    await sendPendingRefunds(t.ctx, rsvno, ['cancel'], customerActor);
    // (the process died here, before step 3)
    const quote = await later(31_000, () =>
      cancelBooking(t.ctx, rsvno, { actor: customerActor, expectedRefund: 2 * ADULT_PRICE }),
    );
    expect(quote.refund).toBe(2 * ADULT_PRICE);
    expect(await row(rsvno)).toMatchObject({ status: 4 });
    expect(await mails(rsvno, 'cancellation')).toHaveLength(1);
    expect(await later(31_000, () => reconcile(t.ctx))).toMatchObject({ cancellationsFinished: 0, refundsSent: 0 });
  });

  it('counts bookings, payments, refunds and the reconciler findings in the metrics', async () => {
    const value = async (name: string, label = '') => {
      const metric = await registry.getSingleMetric(name)?.get();
      return (metric?.values ?? [])
        .filter((v) => !label || Object.values(v.labels).includes(label))
        .reduce((sum, v) => sum + v.value, 0);
    };
    const before = {
      created: await value('tabi_bookings_created_total'),
      paid: await value('tabi_payments_fulfilled_total', 'paid'),
      refunds: await value('tabi_refunds_total', 'cancel'),
    };
    const rsvno = await bookOk('LC0001');
    await paid(rsvno);
    await cancelBooking(t.ctx, rsvno, { actor: customerActor, expectedRefund: 2 * ADULT_PRICE });
    expect(await value('tabi_bookings_created_total')).toBe(before.created + 1);
    expect(await value('tabi_payments_fulfilled_total', 'paid')).toBe(before.paid + 1);
    expect(await value('tabi_refunds_total', 'cancel')).toBe(before.refunds + 1);
    expect(await value('tabi_reconciler_findings_total')).toBeGreaterThan(0);
  });

  it('booking:show shows the state, history, payments and calls', async () => {
    const rsvno = await bookOk('LC0001');
    await paid(rsvno);
    const record = await bookingRecord(t.ctx, rsvno);
    expect(record.label).toBe(Msg.statusPaid);
    expect(record.events.map((e) => e.action)).toEqual(['created', 'paid']);
    expect(record.payments).toHaveLength(1);
    expect(record.calls.map((c) => `${c.kind}:${c.state}`)).toEqual(['checkout:done']);
  });
});
