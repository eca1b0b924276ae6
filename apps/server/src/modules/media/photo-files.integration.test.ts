/**
 * Photos and their files never disagree after a crash. Files follow the database: an upload
 * writes its files, then commits its row; a delete removes files only after its commit; files no row names (an
 * upload whose commit failed, a removal that never ran) are swept once older than the grace period. Failures are
 * simulated with deferred constraint triggers, which make the transaction's COMMIT itself fail.
 */
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STAFF_COOKIE } from '@tabi/contract/admin';
import type { AdminPhoto } from '@tabi/contract/admin-media';
import { Msg } from '@tabi/contract/messages';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { startWorkers } from '../../workers.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { MEDIA_GRACE_MS, sweepMedia } from './sweeper.ts';

let t: TestApp;
let mediaDir: string;
let admin: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'tabi-media-files-'));
  t = await createTestApp({ config: { mediaDir }, seeded: true });
  await insertStaff(t.ctx.db, { mail: 'files-admin@example.jp', role: 'admin', totp: true });
  admin = await staffSession(t, 'files-admin@example.jp');
  await t.ctx.db.execute(sql`
    create function test_fail_commit() returns trigger language plpgsql as $$
    begin raise exception 'simulated failure at commit'; end $$`);
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

/** Until dropped, the transaction that inserts or deletes a photo of `opcd` fails at its COMMIT. */
async function failCommits(event: 'insert' | 'delete', opcd: string): Promise<() => Promise<void>> {
  const row = event === 'insert' ? sql.raw('new') : sql.raw('old');
  const name = sql.raw(`test_fail_${event}`);
  // DDL takes no parameters: the code is one of this file's own, checked before it is written in.
  if (!/^OP\d{4}$/.test(opcd)) throw new Error(opcd);
  await t.ctx.db.execute(sql`
    create constraint trigger ${name} after ${sql.raw(event)} on option_images
    deferrable initially deferred for each row when (${row}.opcd = '${sql.raw(opcd)}')
    execute function test_fail_commit()`);
  return async () => {
    await t.ctx.db.execute(sql`drop trigger ${name} on option_images`);
  };
}

