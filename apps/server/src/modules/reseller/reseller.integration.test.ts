/**
 * 販売代理店 in the console: an admin adds resellers (commission in percent, stored as basis points),
 * renames them, changes the commission, disables and enables them, issues API keys (shown once, stored as their
 * SHA-256, each with its own rate) and revokes them; every change is a staff audit event with before and after,
 * never the key. `npm run ops -- reseller:create` makes one with its key, printed alone on the last line.
 */
import { rmSync } from 'node:fs';
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { type IssuedKey, type Reseller, ResellerMsg } from '@tabi/contract/resellers';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { resellerKeys, resellers, staffAuditEvents } from '../../db/schema.ts';
import { createTestApp, migratedDataDir, type TestApp, testDbKind } from '../../test/helper.ts';
import { runOps } from '../../test/processes.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { findKeyHolder, hashResellerKey } from './keys.ts';
import { createReseller, RESELLER_BY_OPS } from './service.ts';

let t: TestApp;
let admin = '';
let operator = '';
let adminId = 0;
const ADMIN_MAIL = 'boss-resellers@example.jp';

beforeAll(async () => {
  t = await createTestApp();
  adminId = await insertStaff(t.ctx.db, { mail: ADMIN_MAIL, role: 'admin', totp: true });
  await insertStaff(t.ctx.db, { mail: 'desk-resellers@example.jp', role: 'operator' });
  admin = await staffSession(t, ADMIN_MAIL);
  operator = await staffSession(t, 'desk-resellers@example.jp');
}, 60_000);
afterAll(async () => {
  await t.close();
});

function post(url: string, payload: Record<string, unknown> = {}, cookie = admin) {
  return t.request({ method: 'POST', url: `/api/admin${url}`, payload, cookies: { [STAFF_COOKIE]: cookie } });
}
function get(url: string, cookie = admin) {
  return t.request({ method: 'GET', url: `/api/admin${url}`, cookies: { [STAFF_COOKIE]: cookie } });
}
async function audits(resellerId: number) {
  const rows = await t.ctx.db
    .select()
    .from(staffAuditEvents)
    .where(like(staffAuditEvents.kind, 'reseller_%'))
    .orderBy(asc(staffAuditEvents.id));
  return rows.filter((r) => r.detail.resellerId === resellerId);
}
async function create(name: string, commission: string | number): Promise<Reseller> {
  const res = await post('/resellers', { name, commission });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response;
}

