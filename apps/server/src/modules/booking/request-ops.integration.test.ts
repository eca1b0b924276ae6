import { rm } from 'node:fs/promises';
import { type CreateBookingRequest, createBookingRequest } from '@tabi/contract/booking';
import { addDays, tokyoDayStart, type Ymd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.ts';
import { FixedClock, todayIn } from '../../clock.ts';
import { createContext } from '../../compose.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { bookings, outbox } from '../../db/schema.ts';
import { createTestApp, migratedDataDir, type TestApp, testDbKind } from '../../test/helper.ts';
import { runOps } from '../../test/processes.ts';
import { confirmRequest, createBooking, declineRequest } from './service.ts';

const ops = systemActor('ops');
/** A payload as POST /booking's entry parses it. */
const booking = (payload: CreateBookingRequest) => createBookingRequest.parse(payload);

import { bookingPayload, insertTestOption, insertTestStock, stockLeft } from './test-fixtures.ts';

let t: TestApp;
let today: Ymd;
let ip = 1;

async function requestBooking(usedate: Ymd, adults = 2): Promise<string> {
  const result = await createBooking(t.ctx, booking(bookingPayload('OPREQ1', usedate, { adults })), `10.3.0.${ip++}`);
  return result.rsvno;
}

async function row(rsvno: string) {
  const [found] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  return found;
}

async function mailKinds(rsvno: string): Promise<string[]> {
  const rows = await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, rsvno));
  return rows.map((r) => r.kind).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  today = todayIn(t.clock);
  await insertTestOption(t.ctx.db, 'OPREQ1', { flgRequestItem: true });
  for (const offset of [1, 2, 10]) await insertTestStock(t.ctx.db, 'OPREQ1', addDays(today, offset), { zaikozan: 6 });
  await insertTestOption(t.ctx.db, 'OPCARD');
  await insertTestStock(t.ctx.db, 'OPCARD', addDays(today, 10), { zaikozan: 6 });
});
afterAll(async () => {
  await t.close();
});

describe('operator transitions of request bookings', () => {
  it('confirm: tmp reservation, payable for 72 hours, customer mailed', async () => {
    const rsvno = await requestBooking(addDays(today, 10));
    const result = await confirmRequest(t.ctx, rsvno, ops);
    const deadline = new Date(t.clock.now().getTime() + 72 * 3_600_000);
    expect(result.paymentDeadline).toEqual(deadline);
    expect(await row(rsvno)).toMatchObject({
      status: 0,
      flgRequestRsv: 1,
      statusPayment: 0,
      paymentDeadline: deadline,
    });
    expect(await mailKinds(rsvno)).toEqual(['request_confirmed', 'request_received']);
    await expect(confirmRequest(t.ctx, rsvno, ops)).rejects.toMatchObject({ message: Msg.requestNotPending });
  });

  it('confirm: the deadline never passes the end of the day before the use date (Tokyo)', async () => {
    const usedate = addDays(today, 2);
    const rsvno = await requestBooking(usedate);
    const { paymentDeadline } = await confirmRequest(t.ctx, rsvno, ops);
    expect(paymentDeadline).toEqual(new Date(tokyoDayStart(usedate).getTime() - 1000));
  });

  it('confirm: a request for tomorrow is payable until the end of today; on its day it is refused', async () => {
    const usedate = addDays(today, 1);
    const first = await requestBooking(usedate);
    const { paymentDeadline } = await confirmRequest(t.ctx, first, ops);
    expect(paymentDeadline).toEqual(new Date(tokyoDayStart(usedate).getTime() - 1000));

    const second = await requestBooking(usedate);
    const saved = t.clock.now();
    t.clock.set(tokyoDayStart(usedate));
    try {
      await expect(confirmRequest(t.ctx, second, ops)).rejects.toMatchObject({
        message: Msg.paymentDeadlineUnavailable,
      });
      expect(await row(second)).toMatchObject({ status: 6 });
    } finally {
      t.clock.set(saved);
    }
  });

  it('decline: canceled, seats back, customer mailed; only once', async () => {
    const usedate = addDays(today, 10);
    const before = await stockLeft(t.ctx.db, 'OPREQ1', usedate);
    const rsvno = await requestBooking(usedate, 3);
    expect(await stockLeft(t.ctx.db, 'OPREQ1', usedate)).toBe((before ?? 0) - 3);
    await declineRequest(t.ctx, rsvno, ops);
    expect(await row(rsvno)).toMatchObject({ status: 4, cancelReason: 'declined' });
    expect(await stockLeft(t.ctx.db, 'OPREQ1', usedate)).toBe(before);
    expect(await mailKinds(rsvno)).toEqual(['request_declined', 'request_received']);
    await expect(declineRequest(t.ctx, rsvno, ops)).rejects.toMatchObject({ message: Msg.requestNotPending });
    expect(await stockLeft(t.ctx.db, 'OPREQ1', usedate)).toBe(before);
  });

  it('refuses card bookings and unknown numbers', async () => {
    const card = await createBooking(t.ctx, booking(bookingPayload('OPCARD', addDays(today, 10))), '10.3.1.1');
    await expect(confirmRequest(t.ctx, card.rsvno, ops)).rejects.toMatchObject({ message: Msg.requestNotPending });
    await expect(declineRequest(t.ctx, card.rsvno, ops)).rejects.toMatchObject({ message: Msg.requestNotPending });
    await expect(confirmRequest(t.ctx, 'ZZ000000', ops)).rejects.toMatchObject({ message: Msg.bookingNotFound });
  });
});

