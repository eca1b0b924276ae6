import { STAFF_BACKGROUND_HEADER, STAFF_COOKIE } from '@tabi/contract/admin';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts, staffAuditEvents, staffSessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createStaff, disableStaff, listStaff, resetStaffPassword } from './accounts.ts';
import { verifyPassword } from './password.ts';
import { STAFF_FAILURES_PER_ACCOUNT } from './service.ts';
import { insertStaff, nextAddress, signIn, staffCookieOf, TEST_PASSWORD, TEST_TOTP_SECRET } from './test-fixtures.ts';
import { totpCodeAt } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertStaff(t.ctx.db, { mail: 'op@example.jp', role: 'operator' });
  await insertStaff(t.ctx.db, { mail: 'admin@example.jp', role: 'admin', totp: true });
  await insertStaff(t.ctx.db, { mail: 'new-admin@example.jp', role: 'admin' });
  await insertStaff(t.ctx.db, { mail: 'locked@example.jp', role: 'operator' });
  await insertStaff(t.ctx.db, { mail: 'idle@example.jp', role: 'operator' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

function login(mail: string, password: string, remoteAddress = nextAddress()) {
  return t.request({ method: 'POST', url: '/api/admin/login', payload: { mail, password }, remoteAddress });
}
function me(cookie: string | undefined) {
  return t.request({ method: 'GET', url: '/api/admin/me', cookies: cookie ? { [STAFF_COOKIE]: cookie } : {} });
}
async function auditKinds(mail: string): Promise<string[]> {
  const rows = await t.ctx.db.select().from(staffAuditEvents).where(eq(staffAuditEvents.mail, mail));
  return rows.sort((a, b) => a.id - b.id).map((r) => r.kind);
}

describe('staff accounts (npm run ops -- staff:*)', () => {
  it('creates an account with a one-time password that must be changed, and refuses a second one', async () => {
    const issued = await createStaff(t.ctx, { mail: ' Clerk@Example.JP ', role: 'operator' });
    expect(issued).toMatchObject({ mail: 'clerk@example.jp', role: 'operator', generated: true });
    expect(issued.password.length).toBeGreaterThanOrEqual(12);
    const [row] = await t.ctx.db.select().from(staffAccounts).where(eq(staffAccounts.mail, 'clerk@example.jp'));
    expect(row?.mustChangePassword).toBe(true);
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row?.passwordHash).not.toContain(issued.password);
    expect(await verifyPassword(issued.password, row?.passwordHash ?? '')).toBe(true);
    await expect(createStaff(t.ctx, { mail: 'clerk@example.jp', role: 'admin' })).rejects.toMatchObject({
      message: Msg.staffAccountExists,
    });
    await expect(createStaff(t.ctx, { mail: 'not-a-mail', role: 'admin' })).rejects.toMatchObject({
      message: Msg.staffMailInvalid,
    });
    await expect(
      createStaff(t.ctx, { mail: 'short@example.jp', role: 'admin', password: 'short' }),
    ).rejects.toMatchObject({
      message: Msg.staffPasswordTooShort,
    });
    expect(await auditKinds('clerk@example.jp')).toEqual(['account_created']);
  });

  it('an initial password opens only the password change; after it the console answers', async () => {
    const issued = await createStaff(t.ctx, {
      mail: 'first@example.jp',
      role: 'operator',
      password: 'initial-password-1',
    });
    const cookie = await signIn(t, issued.mail, 'initial-password-1');
    expect((await me(cookie)).json().response).toMatchObject({ mustChangePassword: true });
    const blocked = await t.request({
      method: 'GET',
      url: '/api/admin/dashboard',
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errMsg).toBe(Msg.staffMustChangePassword);

    const wrong = await t.request({
      method: 'POST',
      url: '/api/admin/password',
      payload: { current: 'not-the-password', next: 'a-brand-new-password' },
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errMsg).toBe(Msg.staffCurrentPasswordWrong);
    const tooShort = await t.request({
      method: 'POST',
      url: '/api/admin/password',
      payload: { current: 'initial-password-1', next: 'short' },
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(tooShort.statusCode).toBe(422);

    const other = await signIn(t, issued.mail, 'initial-password-1');
    const changed = await t.request({
      method: 'POST',
      url: '/api/admin/password',
      payload: { current: 'initial-password-1', next: 'a-brand-new-password' },
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(changed.json()).toEqual({ errcd: '000', errMsg: '', response: { ok: true } });
    const open = await t.request({ method: 'GET', url: '/api/admin/dashboard', cookies: { [STAFF_COOKIE]: cookie } });
    expect(open.statusCode).toBe(200);
    // The other session of the account ended with the change; the old password no longer signs in.
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(issued.mail, 'initial-password-1')).statusCode).toBe(401);
    expect((await login(issued.mail, 'a-brand-new-password')).statusCode).toBe(200);
    expect(await auditKinds(issued.mail)).toContain('password_changed');
    expect(await auditKinds(issued.mail)).toContain('password_change_failed');
  });

  it('disabling ends the sessions and stops sign-in; a reset issues a new one-time password', async () => {
    await createStaff(t.ctx, { mail: 'leaver@example.jp', role: 'operator', password: 'leaver-password-1' });
    const cookie = await signIn(t, 'leaver@example.jp', 'leaver-password-1');
    await disableStaff(t.ctx, 'LEAVER@example.jp');
    expect((await me(cookie)).statusCode).toBe(401);
    const refused = await login('leaver@example.jp', 'leaver-password-1');
    expect(refused.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.staffLoginFailed, response: null });

    const before = await signIn(t, 'idle@example.jp');
    const reset = await resetStaffPassword(t.ctx, 'idle@example.jp');
    expect((await me(before)).statusCode).toBe(401);
    expect((await login('idle@example.jp', TEST_PASSWORD)).statusCode).toBe(401);
    const after = await signIn(t, 'idle@example.jp', reset.password);
    expect((await me(after)).json().response).toMatchObject({ mustChangePassword: true });
    await expect(resetStaffPassword(t.ctx, 'nobody@example.jp')).rejects.toMatchObject({
      message: Msg.staffAccountNotFound,
    });
    const list = await listStaff(t.ctx);
    expect(list.find((s) => s.mail === 'leaver@example.jp')).toMatchObject({ disabled: true, role: 'operator' });
    expect(list.find((s) => s.mail === 'admin@example.jp')).toMatchObject({ totpEnabled: true, role: 'admin' });
  });
});

describe('POST /api/admin/login', () => {
  it('signs an operator without a second factor in at once, with a strict HttpOnly cookie for /api/admin', async () => {
    const res = await login('op@example.jp', TEST_PASSWORD);
    expect(res.json()).toMatchObject({ errcd: '000', response: { next: 'done', staff: { role: 'operator' } } });
    const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect(cookie?.secure).toBeFalsy();
    const rows = await t.ctx.db.select().from(staffSessions);
    expect(rows.map((r) => r.tokenHash)).not.toContain(cookie?.value);
    expect((await me(cookie?.value)).json().response).toMatchObject({ mail: 'op@example.jp', role: 'operator' });
    expect(await auditKinds('op@example.jp')).toContain('login');
  });

  it('answers a wrong mail, a wrong password and a disabled account with the same message, each audited', async () => {
    const answers = [
      await login('nobody@example.jp', TEST_PASSWORD),
      await login('op@example.jp', 'wrong-password-here'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.staffLoginFailed, response: null });
      expect(staffCookieOf(res)).toBeUndefined();
    }
    const failures = await t.ctx.db.select().from(staffAuditEvents).where(eq(staffAuditEvents.kind, 'login_failed'));
    expect(failures.map((f) => [f.mail, f.detail.reason])).toEqual(
      expect.arrayContaining([
        ['nobody@example.jp', 'unknown_mail'],
        ['op@example.jp', 'wrong_password'],
      ]),
    );
  });

  it('asks an admin for the TOTP code; a wrong, a replayed and a right code', async () => {
    const remoteAddress = nextAddress();
    const first = await login('admin@example.jp', TEST_PASSWORD, remoteAddress);
    expect(first.json().response).toEqual({ next: 'totp', staff: null });
    const pending = staffCookieOf(first);
    // Half signed in is not signed in.
    expect((await me(pending)).statusCode).toBe(401);
    const totp = (code: string, cookie = pending) =>
      t.request({
        method: 'POST',
        url: '/api/admin/login/totp',
        payload: { code },
        cookies: { [STAFF_COOKIE]: cookie ?? '' },
        remoteAddress,
      });
    const wrong = await totp('000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errMsg).toBe(Msg.staffTotpFailed);
    const code = totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    const right = await totp(code);
    expect(right.json().response).toMatchObject({ next: 'done', staff: { role: 'admin', totpEnabled: true } });
    const full = staffCookieOf(right);
    expect(full).toBeDefined();
    expect(full).not.toBe(pending);
    expect((await me(full)).statusCode).toBe(200);
    expect((await me(pending)).statusCode).toBe(401);

    // The same code once more, in a new sign-in within its 30 seconds: refused.
    const again = staffCookieOf(await login('admin@example.jp', TEST_PASSWORD, remoteAddress));
    const replay = await totp(code, again);
    expect(replay.statusCode).toBe(401);
    const kinds = await auditKinds('admin@example.jp');
    expect(kinds).toEqual(expect.arrayContaining(['password_accepted', 'totp_failed', 'login']));
  });

  it('lets the second step wait 10 minutes at most', async () => {
    const pending = staffCookieOf(await login('admin@example.jp', TEST_PASSWORD));
    t.clock.advance(11 * 60_000);
    const late = await t.request({
      method: 'POST',
      url: '/api/admin/login/totp',
      payload: { code: totpCodeAt(TEST_TOTP_SECRET, t.clock.now()) },
      cookies: { [STAFF_COOKIE]: pending ?? '' },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ errcd: ErrCd.sessionTimeout, errMsg: Msg.staffSecondStepExpired });
  });

  it('makes an admin without a second factor enrol one before the console opens', async () => {
    const first = await login('new-admin@example.jp', TEST_PASSWORD);
    expect(first.json().response).toEqual({ next: 'enrol', staff: null });
    const pending = staffCookieOf(first) ?? '';
    expect((await me(pending)).statusCode).toBe(401);
    const setup = await t.request({
      method: 'GET',
      url: '/api/admin/totp/setup',
      cookies: { [STAFF_COOKIE]: pending },
    });
    const { secret, otpauthUrl, qrSvg } = setup.json().response;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(otpauthUrl).toContain(secret);
    expect(qrSvg).toMatch(/^<svg/);
    const enable = (code: string) =>
      t.request({
        method: 'POST',
        url: '/api/admin/totp/enable',
        payload: { code },
        cookies: { [STAFF_COOKIE]: pending },
      });
    expect((await enable('123456')).json().errMsg).toBe(Msg.staffTotpFailed);
    const done = await enable(totpCodeAt(secret, t.clock.now()));
    expect(done.json().response).toMatchObject({ next: 'done', staff: { totpEnabled: true } });
    const full = staffCookieOf(done);
    expect((await me(full)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(staffAccounts).where(eq(staffAccounts.mail, 'new-admin@example.jp'));
    expect(row).toMatchObject({ totpSecret: secret, totpPendingSecret: null });
    // From now on the code is asked for at sign-in.
    expect((await login('new-admin@example.jp', TEST_PASSWORD)).json().response.next).toBe('totp');
    expect(await auditKinds('new-admin@example.jp')).toContain('totp_enrolled');
  });

  it('locks an account after 5 failures, from any address, for 15 minutes', async () => {
    for (let i = 0; i < STAFF_FAILURES_PER_ACCOUNT; i++) {
      expect((await login('locked@example.jp', `wrong-password-${i}`)).statusCode).toBe(401);
    }
    const blocked = await login('locked@example.jp', TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.staffLoginRateLimited, response: null });
    expect(await auditKinds('locked@example.jp')).toContain('login_locked');
    t.clock.advance(16 * 60_000);
    expect((await login('locked@example.jp', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits attempts per client address', async () => {
    // A lower limit than the default 30 for this test: each attempt with an unknown mail verifies the decoy hash at
    // production cost (32 MiB of scrypt), 7 s for thirty of them.
    const limit = t.config.loginLimitPerIp;
    t.config.loginLimitPerIp = 4;
    try {
      const ip = '203.0.113.50';
      for (let i = 0; i < t.config.loginLimitPerIp; i++) {
        expect((await login(`nobody${i}@example.jp`, 'whatever-password', ip)).statusCode).toBe(401);
      }
      expect((await login('op@example.jp', TEST_PASSWORD, ip)).statusCode).toBe(429);
      expect((await login('op@example.jp', TEST_PASSWORD, '203.0.113.51')).statusCode).toBe(200);
    } finally {
      t.config.loginLimitPerIp = limit;
    }
  });

  it('needs the anti-forgery token like every other call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { mail: 'op@example.jp', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(419);
  });
});

describe('staff sessions', () => {
  it('end after 30 idle minutes; activity keeps them alive', async () => {
    const cookie = await signIn(t, 'op@example.jp');
    t.clock.advance(29 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errcd: ErrCd.sessionTimeout, errMsg: Msg.staffSessionExpired });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('end after 30 idle minutes however often the console refreshes by itself', async () => {
    const cookie = await signIn(t, 'op@example.jp');
    const poll = () =>
      t.request({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: { [STAFF_BACKGROUND_HEADER]: '1' },
        cookies: { [STAFF_COOKIE]: cookie },
      });
    // The dashboard left open: its once-a-minute refresh is answered, but the person did nothing for 30 minutes.
    for (let minute = 1; minute <= 30; minute += 1) {
      t.clock.advance(60_000);
      expect((await poll()).statusCode).toBe(200);
    }
    t.clock.advance(60_000);
    const ended = await poll();
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ errcd: ErrCd.sessionTimeout, errMsg: Msg.staffSessionExpired });

    // What the person does counts, polls in between or not: a click after 20 polled minutes gives 30 more.
    const active = await signIn(t, 'op@example.jp');
    const pollActive = () =>
      t.request({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: { [STAFF_BACKGROUND_HEADER]: '1' },
        cookies: { [STAFF_COOKIE]: active },
      });
    t.clock.advance(20 * 60_000);
    expect((await pollActive()).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/bookings', cookies: { [STAFF_COOKIE]: active } })).statusCode,
    ).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await pollActive()).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await pollActive()).statusCode).toBe(401);
  });

  it('end 12 hours after sign-in however busy', async () => {
    const cookie = await signIn(t, 'op@example.jp');
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      t.clock.advance(20 * 60_000);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    t.clock.advance(25 * 60_000);
    expect((await me(cookie)).statusCode).toBe(401);
    const expired = await t.ctx.db.select().from(staffAuditEvents).where(eq(staffAuditEvents.kind, 'session_expired'));
    expect(expired.map((e) => e.detail.reason)).toEqual(expect.arrayContaining(['idle', 'absolute']));
  });

  it('end on the server at logout', async () => {
    const cookie = await signIn(t, 'op@example.jp');
    const out = await t.request({ method: 'POST', url: '/api/admin/logout', cookies: { [STAFF_COOKIE]: cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === STAFF_COOKIE)?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await auditKinds('op@example.jp')).toContain('logout');
  });

  it('are marked Secure when SECURE_COOKIES=true', async () => {
    const secure = await createTestApp({ config: { secureCookies: true } });
    try {
      await insertStaff(secure.ctx.db, { mail: 'op@example.jp', role: 'operator' });
      const res = await secure.request({
        method: 'POST',
        url: '/api/admin/login',
        payload: { mail: 'op@example.jp', password: TEST_PASSWORD },
      });
      expect(res.cookies.find((c) => c.name === STAFF_COOKIE)).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await secure.close();
    }
  });
});
