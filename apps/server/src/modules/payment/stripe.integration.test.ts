import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, type Ymd } from '@tabi/contract/dates';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import { bookings, konbiniSlips, outbox, payments, refunds } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { ADULT_PRICE, bookingPayload, insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { discountCodes } from '../discount/schema.ts';
import { bookingCapabilityCookie } from './capability.ts';
import { planRefunds, sendPendingRefunds } from './refunds.ts';
import { findPaidPayments } from './repository.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
type Json = Record<string, unknown>;

/** A tiny stand-in for Stripe's HTTP API: just the calls the provider makes, recorded for inspection. */
class FakeStripe {
  readonly calls: { method: string; path: string; params: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  readonly sessions = new Map<string, Json>();
  /** The payment intents of sessions, by id, as `expand[]=payment_intent` answers them. */
  readonly intents = new Map<string, Json>();
  readonly taxRates: Json[] = [];
  /** What a refund's status is answered with: `requires_action` for a konbini payment's (ADR 0213). */
  refundStatus = 'succeeded';
  /** Stripe refuses to cancel the intent (it was paid or canceled meanwhile). */
  refuseCancel = false;
  private server: Server | undefined;
  private seq = 0;

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const params = new URLSearchParams(method === 'GET' ? url.search : Buffer.concat(chunks).toString());
      const key = req.headers['idempotency-key'];
      this.calls.push({
        method,
        path: url.pathname,
        params,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      const [status, body] = this.answer(method, url.pathname, params);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.seq}` });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private answer(method: string, path: string, p: URLSearchParams): [number, Json] {
    this.seq += 1;
    if (method === 'GET' && path === '/v1/tax_rates') {
      return [200, { object: 'list', data: this.taxRates, has_more: false, url: '/v1/tax_rates' }];
    }
    if (method === 'POST' && path === '/v1/tax_rates') {
      const rate = {
        id: `txr_${this.seq}`,
        object: 'tax_rate',
        percentage: Number(p.get('percentage')),
        inclusive: p.get('inclusive') === 'true',
        metadata: { marker: p.get('metadata[marker]') },
      };
      this.taxRates.push(rate);
      return [200, rate];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${this.seq}`;
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(p.get('line_items[0][price_data][unit_amount]')),
        metadata: { rsvno: p.get('metadata[rsvno]') },
        payment_intent: null,
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const session = this.sessions.get(retrieve[1]);
      if (!session) return [404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } }];
      const intent = session.payment_intent;
      const expand = [...p.entries()].filter(([k]) => k.startsWith('expand[')).map(([, v]) => v);
      if (typeof intent !== 'string' || !expand.includes('payment_intent')) return [200, session];
      const found = this.intents.get(intent) ?? {};
      const expanded: Json = {
        id: intent,
        object: 'payment_intent',
        status: 'succeeded',
        next_action: null,
        payment_method_types: ['card'],
        latest_charge: `ch_for_${retrieve[1]}`,
        ...found,
      };
      const charge = expanded.latest_charge;
      if (typeof charge === 'string' && expand.includes('payment_intent.latest_charge')) {
        const type = (expanded.payment_method_types as string[])[0];
        expanded.latest_charge = { id: charge, object: 'charge', payment_method_details: { type } };
      }
      return [200, { ...session, payment_intent: expanded }];
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel?.[1]) {
      const intent = this.intents.get(cancel[1]);
      if (!intent || this.refuseCancel || intent.status !== 'requires_action') {
        return [400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent cannot be canceled' } }];
      }
      Object.assign(intent, { status: 'canceled', next_action: null });
      return [200, { id: cancel[1], object: 'payment_intent', ...intent }];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return [
        200,
        {
          id: `re_${this.seq}`,
          object: 'refund',
          amount: Number(p.get('amount')),
          charge: p.get('charge'),
          status: this.refundStatus,
        },
      ];
    }
    return [404, { error: { type: 'invalid_request_error', message: `unknown ${method} ${path}` } }];
  }

  /** What Stripe does when the customer pays on its page. */
  pay(id: string): Json {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_for_${id}` });
    return session;
  }

  /**
   * What Stripe does when the customer chooses konbini on its page (ADR 0213): the session completes unpaid and its
   * intent waits for the slip to be paid at a store, until `expiresAt`.
   */
  issueSlip(id: string, expiresAt: Date): Json {
    const session = this.session(id);
    const intent = `pi_for_${id}`;
    Object.assign(session, { status: 'complete', payment_status: 'unpaid', payment_intent: intent });
    this.intents.set(intent, {
      status: 'requires_action',
      payment_method_types: ['konbini'],
      latest_charge: null,
      next_action: {
        type: 'konbini_display_details',
        konbini_display_details: {
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          hosted_voucher_url: `https://payments.stripe.test/konbini/voucher/${id}`,
          stores: {
            familymart: { payment_code: '123456789012', confirmation_number: '1234567890' },
            lawson: { payment_code: '98765432101', confirmation_number: '654321' },
            ministop: null,
            seicomart: { payment_code: '55555555555' },
          },
        },
      },
    });
    return session;
  }

  /** The slip paid at the store: the session is paid and its intent succeeded with a charge. */
  paySlip(id: string): Json {
    const session = this.session(id);
    Object.assign(session, { payment_status: 'paid' });
    Object.assign(this.intents.get(`pi_for_${id}`) ?? {}, {
      status: 'succeeded',
      next_action: null,
      latest_charge: `ch_for_${id}`,
    });
    return session;
  }

  /** The slip expired unpaid: the session stays complete and unpaid, its intent asks for another payment method. */
  failSlip(id: string): Json {
    const session = this.session(id);
    Object.assign(this.intents.get(`pi_for_${id}`) ?? {}, { status: 'requires_payment_method', next_action: null });
    return session;
  }

  private session(id: string): Json {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  }
}

