/**
 * The staff access matrix (DESIGN §11): every staff call × no session, a customer's session (as the body's
 * `session` and as the staff cookie), a made-up cookie, a half-signed-in admin (password given, TOTP not yet),
 * an operator and an admin. Only the roles a call allows get past the guard; the customer's own calls still
 * answer the customer and never the staff cookie.
 */

import { STAFF_COOKIE } from '@tabi/contract/admin';
import { ErrCd } from '@tabi/contract/constants';
import { TRANSLATED_LANGS } from '@tabi/contract/content';
import { Msg } from '@tabi/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertStaff, nextAddress, staffCookieOf, staffSession, TEST_PASSWORD } from '../staff/test-fixtures.ts';

let t: TestApp;
type Who = 'none' | 'customer' | 'customerCookie' | 'madeUp' | 'halfSignedIn' | 'operator' | 'admin';
const sessions: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await insertStaff(t.ctx.db, { mail: 'op@example.jp', role: 'operator' });
  await insertStaff(t.ctx.db, { mail: 'admin@example.jp', role: 'admin', totp: true });
  const customer = await t.request({
    method: 'POST',
    url: '/api/mylogin',
    payload: { rsvno: 'AA100001', tel: '090-1234-5678' },
    remoteAddress: nextAddress(),
  });
  sessions.customer = customer.json().response.session;
  sessions.customerCookie = sessions.customer;
  sessions.madeUp = 'x'.repeat(43);
  sessions.halfSignedIn = staffCookieOf(
    await t.request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { mail: 'admin@example.jp', password: TEST_PASSWORD },
      remoteAddress: nextAddress(),
    }),
  );
  sessions.operator = await staffSession(t, 'op@example.jp');
  sessions.admin = await staffSession(t, 'admin@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
});

interface StaffCall {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  /** The least role that may make it. */
  role: 'operator' | 'admin';
  /** What an allowed caller gets (the password call is sent with a wrong current password on purpose). */
  allowedStatus?: number;
}

