/**
 * 催行中止 (ADR 0165): a day with 30 bookings (card paid and unpaid, requests answered and not, rental, coupon) is
 * previewed and stopped: each paid booking refunded in full exactly once, every booking canceled by the company with
 * fee 0 and mailed once, the day closed and kept closed; a stop cut after any booking resumes to the same end. And
 * 最少催行人員: the days under their minimum near their decision time, 催行決定 once.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { BookingStatus } from '@tabi/contract/constants';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { DayStopMsg } from '@tabi/contract/day-stop';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerActor, staffActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import {
  bookingEvents,
  bookingOptions,
  bookings,
  dayStops,
  facilities,
  outbox,
  providerCalls,
  sandboxCheckouts,
  sandboxRefunds,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { beginCancellation, cancelBooking } from '../booking/cancel.ts';
import { confirmRequest } from '../booking/service.ts';
import { bookingPayload, insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { payBooking } from '../payment/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { decideToGo, minimumDays } from './minimum.ts';
import { beginStop, runStops } from './service.ts';

let t: TestApp;
let cookie = '';
let staffId = 0;
let day: Ymd;
let ip = 1;
const live: string[] = [];
const paidOnes: string[] = [];

async function book(opcd: string, usedate: Ymd = day, adults = 2): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, usedate, { adults }),
    remoteAddress: `10.27.${ip >> 8}.${ip++ & 255}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.rsvno as string;
}

async function pay(rsvno: string): Promise<void> {
  await payBooking(t, rsvno);
}

function staffCall(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.request({
    method,
    url: `/api/admin${url}`,
    ...(payload ? { payload } : {}),
    cookies: { [STAFF_COOKIE]: cookie },
  });
}

const request = (over: Record<string, unknown> = {}) => ({
  opcds: ['DS0001', 'DSREQ1', 'DSRENT'],
  from: day,
  to: day,
  reason: 'weather' as const,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  staffId = await insertStaff(t.ctx.db, { mail: 'clerk-stop@example.jp', role: 'operator' });
  cookie = await staffSession(t, 'clerk-stop@example.jp');
  day = addDays(todayIn(t.clock), 20);
  const [facility] = await t.ctx.db
    .insert(facilities)
    .values({ name: '芦ノ湖遊覧船', pinHash: 'x' })
    .returning({ id: facilities.id });
  await insertTestOption(t.ctx.db, 'DS0001', { webname: 'シーカヤック体験' });
  await insertTestOption(t.ctx.db, 'DSREQ1', { flgRequestItem: true });
  await insertTestOption(t.ctx.db, 'DSRENT', { rentalcd: '3' });
  await insertTestOption(t.ctx.db, 'DSCPN1', { isCoupon: true, facilityId: facility?.id ?? null });
  for (const opcd of ['DS0001', 'DSREQ1', 'DSRENT', 'DSCPN1'])
    await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 60 });
  for (let d = 1; d <= 3; d += 1) await insertTestStock(t.ctx.db, 'DS0001', addDays(day, d), { zaikozan: 10 });

  // 30 live bookings on the day: 10 card paid, 4 card unpaid (within their hour), 5 requests waiting, 3 confirmed
  // and unpaid, 4 rental paid, 4 coupon paid (the coupon's facility is stopped with it).
  for (let i = 0; i < 14; i += 1) live.push(await book('DS0001'));
  for (const rsvno of live.slice(0, 10)) {
    await pay(rsvno);
    paidOnes.push(rsvno);
  }
  const requests: string[] = [];
  for (let i = 0; i < 8; i += 1) requests.push(await book('DSREQ1'));
  for (const rsvno of requests.slice(5)) await confirmRequest(t.ctx, rsvno, staffActor(staffId));
  live.push(...requests);
  for (let i = 0; i < 8; i += 1) {
    const rsvno = await book('DSRENT');
    await pay(rsvno);
    paidOnes.push(rsvno);
    live.push(rsvno);
    // Four of them hold a coupon of the facility's too, as a package does (coupons are not sold alone).
    if (i >= 4) {
      await t.ctx.db
        .insert(bookingOptions)
        .values({ rsvno, pkcd: 'PK0001', opcd: 'DSCPN1', usedate: ymdToIsoDate(day), adultqty: 2, seats: 2 });
      await t.ctx.db.execute(
        sql`update departures set zaikozan = zaikozan - 2 where opcd = 'DSCPN1' and usedate = ${ymdToIsoDate(day)}`,
      );
    }
  }
  // Not part of it: a booking the customer canceled before, and one on the next day.
  const gone = await book('DS0001');
  await pay(gone);
  await cancelBooking(t.ctx, gone, { actor: customerActor });
  await book('DS0001', addDays(day, 1), 1);
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('催行中止', () => {
  it('previews the bookings, travellers, refunds, mails and seats without changing anything', async () => {
    const before = await stockLeft(t.ctx.db, 'DS0001', day);
    const res = await staffCall(
      'POST',
      '/day-stops/preview',
      request({ opcds: ['DS0001', 'DSREQ1', 'DSRENT', 'DSCPN1'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().response;
    expect(preview.totals.bookings).toBe(30);
    expect(preview.totals.travellers).toBe(60);
    expect(preview.totals.mails).toBe(30);
    expect(preview.totals.refund).toBe(paidOnes.length * 16_000);
    expect(preview.totals.days).toBe(4);
    expect(preview.reasonLabel).toBe('悪天候');
    expect(preview.bookings.map((b: { rsvno: string }) => b.rsvno).sort()).toEqual([...live].sort());
    expect(await stockLeft(t.ctx.db, 'DS0001', day)).toBe(before);
  });

  it('refuses what it cannot stop, in Japanese', async () => {
    for (const [over, message] of [
      [{ reason: 'other', reasonText: '' }, DayStopMsg.otherText],
      [{ to: addDays(day, -1) }, DayStopMsg.range],
      [{ to: addDays(day, 40) }, DayStopMsg.tooLong],
      [{ opcds: [] }, DayStopMsg.noOption],
      [{ opcds: ['NOPE99'] }, DayStopMsg.noDays],
    ] as const) {
      const res = await staffCall('POST', '/day-stops/preview', request(over));
      expect(res.statusCode, JSON.stringify(over)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().errMsg).toContain(message);
    }
  });

  it('cancels each booking with fee 0, refunds each paid one in full once, mails each once and keeps the day closed', async () => {
    // Cut after the stop's transaction, with one booking's cancellation claimed and its refund not sent (a crash).
    const { stopId, bookings: count } = await beginStop(
      t.ctx,
      { id: staffId },
      {
        ...request(),
        reasonText: '台風の接近により高速道路の通行止めが見込まれます',
        opcds: ['DS0001', 'DSREQ1', 'DSRENT'],
        facilityId: (await t.ctx.db.select().from(facilities))[0]?.id,
      },
    );
    expect(count).toBe(30);
    await beginCancellation(t.ctx, paidOnes[0] ?? '', {
      actor: staffActor(staffId),
      feeOverride: { amount: 0, reason: '催行中止：悪天候' },
      company: true,
    });
    // Resumed by the worker (twice: the second run finds nothing more to do).
    await runStops(t.ctx);
    await runStops(t.ctx);

    const rows = await t.ctx.db.select().from(bookings).where(inArray(bookings.rsvno, live));
    expect(rows).toHaveLength(30);
    for (const b of rows) {
      expect(b, b.rsvno).toMatchObject({ status: BookingStatus.canceled, cancelReason: 'company' });
      expect(b.cancelFee ?? 0).toBe(0);
    }
    for (const rsvno of paidOnes) {
      const refunds = await t.ctx.db
        .select()
        .from(providerCalls)
        .where(and(eq(providerCalls.rsvno, rsvno), eq(providerCalls.kind, 'refund')));
      expect(
        refunds.map((r) => [r.amount, r.state]),
        rsvno,
      ).toEqual([[16_000, 'done']]);
      const [session] = await t.ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.rsvno, rsvno));
      const sent = await t.ctx.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.chargeId, session?.chargeId ?? ''));
      expect(
        sent.reduce((n, r) => n + r.amount, 0),
        rsvno,
      ).toBe(16_000);
    }
    for (const rsvno of live) {
      const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, rsvno));
      expect(
        mails.filter((m) => m.kind === 'day_stopped'),
        rsvno,
      ).toHaveLength(1);
      expect(
        mails.filter((m) => m.kind === 'cancellation'),
        rsvno,
      ).toHaveLength(0);
    }
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.rsvno, paidOnes[1] ?? ''), eq(outbox.kind, 'day_stopped')));
    expect(mail?.subject).toContain('催行中止のお知らせ');
    expect(mail?.body).toContain('悪天候が予想されるため');
    // What the clerk wrote in 理由の説明 goes in the mail, as the form says.
    expect(mail?.body).toContain('台風の接近により高速道路の通行止めが見込まれます');
    expect(mail?.body).toContain('全額ご返金');
    expect(mail?.body).toContain('￥16,000');
    // The next open days of the option, not the stopped one.
    expect(mail?.body).toContain('同じ商品の今後の空き状況');
    expect(mail?.body).toContain(`残り`);
    // The history says who stopped it and why.
    const history = await t.ctx.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.rsvno, paidOnes[1] ?? ''));
    expect(history.find((e) => e.action === 'cancel_requested')).toMatchObject({
      actorKind: 'staff',
      actor: String(staffId),
      note: '催行中止：悪天候（台風の接近により高速道路の通行止めが見込まれます）',
    });
    // The day stays closed, although the cancellations gave seats back; the next day is untouched.
    for (const opcd of ['DS0001', 'DSREQ1', 'DSRENT', 'DSCPN1']) expect(await stockLeft(t.ctx.db, opcd, day)).toBe(0);
    expect(await stockLeft(t.ctx.db, 'DS0001', addDays(day, 1))).toBe(9);
    const [stop] = await t.ctx.db.select().from(dayStops).where(eq(dayStops.id, stopId));
    expect(stop?.state).toBe('done');
    const listed = (await staffCall('GET', '/day-stops')).json().response[0];
    expect(listed).toMatchObject({
      id: stopId,
      state: 'done',
      bookings: 30,
      done: 30,
      refund: paidOnes.length * 16_000,
    });
  });

  it('does not sell the stopped day, nor stop it twice', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload('DS0001', day, { adults: 1 }),
      remoteAddress: '10.29.0.1',
    });
    expect(res.json().errcd).not.toBe('000');
    const again = await staffCall('POST', '/day-stops', request());
    expect(again.statusCode).toBe(422);
    expect(again.json().errMsg).toBe(DayStopMsg.noDays);
  });
});

describe('最少催行人員', () => {
  it('lists a day under its minimum near its decision time until it is decided, once', async () => {
    const soon = addDays(todayIn(t.clock), 2);
    await insertTestOption(t.ctx.db, 'DSMIN1', { minTravellers: 5, decisionDaysBefore: 1, decisionTime: '17:00' });
    await insertTestStock(t.ctx.db, 'DSMIN1', soon, { zaikozan: 20 });
    await book('DSMIN1', soon, 2);
    const listed = await minimumDays(t.ctx, 10);
    expect(listed.rows).toContainEqual(
      expect.objectContaining({ opcd: 'DSMIN1', usedate: soon, travellers: 2, minTravellers: 5 }),
    );
    const dash = (await staffCall('GET', '/dashboard')).json().response;
    expect(dash.minimumDays.map((d: { opcd: string }) => d.opcd)).toContain('DSMIN1');
    expect((await staffCall('POST', '/day-decisions', { opcd: 'DSMIN1', usedate: soon })).statusCode).toBe(200);
    expect((await minimumDays(t.ctx, 10)).rows.map((d) => d.opcd)).not.toContain('DSMIN1');
    const twice = await staffCall('POST', '/day-decisions', { opcd: 'DSMIN1', usedate: soon });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errMsg).toBe(DayStopMsg.decided);
    await expect(decideToGo(t.ctx, { id: staffId }, { opcd: 'DS0001', usedate: soon })).rejects.toMatchObject({
      message: DayStopMsg.noMinimum,
    });
  });
});