const fake = new FakeStripe();
const signer = new Stripe('sk_test_signer');
let t: TestApp;
let day: Ymd;
let ip = 1;

async function book(adults = 2, extra: Record<string, string> = {}, opcd = 'ST0001', on = day): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: { ...bookingPayload(opcd, on, { adults }), ...extra },
    remoteAddress: `10.2.0.${ip++}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().response.rsvno;
}

/** The purchase flow's checkout; `base` '/en' as the English pages open it. */
async function openCheckout(rsvno: string, base = ''): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/checkout',
    payload: {
      rsvno,
      success_path: `${base}/reservation/complete?processing=success`,
      cancel_path: `${base}/reservation/complete?processing=failed`,
    },
    cookies: bookingCapabilityCookie(t.config.appKey, rsvno),
  });
  expect(res.statusCode).toBe(200);
  const url = res.json().response.url as string;
  expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  return url.slice(url.lastIndexOf('/') + 1);
}

function completedEvent(session: Json, eventId: string, type = 'checkout.session.completed'): string {
  return JSON.stringify({ id: eventId, object: 'event', type, data: { object: session } });
}

function deliver(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

async function state(rsvno: string) {
  const [booking] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  const paymentRows = await t.ctx.db.select().from(payments).where(eq(payments.rsvno, rsvno));
  const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, rsvno));
  const slips = await t.ctx.db.select().from(konbiniSlips).where(eq(konbiniSlips.rsvno, rsvno));
  return {
    booking,
    payments: paymentRows,
    slips,
    mails: mails.filter((m) => m.kind === 'booking_paid'),
    mailKinds: mails.map((m) => m.kind).sort(),
  };
}

/** The last checkout session the provider asked Stripe for, its parameters as sent. */
function lastCheckoutParams(): Record<string, string> {
  const create = fake.calls.findLast((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions');
  return Object.fromEntries(create?.params ?? []);
}

beforeAll(async () => {
  const host = await fake.start();
  t = await createTestApp({
    config: { stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: WEBHOOK_SECRET, stripeApiHost: host },
  });
  expect(t.ctx.payment.name).toBe('stripe');
  day = addDays(todayIn(t.clock), 10);
  await insertTestOption(t.ctx.db, 'ST0001', { webname: '富士山日帰りバスツアー' });
  await insertTestStock(t.ctx.db, 'ST0001', day, { zaikozan: 100 });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe('Stripe provider against a fake Stripe API', () => {
  it('creates the checkout session with every field SPEC §7 lists', async () => {
    const rsvno = await book(2);
    const id = await openCheckout(rsvno);
    const create = fake.calls.find((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions');
    const p = create?.params;
    expect(p).toBeDefined();
    const rate = fake.taxRates[0];
    expect(rate).toMatchObject({ percentage: 10, inclusive: true });
    expect(Object.fromEntries(p ?? [])).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][unit_amount]': String(2 * ADULT_PRICE),
      'line_items[0][price_data][tax_behavior]': 'inclusive',
      'line_items[0][price_data][product_data][name]': '富士山日帰りバスツアー',
      'line_items[0][tax_rates][0]': rate?.id,
      allow_promotion_codes: 'true',
      'payment_intent_data[capture_method]': 'automatic',
      'metadata[rsvno]': rsvno,
      billing_address_collection: 'auto',
      expires_at: String(Math.floor(t.clock.now().getTime() / 1000) + 3600),
      customer_email: 'taro@example.com',
      success_url: 'http://localhost:3000/reservation/complete?processing=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/reservation/complete?processing=failed&session_id={CHECKOUT_SESSION_ID}',
      locale: 'ja',
      // PAYMENT_METHODS (ADR 0211), all of them by default; WeChat Pay's QR code on a web page; a konbini slip
      // payable for 3 days, the most there is (ADR 0213).
      'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'konbini',
      'payment_method_types[2]': 'paypay',
      'payment_method_types[3]': 'alipay',
      'payment_method_types[4]': 'wechat_pay',
      'payment_method_options[wechat_pay][client]': 'web',
      'payment_method_options[konbini][expires_after_days]': '3',
    });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
    expect(payment).toMatchObject({ provider: 'stripe', status: 'open', amount: 2 * ADULT_PRICE });

    // The tax rate is looked up once and reused.
    await openCheckout(await book(1));
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/tax_rates')).toHaveLength(1);
  });

  it('charges a booking with a 割引コード its discounted amount as the line item (ADR 0210)', async () => {
    await t.ctx.db.insert(discountCodes).values({ code: 'STRIPE15', kind: 'percent', value: 15 });
    const rsvno = await book(2, { discount_code: 'STRIPE15' });
    const id = await openCheckout(rsvno);
    const create = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions').at(-1);
    expect(create?.params.get('line_items[0][price_data][unit_amount]')).toBe(String(2 * ADULT_PRICE * 0.85));
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
    expect(payment?.amount).toBe(2 * ADULT_PRICE * 0.85);
  });

  it('opens the Stripe page in English for a booking made on the English pages', async () => {
    await openCheckout(await book(1), '/en');
    const create = fake.calls.findLast((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions');
    expect(Object.fromEntries(create?.params ?? [])).toMatchObject({
      success_url: 'http://localhost:3000/en/reservation/complete?processing=success&session_id={CHECKOUT_SESSION_ID}',
      locale: 'en',
    });
  });

  it('fulfils once when the same webhook is delivered 20 times in a row', async () => {
    const rsvno = await book(2);
    const id = await openCheckout(rsvno);
    const payload = completedEvent(fake.pay(id), 'evt_seq');
    for (let i = 0; i < 20; i += 1) {
      const res = await deliver(payload);
      expect(res.statusCode).toBe(200);
    }
    const s = await state(rsvno);
    expect(s.booking).toMatchObject({ status: 1, statusPayment: 1 });
    expect(s.payments).toHaveLength(1);
    expect(s.payments[0]).toMatchObject({ status: 'paid', chargeId: `ch_for_${id}` });
    expect(s.mails).toHaveLength(1);
  });

  it('fulfils once when the same webhook arrives 20 times at once', async () => {
    const rsvno = await book(3);
    const id = await openCheckout(rsvno);
    const payload = completedEvent(fake.pay(id), 'evt_par');
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(payload)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const s = await state(rsvno);
    expect(s.booking).toMatchObject({ status: 1, statusPayment: 1 });
    expect(s.payments.filter((p) => p.status === 'paid')).toHaveLength(1);
    expect(s.mails).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature with HTTP 400 and changes nothing', async () => {
    const rsvno = await book(1);
    const id = await openCheckout(rsvno);
    const payload = completedEvent(fake.pay(id), 'evt_bad');
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const res = await deliver(payload, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toMatch(/[ぁ-ん]/);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect((await state(rsvno)).booking).toMatchObject({ statusPayment: 0 });
  });

  it('acknowledges events it does not handle', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
  });

  it('refunds through refunds.create with the charge, the amount and the written-down idempotency key', async () => {
    const rsvno = await book(2);
    const id = await openCheckout(rsvno);
    await deliver(completedEvent(fake.pay(id), 'evt_refund'));
    const now = t.clock.now();
    const [planned] = await t.ctx.db.transaction(async (tx) =>
      planRefunds(tx, rsvno, await findPaidPayments(tx, rsvno, true), 4000, 'cancel', now),
    );
    expect(await sendPendingRefunds(t.ctx, rsvno, ['cancel'], systemActor('ops'))).toEqual({
      done: 1,
      refused: 0,
      retry: 0,
    });
    const call = fake.calls.filter((c) => c.path === '/v1/refunds').at(-1);
    expect(Object.fromEntries(call?.params ?? [])).toEqual({ charge: `ch_for_${id}`, amount: '4000' });
    expect(call?.idempotencyKey).toBe(planned?.idempotencyKey);
    const checkoutCall = fake.calls.filter((c) => c.path === '/v1/checkout/sessions' && c.method === 'POST').at(-1);
    expect(checkoutCall?.idempotencyKey).toMatch(new RegExp(`^checkout_${rsvno}_`));
  });
});

describe('コンビニ決済 through Stripe (ADR 0213)', () => {
  /** 2026-11-21 12:00 in Tokyo, three days on, the end of that day. */
  const SLIP_DEADLINE = new Date('2026-11-24T23:59:59+09:00');

  it('offers konbini for at most 3 days and never past the day before the use date', async () => {
    const today = todayIn(t.clock);
    for (const ahead of [1, 2, 5]) {
      await insertTestStock(t.ctx.db, 'ST0001', addDays(today, ahead), { zaikozan: 10 });
    }
    await openCheckout(await book(1, {}, 'ST0001', addDays(today, 5)));
    expect(lastCheckoutParams()).toMatchObject({
      'payment_method_types[1]': 'konbini',
      'payment_method_options[konbini][expires_after_days]': '3',
    });
    await openCheckout(await book(1, {}, 'ST0001', addDays(today, 2)));
    expect(lastCheckoutParams()).toMatchObject({
      'payment_method_types[1]': 'konbini',
      'payment_method_options[konbini][expires_after_days]': '1',
    });
    // Tomorrow: a slip would have no day before the use date.
    await openCheckout(await book(1, {}, 'ST0001', addDays(today, 1)));
    const params = lastCheckoutParams();
    expect(Object.entries(params).filter(([k]) => k.startsWith('payment_method_types'))).toEqual([
      ['payment_method_types[0]', 'card'],
      ['payment_method_types[1]', 'paypay'],
      ['payment_method_types[2]', 'alipay'],
      ['payment_method_types[3]', 'wechat_pay'],
    ]);
    expect(params).not.toHaveProperty('payment_method_options[konbini][expires_after_days]');
    expect(params).toHaveProperty('payment_method_options[wechat_pay][client]', 'web');
  });

  it('keeps the booking waiting for an issued slip, once, and fulfils it when the slip is paid', async () => {
    const rsvno = await book(2);
    const id = await openCheckout(rsvno);
    const issued = completedEvent(fake.issueSlip(id, SLIP_DEADLINE), 'evt_konbini_issued');
    expect(JSON.parse(issued).data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    for (let i = 0; i < 2; i += 1) expect((await deliver(issued)).statusCode).toBe(200);

    let s = await state(rsvno);
    expect(s.booking).toMatchObject({ state: 'awaiting', statusPayment: 0, paymentDeadline: SLIP_DEADLINE });
    expect(s.payments).toHaveLength(1);
    expect(s.payments[0]).toMatchObject({ status: 'open', chargeId: null });
    expect(s.slips).toHaveLength(1);
    expect(s.slips[0]).toMatchObject({
      expiresAt: SLIP_DEADLINE,
      voucherUrl: `https://payments.stripe.test/konbini/voucher/${id}`,
      // Every store Stripe gave a code for, in the stores' order; Ministop had none.
      codes: [
        { store: 'familymart', paymentCode: '123456789012', confirmationNumber: '1234567890' },
        { store: 'lawson', paymentCode: '98765432101', confirmationNumber: '654321' },
        { store: 'seicomart', paymentCode: '55555555555', confirmationNumber: null },
      ],
    });
    expect(s.mailKinds.filter((k) => k === 'konbini_slip')).toHaveLength(1);
    expect(s.mails).toHaveLength(0);

    const paid = completedEvent(fake.paySlip(id), 'evt_konbini_paid', 'checkout.session.async_payment_succeeded');
    for (let i = 0; i < 2; i += 1) expect((await deliver(paid)).statusCode).toBe(200);
    s = await state(rsvno);
    expect(s.booking).toMatchObject({ state: 'paid', status: 1, statusPayment: 1 });
    expect(s.payments).toHaveLength(1);
    expect(s.payments[0]).toMatchObject({ status: 'paid', chargeId: `ch_for_${id}`, method: 'konbini' });
    expect(s.mails).toHaveLength(1);
    expect(s.mailKinds.filter((k) => k === 'konbini_slip')).toHaveLength(1);
  });

  it('expires the booking and gives its seats back when the slip fails', async () => {
    await insertTestOption(t.ctx.db, 'ST0002');
    await insertTestStock(t.ctx.db, 'ST0002', day, { zaikozan: 5 });
    const rsvno = await book(2, {}, 'ST0002');
    expect(await stockLeft(t.ctx.db, 'ST0002', day)).toBe(3);
    const id = await openCheckout(rsvno);
    expect((await deliver(completedEvent(fake.issueSlip(id, SLIP_DEADLINE), 'evt_konbini_issued_2'))).statusCode).toBe(
      200,
    );
    expect((await state(rsvno)).booking).toMatchObject({ state: 'awaiting' });
    expect(await stockLeft(t.ctx.db, 'ST0002', day)).toBe(3);

    const failed = completedEvent(fake.failSlip(id), 'evt_konbini_failed', 'checkout.session.async_payment_failed');
    for (let i = 0; i < 2; i += 1) expect((await deliver(failed)).statusCode).toBe(200);
    const s = await state(rsvno);
    expect(s.booking).toMatchObject({ state: 'expired', status: 4, statusPayment: 0, cancelReason: 'expired' });
    expect(s.payments[0]).toMatchObject({ status: 'expired' });
    expect(await stockLeft(t.ctx.db, 'ST0002', day)).toBe(5);
    expect(s.mailKinds.filter((k) => k === 'konbini_expired')).toHaveLength(1);
    expect(s.mails).toHaveLength(0);
  });

  it('voids a waiting slip by canceling its payment intent, and nothing more once it is gone', async () => {
    const rsvno = await book(1);
    const id = await openCheckout(rsvno);
    fake.issueSlip(id, SLIP_DEADLINE);
    const cancels = () =>
      fake.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payment_intents/pi_for_${id}/cancel`);
    await t.ctx.payment.voidSlip(id);
    expect(cancels()).toHaveLength(1);
    expect(fake.intents.get(`pi_for_${id}`)).toMatchObject({ status: 'canceled' });
    expect((await t.ctx.payment.retrieveCheckout(id)).slip).toBeNull();
    // Canceled already: not asked again.
    await t.ctx.payment.voidSlip(id);
    expect(cancels()).toHaveLength(1);

    // Stripe refusing (paid or canceled meanwhile) is no error; anything else is.
    const other = await openCheckout(await book(1));
    fake.issueSlip(other, SLIP_DEADLINE);
    fake.refuseCancel = true;
    try {
      await expect(t.ctx.payment.voidSlip(other)).resolves.toBeUndefined();
    } finally {
      fake.refuseCancel = false;
    }
    await expect(t.ctx.payment.voidSlip('cs_test_missing')).rejects.toThrow();
    // A session without a slip (open, or paid by card) has nothing to void.
    const card = await openCheckout(await book(1));
    await t.ctx.payment.voidSlip(card);
    fake.pay(card);
    await t.ctx.payment.voidSlip(card);
    expect(fake.calls.filter((c) => c.path.endsWith('/cancel') && c.path.includes(card))).toHaveLength(0);
  });

  it('says a konbini refund awaits the customer’s bank account when Stripe asks for it', async () => {
    fake.refundStatus = 'requires_action';
    try {
      expect(await t.ctx.payment.refund('ch_konbini', 3000, 'refund_konbini_1')).toMatchObject({
        amount: 3000,
        awaitingAccount: true,
      });
    } finally {
      fake.refundStatus = 'succeeded';
    }
    expect(await t.ctx.payment.refund('ch_card', 3000, 'refund_card_1')).toMatchObject({
      amount: 3000,
      awaitingAccount: false,
    });
  });

  it('marks a konbini refund paid out when Stripe says so (refund.updated to succeeded), and only then', async () => {
    const rsvno = await book(1);
    const session = await openCheckout(rsvno);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, session));
    await t.ctx.db.insert(refunds).values({
      paymentId: payment?.id ?? 0,
      rsvno,
      amount: 1000,
      reason: 'cancel',
      state: 'succeeded',
      providerRef: 're_konbini_payout',
      createdAt: new Date(),
      awaitingAccount: true,
    });
    const refundEvent = (id: string, status: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'refund.updated',
        data: { object: { id: 're_konbini_payout', object: 'refund', amount: 1000, status } },
      });
    const awaiting = async () =>
      (await t.ctx.db.select().from(refunds).where(eq(refunds.providerRef, 're_konbini_payout')))[0]?.awaitingAccount;
    expect((await deliver(refundEvent('evt_refund_1', 'requires_action'))).statusCode).toBe(200);
    expect(await awaiting()).toBe(true);
    expect((await deliver(refundEvent('evt_refund_2', 'succeeded'))).statusCode).toBe(200);
    expect(await awaiting()).toBe(false);
  });
});
