import { ErrCd } from '@tabi/contract/constants';
import { addDays, tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSessions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { FIXTURE_OPTIONS, FIXTURE_TEL, insertBooking, insertCatalog, loginAs, post } from '../mypage/test-fixtures.ts';
import { bookingCapabilityCookie } from '../payment/capability.ts';
import { LOGIN_FAILURES_PER_BOOKING, requireSession } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const today = tokyoYmd(t.clock.now());
  await insertCatalog(t.ctx.db, (pin) => `plain:${pin}`);
  for (const rsvno of ['SS000001', 'SS000002', 'SS000003', 'SS000004']) {
    await insertBooking(
      t.ctx.db,
      { rsvno, fromdate: addDays(today, 10), options: [{ opcd: FIXTURE_OPTIONS.tour }] },
      t.clock.now(),
    );
  }
});
afterAll(async () => {
  await t.close();
});

function login(rsvno: string, tel: string, remoteAddress = '192.0.2.1') {
  return t.request({ method: 'POST', url: '/api/mylogin', payload: { rsvno, tel }, remoteAddress });
}

async function expectThrows(promise: Promise<unknown>, errcd: string, httpStatus: number): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).errcd).toBe(errcd);
  expect((error as AppError).httpStatus).toBe(httpStatus);
}

