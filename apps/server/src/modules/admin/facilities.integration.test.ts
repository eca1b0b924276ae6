/**
 * 施設とクーポン: a new PIN opens the facility's coupons and the old one no longer does (stored hashed,
 * never answered); a disabled facility takes no coupon; a booking's lockout is cleared; the usage report per
 * facility and month (uses, adults, children) and its CSV; each change is a staff audit event.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { couponDetailResponse, couponListResponse } from '@tabi/contract/coupon';
import { tokyoYmd } from '@tabi/contract/dates';
import { CatalogMsg, Msg } from '@tabi/contract/messages';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, facilities, staffAuditEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { hashPin } from '../coupon/pin.ts';
import { FIXTURE_OPTIONS, FIXTURE_PIN, insertBooking, insertCatalog, loginAs, post } from '../mypage/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';

let t: TestApp;
let cookie: string;
let today: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  today = tokyoYmd(t.clock.now());
  await insertCatalog(t.ctx.db, hashPin);
  await insertStaff(t.ctx.db, { mail: 'facility-admin@example.jp', role: 'admin', totp: true });
  cookie = await staffSession(t, 'facility-admin@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const staffGet = (url: string) => t.request({ method: 'GET', url, cookies: { [STAFF_COOKIE]: cookie } });
const staffPost = (url: string, payload: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url, payload, cookies: { [STAFF_COOKIE]: cookie } });

async function couponBooking() {
  counter += 1;
  const rsvno = `FC${String(counter).padStart(6, '0')}`;
  await insertBooking(
    t.ctx.db,
    {
      rsvno,
      fromdate: today,
      pkcd: 'PKF001',
      options: [{ opcd: FIXTURE_OPTIONS.couponA }],
    },
    t.clock.now(),
  );
  return { rsvno, pkcd: 'PKF001', session: await loginAs(t, rsvno) };
}
const use = (b: { session: string; pkcd: string }, usekey: string, adultqty = '1', childqty = '0') =>
  post(t, '/api/coopon/use', {
    session: b.session,
    opcd: FIXTURE_OPTIONS.couponA,
    pkcd: b.pkcd,
    adultqty,
    childqty,
    usekey,
  });

describe('facilities', () => {
  it('lists facilities with their options and never their PIN', async () => {
    const res = await staffGet('/api/admin/facilities');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('scrypt');
    const rows = res.json().response;
    expect(rows[0]).toMatchObject({ id: 101, name: 'テスト施設', disabled: false });
    expect(rows[0].options.map((o: { opcd: string }) => o.opcd)).toContain(FIXTURE_OPTIONS.couponA);
  });

  it('sets a new PIN: hashed like the seed, answered with nothing, the old PIN refused', async () => {
    const res = await staffPost('/api/admin/facilities/101/pin', { pin: '２４６８' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('2468');
    const [row] = await t.ctx.db.select().from(facilities).where(eq(facilities.id, 101));
    expect(row?.pinHash).toMatch(/^scrypt\$/);
    const b = await couponBooking();
    expect((await use(b, FIXTURE_PIN)).body.errMsg).toBe(Msg.couponPinWrong);
    expect((await use(b, '2468')).body.errcd).toBe('000');
    const bad = await staffPost('/api/admin/facilities/101/pin', { pin: '12a' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errMsg).toContain(CatalogMsg.facilityPinInvalid);
    const events = await t.ctx.db.select().from(staffAuditEvents).where(eq(staffAuditEvents.kind, 'facility.pin_set'));
    expect(events.map((e) => e.detail)).toEqual([{ facilityId: 101 }]);
  });

  it('a disabled facility takes no coupon, and takes them again once enabled', async () => {
    const b = await couponBooking();
    expect((await staffPost('/api/admin/facilities/101/disable')).statusCode).toBe(200);
    const refused = await use(b, '2468');
    expect(refused.body.errMsg).toBe(CatalogMsg.couponFacilityDisabled);
    expect((await staffPost('/api/admin/facilities/101/enable')).statusCode).toBe(200);
    expect((await use(b, '2468')).body.errcd).toBe('000');
    expect((await staffPost('/api/admin/facilities/999/disable')).statusCode).toBe(404);
  });

  it('says a stopped facility on the coupon list and the coupon, before a PIN is typed', async () => {
    const b = await couponBooking();
    const stopped = async () => {
      const list = await post(t, '/api/coopon', { session: b.session });
      const one = await post(t, `/api/coopon/${FIXTURE_OPTIONS.couponA}/${b.pkcd}`, { session: b.session });
      const listed = couponListResponse.parse(list.body).response?.optionList[0]?.facility_stopped;
      return [listed, couponDetailResponse.parse(one.body).response?.facility_stopped];
    };
    expect(await stopped()).toEqual([false, false]);
    expect((await staffPost('/api/admin/facilities/101/disable')).statusCode).toBe(200);
    expect(await stopped()).toEqual([true, true]);
    expect((await staffPost('/api/admin/facilities/101/enable')).statusCode).toBe(200);
    expect(await stopped()).toEqual([false, false]);
  });

  it('clears a booking’s coupon lockout', async () => {
    const b = await couponBooking();
    for (let i = 0; i < 5; i++) await use(b, `000${i}`);
    expect((await use(b, '2468')).status).toBe(429);
    // Typed in lower case, as a clerk on the phone might.
    const cleared = await staffPost(`/api/admin/coupons/${b.rsvno.toLowerCase()}/clear-lock`);
    expect(cleared.json().response).toEqual({ cleared: 5 });
    expect((await use(b, '2468')).body.errcd).toBe('000');
    const [event] = await t.ctx.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.rsvno, b.rsvno))
      .orderBy(desc(bookingEvents.id))
      .limit(1);
    expect(event).toMatchObject({ action: 'coupon_lock_cleared', actorKind: 'staff', after: { cleared_failures: 5 } });
    // 予約詳細 lists every attempt: the five wrong PINs (cleared), the one refused while locked, and the use.
    const detail = await staffGet(`/api/admin/bookings/${b.rsvno}`);
    const outcomes = (detail.json().response.couponUses as { outcome: string }[]).map((u) => u.outcome);
    expect(outcomes).toEqual([...Array(5).fill('bad_pin_cleared'), 'locked', 'used']);
    // A booking that does not exist is not reported as cleared.
    const unknown = await staffPost('/api/admin/coupons/ZZ999999/clear-lock');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errcd: '999', errMsg: Msg.bookingNotFound, response: null });
  });

  it('reports uses, adults and children per facility for a month, as JSON and CSV', async () => {
    const b = await couponBooking();
    expect((await use(b, '2468', '2', '1')).body.errcd).toBe('000');
    const month = `${today.slice(0, 4)}-${today.slice(4, 6)}`;
    const res = await staffGet(`/api/admin/facilities/usage?month=${month}`);
    const rows = res.json().response.rows as { facilityId: number; uses: number; adults: number; children: number }[];
    // 101: the uses above (1 + 1 + 1 adult, then 2 adults 1 child); 102: none.
    expect(rows.find((r) => r.facilityId === 101)).toMatchObject({ uses: 4, adults: 5, children: 1 });
    expect(rows.find((r) => r.facilityId === 102)).toMatchObject({ uses: 0, adults: 0, children: 0 });
    const csv = await staffGet(`/api/admin/facilities/usage.csv?month=${month}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('利用回数');
    expect(csv.body).toContain(`"${month}","101","テスト施設","4","5","1"`);
    const other = await staffGet('/api/admin/facilities/usage?month=2020-01');
    expect(other.json().response.rows.every((r: { uses: number }) => r.uses === 0)).toBe(true);
  });
});
