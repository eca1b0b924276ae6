/**
 * The anti-forgery check runs on the route Fastify matched, so a percent-encoded or
 * otherwise disguised path to a state-changing API call is refused without a token like the plain one.
 */
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DISGUISED = [
  '/%61pi/booking',
  '/ap%69/booking/cancel',
  '/%61pi/mylogin',
  '/ap%69/checkout',
  '/%61%70%69/coopon/use',
  '/api/%62ooking/edit',
  '/api/booking%2Fcancelprice',
  '/api/mylogin?x=/sanctum',
  '/api/coopon/A/%42',
];

describe('CSRF on the matched route', () => {
  it.each(DISGUISED)('refuses POST %s without the token (419)', async (url) => {
    const res = await t.app.inject({ method: 'POST', url, payload: { rsvno: 'AA100001', tel: '09012345678' } });
    if (res.statusCode === 404) return; // a path Fastify does not route changes nothing
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.csrfMismatch, response: null });
  });

  it('routes the disguised paths at all (so the 419 above is the check, not a 404)', async () => {
    const routed = [];
    for (const url of DISGUISED) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      if (res.statusCode !== 404) routed.push(url);
    }
    expect(routed).toEqual(expect.arrayContaining(['/%61pi/booking', '/ap%69/booking/cancel', '/%61pi/mylogin']));
  });

  it('still lets a call with the token through, and the Stripe webhook without one', async () => {
    const withToken = await t.request({
      method: 'POST',
      url: '/%61pi/mylogin',
      payload: { rsvno: 'ZZ999999', tel: '1' },
    });
    expect(withToken.statusCode).toBe(401);
    const webhook = await t.app.inject({ method: 'POST', url: '/%61pi/stripe/webhook', payload: '{}' });
    expect(webhook.statusCode).not.toBe(419);
  });

  it('leaves safe methods alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/nationality' });
    expect(res.statusCode).toBe(200);
  });
});