describe('POST /api/mylogin', () => {
  it('logs in with booking number and phone and stores only a hash of the session token', async () => {
    const res = await login('SS000001', FIXTURE_TEL);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ errcd: '000', errMsg: '', response: { rsvno: 'SS000001' } });
    expect(body.response.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.ctx.db.select().from(customerSessions);
    expect(rows.map((r) => r.tokenHash)).not.toContain(body.response.session);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it.each([
    ['digits only', '09012345678'],
    ['full-width digits and hyphens', '０９０－１２３４－５６７８'],
    ['spaces and long-vowel dashes', ' 090 ー 1234 ー 5678 '],
  ])('compares the phone number normalised (%s)', async (_label, tel) => {
    const res = await login('SS000002', tel, '192.0.2.2');
    expect(res.json()).toMatchObject({ errcd: '000' });
  });

  it('accepts a booking number typed in lower case', async () => {
    const res = await login('ss000002', FIXTURE_TEL, '192.0.2.3');
    expect(res.json()).toMatchObject({ errcd: '000', response: { rsvno: 'SS000002' } });
  });

  it('answers the same message whether the booking or the phone is wrong', async () => {
    const wrongPhone = await login('SS000003', '090-0000-0000', '192.0.2.4');
    const wrongBooking = await login('ZZ999999', FIXTURE_TEL, '192.0.2.4');
    for (const res of [wrongPhone, wrongBooking]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.loginFailed, response: null });
    }
  });

  it('refuses malformed input with a Japanese 4xx', async () => {
    for (const payload of [{ rsvno: 'SS000001' }, { rsvno: '', tel: '1' }, { rsvno: 12, tel: [] }, 'x']) {
      const res = await t.request({ method: 'POST', url: '/api/mylogin', payload, remoteAddress: '192.0.2.5' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().errcd).toBe('999');
      expect(res.json().errMsg).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('stops guessing the phone of one booking after 5 failures, even from many addresses', async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_BOOKING; i++) {
      const res = await login('SS000004', `090-0000-000${i}`, `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login('SS000004', FIXTURE_TEL, '198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.loginRateLimited, response: null });
    // Other bookings are unaffected; after the window the right phone works again.
    expect((await login('SS000003', FIXTURE_TEL, '198.51.100.98')).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await login('SS000004', FIXTURE_TEL, '198.51.100.97')).statusCode).toBe(200);
  });

  it('limits attempts per client address across booking numbers', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < t.config.loginLimitPerIp; i++) {
      const res = await login(`XX${String(i).padStart(6, '0')}`, FIXTURE_TEL, ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login('SS000001', FIXTURE_TEL, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errMsg).toBe(Msg.loginRateLimited);
    expect((await login('SS000001', FIXTURE_TEL, '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('requireSession', () => {
  it('accepts its own booking and refreshes last_seen_at', async () => {
    const token = await loginAs(t, 'SS000001');
    await expect(requireSession(t.ctx, token, 'SS000001')).resolves.toEqual({ rsvno: 'SS000001' });
    await expect(requireSession(t.ctx, token)).resolves.toEqual({ rsvno: 'SS000001' });
    // 50 + 50 minutes of activity: each call restarts the idle period.
    t.clock.advance(50 * 60_000);
    await requireSession(t.ctx, token);
    t.clock.advance(50 * 60_000);
    await expect(requireSession(t.ctx, token)).resolves.toEqual({ rsvno: 'SS000001' });
  });

  it('answers 001 for an absent or unknown token', async () => {
    await expectThrows(requireSession(t.ctx, undefined), ErrCd.sessionTimeout, 401);
    await expectThrows(requireSession(t.ctx, ''), ErrCd.sessionTimeout, 401);
    await expectThrows(requireSession(t.ctx, 'not-a-session'), ErrCd.sessionTimeout, 401);
  });

  it('refuses a session used for another booking with 403', async () => {
    const token = await loginAs(t, 'SS000001');
    await expectThrows(requireSession(t.ctx, token, 'SS000002'), ErrCd.generic, 403);
  });

  it('expires after 60 idle minutes and forgets the session', async () => {
    const token = await loginAs(t, 'SS000002');
    t.clock.advance(61 * 60_000);
    await expectThrows(requireSession(t.ctx, token), ErrCd.sessionTimeout, 401);
    t.clock.advance(-61 * 60_000);
    await expectThrows(requireSession(t.ctx, token), ErrCd.sessionTimeout, 401);
  });
});

describe('POST /api/mylogout', () => {
  async function couponList(session: string) {
    return (await post(t, '/api/coopon', { session })).body;
  }

  it('ends the session on the server: the old token is refused afterwards', async () => {
    const token = await loginAs(t, 'SS000001');
    expect((await couponList(token)).errcd).toBe(ErrCd.success);
    const res = await post(t, '/api/mylogout', { session: token });
    expect(res).toEqual({ status: 200, body: { errcd: ErrCd.success, errMsg: '', response: null } });
    expect(await couponList(token)).toEqual({
      errcd: ErrCd.sessionTimeout,
      errMsg: Msg.sessionTimeout,
      response: null,
    });
    // Other sessions of the same booking stay.
    const other = await loginAs(t, 'SS000001');
    expect((await couponList(other)).errcd).toBe(ErrCd.success);
  });

  it('answers the same for a token that is unknown or already ended', async () => {
    const token = await loginAs(t, 'SS000002');
    await post(t, '/api/mylogout', { session: token });
    for (const session of [token, 'never-issued']) {
      expect(await post(t, '/api/mylogout', { session })).toEqual({
        status: 200,
        body: { errcd: ErrCd.success, errMsg: '', response: null },
      });
    }
  });

  it('needs the anti-forgery token and a session field', async () => {
    const token = await loginAs(t, 'SS000003');
    const forged = await t.app.inject({ method: 'POST', url: '/api/mylogout', payload: { session: token } });
    expect(forged.statusCode).toBe(419);
    expect((await couponList(token)).errcd).toBe(ErrCd.success);
    const missing = await post(t, '/api/mylogout', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errcd).toBe(ErrCd.generic);
  });
});

describe('absolute session lifetime', () => {
  it('ends a session 24 hours after login however busy it was', async () => {
    const start = t.clock.now();
    try {
      const token = await loginAs(t, 'SS000003');
      // In use every 50 minutes for 24 hours: never idle, still ended.
      for (let elapsed = 50; elapsed < 24 * 60; elapsed += 50) {
        t.clock.advance(50 * 60_000);
        await expect(requireSession(t.ctx, token)).resolves.toEqual({ rsvno: 'SS000003' });
      }
      t.clock.set(new Date(start.getTime() + 24 * 3_600_000 + 60_000));
      await expectThrows(requireSession(t.ctx, token), ErrCd.sessionTimeout, 401);
      // And it was forgotten, not just refused once.
      t.clock.set(start);
      await expectThrows(requireSession(t.ctx, token), ErrCd.sessionTimeout, 401);
    } finally {
      t.clock.set(start);
    }
  });
});

describe('POST /api/mylogin/booked (the browser that booked opens its booking)', () => {
  const booked = (rsvno: string, cookies: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/mylogin/booked', payload: { rsvno }, cookies, remoteAddress: '192.0.2.50' });

  it('gives the browser that holds the booking’s purchase cookie a session for it, and no other', async () => {
    const cookie = bookingCapabilityCookie(t.config.appKey, 'SS000003', t.clock.now());
    const res = await booked('ss000003', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { session, rsvno } = res.json().response;
    expect(rsvno).toBe('SS000003');
    await expect(requireSession(t.ctx, session, 'SS000003')).resolves.toMatchObject({ rsvno: 'SS000003' });
    // Another booking with this cookie, or this booking without it: refused alike.
    for (const refused of [await booked('SS000004', cookie), await booked('SS000003')]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errMsg).toBe(Msg.bookedLoginExpired);
    }
  });
});
