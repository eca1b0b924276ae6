/**
 * Retention (ADR 0162): old sent mails lose their content but keep their row, ended sessions and
 * rate-limit windows are deleted, a second run changes nothing more, and a purged mail is not resent.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSessions, outbox, rateLimits, staffSessions } from '../../db/schema.ts';
import { retentionRemoved } from '../../metrics.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { startWorkers } from '../../workers.ts';
import { insertStaff, nextAddress, staffSession } from '../staff/test-fixtures.ts';
import { MAIL_PURGED_BODY, runRetention } from './service.ts';

const DAY = 86_400_000;
const RSVNO = 'AA100001';
let t: TestApp;
let staffCookie: string;
let staffId: number;

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  staffId = await insertStaff(t.ctx.db, { mail: 'retention@example.jp', role: 'operator' });
  staffCookie = await staffSession(t, 'retention@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function removedOf(kind: string): Promise<number> {
  const metric = await retentionRemoved.get();
  return metric.values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

async function insertMail(status: string, sentDaysAgo: number | null): Promise<number> {
  const now = t.clock.now().getTime();
  const [row] = await t.ctx.db
    .insert(outbox)
    .values({
      kind: 'booking_paid',
      rsvno: RSVNO,
      to: 'taro@example.com',
      subject: `件名 ${status} ${sentDaysAgo}`,
      body: '山田 太郎 様\n本文',
      html: '<p>山田 太郎 様</p>',
      attachments: [{ filename: 'booking.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
      status,
      sentAt: sentDaysAgo === null ? null : new Date(now - sentDaysAgo * DAY),
      createdAt: new Date(now - (sentDaysAgo ?? 200) * DAY),
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('mail not inserted');
  return row.id;
}

async function mailsById(ids: number[]) {
  const rows = await t.ctx.db.select().from(outbox).where(inArray(outbox.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

describe('runRetention', () => {
  let oldSent: number;
  let recentSent: number;
  let oldPending: number;
  let oldFailed: number;

  it('empties the content of mails sent more than MAIL_RETENTION_DAYS ago and keeps their rows', async () => {
    expect(t.config.mailRetentionDays).toBe(90);
    oldSent = await insertMail('sent', 91);
    recentSent = await insertMail('sent', 89);
    oldPending = await insertMail('pending', null);
    oldFailed = await insertMail('failed', null);
    const before = await mailsById([oldSent, recentSent, oldPending, oldFailed]);
    const counted = await removedOf('mail_content');

    const result = await runRetention(t.ctx);
    expect(result.mailContent).toBeGreaterThanOrEqual(1);
    expect(await removedOf('mail_content')).toBe(counted + result.mailContent);

    const after = await mailsById([oldSent, recentSent, oldPending, oldFailed]);
    expect(after.get(oldSent)).toEqual({
      ...before.get(oldSent),
      body: MAIL_PURGED_BODY,
      html: null,
      attachments: [],
      purgedAt: t.clock.now(),
    });
    expect(after.get(recentSent)).toEqual(before.get(recentSent));
    expect(after.get(oldPending)).toEqual(before.get(oldPending));
    expect(after.get(oldFailed)).toEqual(before.get(oldFailed));
  });

  it('changes nothing more when run again', async () => {
    const before = await t.ctx.db.select().from(outbox);
    const counted = await removedOf('mail_content');
    const result = await runRetention(t.ctx);
    expect(result).toEqual({ mailContent: 0, customerSessions: 0, staffSessions: 0, rateLimits: 0 });
    expect(await t.ctx.db.select().from(outbox)).toEqual(before);
    expect(await removedOf('mail_content')).toBe(counted);
  });

  it('follows MAIL_RETENTION_DAYS', async () => {
    const result = await runRetention({ ...t.ctx, config: { ...t.config, mailRetentionDays: 30 } });
    expect(result.mailContent).toBeGreaterThanOrEqual(1);
    expect((await mailsById([recentSent])).get(recentSent)?.body).toBe(MAIL_PURGED_BODY);
  });

  it('refuses to resend a purged mail in Japanese and queues nothing', async () => {
    const count = (await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, RSVNO))).length;
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/bookings/${RSVNO}/resend-mail`,
      payload: { mailId: oldSent },
      cookies: { [STAFF_COOKIE]: staffCookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.mailPurged, response: null });
    expect((await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, RSVNO))).length).toBe(count);
  });

  it('deletes ended customer and staff sessions and keeps live ones, which still work', async () => {
    const login = () =>
      t.request({
        method: 'POST',
        url: '/api/mylogin',
        payload: { rsvno: RSVNO, tel: '09012345678' },
        remoteAddress: nextAddress(),
      });
    // Keeps the staff cookie alive across the customer's idle hour (staff sessions idle after 30 minutes).
    const useConsole = () =>
      t.request({ method: 'GET', url: `/api/admin/bookings/${RSVNO}`, cookies: { [STAFF_COOKIE]: staffCookie } });
    const idle = (await login()).json().response.session as string;
    t.clock.advance(25 * 60_000);
    expect((await useConsole()).statusCode).toBe(200);
    t.clock.advance(25 * 60_000);
    const live = (await login()).json().response.session as string;
    expect((await useConsole()).statusCode).toBe(200);
    t.clock.advance(20 * 60_000);
    expect(idle).not.toBe(live);

    const now = t.clock.now().getTime();
    await t.ctx.db.insert(customerSessions).values({
      tokenHash: 'a'.repeat(64),
      rsvno: RSVNO,
      createdAt: new Date(now - 25 * 3_600_000),
      lastSeenAt: new Date(now - 60_000),
    });
    await t.ctx.db.insert(staffSessions).values([
      {
        tokenHash: 'b'.repeat(64),
        staffId,
        stage: 'full',
        createdAt: new Date(now - 40 * 60_000),
        lastSeenAt: new Date(now - 31 * 60_000),
      },
      {
        tokenHash: 'c'.repeat(64),
        staffId,
        stage: 'full',
        createdAt: new Date(now - 13 * 3_600_000),
        lastSeenAt: new Date(now - 60_000),
      },
      {
        tokenHash: 'd'.repeat(64),
        staffId,
        stage: 'totp',
        createdAt: new Date(now - 11 * 60_000),
        lastSeenAt: new Date(now - 60_000),
      },
    ]);
    const customerBefore = (await t.ctx.db.select().from(customerSessions)).length;
    const staffBefore = (await t.ctx.db.select().from(staffSessions)).length;
    const counted = { customer: await removedOf('customer_session'), staff: await removedOf('staff_session') };

    const result = await runRetention(t.ctx);
    expect(result.customerSessions).toBeGreaterThanOrEqual(2);
    expect(result.staffSessions).toBeGreaterThanOrEqual(3);
    expect(await removedOf('customer_session')).toBe(counted.customer + result.customerSessions);
    expect(await removedOf('staff_session')).toBe(counted.staff + result.staffSessions);
    const customersLeft = await t.ctx.db.select().from(customerSessions);
    const staffLeft = await t.ctx.db.select().from(staffSessions);
    expect(customersLeft.length).toBe(customerBefore - result.customerSessions);
    expect(staffLeft.length).toBe(staffBefore - result.staffSessions);
    expect(customersLeft.map((s) => s.tokenHash)).not.toContain('a'.repeat(64));
    for (const gone of ['b', 'c', 'd']) expect(staffLeft.map((s) => s.tokenHash)).not.toContain(gone.repeat(64));
    expect(customersLeft).toHaveLength(1);
    expect(staffLeft).toHaveLength(1);

    const mine = await t.request({ method: 'POST', url: `/api/booking/${RSVNO}`, payload: { session: live } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ errcd: '000', response: { rsvno: RSVNO } });
    const gone = await t.request({ method: 'POST', url: `/api/booking/${RSVNO}`, payload: { session: idle } });
    expect(gone.json()).toMatchObject({ errcd: ErrCd.sessionTimeout });
    const staffAnswer = await useConsole();
    expect(staffAnswer.statusCode, staffAnswer.body).toBe(200);
  });

  it('deletes rate-limit rows whose window has ended', async () => {
    const now = t.clock.now().getTime();
    await t.ctx.db.insert(rateLimits).values([
      { key: 'test:ended', count: 3, resetAt: new Date(now - 1_000) },
      { key: 'test:ended-now', count: 3, resetAt: new Date(now) },
      { key: 'test:open', count: 3, resetAt: new Date(now + 60_000) },
    ]);
    const counted = await removedOf('rate_limit');
    const result = await runRetention(t.ctx);
    expect(result.rateLimits).toBeGreaterThanOrEqual(2);
    expect(await removedOf('rate_limit')).toBe(counted + result.rateLimits);
    const left = (await t.ctx.db.select().from(rateLimits)).map((r) => r.key);
    expect(left).toContain('test:open');
    expect(left).not.toContain('test:ended');
    expect(left).not.toContain('test:ended-now');
    expect(left.every((key) => key === 'test:open' || !key.startsWith('test:'))).toBe(true);
    expect(await runRetention(t.ctx)).toEqual({ mailContent: 0, customerSessions: 0, staffSessions: 0, rateLimits: 0 });
  });

  it('runs in the workers loop and logs at info only when it removed something', async () => {
    const old = await insertMail('sent', 120);
    const lines: string[] = [];
    const log = {
      info: (_obj: object, msg?: string) => lines.push(msg ?? ''),
      warn: () => {},
      error: () => {},
    } as unknown as Parameters<typeof startWorkers>[1];
    const workers = startWorkers(t.ctx, log, { retentionMs: 20, mailMs: 60_000, sweepMs: 60_000 });
    await expect.poll(async () => (await mailsById([old])).get(old)?.body, { timeout: 10_000 }).toBe(MAIL_PURGED_BODY);
    // Later runs find nothing and stay silent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await workers.stop();
    expect(lines.filter((line) => line.startsWith('retention'))).toHaveLength(1);
  });
});