async function jpeg(color: string): Promise<Buffer> {
  return sharp({ create: { width: 1000, height: 700, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

async function upload(opcd: string, data: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
  const body = new Response(form);
  return t.request({
    method: 'POST',
    url: `/api/admin/options/${opcd}/photos`,
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') ?? '' },
    cookies: { [STAFF_COOKIE]: admin },
  });
}

const staffPost = (url: string) => t.request({ method: 'POST', url, payload: {}, cookies: { [STAFF_COOKIE]: admin } });
const uploadedOf = async (opcd: string): Promise<AdminPhoto[]> => {
  const res = await t.request({
    method: 'GET',
    url: `/api/admin/options/${opcd}/photos`,
    cookies: { [STAFF_COOKIE]: admin },
  });
  return (res.json().response.photos as AdminPhoto[]).filter((p) => p.uploaded);
};
const filesOf = async (photo: AdminPhoto) => photo.srcset.split(', ').map((s) => s.split(' ')[0] ?? '');
const served = async (url: string) => (await t.request({ method: 'GET', url })).statusCode;
const onDisk = async () => (await readdir(mediaDir)).sort();

/** Every file in the media directory last written `ageMs` before the clock's now. */
async function age(ageMs: number): Promise<void> {
  const when = new Date(t.clock.now().getTime() - ageMs);
  for (const name of await readdir(mediaDir)) await utimes(path.join(mediaDir, name), when, when);
}

describe('an upload whose commit fails', () => {
  it('lists no photo; its files stay only until the sweeper finds them older than the grace period', async () => {
    const kept = await upload('OP0005', await jpeg('#114477'));
    expect(kept.statusCode, kept.body).toBe(200);
    const [photo] = await uploadedOf('OP0005');
    if (!photo) throw new Error('no photo');
    const keptFiles = await onDisk();
    expect(keptFiles).toHaveLength(4);

    const restore = await failCommits('insert', 'OP0004');
    const failed = await upload('OP0004', await jpeg('#aa3300'), { caption: '失敗する写真' });
    await restore();
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ errcd: '999', errMsg: Msg.serverError, response: null });
    expect(await uploadedOf('OP0004')).toEqual([]);
    // The files were written before the commit failed: nothing names them.
    const orphans = (await onDisk()).filter((f) => !keptFiles.includes(f));
    expect(orphans).toHaveLength(4);
    // An interrupted write's temporary file, and a file that is not the sweeper's.
    const temp = `${'a'.repeat(32)}-480.webp.0123456789ab.tmp`;
    await writeFile(path.join(mediaDir, temp), 'half');
    await writeFile(path.join(mediaDir, 'README.txt'), 'not a variant');

    // Within the grace period (an upload may still be committing): nothing goes.
    await age(MEDIA_GRACE_MS - 60_000);
    expect((await sweepMedia(t.ctx)).removed).toEqual([]);
    // Past it: the orphans and the temporary file go; the listed photo keeps every file, however old.
    await age(MEDIA_GRACE_MS + 60_000);
    expect((await sweepMedia(t.ctx)).removed.sort()).toEqual([...orphans, temp].sort());
    expect(await onDisk()).toEqual([...keptFiles, 'README.txt'].sort());
    for (const url of await filesOf(photo)) expect(await served(url)).toBe(200);
  });

  it('refuses a caption with a control character in Japanese before anything is written', async () => {
    const before = await onDisk();
    const res = await upload('OP0004', await jpeg('#335577'), { caption: '屋形船\u0007' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errcd: '999',
      errMsg: `${Msg.badRequest}キャプション：${Msg.controlCharacters}`,
      response: null,
    });
    expect(await onDisk()).toEqual(before);
  });
});

describe('a delete', () => {
  it('whose commit fails keeps the photo listed with every file served', async () => {
    const res = await upload('OP0006', await jpeg('#668800'));
    expect(res.statusCode, res.body).toBe(200);
    const [photo] = await uploadedOf('OP0006');
    if (!photo) throw new Error('no photo');

    const restore = await failCommits('delete', 'OP0006');
    const failed = await staffPost(`/api/admin/options/OP0006/photos/${photo.id}/delete`);
    await restore();
    expect(failed.statusCode).toBe(500);
    expect((await uploadedOf('OP0006')).map((p) => p.id)).toEqual([photo.id]);
    for (const url of await filesOf(photo)) expect(await served(url), url).toBe(200);

    // Once it commits, the files go at once (no other option uses them).
    const done = await staffPost(`/api/admin/options/OP0006/photos/${photo.id}/delete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(await uploadedOf('OP0006')).toEqual([]);
    for (const url of await filesOf(photo)) expect(await served(url), url).toBe(404);
  });

  it('keeps the files another option still shows', async () => {
    const data = await jpeg('#992255');
    expect((await upload('OP0007', data)).statusCode).toBe(200);
    expect((await upload('OP0008', data)).statusCode).toBe(200);
    const [one] = await uploadedOf('OP0007');
    if (!one) throw new Error('no photo');
    expect((await staffPost(`/api/admin/options/OP0007/photos/${one.id}/delete`)).statusCode).toBe(200);
    for (const url of await filesOf(one)) expect(await served(url)).toBe(200);
    await age(MEDIA_GRACE_MS * 2);
    expect((await sweepMedia(t.ctx)).removed).toEqual([]);
    for (const url of await filesOf(one)) expect(await served(url)).toBe(200);
  });
});

describe('the worker loop', () => {
  it('sweeps at start', async () => {
    const orphan = `${'b'.repeat(32)}-160.webp`;
    await writeFile(path.join(mediaDir, orphan), 'left by a crash');
    await age(MEDIA_GRACE_MS * 2);
    const log = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof startWorkers>[1];
    const workers = startWorkers(t.ctx, log, { mediaMs: 60_000 });
    try {
      const deadline = Date.now() + 10_000;
      while ((await onDisk()).includes(orphan) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await workers.stop();
    }
    expect(await onDisk()).not.toContain(orphan);
  });
});