// The script is the same on either database; it runs once, on an embedded one of its own (it starts a process).
describe.skipIf(testDbKind === 'postgres')('npm run ops (scripts/ops.ts)', () => {
  let dataDir: string;
  let rsvnos: string[] = [];

  const ops = (...args: string[]) => runOps(dataDir, args, { SMTP_URL: '', STRIPE_SECRET_KEY: '' });

  beforeAll(async () => {
    // The script opens the embedded database of DATA_DIR itself, so the booking is prepared there first.
    dataDir = await migratedDataDir('tabi-ops-');
    const database = await openDatabase({ dataDir });
    const clock = new FixedClock(new Date());
    const ctx = createContext({ db: database.db, clock, config: { ...loadConfig({ APP_KEY: 'k' }), dataDir } });
    const usedate = addDays(todayIn(clock), 10);
    await insertTestOption(database.db, 'OPREQ1', { flgRequestItem: true });
    await insertTestStock(database.db, 'OPREQ1', usedate, { zaikozan: 6 });
    rsvnos = [];
    for (let i = 0; i < 2; i += 1) {
      rsvnos.push((await createBooking(ctx, booking(bookingPayload('OPREQ1', usedate)), `10.4.0.${i}`)).rsvno);
    }
    await ctx.limiter.close();
    await database.close();
  }, 120_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints usage without a command', { timeout: 120_000 }, async () => {
    const run = await ops();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('request:confirm');
  });

  it('confirms and declines requests, and says so in Japanese and English', { timeout: 180_000 }, async () => {
    const [first = '', second = ''] = rsvnos;
    const confirm = await ops('request:confirm', first.toLowerCase());
    expect(confirm.stderr).toBe('');
    expect(confirm.code).toBe(0);
    expect(confirm.stdout).toContain(`${first}: リクエストを手配済み`);
    expect(confirm.stdout).toContain('confirmed');
    const decline = await ops('request:decline', second);
    expect(decline.code).toBe(0);
    expect(decline.stdout).toContain('declined');

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(bookings);
      const byNumber = new Map(rows.map((r) => [r.rsvno, r]));
      expect(byNumber.get(first)).toMatchObject({ status: 0, flgRequestRsv: 1 });
      expect(byNumber.get(second)).toMatchObject({ status: 4 });
    } finally {
      await database.close();
    }
  });
});
