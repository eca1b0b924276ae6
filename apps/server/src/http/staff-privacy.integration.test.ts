/**
 * What staff see stays with them. Every answer of the console's calls (sign-in included) is
 * `Cache-Control: no-store`; /api/docs lists the console's paths only to a signed-in staff member; outbox mails
 * are files only the server's user can read, in a DATA_DIR only it can enter.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePrivateDir } from '../data-dir.ts';
import { createMailSender } from '../modules/mail/worker.ts';
import { writeOpsKey } from '../modules/ops/key.ts';
import { insertStaff, staffSession } from '../modules/staff/test-fixtures.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
let staff: string;
const scratch = mkdtempSync(path.join(tmpdir(), 'staff-privacy-'));

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await insertStaff(t.ctx.db, { mail: 'privacy-op@example.jp', role: 'operator' });
  staff = await staffSession(t, 'privacy-op@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('staff answers are never cached', () => {
  it('sends Cache-Control: no-store on every /api/admin answer: sign-in, data, CSV, refusals and unknown paths', async () => {
    const answers = [
      await t.request({
        method: 'POST',
        url: '/api/admin/login',
        payload: { mail: 'x@example.jp', password: 'wrong' },
      }),
      await t.request({ method: 'GET', url: '/api/admin/me' }),
      await t.request({ method: 'GET', url: '/api/admin/me', cookies: { [STAFF_COOKIE]: staff } }),
      await t.request({ method: 'GET', url: '/api/admin/dashboard', cookies: { [STAFF_COOKIE]: staff } }),
      await t.request({ method: 'GET', url: '/api/admin/bookings?rsvno=AA100001', cookies: { [STAFF_COOKIE]: staff } }),
      await t.request({ method: 'GET', url: '/api/admin/bookings/AA100001', cookies: { [STAFF_COOKIE]: staff } }),
      await t.request({ method: 'GET', url: '/api/admin/bookings.csv', cookies: { [STAFF_COOKIE]: staff } }),
      await t.request({ method: 'GET', url: '/api/admin/bookings?usefrom=2026', cookies: { [STAFF_COOKIE]: staff } }),
      await t.request({ method: 'GET', url: '/api/admin/no-such-call', cookies: { [STAFF_COOKIE]: staff } }),
      // Without the anti-forgery token (refused before the route runs).
      await t.app.inject({ method: 'POST', url: '/api/admin/logout', cookies: { [STAFF_COOKIE]: staff } }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 200, 200, 200, 200, 200, 422, 404, 419]);
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });

  it('leaves the public answers their own caching', async () => {
    const res = await t.request({ method: 'GET', url: '/api/area' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('/api/docs', () => {
  const paths = (res: { json(): unknown }) => Object.keys((res.json() as { paths: Record<string, unknown> }).paths);

  it('shows only the customer API to a request without a staff session', async () => {
    for (const cookies of [{}, { [STAFF_COOKIE]: 'not-a-session' }] as Record<string, string>[]) {
      const res = await t.request({ method: 'GET', url: '/api/docs/json', cookies });
      expect(res.statusCode).toBe(200);
      expect(paths(res)).toContain('/api/option');
      expect(paths(res).filter((p) => p.startsWith('/api/admin'))).toEqual([]);
      expect(res.headers['cache-control']).toBe('no-store');
      const yaml = await t.request({ method: 'GET', url: '/api/docs/yaml', cookies });
      expect(yaml.body).toContain('/api/option');
      expect(yaml.body).not.toContain('/api/admin');
    }
  });

  it('adds the console’s paths for a signed-in staff member', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json', cookies: { [STAFF_COOKIE]: staff } });
    expect(paths(res)).toContain('/api/option');
    expect(paths(res)).toContain('/api/admin/bookings');
    expect(res.headers['cache-control']).toBe('no-store');
    const yaml = await t.request({ method: 'GET', url: '/api/docs/yaml', cookies: { [STAFF_COOKIE]: staff } });
    expect(yaml.body).toContain('/api/admin/bookings');
  });
});

describe('files under DATA_DIR', () => {
  it('writes an outbox mail readable by the server user only, in a directory only it may enter', async () => {
    const dataDir = path.join(scratch, 'data');
    const sender = createMailSender({ config: { ...t.config, dataDir, smtpUrl: undefined } }, { info() {} } as never);
    await sender.send({
      id: 1,
      kind: 'paid',
      rsvno: 'AA100001',
      to: 'customer@example.jp',
      subject: 'ご予約',
      body: '山田 太郎 様 090-1234-5678',
      html: null,
      attachments: [],
      status: 'sending',
      attempts: 1,
      nextAttemptAt: new Date(),
      lastError: null,
      sentAt: null,
      purgedAt: null,
      createdAt: new Date(),
    });
    sender.close();
    const outbox = path.join(dataDir, 'outbox');
    const [file] = await readdir(outbox);
    expect(file).toMatch(/\.eml$/);
    expect(modeOf(path.join(outbox, file ?? ''))).toBe(0o600);
    expect(modeOf(outbox)).toBe(0o700);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('makes DATA_DIR owner-only when the server starts on one, new or already there', () => {
    const fresh = path.join(scratch, 'fresh', 'data');
    writeOpsKey(fresh);
    expect(modeOf(fresh)).toBe(0o700);
    expect(modeOf(path.join(fresh, 'ops.key'))).toBe(0o600);
    const open = path.join(scratch, 'open');
    mkdirSync(open, { mode: 0o755 });
    expect(modeOf(open)).toBe(0o755);
    preparePrivateDir(open);
    expect(modeOf(open)).toBe(0o700);
  });
});
