import { addDays, type Ymd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import { bookings, outbox, payments, refunds, sandboxCheckouts } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { confirmRequest } from '../booking/service.ts';
import { sweepUnpaidBookings } from '../booking/sweeper.ts';
import { ADULT_PRICE, bookingPayload, insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { bookingCapabilityCookie } from './capability.ts';
import { fulfil } from './fulfil.ts';
import { planRefunds, sendPendingRefunds, sendRefund } from './refunds.ts';
import { findPaidPayments } from './repository.ts';
import { captureSandboxCheckout } from './sandbox.ts';

let t: TestApp;
const checkoutActor = systemActor('checkout');
let day: Ymd;
let ipCounter = 1;
const SUCCESS = '/reservation/complete?processing=success';
const CANCEL = '/reservation/complete?processing=failed';

async function book(opcd: string, adults = 2): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, day, { adults }),
    remoteAddress: `10.1.0.${ipCounter++}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().response.rsvno;
}

/** The purchase flow's checkout, from the browser that made the booking (its capability cookie). */
function checkout(rsvno: string, extra: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/checkout',
    payload: { rsvno, success_path: SUCCESS, cancel_path: CANCEL, ...extra },
    cookies: bookingCapabilityCookie(t.config.appKey, rsvno),
    remoteAddress: `10.1.1.${ipCounter++ % 250}`,
  });
}

function sessionIdOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

function pay(id: string, number: string, expiry = '12/34') {
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry, cvc: '123' }).toString(),
  });
}

async function bookingRow(rsvno: string) {
  const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  return row;
}

async function mailsOf(rsvno: string, kind?: string) {
  const rows = await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, rsvno));
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

/** The sandbox books refunds on its own, like a real provider: eventually. */
async function sandboxRefunded(id: string): Promise<number | undefined> {
  const [session] = await t.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  return session?.refundedAmount;
}

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 10);
  await insertTestOption(t.ctx.db, 'PY0001', { webname: '東京湾クルーズ' });
  await insertTestStock(t.ctx.db, 'PY0001', day, { zaikozan: 100 });
  await insertTestOption(t.ctx.db, 'PYREQ1', { flgRequestItem: true });
  await insertTestStock(t.ctx.db, 'PYREQ1', day, { zaikozan: 10 });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/checkout with the sandbox provider', () => {
  it('opens a checkout for a fresh card booking for its own amount and records an open payment', async () => {
    const rsvno = await book('PY0001');
    const res = await checkout(rsvno);
    expect(res.statusCode).toBe(200);
    const url = res.json().response.url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\/cs_sandbox_[A-Za-z0-9_-]{32}$/);
    const id = sessionIdOf(url);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
    expect(payment).toMatchObject({ rsvno, provider: 'sandbox', amount: 2 * ADULT_PRICE, status: 'open' });
    const [session] = await t.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
    expect(session).toMatchObject({
      name: '東京湾クルーズ',
      customerEmail: 'taro@example.com',
      successUrl: `http://localhost:3000${SUCCESS}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `http://localhost:3000${CANCEL}&session_id={CHECKOUT_SESSION_ID}`,
    });
    // rsvdate + 1 h, the purchase flow's grace.
    expect(session?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 3_600_000);
  });

  it('refuses return paths off the purchase flow and my page', async () => {
    const rsvno = await book('PY0001');
    for (const path of [
      '/evil',
      '//evil.example/x',
      '/mypage/../..//x',
      '/reservation/completely',
      '/en/evil',
      '/fr/mypage',
    ]) {
      const res = await checkout(rsvno, { success_path: path });
      expect(res.statusCode).toBe(422);
      expect(res.json().errMsg).toBe(Msg.checkoutPathInvalid);
    }
  });

  it('returns to the English pages of the purchase flow and my page', async () => {
    const rsvno = await book('PY0001');
    const res = await checkout(rsvno, {
      success_path: '/en/reservation/complete?processing=success',
      cancel_path: '/en/reservation/complete?processing=failed',
    });
    expect(res.statusCode).toBe(200);
    const [session] = await t.ctx.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, sessionIdOf(res.json().response.url as string)));
    expect(session?.successUrl).toBe(
      'http://localhost:3000/en/reservation/complete?processing=success&session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('answers SPEC messages for bookings that cannot be paid', async () => {
    const unknown = await checkout('ZZ999999');
    expect(unknown.statusCode).toBe(404);
    const late = await book('PY0001');
    t.clock.advance(61 * 60_000);
    const res = await checkout(late);
    t.clock.advance(-61 * 60_000);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errcd: '999', errMsg: Msg.pastDeadline });
    const request = await book('PYREQ1');
    const notYet = await checkout(request);
    expect(notYet.json()).toMatchObject({ errcd: '999', errMsg: Msg.notPayable });
  });

  it('lets a logged-in customer pay a confirmed request, and nobody without the session', async () => {
    const rsvno = await book('PYREQ1');
    const confirmed = await confirmRequest(t.ctx, rsvno, systemActor('ops'));
    expect(confirmed.status).toBe(0);
    const anonymous = await checkout(rsvno);
    expect(anonymous.statusCode).toBe(403);
    const login = await t.request({ method: 'POST', url: '/api/mylogin', payload: { rsvno, tel: '09012345678' } });
    expect(login.statusCode).toBe(200);
    const session = login.json().response.session as string;
    const res = await checkout(rsvno, {
      session,
      success_path: '/mypage?checkout-processing=0',
      cancel_path: '/mypage?checkout-processing=1',
    });
    expect(res.statusCode).toBe(200);
    const id = sessionIdOf(res.json().response.url);
    const paid = await pay(id, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/mypage?checkout-processing=0&session_id=${id}`);
    expect(await bookingRow(rsvno)).toMatchObject({ status: 1, statusPayment: 1 });
    expect(await mailsOf(rsvno, 'booking_paid')).toHaveLength(1);
    expect(await mailsOf(rsvno, 'request_confirmed')).toHaveLength(1);
  });
});

describe('sandbox hosted checkout page', () => {
  it('shows the amount, the option, the e-mail and a card form in Japanese, with no inline script', async () => {
    const rsvno = await book('PY0001');
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    const res = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('lang="ja"');
    expect(res.body).toContain('￥16,000');
    expect(res.body).toContain('東京湾クルーズ');
    expect(res.body).toContain('taro@example.com');
    expect(res.body).toContain('name="number"');
    expect(res.body).toContain(`href="${CANCEL}&amp;session_id=${id}"`);
    expect(res.body).toContain('キャンセル');
    // Only its typing help, a file of the same origin.
    expect(res.body.match(/<script[^>]*>/g)).toEqual(['<script src="/sandbox/checkout.js" defer>']);
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/checkout.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });

  it('answers 404 for an unknown session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_sandbox_nope' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('見つかりません');
  });

  it('declines 4000 0000 0000 0002 in Japanese and leaves the booking unpaid', async () => {
    const rsvno = await book('PY0001');
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    const res = await pay(id, '4000 0000 0000 0002');
    // The form again, saying why, with the card as typed; a later visit still shows why.
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('カードが承認されませんでした');
    expect(res.body).toContain('value="4000 0000 0000 0002"');
    expect(res.body).toContain('value="12/34"');
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` });
    expect(page.body).toContain('カードが承認されませんでした');
    expect(page.body).toContain(`href="${CANCEL}&amp;session_id=${id}"`);
    expect(await bookingRow(rsvno)).toMatchObject({ status: 1, statusPayment: 0 });
    expect(await mailsOf(rsvno)).toHaveLength(0);
  });

  it('speaks English to a booking made on the English pages, its refusals too', async () => {
    const rsvno = await book('PY0001');
    const res = await checkout(rsvno, { success_path: `/en${SUCCESS}`, cancel_path: `/en${CANCEL}` });
    const id = sessionIdOf(res.json().response.url);
    const japanese = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('¥16,000');
    expect(page.body).toContain('Pay ¥16,000');
    expect(page.body).toContain(`href="/en${CANCEL}&amp;session_id=${id}"`);
    expect(page.body).toContain('data-msg-number="Your card number is invalid."');
    expect(page.body.replaceAll('東京湾クルーズ', '')).not.toMatch(japanese);

    const declined = await pay(id, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('<strong>Your payment was not completed</strong>Your card was declined.');
    expect(declined.body).toContain('value="4000 0000 0000 0002"');
    expect(declined.body.replaceAll('東京湾クルーズ', '')).not.toMatch(japanese);
    // A later visit says why in English too.
    const again = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` });
    expect(again.body).toContain('Your card was declined.');

    const invalid = await pay(id, '4242424242424242', '01/20');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('<strong>Check your card details</strong>Your card’s expiry date is invalid');

    const paid = await pay(id, '4242424242424242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/en${SUCCESS}&session_id=${id}`);
    const done = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` });
    expect(done.body).toContain('Payment complete');
  });

  it('re-shows the form for an incomplete card', async () => {
    const rsvno = await book('PY0001');
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    const res = await pay(id, '4242424242424242', '01/20');
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('有効期限');
    expect(res.body).toContain('value="4242424242424242"');
    expect(await bookingRow(rsvno)).toMatchObject({ statusPayment: 0 });
  });

  it('takes an expiry typed on a phone keypad without 「/」 (1234 for 12/34)', async () => {
    const rsvno = await book('PY0001');
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    const res = await pay(id, '4242424242424242', '1234');
    expect(res.statusCode).toBe(303);
    expect(await bookingRow(rsvno)).toMatchObject({ statusPayment: 1 });
  });

  it('pays with 4242 4242 4242 4242: booking paid, payment paid, one mail, redirect to the success path', async () => {
    const rsvno = await book('PY0001');
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    const res = await pay(id, '4242424242424242');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${SUCCESS}&session_id=${id}`);
    expect(await bookingRow(rsvno)).toMatchObject({ status: 1, statusPayment: 1 });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
    expect(payment?.status).toBe('paid');
    expect(payment?.chargeId).toMatch(/^ch_sandbox_/);
    const mails = await mailsOf(rsvno, 'booking_paid');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('ご予約とお支払いが完了しました');
    expect(mails[0]?.body).toContain('￥16,000');

    // Submitting again, and fulfilling again from elsewhere, changes nothing.
    expect((await pay(id, '4242424242424242')).statusCode).toBe(303);
    expect(
      await Promise.all([
        fulfil(t.ctx, id, checkoutActor),
        fulfil(t.ctx, id, checkoutActor),
        fulfil(t.ctx, id, checkoutActor),
      ]),
    ).toEqual(['already', 'already', 'already']);
    expect(await mailsOf(rsvno, 'booking_paid')).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` });
    expect(page.body).toContain('お支払いは完了しています');

    const again = await checkout(rsvno);
    expect(again.json().errMsg).toBe(Msg.notPayable);
  });
});

describe('PayPay, Alipay and WeChat Pay on the sandbox (ADR 0211)', () => {
  const walletPage = (id: string, method: string, decision?: string) =>
    t.app.inject({
      method: decision ? 'POST' : 'GET',
      url: `/sandbox/checkout/${id}/pay/${method}`,
      ...(decision
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ decision }).toString(),
          }
        : {}),
    });

  it('offers every method of PAYMENT_METHODS beside the card form, each a link to its app’s stand-in', async () => {
    const id = sessionIdOf((await checkout(await book('PY0001'))).json().response.url);
    const [session] = await t.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
    expect(session?.methods).toEqual(['card', 'konbini', 'paypay', 'alipay', 'wechat_pay']);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` });
    expect(page.body).toContain('その他のお支払い方法');
    for (const [method, label] of [
      ['konbini', 'コンビニ決済で支払う'],
      ['paypay', 'PayPayで支払う'],
      ['alipay', 'Alipay（支付宝）で支払う'],
      ['wechat_pay', 'WeChat Pay（微信支付）で支払う'],
    ]) {
      expect(page.body).toContain(`href="/sandbox/checkout/${id}/pay/${method}">${label}</a>`);
    }
  });

  it('pays with PayPay once approved: the booking paid by PayPay, its mail sent, back to the success path', async () => {
    const rsvno = await book('PY0001');
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    const stand = await walletPage(id, 'paypay');
    expect(stand.statusCode).toBe(200);
    expect(stand.body).toContain('<h2 id="wallet-title">PayPay</h2>');
    // Not approved: back on the checkout, which says so; nothing is paid.
    const refused = await walletPage(id, 'paypay', 'refuse');
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/sandbox/checkout/${id}`);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${id}` })).body).toContain(
      'アプリでのお支払いが承認されませんでした。',
    );
    expect((await bookingRow(rsvno))?.state).toBe('held');
    const approved = await walletPage(id, 'paypay', 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`${SUCCESS}&session_id=${id}`);
    expect((await bookingRow(rsvno))?.state).toBe('paid');
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
    expect(payment).toMatchObject({ status: 'paid', method: 'paypay', amount: 2 * ADULT_PRICE });
    expect(await mailsOf(rsvno, 'booking_paid')).toHaveLength(1);
    // Approved again (Back, a second tab): paid once.
    expect((await walletPage(id, 'paypay', 'approve')).statusCode).toBe(303);
    expect(await mailsOf(rsvno, 'booking_paid')).toHaveLength(1);
  });

  it('answers 404 for a method the checkout does not offer, and the card page for a paid session', async () => {
    const id = sessionIdOf((await checkout(await book('PY0001'))).json().response.url);
    expect((await walletPage(id, 'card')).statusCode).toBe(404);
    expect((await walletPage(id, 'bitcoin')).statusCode).toBe(404);
    expect((await walletPage(id, 'alipay', 'approve')).statusCode).toBe(303);
    const after = await walletPage(id, 'alipay');
    expect(after.body).toContain('お支払いは完了しています');
  });
});