const CALLS: StaffCall[] = [
  { method: 'GET', url: '/api/admin/me', role: 'operator' },
  { method: 'GET', url: '/api/admin/dashboard', role: 'operator' },
  { method: 'GET', url: '/api/admin/bookings?tel=09012345678', role: 'operator' },
  { method: 'GET', url: '/api/admin/bookings.csv', role: 'operator' },
  { method: 'GET', url: '/api/admin/options', role: 'operator' },
  { method: 'GET', url: '/api/admin/mails', role: 'operator' },
  { method: 'GET', url: '/api/admin/waitlist', role: 'operator' },
  {
    method: 'POST',
    url: '/api/admin/password',
    payload: { current: 'not-my-password', next: 'another-long-password' },
    role: 'operator',
    allowedStatus: 400,
  },
  { method: 'GET', url: '/api/admin/staff', role: 'admin' },
  {
    method: 'POST',
    url: '/api/admin/staff',
    payload: { mail: '', role: 'operator' },
    role: 'admin',
    allowedStatus: 422,
  },
  {
    method: 'POST',
    url: '/api/admin/staff/999999/role',
    payload: { role: 'admin' },
    role: 'admin',
    allowedStatus: 404,
  },
  { method: 'POST', url: '/api/admin/staff/999999/reset-totp', role: 'admin', allowedStatus: 404 },
  // 予約詳細 and its actions, sent so that an allowed caller reaches the lifecycle and is answered by it.
  { method: 'GET', url: '/api/admin/bookings/AA100001', role: 'operator' },
  { method: 'POST', url: '/api/admin/bookings/AA100001/confirm', role: 'operator', allowedStatus: 409 },
  { method: 'POST', url: '/api/admin/bookings/AA100001/decline', role: 'operator', allowedStatus: 409 },
  { method: 'POST', url: '/api/admin/bookings/AA100001/cancel-quote', role: 'operator' },
  { method: 'POST', url: '/api/admin/bookings/AA100003/cancel', role: 'operator', allowedStatus: 409 },
  {
    method: 'POST',
    url: '/api/admin/bookings/AA100001/resend-mail',
    payload: { mailId: 999_999 },
    role: 'operator',
    allowedStatus: 404,
  },
  {
    method: 'POST',
    url: '/api/admin/bookings/AA100001/participants',
    payload: { memberList: [] },
    role: 'operator',
    allowedStatus: 422,
  },
  {
    method: 'POST',
    url: '/api/admin/bookings/AA100001/rentals',
    payload: { rentskiList: [] },
    role: 'operator',
    allowedStatus: 400,
  },
  { method: 'POST', url: '/api/admin/bookings/AA100001/note', payload: { note: '確認済み' }, role: 'operator' },
  { method: 'POST', url: '/api/admin/bookings/AA100001/reconcile', role: 'operator' },
  // リソースの割り当てを変更 (ADR 0209): the office's daily work, an operator's too; sent with resources that do not
  // exist, so that an allowed caller is answered by the lookup and nothing moves.
  {
    method: 'POST',
    url: '/api/admin/bookings/AA100001/resources/reassign',
    payload: { from: 999_998, to: 999_999 },
    role: 'operator',
    allowedStatus: 404,
  },
  { method: 'GET', url: '/api/admin/manifest', role: 'operator' },
  // 催行中止 and 催行決定 (ADR 0165), sent invalid so that an allowed caller is answered by the validation.
  { method: 'POST', url: '/api/admin/day-stops/preview', payload: {}, role: 'operator', allowedStatus: 422 },
  { method: 'POST', url: '/api/admin/day-stops', payload: {}, role: 'operator', allowedStatus: 422 },
  { method: 'GET', url: '/api/admin/day-stops', role: 'operator' },
  { method: 'GET', url: '/api/admin/day-stops/departures?opcd=OP0049&date=20261201', role: 'operator' },
  { method: 'POST', url: '/api/admin/day-decisions', payload: {}, role: 'operator', allowedStatus: 422 },
  { method: 'GET', url: '/api/admin/manifest.csv', role: 'operator' },
  // レンタル準備表: operators read it; a facility's mail address is the admin's.
  { method: 'GET', url: '/api/admin/rental-sheet', role: 'operator' },
  { method: 'GET', url: '/api/admin/rental-sheet.csv?facility=3', role: 'operator' },
  // 商品一覧 / 商品編集: the catalog is the admin's alone; an operator may neither read nor edit it.
  { method: 'GET', url: '/api/admin/options/catalog', role: 'admin' },
  { method: 'GET', url: '/api/admin/options/masters', role: 'admin' },
  { method: 'GET', url: '/api/admin/options/OP0001', role: 'admin' },
  { method: 'GET', url: '/api/admin/options/OP0001/preview', role: 'admin' },
  { method: 'POST', url: '/api/admin/options', payload: { opcd: 'x' }, role: 'admin', allowedStatus: 422 },
  { method: 'POST', url: '/api/admin/options/OP0001', payload: { option: {} }, role: 'admin', allowedStatus: 422 },
  { method: 'POST', url: '/api/admin/options/OP0001/publish', role: 'admin' },
  { method: 'POST', url: '/api/admin/options/NOPE01/unpublish', role: 'admin', allowedStatus: 404 },
  { method: 'GET', url: '/api/admin/options/OP0001/stock?month=2026-12', role: 'admin' },
  { method: 'POST', url: '/api/admin/options/OP0001/stock', payload: {}, role: 'admin', allowedStatus: 422 },
  // 施設とクーポン: admin only.
  { method: 'GET', url: '/api/admin/facilities', role: 'admin' },
  { method: 'POST', url: '/api/admin/facilities/1/pin', payload: { pin: 'x' }, role: 'admin', allowedStatus: 422 },
  { method: 'POST', url: '/api/admin/facilities/999/disable', role: 'admin', allowedStatus: 404 },
  { method: 'POST', url: '/api/admin/facilities/999/enable', role: 'admin', allowedStatus: 404 },
  { method: 'POST', url: '/api/admin/facilities/999/mail', payload: { mail: '' }, role: 'admin', allowedStatus: 404 },
  { method: 'POST', url: '/api/admin/coupons/AA100011/clear-lock', role: 'admin' },
  { method: 'GET', url: '/api/admin/facilities/usage?month=2026-11', role: 'admin' },
  { method: 'GET', url: '/api/admin/facilities/usage.csv?month=2026-11', role: 'admin' },
  // 商品の写真 (ADR 0151): admin only (the upload sent without a file reaches the upload and is refused there).
  { method: 'GET', url: '/api/admin/options/OP0001/photos', role: 'admin' },
  { method: 'POST', url: '/api/admin/options/OP0001/photos', payload: {}, role: 'admin', allowedStatus: 415 },
  {
    method: 'POST',
    url: '/api/admin/options/OP0001/photos/999999',
    payload: {
      caption: '',
      alt: '',
      translations: Object.fromEntries(TRANSLATED_LANGS.map((lang) => [lang, { caption: '', alt: '' }])),
    },
    role: 'admin',
    allowedStatus: 404,
  },
  {
    method: 'POST',
    url: '/api/admin/options/OP0001/photos/999999/move',
    payload: { direction: 'up' },
    role: 'admin',
    allowedStatus: 404,
  },
  { method: 'POST', url: '/api/admin/options/OP0001/photos/999999/delete', role: 'admin', allowedStatus: 404 },
  // 販売代理店: admin only, sent so that an allowed caller is answered by the validation or the lookup
  // (no reseller is made and no key issued); the channel filter's choices and 予約一覧 by channel are anyone's.
  { method: 'GET', url: '/api/admin/resellers', role: 'admin' },
  {
    method: 'POST',
    url: '/api/admin/resellers',
    payload: { name: '', commission: '10' },
    role: 'admin',
    allowedStatus: 422,
  },
  {
    method: 'POST',
    url: '/api/admin/resellers/999999',
    payload: { name: 'Nobody', commission: '10' },
    role: 'admin',
    allowedStatus: 404,
  },
  { method: 'POST', url: '/api/admin/resellers/999999/disable', role: 'admin', allowedStatus: 404 },
  { method: 'POST', url: '/api/admin/resellers/999999/enable', role: 'admin', allowedStatus: 404 },
  { method: 'POST', url: '/api/admin/resellers/999999/keys', role: 'admin', allowedStatus: 404 },
  { method: 'POST', url: '/api/admin/resellers/999999/keys/1/revoke', role: 'admin', allowedStatus: 404 },
  { method: 'GET', url: '/api/admin/channels', role: 'operator' },
  { method: 'GET', url: '/api/admin/bookings?channel=own', role: 'operator' },
  // 売上レポート: admin only (commission is a term of the reseller's contract, ADR 0169).
  { method: 'GET', url: '/api/admin/reports/sales?month=2026-11', role: 'admin' },
  { method: 'GET', url: '/api/admin/reports/sales.csv?month=2026-11', role: 'admin' },
  // リソース (ADR 0209): admin only, sent so that an allowed caller is answered by the validation or the lookup
  // (nothing is made or changed).
  { method: 'GET', url: '/api/admin/resources', role: 'admin' },
  { method: 'POST', url: '/api/admin/resources', payload: { name: '' }, role: 'admin', allowedStatus: 422 },
  { method: 'GET', url: '/api/admin/resources/999999', role: 'admin', allowedStatus: 404 },
  {
    method: 'POST',
    url: '/api/admin/resources/999999',
    payload: { name: '船', kind: 'vehicle', capacity: 1, per: 'day' },
    role: 'admin',
    allowedStatus: 404,
  },
  { method: 'POST', url: '/api/admin/resources/999999/delete', role: 'admin', allowedStatus: 404 },
  {
    method: 'POST',
    url: '/api/admin/resources/999999/exceptions',
    payload: { exceptions: [] },
    role: 'admin',
    allowedStatus: 404,
  },
  {
    method: 'POST',
    url: '/api/admin/resources/999999/uses',
    payload: { uses: [] },
    role: 'admin',
    allowedStatus: 404,
  },
  { method: 'GET', url: '/api/admin/resources/999999/bookings?date=2026-12-01', role: 'admin', allowedStatus: 404 },
  // サイズ別在庫 (ADR 0209): admin only, answered by the lookup of a facility that does not exist (nothing is changed).
  { method: 'GET', url: '/api/admin/facilities/999999/rental-stock', role: 'admin', allowedStatus: 404 },
  {
    method: 'POST',
    url: '/api/admin/facilities/999999/rental-stock',
    payload: { item: 'boots', counted: false, sizes: [] },
    role: 'admin',
    allowedStatus: 404,
  },
  {
    method: 'POST',
    url: '/api/admin/facilities/999999/rental-stock/days',
    payload: { item: 'boots', size: '26.5', date: '2099-12-01', quantity: 1 },
    role: 'admin',
    allowedStatus: 404,
  },
  {
    method: 'POST',
    url: '/api/admin/facilities/999999/rental-stock/days/delete',
    payload: { item: 'boots', size: '26.5', date: '2099-12-01' },
    role: 'admin',
    allowedStatus: 404,
  },
  // 割引コード (ADR 0210): admin only, answered by the validation or the lookup of a code that does not exist (nothing
  // is made or changed).
  { method: 'GET', url: '/api/admin/discount-codes', role: 'admin' },
  { method: 'POST', url: '/api/admin/discount-codes', payload: { code: '' }, role: 'admin', allowedStatus: 422 },
  { method: 'GET', url: '/api/admin/discount-codes/999999', role: 'admin', allowedStatus: 404 },
  {
    method: 'POST',
    url: '/api/admin/discount-codes/999999',
    payload: { code: 'WINTER26', kind: 'percent', value: 10 },
    role: 'admin',
    allowedStatus: 404,
  },
  { method: 'POST', url: '/api/admin/discount-codes/999999/delete', role: 'admin', allowedStatus: 404 },
];

