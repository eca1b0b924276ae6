/**
 * スタッフ in the console: an admin adds, changes, disables, enables and resets accounts; every
 * change is audited with who made it; no admin disables or demotes themselves, and none leaves the company
 * without an active admin, also when two admins try it on each other at once.
 */
import { STAFF_COOKIE, type StaffChange } from '@tabi/contract/admin';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts, staffAuditEvents, staffSessions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { disableStaff, resetStaffTotp } from './accounts.ts';
import { insertStaff, nextAddress, postStaffCall, signIn, TEST_PASSWORD } from './test-fixtures.ts';

let t: TestApp;
let admin = '';
let adminId = 0;
beforeAll(async () => {
  t = await createTestApp();
  adminId = await insertStaff(t.ctx.db, { mail: 'boss@example.jp', role: 'admin', totp: true });
  admin = await signIn(t, 'boss@example.jp');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const call = (cookie: string, url: string, payload?: Record<string, unknown>) => postStaffCall(t, cookie, url, payload);
function login(mail: string, password: string) {
  return t.request({
    method: 'POST',
    url: '/api/admin/login',
    payload: { mail, password },
    remoteAddress: nextAddress(),
  });
}
async function audit(mail: string) {
  const rows = await t.ctx.db.select().from(staffAuditEvents).where(eq(staffAuditEvents.mail, mail));
  return rows.sort((a, b) => a.id - b.id).map((r) => ({ kind: r.kind, by: r.detail.by }));
}
async function accountOf(mail: string) {
  const [row] = await t.ctx.db.select().from(staffAccounts).where(eq(staffAccounts.mail, mail));
  if (!row) throw new Error(`no account ${mail}`);
  return row;
}

describe('スタッフ (admin)', () => {
  it('adds an operator with a one-time password shown once; the operator must change it at sign-in', async () => {
    const res = await call(admin, '', { mail: ' Clerk@Example.jp ', role: 'operator' });
    expect(res.statusCode).toBe(200);
    const { staff, password } = res.json().response as StaffChange;
    expect(staff).toMatchObject({ mail: 'clerk@example.jp', role: 'operator', disabled: false, totpEnabled: false });
    expect(password).toMatch(/^\S{12,}$/);
    // The password is not kept anywhere readable: a second look at the list has none.
    const list = await t.request({ method: 'GET', url: '/api/admin/staff', cookies: { [STAFF_COOKIE]: admin } });
    expect(JSON.stringify(list.json())).not.toContain(password ?? '-');
    const first = await login('clerk@example.jp', password ?? '');
    expect(first.json().response).toMatchObject({ next: 'done', staff: { mustChangePassword: true } });
    expect(await audit('clerk@example.jp')).toContainEqual({ kind: 'account_created', by: 'boss@example.jp' });

    const again = await call(admin, '', { mail: 'clerk@example.jp', role: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errMsg).toBe(Msg.staffAccountExists);
    const invalid = await call(admin, '', { mail: 'not-a-mail', role: 'operator' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errMsg).toBe(Msg.staffMailInvalid);
  });

  it('changes a role, disables (sessions end, sign-in refused) and enables again, each audited', async () => {
    const id = await insertStaff(t.ctx.db, { mail: 'desk@example.jp', role: 'operator' });
    const desk = await signIn(t, 'desk@example.jp');
    const promoted = await call(admin, `/${id}/role`, { role: 'admin' });
    expect(promoted.json().response.staff).toMatchObject({ role: 'admin' });
    // A change of role ends the account's sessions: the new role applies from the next sign-in.
    expect(await t.ctx.db.select().from(staffSessions).where(eq(staffSessions.staffId, id))).toEqual([]);
    expect((await call(desk, '', { mail: 'x@example.jp', role: 'operator' })).statusCode).toBe(401);

    const disabled = await call(admin, `/${id}/disable`);
    expect(disabled.json().response.staff).toMatchObject({ disabled: true });
    expect((await login('desk@example.jp', TEST_PASSWORD)).statusCode).toBe(401);
    const enabled = await call(admin, `/${id}/enable`);
    expect(enabled.json().response.staff).toMatchObject({ disabled: false });
    expect((await login('desk@example.jp', TEST_PASSWORD)).statusCode).toBe(200);
    expect(await audit('desk@example.jp')).toEqual(
      expect.arrayContaining([
        { kind: 'role_changed', by: 'boss@example.jp' },
        { kind: 'account_disabled', by: 'boss@example.jp' },
        { kind: 'account_enabled', by: 'boss@example.jp' },
      ]),
    );
  });

  it('resets a password (the old one stops working) and a lost authenticator (enrolment at the next sign-in)', async () => {
    const id = await insertStaff(t.ctx.db, { mail: 'phone-lost@example.jp', role: 'operator', totp: true });
    const reset = await call(admin, `/${id}/reset-password`);
    const password = reset.json().response.password as string;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await login('phone-lost@example.jp', TEST_PASSWORD)).statusCode).toBe(401);

    const totp = await call(admin, `/${id}/reset-totp`);
    expect(totp.json().response).toEqual({ staff: expect.objectContaining({ totpEnabled: false }), password: null });
    // An operator who had a second factor never falls back to the password alone: enrolment is asked.
    expect((await login('phone-lost@example.jp', password)).json().response).toEqual({ next: 'enrol', staff: null });
    expect(await accountOf('phone-lost@example.jp')).toMatchObject({ totpSecret: null, totpRequired: true });
    expect((await audit('phone-lost@example.jp')).map((a) => a.kind)).toEqual(
      expect.arrayContaining(['password_reset', 'totp_reset']),
    );
  });

  it('refuses an admin disabling or demoting themselves', async () => {
    for (const [url, payload] of [[`/${adminId}/disable`], [`/${adminId}/role`, { role: 'operator' }]] as const) {
      const res = await call(admin, url, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.staffNotOnSelf, response: null });
    }
    expect(await accountOf('boss@example.jp')).toMatchObject({ role: 'admin', disabledAt: null });
  });

  it('leaves one active admin when two admins demote each other at once', async () => {
    // Only two admins: every other one made so far is disabled or demoted first.
    await t.ctx.db.update(staffAccounts).set({ role: 'operator' }).where(eq(staffAccounts.mail, 'desk@example.jp'));
    const aId = await insertStaff(t.ctx.db, { mail: 'a-admin@example.jp', role: 'admin', totp: true });
    const bId = await insertStaff(t.ctx.db, { mail: 'b-admin@example.jp', role: 'admin', totp: true });
    await t.ctx.db.update(staffAccounts).set({ disabledAt: t.clock.now() }).where(eq(staffAccounts.id, adminId));
    const a = await signIn(t, 'a-admin@example.jp');
    const b = await signIn(t, 'b-admin@example.jp');
    const [ab, ba] = await Promise.all([
      call(a, `/${bId}/role`, { role: 'operator' }),
      call(b, `/${aId}/role`, { role: 'operator' }),
    ]);
    const statuses = [ab, ba].map((r) => r.statusCode).sort();
    // The loser finds the winner's change: the last admin (409), its session ended (401), or its role gone (403).
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = (await t.ctx.db.select().from(staffAccounts)).filter((r) => r.role === 'admin' && !r.disabledAt);
    expect(admins).toHaveLength(1);

    // The command line keeps the same rule.
    const last = admins[0]?.mail ?? '';
    await expect(disableStaff(t.ctx, last)).rejects.toThrow(AppError);
    await expect(disableStaff(t.ctx, last)).rejects.toMatchObject({ message: Msg.staffLastAdmin });
    await t.ctx.db.update(staffAccounts).set({ disabledAt: null }).where(eq(staffAccounts.id, adminId));
  });

  it('npm run ops -- staff:reset-totp: an admin who lost the authenticator enrols again', async () => {
    await resetStaffTotp(t.ctx, 'boss@example.jp');
    expect((await login('boss@example.jp', TEST_PASSWORD)).json().response).toEqual({ next: 'enrol', staff: null });
    expect(await audit('boss@example.jp')).toContainEqual({ kind: 'totp_reset', by: 'ops' });
    await expect(resetStaffTotp(t.ctx, 'nobody@example.jp')).rejects.toMatchObject({
      message: Msg.staffAccountNotFound,
    });
  });

  it('answers an operator with 403 and an unknown id with 404', async () => {
    await insertStaff(t.ctx.db, { mail: 'plain-op@example.jp', role: 'operator' });
    const op = await signIn(t, 'plain-op@example.jp');
    expect((await call(op, `/${adminId}/disable`)).statusCode).toBe(403);
    const [survivor] = (await t.ctx.db.select().from(staffAccounts)).filter(
      (r) => r.role === 'admin' && r.totpSecret !== null && !r.disabledAt,
    );
    const missing = await call(await signIn(t, survivor?.mail ?? ''), '/999999/enable');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errMsg).toBe(Msg.staffNotFound);
  });
});
