import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { TEST_NETWORK_ROUTE } from './network-cut.ts';

describe("the end-to-end tests' network cut", () => {
  let plain: TestApp;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    [plain, t] = await Promise.all([createTestApp(), createTestApp({ config: { testRoutes: true } })]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), t?.close()]);
  });

  const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0] ?? '';
  const read = (cookie: string) => fetch(`${base}/healthz`, { headers: { cookie } });

  it('drops every request of the marked browser until it is let through again, and only its requests', async () => {
    const cut = await t.request({ method: 'POST', url: TEST_NETWORK_ROUTE, payload: { cut: true } });
    expect(cut.json()).toMatchObject({ errcd: '000', response: { cut: true } });
    const marked = cookieOf(cut.headers['set-cookie']);
    expect(marked).toMatch(/^e2e-cut=[0-9a-f-]{36}$/);

    await expect(read(marked)).rejects.toThrow();
    expect((await read('e2e-cut=someone-else')).status).toBe(200);
    expect((await read('')).status).toBe(200);

    const back = await t.request({
      method: 'POST',
      url: TEST_NETWORK_ROUTE,
      payload: { cut: false },
      headers: { cookie: marked },
    });
    expect(back.json()).toMatchObject({ errcd: '000', response: { cut: false } });
    expect(String(back.headers['set-cookie'])).toMatch(/^e2e-cut=;.*Expires=Thu, 01 Jan 1970/);
    expect((await read(marked)).status).toBe(200);
  });

  it('exists only with TEST_ROUTES=1', async () => {
    const res = await plain.request({ method: 'POST', url: TEST_NETWORK_ROUTE, payload: { cut: true } });
    expect(res.statusCode).toBe(404);
  });
});