async function callAs(who: Who, call: StaffCall) {
  const token = sessions[who];
  const cookies: Record<string, string> = token && who !== 'customer' ? { [STAFF_COOKIE]: token } : {};
  const payload = who === 'customer' ? { ...(call.payload ?? {}), session: token } : call.payload;
  const url =
    who === 'customer' && call.method === 'GET'
      ? `${call.url}${call.url.includes('?') ? '&' : '?'}session=${token}`
      : call.url;
  return t.request({ method: call.method, url, cookies, ...(payload ? { payload } : {}) });
}

describe.each(CALLS)('$method $url', (call) => {
  it.each(['none', 'customer', 'customerCookie', 'madeUp', 'halfSignedIn'] as Who[])(
    'refuses %s with errcd 001',
    async (who) => {
      const res = await callAs(who, call);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errcd: ErrCd.sessionTimeout, errMsg: Msg.staffSessionExpired, response: null });
    },
  );

  it('answers an operator only if the call is an operator call', async () => {
    const res = await callAs('operator', call);
    if (call.role === 'admin') {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.staffForbidden, response: null });
    } else {
      expect(res.statusCode).toBe(call.allowedStatus ?? 200);
    }
  });

  it('answers an admin', async () => {
    const res = await callAs('admin', call);
    expect(res.statusCode).toBe(call.allowedStatus ?? 200);
    if (res.headers['content-type']?.toString().startsWith('application/json') && res.statusCode === 200) {
      expect(res.json().errcd).toBe('000');
    }
  });
});

describe('a staff session never opens a customer call', () => {
  it('is not a customer session, as the body field or as a cookie', async () => {
    const staff = sessions.admin ?? '';
    const asBody = await t.request({ method: 'POST', url: '/api/booking/AA100001', payload: { session: staff } });
    expect(asBody.json().errcd).toBe(ErrCd.sessionTimeout);
    const asCookie = await t.request({
      method: 'POST',
      url: '/api/booking/AA100001',
      payload: { rsvno: 'AA100001' },
      cookies: { [STAFF_COOKIE]: staff },
    });
    expect(asCookie.statusCode).toBeGreaterThanOrEqual(400);
    expect(asCookie.statusCode).toBeLessThan(500);
    // And the customer's own session still works.
    const own = await t.request({
      method: 'POST',
      url: '/api/booking/AA100001',
      payload: { session: sessions.customer },
    });
    expect(own.json().errcd).toBe('000');
  });
});
