/** Without PUBLIC_URL, return links and mail links use the origin the visitor actually used. */
import { addDays } from '@tabi/contract/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../clock.ts';
import { outbox, sandboxCheckouts } from '../db/schema.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../modules/booking/test-fixtures.ts';
import { bookingCapabilityCookie } from '../modules/payment/capability.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';

let open: TestApp;
let fixed: TestApp;
let ip = 1;

async function prepare(t: TestApp) {
  const day = addDays(todayIn(t.clock), 12);
  await insertTestOption(t.ctx.db, 'OR0001');
  await insertTestStock(t.ctx.db, 'OR0001', day, { zaikozan: 50 });
  await insertTestOption(t.ctx.db, 'OR0002', { flgRequestItem: true });
  await insertTestStock(t.ctx.db, 'OR0002', day, { zaikozan: 50 });
  return day;
}

async function bookAndCheckout(t: TestApp, host: string, headers: Record<string, string> = {}) {
  const day = addDays(todayIn(t.clock), 12);
  const booked = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload('OR0001', day, { adults: 1 }),
    headers: { host, ...headers },
    remoteAddress: `10.55.0.${ip++}`,
  });
  const rsvno = booked.json().response.rsvno as string;
  const res = await t.request({
    method: 'POST',
    url: '/api/checkout',
    payload: {
      rsvno,
      success_path: '/reservation/complete?processing=success',
      cancel_path: '/reservation/complete?processing=failed',
    },
    headers: { host, ...headers },
    cookies: bookingCapabilityCookie(t.config.appKey, rsvno),
    remoteAddress: `10.55.1.${ip++}`,
  });
  return { rsvno, url: res.json().response.url as string };
}

beforeAll(async () => {
  open = await createTestApp({ config: { publicUrlFixed: false } });
  fixed = await createTestApp();
  await prepare(open);
  await prepare(fixed);
});
afterAll(async () => {
  await open.close();
  await fixed.close();
});

describe('links back to the site', () => {
  it('without PUBLIC_URL: the checkout, its return links and the mails use the origin the visitor used', async () => {
    const { rsvno, url } = await bookAndCheckout(open, '127.0.0.1:3000');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/sandbox\/checkout\//);
    const [session] = await open.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.rsvno, rsvno));
    expect(session?.successUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/reservation\/complete\?processing=success&/);
    expect(session?.cancelUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/reservation\/complete\?processing=failed&/);

    const day = addDays(todayIn(open.clock), 12);
    const request = await open.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload('OR0002', day, { adults: 1 }),
      headers: { host: '192.168.10.5:8080' },
      remoteAddress: '10.55.2.1',
    });
    const [mail] = await open.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.rsvno, request.json().response.rsvno as string));
    expect(mail?.body).toContain('http://192.168.10.5:8080/login');
  });

  it('believes X-Forwarded-Host only behind a trusted proxy, and never a malformed host', async () => {
    const forwarded = await bookAndCheckout(open, 'localhost:3000', { 'x-forwarded-host': 'evil.example' });
    expect(forwarded.url).toMatch(/^http:\/\/localhost:3000\//);
    const odd = await bookAndCheckout(open, 'a b@evil.example');
    expect(odd.url).toMatch(/^http:\/\/localhost:3000\//);
  });

  it('with PUBLIC_URL set, keeps it whatever the host', async () => {
    const { url } = await bookAndCheckout(fixed, '127.0.0.1:3000');
    expect(url).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\//);
  });
});
