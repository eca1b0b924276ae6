import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts, staffAuditEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertStaff, postStaffCall, signIn } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const call = (cookie: string, url: string, payload?: Record<string, unknown>) => postStaffCall(t, cookie, url, payload);

/**
 * Starts the requests together: their first queries wait behind a transaction held open for a moment, so that on
 * PGlite (one connection) they interleave from the start as they would on a pool of PostgreSQL connections.
 */
async function together<T>(start: () => Promise<T>[]): Promise<T[]> {
  const started = await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    const all = start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { all };
  });
  return Promise.all(started.all);
}

async function auditOf(kind: string) {
  return t.ctx.db.select().from(staffAuditEvents).where(eq(staffAuditEvents.kind, kind));
}

async function activeAdmins(): Promise<string[]> {
  const rows = await t.ctx.db.select().from(staffAccounts).where(eq(staffAccounts.role, 'admin'));
  return rows.filter((r) => r.disabledAt === null).map((r) => r.mail);
}

/** Every answer is the envelope: a success, or the refusal of an actor who is no longer allowed (never a 500). */
function expectAllowedOrRefused(res: { statusCode: number; json: () => unknown }): void {
  expect([200, 401, 403]).toContain(res.statusCode);
  expect(res.json()).toMatchObject({ errcd: expect.any(String), errMsg: expect.any(String) });
}

describe('staff changes under concurrency', () => {
  it('a disabled admin’s requests already in flight create no account and return no password', async () => {
    const goneId = await insertStaff(t.ctx.db, { mail: 'leaving@example.jp', role: 'admin', totp: true });
    await insertStaff(t.ctx.db, { mail: 'keeper@example.jp', role: 'admin', totp: true });
    const gone = await signIn(t, 'leaving@example.jp');
    const keeper = await signIn(t, 'keeper@example.jp');
    const [disabled, ...answers] = await together(() => [
      call(keeper, `/${goneId}/disable`),
      ...Array.from({ length: 20 }, (_, i) => call(gone, '', { mail: `inflight-${i}@example.jp`, role: 'admin' })),
    ]);
    expect(disabled?.statusCode).toBe(200);

    const [disabling] = (await auditOf('account_disabled')).filter((a) => a.staffId === goneId);
    if (!disabling) throw new Error('no disable audited');
    const made = (await auditOf('account_created')).filter((a) => a.detail.byId === goneId);
    // Whatever was created was created before the account was disabled, never after.
    for (const m of made) expect(m.id).toBeLessThan(disabling.id);
    const succeeded = answers.filter((r) => r.statusCode === 200);
    expect(succeeded).toHaveLength(made.length);
    for (const res of answers) expectAllowedOrRefused(res);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.json()).toMatchObject({ response: null });
    }
  });

  it('of two admins demoting each other at once (three admins), one succeeds and the other is refused', async () => {
    for (let round = 0; round < 3; round += 1) {
      const aMail = `mutual-a${round}@example.jp`;
      const bMail = `mutual-b${round}@example.jp`;
      const aId = await insertStaff(t.ctx.db, { mail: aMail, role: 'admin', totp: true });
      const bId = await insertStaff(t.ctx.db, { mail: bMail, role: 'admin', totp: true });
      const a = await signIn(t, aMail);
      const b = await signIn(t, bMail);
      const before = (await activeAdmins()).length;
      const [ab, ba] = await together(() => [
        call(a, `/${bId}/role`, { role: 'operator' }),
        call(b, `/${aId}/role`, { role: 'operator' }),
      ]);
      if (!ab || !ba) throw new Error('no answers');
      expectAllowedOrRefused(ab);
      expectAllowedOrRefused(ba);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).not.toBe(200);
      const admins = await activeAdmins();
      expect(admins).toHaveLength(before - 1);
      expect(admins.filter((m) => m === aMail || m === bMail)).toHaveLength(1);
    }
  });

  it('a demoted admin’s requests already in flight change no account', async () => {
    const demotedId = await insertStaff(t.ctx.db, { mail: 'demoted@example.jp', role: 'admin', totp: true });
    await insertStaff(t.ctx.db, { mail: 'target@example.jp', role: 'operator' });
    await insertStaff(t.ctx.db, { mail: 'chief@example.jp', role: 'admin', totp: true });
    const [target] = await t.ctx.db.select().from(staffAccounts).where(eq(staffAccounts.mail, 'target@example.jp'));
    const demoted = await signIn(t, 'demoted@example.jp');
    const chief = await signIn(t, 'chief@example.jp');
    const [demoting, ...answers] = await together(() => [
      call(chief, `/${demotedId}/role`, { role: 'operator' }),
      ...Array.from({ length: 10 }, () => call(demoted, `/${target?.id}/reset-password`)),
    ]);
    expect(demoting?.statusCode).toBe(200);
    const [roleChange] = (await auditOf('role_changed')).filter((a) => a.staffId === demotedId);
    if (!roleChange) throw new Error('no role change audited');
    const resets = await t.ctx.db
      .select()
      .from(staffAuditEvents)
      .where(and(eq(staffAuditEvents.kind, 'password_reset'), eq(staffAuditEvents.mail, 'target@example.jp')));
    for (const r of resets) expect(r.id).toBeLessThan(roleChange.id);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(resets.length);
    for (const res of answers) expectAllowedOrRefused(res);
  });
});
