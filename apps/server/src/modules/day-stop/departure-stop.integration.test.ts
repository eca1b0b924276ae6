/**
 * 催行中止 of one departure (ADR 0196): the 13:00 sailing of a day called off alone — its bookings canceled, refunded
 * and mailed with the time, its seats closed and kept closed, the day's 10:00 and 16:00 sailings left on sale and
 * their bookings untouched; the whole day can still be called off after it. And 最少催行人員 counted and decided per
 * departure.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { BookingStatus } from '@tabi/contract/constants';
import { addDays, type Ymd } from '@tabi/contract/dates';
import { type DayStopDepartureList, DayStopMsg, type DayStopPreview } from '@tabi/contract/day-stop';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import { bookingEvents, bookings, dayDecisions, outbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { cancelBooking } from '../booking/cancel.ts';
import { bookingPayload, insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { runWaitlist } from '../waitlist/service.ts';
import { decideToGo, minimumDays } from './minimum.ts';
import { runStops } from './service.ts';

let t: TestApp;
let cookie = '';
let staffId = 0;
let day: Ymd;
let ip = 1;
const BOAT = 'DSDEP1';
const at13: string[] = [];
const at10: string[] = [];

async function book(opcd: string, usedate: Ymd, startTime: string, adults = 1): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, usedate, { adults }, { start_time: startTime }),
    remoteAddress: `10.31.${ip >> 8}.${ip++ & 255}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().errcd, res.body).toBe('000');
  return res.json().response.rsvno as string;
}

function staffCall(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.request({
    method,
    url: `/api/admin${url}`,
    ...(payload ? { payload } : {}),
    cookies: { [STAFF_COOKIE]: cookie },
  });
}

const stopOf = (over: Record<string, unknown> = {}) => ({
  opcds: [BOAT],
  from: day,
  to: day,
  reason: 'weather' as const,
  startTime: '13:00',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  staffId = await insertStaff(t.ctx.db, { mail: 'clerk-departure@example.jp', role: 'operator' });
  cookie = await staffSession(t, 'clerk-departure@example.jp');
  day = addDays(todayIn(t.clock), 15);
  await insertTestOption(t.ctx.db, BOAT, { webname: '湾内クルーズ' });
  for (const [start, end] of [
    ['10:00', '11:00'],
    ['13:00', '14:00'],
    ['16:00', '17:00'],
  ] as const) {
    await insertTestStock(t.ctx.db, BOAT, day, { startTime: start, endTime: end, zaikozan: 20 });
  }
  // The next day sails at 10:00 and 13:00 too: the stop's mail offers it once, with both departures' seats.
  await insertTestStock(t.ctx.db, BOAT, addDays(day, 1), { startTime: '10:00', endTime: '11:00', zaikozan: 5 });
  await insertTestStock(t.ctx.db, BOAT, addDays(day, 1), { startTime: '13:00', endTime: '14:00', zaikozan: 7 });
  for (let i = 0; i < 3; i += 1) at13.push(await book(BOAT, day, '13:00', 2));
  for (let i = 0; i < 2; i += 1) at10.push(await book(BOAT, day, '10:00'));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('催行中止 of one departure', () => {
  it('lists the day’s departures for the form, with their travellers', async () => {
    const res = await staffCall('GET', `/day-stops/departures?opcd=${BOAT}&date=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const list: DayStopDepartureList = res.json().response;
    expect(list.dayStopped).toBe(false);
    expect(list.departures.map((d) => [d.startTime, d.endTime, d.bookings, d.travellers, d.seatsLeft])).toEqual([
      ['10:00', '11:00', 2, 2, 18],
      ['13:00', '14:00', 3, 6, 14],
      ['16:00', '17:00', 0, 0, 20],
    ]);
  });

  it('previews only the departure’s bookings and seats', async () => {
    const res = await staffCall('POST', '/day-stops/preview', stopOf());
    expect(res.statusCode, res.body).toBe(200);
    const preview: DayStopPreview = res.json().response;
    expect(preview.days).toEqual([
      { opcd: BOAT, webname: '湾内クルーズ', usedate: day, startTime: '13:00', endTime: '14:00', seatsLeft: 14 },
    ]);
    expect(preview.bookings.map((b) => b.rsvno).sort()).toEqual([...at13].sort());
    expect(preview.bookings.every((b) => b.startTime === '13:00' && b.endTime === '14:00')).toBe(true);
    expect(preview.totals).toMatchObject({ days: 1, bookings: 3, travellers: 6, seatsClosed: 14, mails: 3 });
  });

  it('refuses a departure with several options or days, and a time the day does not have', async () => {
    for (const [over, message] of [
      [{ to: addDays(day, 1) }, DayStopMsg.departureOne],
      [{ opcds: [BOAT, 'DSDEP2'] }, DayStopMsg.departureOne],
      [{ startTime: '25:00' }, '便の時刻が正しくありません。'],
      [{ startTime: '12:00' }, DayStopMsg.noDays],
    ] as const) {
      const res = await staffCall('POST', '/day-stops/preview', stopOf(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errMsg).toContain(message);
    }
  });

  it('cancels and mails the departure’s bookings with the time, keeps it closed, leaves the other departures on sale', async () => {
    const started = await staffCall('POST', '/day-stops', stopOf({ reason: 'other', reasonText: '機材の故障' }));
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().response.bookings).toBe(3);
    await runStops(t.ctx);

    const stopped = await t.ctx.db.select().from(bookings).where(inArray(bookings.rsvno, at13));
    expect(stopped.map((b) => [b.status, b.cancelReason])).toEqual(at13.map(() => [BookingStatus.canceled, 'company']));
    const kept = await t.ctx.db.select().from(bookings).where(inArray(bookings.rsvno, at10));
    expect(kept.every((b) => b.status !== BookingStatus.canceled)).toBe(true);
    for (const rsvno of at13) {
      const [mail] = await t.ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.rsvno, rsvno), eq(outbox.kind, 'day_stopped')));
      expect(mail?.body, rsvno).toContain('13:00');
      expect(mail?.body).toContain('機材の故障');
      // The day's 10:00 and 16:00 sailings, still on sale, with a link to the day; then the next day, once.
      expect(mail?.body).toContain(
        [
          '■同じ日のほかの時間帯の空き状況',
          '・10:00〜11:00　残り18席',
          '・16:00〜17:00　残り20席',
          '',
          '同じ日のほかの時間帯にご参加いただける場合は、あらためてお申し込みください。',
          `${t.config.publicUrl}/detail?opcd=${BOAT}&usedate=${day}`,
        ].join('\n'),
      );
      expect(mail?.html).toContain(`/detail?opcd=${BOAT}&amp;usedate=${day}`);
      expect(mail?.body.match(/残り\d+席/g)).toEqual(['残り18席', '残り20席', '残り12席']);
      // The staff's action is in each booking's history.
      const history = await t.ctx.db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, rsvno));
      expect(history.find((e) => e.action === 'cancel_requested')).toMatchObject({
        actorKind: 'staff',
        actor: String(staffId),
        note: '催行中止：その他（機材の故障）',
      });
    }
    // Closed, though the cancellations gave 6 seats back; 10:00 and 16:00 as they were.
    expect(await stockLeft(t.ctx.db, BOAT, day, '13:00')).toBe(0);
    expect(await stockLeft(t.ctx.db, BOAT, day, '10:00')).toBe(18);
    expect(await stockLeft(t.ctx.db, BOAT, day, '16:00')).toBe(20);

    const listed = (await staffCall('GET', '/day-stops')).json().response[0];
    expect(listed).toMatchObject({
      state: 'done',
      bookings: 3,
      done: 3,
      days: [{ opcd: BOAT, usedate: day, startTime: '13:00', endTime: '14:00' }],
    });
    const list: DayStopDepartureList = (await staffCall('GET', `/day-stops/departures?opcd=${BOAT}&date=${day}`)).json()
      .response;
    expect(list.departures.map((d) => d.stopped)).toEqual([false, true, false]);
    const [decision] = await t.ctx.db
      .select()
      .from(dayDecisions)
      .where(and(eq(dayDecisions.opcd, BOAT), eq(dayDecisions.startTime, '13:00')));
    expect(decision?.decision).toBe('stopped');
  });

  it('sells the other departures but not the stopped one, gives seats back to the others only, and does not stop it twice', async () => {
    const refused = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(BOAT, day, { adults: 1 }, { start_time: '13:00' }),
      remoteAddress: '10.32.0.1',
    });
    expect(refused.json().errcd).not.toBe('000');
    const late = await book(BOAT, day, '16:00');
    expect(await stockLeft(t.ctx.db, BOAT, day, '16:00')).toBe(19);
    await cancelBooking(t.ctx, late, { actor: customerActor });
    expect(await stockLeft(t.ctx.db, BOAT, day, '16:00')).toBe(20);
    expect(await stockLeft(t.ctx.db, BOAT, day, '13:00')).toBe(0);

    const again = await staffCall('POST', '/day-stops', stopOf());
    expect(again.statusCode).toBe(422);
    expect(again.json().errMsg).toBe(DayStopMsg.noDays);
  });

  it('still stops the whole day after, cancelling the other departures’ bookings only once', async () => {
    const preview: DayStopPreview = (
      await staffCall('POST', '/day-stops/preview', stopOf({ startTime: undefined }))
    ).json().response;
    expect(preview.days).toEqual([
      { opcd: BOAT, webname: '湾内クルーズ', usedate: day, startTime: '', endTime: '', seatsLeft: 38 },
    ]);
    expect(preview.bookings.map((b) => b.rsvno).sort()).toEqual([...at10].sort());
    const res = await staffCall('POST', '/day-stops', stopOf({ startTime: undefined }));
    expect(res.statusCode, res.body).toBe(200);
    await runStops(t.ctx);
    for (const start of ['10:00', '13:00', '16:00']) expect(await stockLeft(t.ctx.db, BOAT, day, start)).toBe(0);
    // A whole day's mail offers the next days only, as it always did.
    const mails = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.rsvno, at10), eq(outbox.kind, 'day_stopped')));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.body).not.toContain('同じ日のほかの時間帯');
      expect(mail.body.match(/残り\d+席/g)).toEqual(['残り12席']);
    }
    const list: DayStopDepartureList = (await staffCall('GET', `/day-stops/departures?opcd=${BOAT}&date=${day}`)).json()
      .response;
    expect(list.dayStopped).toBe(true);
  });
});

describe('催行中止 of one departure: the mail offers the day’s other departures still on sale', () => {
  it('only those with seats, not called off and not left yet; nothing when there is none; in English too', async () => {
    // Today at noon (the test clock), on sale until 23:00: 09:00 has left, 14:00 is full, 15:00 is open.
    const LAKE = 'DSDEP3';
    const today = todayIn(t.clock);
    await insertTestOption(t.ctx.db, LAKE, { webname: '湖上遊覧', salesCutoffDaysBefore: 0, salesCutoffTime: '23:00' });
    for (const [start, end, seats] of [
      ['09:00', '10:00', 10],
      ['13:00', '14:00', 10],
      ['14:00', '15:00', 0],
      ['15:00', '16:00', 5],
    ] as const) {
      await insertTestStock(t.ctx.db, LAKE, today, { startTime: start, endTime: end, zaikozan: seats });
    }
    const english = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(LAKE, today, { adults: 2 }, { start_time: '13:00', lang: 'en' }),
      remoteAddress: '10.35.0.1',
    });
    expect(english.json().errcd, english.body).toBe('000');
    const at1300 = english.json().response.rsvno as string;
    const at1500 = await book(LAKE, today, '15:00');
    const mailOf = async (rsvno: string) => {
      const [mail] = await t.ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.rsvno, rsvno), eq(outbox.kind, 'day_stopped')));
      return mail;
    };

    const first = await staffCall('POST', '/day-stops', stopOf({ opcds: [LAKE], from: today, to: today }));
    expect(first.statusCode, first.body).toBe(200);
    await runStops(t.ctx);
    const en = await mailOf(at1300);
    expect(en?.body).toContain(
      [
        '== Other times on the same day with places ==',
        '- 15:00–16:00: 4 places left',
        '',
        'If another time that day suits you, please book again.',
        `${t.config.publicUrl}/en/detail?opcd=${LAKE}&usedate=${today}`,
      ].join('\n'),
    );
    expect(en?.body).not.toMatch(/09:00|14:00–15:00/);

    // The 15:00 called off too: nothing of the day is left to offer, and the mail says nothing of it.
    const second = await staffCall(
      'POST',
      '/day-stops',
      stopOf({ opcds: [LAKE], from: today, to: today, startTime: '15:00' }),
    );
    expect(second.statusCode, second.body).toBe(200);
    await runStops(t.ctx);
    const ja = await mailOf(at1500);
    expect(ja?.body).toContain('15:00〜16:00');
    expect(ja?.body).not.toContain('同じ日のほかの時間帯');
    expect(ja?.body).not.toContain(`usedate=${today}`);
  });
});

describe('催行中止 of one departure and キャンセル待ち', () => {
  it('an offer held on the departure when it is called off books nothing there, and no one can wait for it', async () => {
    const later = addDays(day, 5);
    await insertTestStock(t.ctx.db, BOAT, later, { startTime: '13:00', endTime: '14:00', zaikozan: 2 });
    const full = await book(BOAT, later, '13:00', 2);
    const joined = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      payload: { opcd: BOAT, usedate: later, start_time: '13:00', mail: 'wait-13@example.com', party: 2 },
      remoteAddress: '10.34.0.1',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    await cancelBooking(t.ctx, full, { actor: customerActor });
    await runWaitlist(t.ctx);
    const [offer] = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'wait-13@example.com'), eq(outbox.kind, 'waitlist_offered')));
    const token = /waitlist=([\w-]+)/.exec(offer?.body ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    const stopped = await staffCall('POST', '/day-stops', stopOf({ from: later, to: later }));
    expect(stopped.statusCode, stopped.body).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(BOAT, later, { adults: 2 }, { start_time: '13:00', waitlist_token: token }),
      remoteAddress: '10.34.0.2',
    });
    expect(res.json().errcd).not.toBe('000');
    const again = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      payload: { opcd: BOAT, usedate: later, start_time: '13:00', mail: 'wait-late@example.com', party: 1 },
      remoteAddress: '10.34.0.3',
    });
    expect(again.statusCode).toBe(422);
    expect(await stockLeft(t.ctx.db, BOAT, later, '13:00')).toBe(0);
  });
});

describe('最少催行人員 per departure', () => {
  it('counts each departure alone and decides one without the others', async () => {
    const soon = addDays(todayIn(t.clock), 2);
    await insertTestOption(t.ctx.db, 'DSMIN2', { minTravellers: 4, decisionDaysBefore: 1, decisionTime: '17:00' });
    await insertTestStock(t.ctx.db, 'DSMIN2', soon, { startTime: '09:30', endTime: '12:00', zaikozan: 20 });
    await insertTestStock(t.ctx.db, 'DSMIN2', soon, { startTime: '13:30', endTime: '16:00', zaikozan: 20 });
    // 09:30 has 4 (its minimum), 13:30 has 3: the day has 7, but the 13:30 lesson is the one to decide.
    await book('DSMIN2', soon, '09:30', 2);
    await book('DSMIN2', soon, '09:30', 2);
    await book('DSMIN2', soon, '13:30', 3);
    const mine = (await minimumDays(t.ctx, 50)).rows.filter((r) => r.opcd === 'DSMIN2');
    expect(mine).toEqual([
      expect.objectContaining({ usedate: soon, startTime: '13:30', endTime: '16:00', travellers: 3, minTravellers: 4 }),
    ]);
    const decided = await staffCall('POST', '/day-decisions', { opcd: 'DSMIN2', usedate: soon, startTime: '13:30' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await minimumDays(t.ctx, 50)).rows.filter((r) => r.opcd === 'DSMIN2')).toEqual([]);
    const twice = await staffCall('POST', '/day-decisions', { opcd: 'DSMIN2', usedate: soon, startTime: '13:30' });
    expect(twice.statusCode).toBe(409);
    await expect(
      decideToGo(t.ctx, { id: staffId }, { opcd: 'DSMIN2', usedate: soon, startTime: '11:00' }),
    ).rejects.toMatchObject({ message: DayStopMsg.noDeparture });
  });
});
