import { STAFF_COOKIE } from '@tabi/contract/admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts, staffAuditEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertStaff, staffCookieOf } from './test-fixtures.ts';
import { TEST_STAFF_SESSION_ROUTE } from './test-routes.ts';

const ROUTE = { method: 'POST', url: TEST_STAFF_SESSION_ROUTE } as const;

describe('the end-to-end tests’ staff session route (ADR 0199)', () => {
  let plain: TestApp;
  let withRoutes: TestApp;
  beforeAll(async () => {
    [plain, withRoutes] = await Promise.all([createTestApp(), createTestApp({ config: { testRoutes: true } })]);
    await insertStaff(withRoutes.ctx.db, { mail: 'door@example.co.jp', role: 'admin', totp: true });
    const gone = await insertStaff(withRoutes.ctx.db, { mail: 'gone@example.co.jp', role: 'operator' });
    await withRoutes.ctx.db.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.id, gone));
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), withRoutes?.close()]);
  });

  it('does not exist without TEST_ROUTES', async () => {
    const res = await plain.request({ ...ROUTE, payload: { mail: 'door@example.co.jp' } });
    expect(res.statusCode).toBe(404);
  });

  it('signs an active account in without its password or second factor, audited as a test sign-in', async () => {
    const res = await withRoutes.request({ ...ROUTE, payload: { mail: 'DOOR@example.co.jp' } });
    expect(res.json()).toMatchObject({ errcd: '000' });
    const cookie = staffCookieOf(res);
    expect(cookie).toBeTruthy();
    const me = await withRoutes.request({
      method: 'GET',
      url: '/api/admin/me',
      cookies: { [STAFF_COOKIE]: cookie ?? '' },
    });
    expect(me.json()).toMatchObject({ errcd: '000', response: { mail: 'door@example.co.jp', role: 'admin' } });
    const audits = await withRoutes.ctx.db
      .select()
      .from(staffAuditEvents)
      .where(and(eq(staffAuditEvents.mail, 'door@example.co.jp'), eq(staffAuditEvents.kind, 'login')));
    expect(audits.map((a) => a.detail)).toEqual([{ factor: 'test' }]);
  });

  it('refuses an unknown or disabled account, and a body without a mail', async () => {
    for (const mail of ['nobody@example.co.jp', 'gone@example.co.jp']) {
      const res = await withRoutes.request({ ...ROUTE, payload: { mail } });
      expect(res.statusCode).toBe(401);
      expect(staffCookieOf(res)).toBeUndefined();
    }
    expect((await withRoutes.request({ ...ROUTE, payload: {} })).statusCode).toBe(422);
  });
});
