import { Msg } from '@tabi/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('app shell', () => {
  it('answers health checks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with the SPEC envelope in Japanese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errcd: '999', response: null });
    expect(res.json().errMsg).toMatch(/見つかりません/);
  });

  it('refuses a state-changing call without the anti-forgery token with HTTP 419', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/mylogin', payload: { rsvno: 'AB123456', tel: '1' } });
    expect(res.statusCode).toBe(419);
    expect(res.json().errMsg).toBe(Msg.csrfMismatch);
  });

  it('sets the anti-forgery cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/\./);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/option');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