describe('the purchase-flow checkout belongs to the browser that booked', () => {
  function strangerCheckout(rsvno: string, remoteAddress = '10.77.0.1') {
    return t.request({
      method: 'POST',
      url: '/api/checkout',
      payload: { rsvno, success_path: SUCCESS, cancel_path: CANCEL },
      remoteAddress,
    });
  }

  it('answers a stranger alike whatever the number, and opens nothing', async () => {
    const fresh = await book('PY0001');
    const paidOne = await book('PY0001');
    await pay(sessionIdOf((await checkout(paidOne)).json().response.url), '4242424242424242');
    const before = await t.ctx.db.select().from(payments);
    const answers = await Promise.all(
      [fresh, paidOne, 'ZZ000000', 'AA100001'].map(async (rsvno) => {
        const res = await strangerCheckout(rsvno);
        return { status: res.statusCode, body: res.json() };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({ status: 403, body: { errcd: '999', errMsg: Msg.checkoutFailed, response: null } });
    }
    expect(await t.ctx.db.select().from(payments)).toHaveLength(before.length);
    // A capability for another booking does not open this one.
    const forged = await t.request({
      method: 'POST',
      url: '/api/checkout',
      payload: { rsvno: fresh, success_path: SUCCESS, cancel_path: CANCEL },
      cookies: { tabi_bk: (bookingCapabilityCookie(t.config.appKey, paidOne).tabi_bk ?? '').replace(paidOne, fresh) },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('sets the capability as an HttpOnly, SameSite=Strict cookie on the booking answer', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload('PY0001', day, { adults: 1 }),
      remoteAddress: '10.78.0.1',
    });
    const rsvno = res.json().response.rsvno as string;
    const cookie = res.cookies.find((c) => c.name === 'tabi_bk');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 3600 });
    expect(cookie?.value).toBe(bookingCapabilityCookie(t.config.appKey, rsvno, t.clock.now()).tabi_bk);
  });

  it('keeps one cookie whatever the number of bookings, each of them payable', async () => {
    let jar = '';
    const booked: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await t.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload('PY0001', day, { adults: 1 }),
        cookies: jar ? { tabi_bk: jar, tabi_bk_AA100001: 'left-by-an-older-version' } : {},
        remoteAddress: `10.78.1.${i}`,
      });
      booked.push(res.json().response.rsvno as string);
      expect(res.cookies.filter((c) => c.name === 'tabi_bk')).toHaveLength(1);
      // The per-booking cookies of before are cleared.
      if (jar) expect(res.cookies.find((c) => c.name === 'tabi_bk_AA100001')).toMatchObject({ value: '' });
      jar = res.cookies.find((c) => c.name === 'tabi_bk')?.value ?? '';
    }
    expect(jar.length).toBeLessThan(8 * 50);
    for (const rsvno of booked) {
      const res = await t.request({
        method: 'POST',
        url: '/api/checkout',
        payload: { rsvno, success_path: SUCCESS, cancel_path: CANCEL },
        cookies: { tabi_bk: jar },
        remoteAddress: '10.78.2.1',
      });
      expect(res.statusCode).toBe(200);
    }
    // An hour later the entries have expired.
    t.clock.advance(61 * 60_000);
    try {
      const res = await t.request({
        method: 'POST',
        url: '/api/checkout',
        payload: { rsvno: booked[0], success_path: SUCCESS, cancel_path: CANCEL },
        cookies: { tabi_bk: jar },
        remoteAddress: '10.78.2.2',
      });
      expect(res.statusCode).toBe(403);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('pays a new booking while my page is logged in to another one', async () => {
    const other = await book('PY0001');
    const login = await t.request({
      method: 'POST',
      url: '/api/mylogin',
      payload: { rsvno: other, tel: '09012345678' },
      remoteAddress: '10.78.3.1',
    });
    const session = login.json().response?.session as string | undefined;
    expect(session).toBeTruthy();
    const rsvno = await book('PY0001');
    const res = await t.request({
      method: 'POST',
      url: '/api/checkout',
      payload: { rsvno, session, success_path: SUCCESS, cancel_path: CANCEL },
      cookies: bookingCapabilityCookie(t.config.appKey, rsvno, t.clock.now()),
      remoteAddress: '10.78.3.2',
    });
    expect(res.statusCode).toBe(200);
    // Without the purchase's cookie, my page's session of another booking opens nothing.
    const refused = await t.request({
      method: 'POST',
      url: '/api/checkout',
      payload: { rsvno, session, success_path: SUCCESS, cancel_path: CANCEL },
      remoteAddress: '10.78.3.3',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('is rate limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1)
      statuses.push((await strangerCheckout(`ZZ${String(i).padStart(6, '0')}`, '10.79.0.1')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('opens at most one checkout per booking and destination while it is valid', async () => {
    const rsvno = await book('PY0001');
    const first = (await checkout(rsvno)).json().response.url;
    const again = (await checkout(rsvno)).json().response.url;
    expect(again).toBe(first);
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.rsvno, rsvno));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/checkout/result: the return page asks the server', () => {
  const result = (sessionId: string) =>
    t.request({ method: 'POST', url: '/api/checkout/result', payload: { session_id: sessionId } });

  it('answers the booking number and whether it is paid, fulfilling a charge nobody fulfilled yet', async () => {
    const rsvno = await book('PY0001');
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    const open = (await result(id)).json().response;
    expect(open).toMatchObject({ rsvno, paid: false });
    expect(open.payable_until).toMatch(/\+09:00$/);
    // Charged on the provider's page, and the fulfilment never ran (the server died): the return page fixes it.
    await captureSandboxCheckout(t.ctx, id);
    expect((await result(id)).json().response).toMatchObject({ rsvno, paid: true, payable_until: null });
    expect(await bookingRow(rsvno)).toMatchObject({ statusPayment: 1 });
    expect(await mailsOf(rsvno, 'booking_paid')).toHaveLength(1);
  });

  it('refuses an unknown session in Japanese', async () => {
    const res = await result('cs_sandbox_unknownunknownunknownunknown00');
    expect(res.statusCode).toBe(404);
    expect(res.json().errMsg).toBe(Msg.checkoutNotFound);
  });
});

describe('the one refund path', () => {
  async function plan(rsvno: string, amount: number) {
    const now = t.clock.now();
    return t.ctx.db.transaction(async (tx) =>
      planRefunds(tx, rsvno, await findPaidPayments(tx, rsvno, true), amount, 'cancel', now),
    );
  }

  it('writes refunds down, sends each with its key, books each once, and never beyond what was paid', async () => {
    const rsvno = await book('PY0001');
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    await pay(id, '4242424242424242');
    const [first] = await plan(rsvno, 5000);
    expect(first).toMatchObject({ kind: 'refund', state: 'begun', amount: 5000 });
    // Written down but not sent: a second plan sees only what is left (16,000 - 5,000).
    const [second] = await plan(rsvno, 20_000);
    expect(second?.amount).toBe(11_000);
    expect(await sendPendingRefunds(t.ctx, rsvno, ['cancel'], systemActor('ops'))).toEqual({
      done: 2,
      refused: 0,
      retry: 0,
    });
    // Sent again (a reconciler after a crash): the provider answers the same refund, nothing is booked twice.
    if (first) expect(await sendRefund(t.ctx, first, systemActor('reconciler'))).toBe('done');
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
    expect(payment).toMatchObject({ refundedAmount: 16_000, status: 'refunded' });
    expect(await sandboxRefunded(id)).toBe(16_000);
    expect(await plan(rsvno, 3000)).toEqual([]);
    // One row per refund (ADR 0181), each with the provider's id and its own call; the payment's total is their sum.
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, rsvno)).orderBy(refunds.id);
    expect(rows.map((r) => [r.paymentId, r.amount, r.reason, r.state])).toEqual([
      [payment?.id, 5000, 'cancel', 'succeeded'],
      [payment?.id, 11_000, 'cancel', 'succeeded'],
    ]);
    expect(rows.every((r) => r.providerRef?.startsWith('re_') && r.doneAt !== null)).toBe(true);
    expect([first?.refundId, second?.refundId]).toEqual(rows.map((r) => r.id));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(payment?.refundedAmount);
  });

  it('keeps a refused refund as a failed row with its call, and a refund nobody sent yet as pending money', async () => {
    const rsvno = await book('PY0001');
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    await pay(id, '4242424242424242');
    await plan(rsvno, 4000);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, rsvno))).toMatchObject([
      { amount: 4000, state: 'pending', providerRef: null },
    ]);
    // The charge is gone at the provider: the refund is refused, given up at once and left for a person.
    await t.ctx.db.update(payments).set({ chargeId: 'ch_gone' }).where(eq(payments.checkoutSessionId, id));
    expect(await sendPendingRefunds(t.ctx, rsvno, ['cancel'], systemActor('ops'))).toMatchObject({ refused: 1 });
    const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.rsvno, rsvno));
    expect(row).toMatchObject({ state: 'failed', amount: 4000 });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
    expect(payment).toMatchObject({ refundedAmount: 0, status: 'paid' });
  });

  it('plans nothing for a booking that paid nothing', async () => {
    const rsvno = await book('PY0001');
    expect(await plan(rsvno, 3000)).toEqual([]);
  });
});

describe('sweeper and late payments', () => {
  it('cancels a card booking left unpaid for an hour and returns its seats', async () => {
    await insertTestOption(t.ctx.db, 'PYSW01');
    await insertTestStock(t.ctx.db, 'PYSW01', day, { zaikozan: 5 });
    const rsvno = await book('PYSW01', 2);
    expect(await stockLeft(t.ctx.db, 'PYSW01', day)).toBe(3);
    t.clock.advance(59 * 60_000);
    expect((await sweepUnpaidBookings(t.ctx)).expired).not.toContain(rsvno);
    t.clock.advance(2 * 60_000);
    expect((await sweepUnpaidBookings(t.ctx)).expired).toContain(rsvno);
    expect(await bookingRow(rsvno)).toMatchObject({ status: 4, statusPayment: 0, cancelReason: 'expired' });
    expect(await stockLeft(t.ctx.db, 'PYSW01', day)).toBe(5);
    expect((await sweepUnpaidBookings(t.ctx)).expired).not.toContain(rsvno);
    expect(await stockLeft(t.ctx.db, 'PYSW01', day)).toBe(5);
  });

  it('a late payment re-takes the seats when they are still free', async () => {
    await insertTestOption(t.ctx.db, 'PYLT01');
    await insertTestStock(t.ctx.db, 'PYLT01', day, { zaikozan: 4 });
    const rsvno = await book('PYLT01', 2);
    t.clock.advance(45 * 60_000);
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    t.clock.advance(20 * 60_000);
    await sweepUnpaidBookings(t.ctx);
    expect(await bookingRow(rsvno)).toMatchObject({ status: 4 });
    expect(await stockLeft(t.ctx.db, 'PYLT01', day)).toBe(4);
    const res = await pay(id, '4242424242424242');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${SUCCESS}&session_id=${id}`);
    expect(await bookingRow(rsvno)).toMatchObject({ status: 1, statusPayment: 1, cancelReason: null });
    expect(await stockLeft(t.ctx.db, 'PYLT01', day)).toBe(2);
    expect(await mailsOf(rsvno, 'booking_paid')).toHaveLength(1);
  });

  it('a late payment is refunded when the seats have gone meanwhile', async () => {
    await insertTestOption(t.ctx.db, 'PYLT02');
    await insertTestStock(t.ctx.db, 'PYLT02', day, { zaikozan: 2 });
    const rsvno = await book('PYLT02', 2);
    t.clock.advance(45 * 60_000);
    const id = sessionIdOf((await checkout(rsvno)).json().response.url);
    t.clock.advance(20 * 60_000);
    await sweepUnpaidBookings(t.ctx);
    await book('PYLT02', 2);
    expect(await stockLeft(t.ctx.db, 'PYLT02', day)).toBe(0);
    const res = await pay(id, '4242424242424242');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${CANCEL}&session_id=${id}`);
    expect(await bookingRow(rsvno)).toMatchObject({ status: 4, statusPayment: 0 });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutSessionId, id));
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 2 * ADULT_PRICE });
    await expect.poll(() => sandboxRefunded(id)).toBe(2 * ADULT_PRICE);
    expect(await stockLeft(t.ctx.db, 'PYLT02', day)).toBe(0);
    const refundMails = await mailsOf(rsvno, 'payment_refunded');
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.body).toContain('￥16,000');
    expect(refundMails[0]?.body).toContain('座席を確保できなかった');
  });

  it('cancels a confirmed request whose payment deadline passed, seats back', async () => {
    await insertTestOption(t.ctx.db, 'PYRQ02', { flgRequestItem: true });
    await insertTestStock(t.ctx.db, 'PYRQ02', day, { zaikozan: 3 });
    const rsvno = await book('PYRQ02', 1);
    const { paymentDeadline } = await confirmRequest(t.ctx, rsvno, systemActor('ops'));
    expect(await stockLeft(t.ctx.db, 'PYRQ02', day)).toBe(2);
    t.clock.set(new Date((paymentDeadline as Date).getTime() + 60_000));
    const swept = await sweepUnpaidBookings(t.ctx);
    expect(swept.lapsed).toContain(rsvno);
    expect(await bookingRow(rsvno)).toMatchObject({ status: 4, statusPayment: 0 });
    expect(await stockLeft(t.ctx.db, 'PYRQ02', day)).toBe(3);
    const [open] = await t.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.rsvno, rsvno), eq(bookings.status, 0)));
    expect(open).toBeUndefined();
  });
});