describe('販売代理店: adding and changing', () => {
  it('adds a reseller with its commission in percent, kept as basis points, and audits it', async () => {
    const made = await create('  Klook ', '12.5');
    expect(made).toMatchObject({ name: 'Klook', commissionBp: 1250, enabled: true, keys: [], lastUsedAt: null });
    const [row] = await t.ctx.db.select().from(resellers).where(eq(resellers.id, made.id));
    expect(row?.commissionBp).toBe(1250);
    expect(await audits(made.id)).toEqual([
      expect.objectContaining({
        kind: 'reseller_created',
        staffId: adminId,
        mail: ADMIN_MAIL,
        detail: expect.objectContaining({
          by: ADMIN_MAIL,
          name: 'Klook',
          after: { name: 'Klook', commissionBp: 1250, enabled: true },
        }),
      }),
    ]);
    // Full-width digits and a percent sign as a clerk may type them; two decimals at most.
    expect((await create('じゃらん遊び体験', '８．２５％')).commissionBp).toBe(825);
    expect((await create('Zero', 0)).commissionBp).toBe(0);
    const list = await get('/resellers');
    expect(list.json().response.map((r: Reseller) => r.name)).toEqual(['Klook', 'Zero', 'じゃらん遊び体験']);
  });

  it('refuses a name taken (whatever the letter case), an empty name and a commission out of range, in Japanese', async () => {
    const taken = await post('/resellers', { name: 'KLOOK', commission: '10' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errcd: '999', errMsg: ResellerMsg.nameTaken, response: null });
    const empty = await post('/resellers', { name: '   ', commission: '10' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errMsg).toContain(ResellerMsg.nameRequired);
    for (const commission of ['100.01', '12.345', '-1', 'abc', '']) {
      const res = await post('/resellers', { name: 'Viator', commission });
      expect(res.statusCode, commission).toBe(422);
      expect(res.json().errMsg).toContain(
        commission === '' ? ResellerMsg.commissionRequired : ResellerMsg.commissionInvalid,
      );
    }
    const long = await post('/resellers', { name: 'x'.repeat(61), commission: '10' });
    expect(long.json().errMsg).toContain(ResellerMsg.nameTooLong);
    const rows = await t.ctx.db.select().from(resellers).where(eq(resellers.name, 'Viator'));
    expect(rows).toHaveLength(0);
  });

  it('renames and changes the commission with before and after; an unchanged save writes nothing', async () => {
    const made = await create('GetYourGuide', '20');
    const changed = await post(`/resellers/${made.id}`, { name: 'GetYourGuide Japan', commission: '18' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().response).toMatchObject({ name: 'GetYourGuide Japan', commissionBp: 1800 });
    const same = await post(`/resellers/${made.id}`, { name: 'GetYourGuide Japan', commission: '18.00' });
    expect(same.statusCode).toBe(200);
    const taken = await post(`/resellers/${made.id}`, { name: 'klook', commission: '18' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errMsg).toBe(ResellerMsg.nameTaken);
    const events = await audits(made.id);
    expect(events.map((e) => e.kind)).toEqual(['reseller_created', 'reseller_changed']);
    expect(events[1]?.detail).toMatchObject({
      before: { name: 'GetYourGuide', commissionBp: 2000 },
      after: { name: 'GetYourGuide Japan', commissionBp: 1800 },
    });
    const missing = await post('/resellers/999999', { name: 'Nobody', commission: '1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errMsg).toBe(ResellerMsg.notFound);
  });

  it('disables and enables a reseller, once each, audited', async () => {
    const made = await create('Trip.com', '10');
    const off = await post(`/resellers/${made.id}/disable`);
    expect(off.json().response.enabled).toBe(false);
    await post(`/resellers/${made.id}/disable`);
    const on = await post(`/resellers/${made.id}/enable`);
    expect(on.json().response.enabled).toBe(true);
    const kinds = (await audits(made.id)).map((e) => [e.kind, e.detail.before, e.detail.after]);
    expect(kinds).toEqual([
      ['reseller_created', undefined, expect.anything()],
      ['reseller_disabled', { enabled: true }, { enabled: false }],
      ['reseller_enabled', { enabled: false }, { enabled: true }],
    ]);
  });
});

describe('販売代理店: API keys', () => {
  it('issues a key shown once, kept as its hash with its own rate; revoking it refuses it from then on', async () => {
    const made = await create('Headout', '15');
    const res = await post(`/resellers/${made.id}/keys`, { ratePerMinute: '１２０' });
    expect(res.statusCode, res.body).toBe(200);
    const { key, reseller } = res.json().response as IssuedKey;
    expect(key).toMatch(/^tabi_octo_[A-Za-z0-9_-]{40,}$/);
    expect(reseller.keys).toHaveLength(1);
    const [shown] = reseller.keys;
    expect(shown).toMatchObject({ ratePerMinute: 120, revokedAt: null, lastUsedAt: null });
    expect(key.startsWith(shown?.prefix ?? '-')).toBe(true);
    expect(shown?.prefix.length).toBeLessThan(key.length - 20);

    const [stored] = await t.ctx.db.select().from(resellerKeys).where(eq(resellerKeys.resellerId, made.id));
    expect(stored?.keyHash).toBe(hashResellerKey(key));
    expect(JSON.stringify(stored)).not.toContain(key);
    // Never again: not in the list, not in the audit trail.
    expect((await get('/resellers')).body).not.toContain(key);
    const events = await audits(made.id);
    expect(JSON.stringify(events)).not.toContain(key);
    expect(events.at(-1)).toMatchObject({
      kind: 'reseller_key_issued',
      detail: expect.objectContaining({ keyId: shown?.id, prefix: shown?.prefix, ratePerMinute: 120 }),
    });
    expect((await findKeyHolder(t.ctx.db, key))?.reseller.id).toBe(made.id);

    // A second key, the default rate; the newest comes first.
    const second = (await post(`/resellers/${made.id}/keys`)).json().response as IssuedKey;
    expect(second.reseller.keys.map((k) => k.ratePerMinute)).toEqual([600, 120]);

    const revoked = await post(`/resellers/${made.id}/keys/${shown?.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().response.keys.find((k: { id: number }) => k.id === shown?.id).revokedAt).toEqual(
      t.clock.now().toISOString(),
    );
    expect(await findKeyHolder(t.ctx.db, key)).toBeUndefined();
    expect((await findKeyHolder(t.ctx.db, second.key))?.reseller.id).toBe(made.id);
    const again = await post(`/resellers/${made.id}/keys/${shown?.id}/revoke`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errMsg).toBe(ResellerMsg.keyAlreadyRevoked);
    expect((await audits(made.id)).at(-1)).toMatchObject({
      kind: 'reseller_key_revoked',
      detail: expect.objectContaining({ keyId: shown?.id, before: { revokedAt: null } }),
    });
  });

  it('refuses a rate out of range and a key of another reseller', async () => {
    const a = await create('Rakuten Travel Experiences', '10');
    const b = await create('Veltra', '10');
    for (const ratePerMinute of [0, 6001, '1.5', 'many']) {
      const res = await post(`/resellers/${a.id}/keys`, { ratePerMinute });
      expect(res.statusCode, String(ratePerMinute)).toBe(422);
      expect(res.json().errMsg).toContain(ResellerMsg.rateInvalid);
    }
    const issued = (await post(`/resellers/${a.id}/keys`)).json().response as IssuedKey;
    const keyId = issued.reseller.keys[0]?.id;
    const wrong = await post(`/resellers/${b.id}/keys/${keyId}/revoke`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().errMsg).toBe(ResellerMsg.keyNotFound);
    expect((await findKeyHolder(t.ctx.db, issued.key))?.key.revokedAt).toBeNull();
  });

  it('shows a key’s last use and the reseller’s latest', async () => {
    const made = await create('Klook Travel JP', '10');
    const issued = (await post(`/resellers/${made.id}/keys`)).json().response as IssuedKey;
    const at = new Date('2026-11-20T01:02:03Z');
    await t.ctx.db.update(resellerKeys).set({ lastUsedAt: at }).where(eq(resellerKeys.resellerId, made.id));
    const listed = (await get('/resellers')).json().response.find((r: Reseller) => r.id === made.id) as Reseller;
    expect(listed.lastUsedAt).toBe(at.toISOString());
    expect(listed.keys[0]).toMatchObject({ prefix: issued.reseller.keys[0]?.prefix, lastUsedAt: at.toISOString() });
  });
});

describe('販売代理店: who may', () => {
  it('refuses an operator every call of resellers, and gives any staff member the channel choices', async () => {
    expect((await get('/resellers', operator)).statusCode).toBe(403);
    expect((await post('/resellers', { name: 'Sneaky', commission: '1' }, operator)).statusCode).toBe(403);
    const choices = await get('/channels', operator);
    expect(choices.statusCode).toBe(200);
    expect(choices.json().response).toContainEqual({ id: expect.any(Number), name: 'Klook', enabled: true });
  });
});

describe('npm run ops -- reseller:create', () => {
  it('makes the reseller and one key through the service, audited as the command line', async () => {
    const { reseller, key } = await createReseller(t.ctx, { name: 'Ops Made', commissionBp: 500 }, RESELLER_BY_OPS, {});
    expect(key).toMatch(/^tabi_octo_/);
    expect(reseller.keys).toHaveLength(1);
    expect((await findKeyHolder(t.ctx.db, key ?? ''))?.reseller.name).toBe('Ops Made');
    expect((await audits(reseller.id)).map((e) => [e.kind, e.mail, e.staffId, e.detail.by])).toEqual([
      ['reseller_created', 'ops', null, 'ops'],
      ['reseller_key_issued', 'ops', null, 'ops'],
    ]);
  });

  // The command itself, on an embedded database of its own (PGlite only: it opens DATA_DIR).
  it.skipIf(testDbKind !== 'pglite')(
    'prints the key alone on the last line of standard output',
    async () => {
      const dataDir = await migratedDataDir('ops-reseller-');
      try {
        const made = await runOps(dataDir, ['reseller:create', 'Klook', '--commission', '15']);
        expect(made.code, made.stderr).toBe(0);
        const lines = made.stdout.trimEnd().split('\n');
        const key = lines.at(-1) ?? '';
        expect(key).toMatch(/^tabi_octo_[A-Za-z0-9_-]{40,}$/);
        expect(made.stdout).toContain('手数料率 15%');
        const database = await openDatabase({ dataDir });
        try {
          const holder = await findKeyHolder(database.db, key);
          expect(holder?.reseller).toMatchObject({ name: 'Klook', commissionBp: 1500, enabled: true });
        } finally {
          await database.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
