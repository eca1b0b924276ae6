/**
 * The dashboard's 本日・明日の出発 per departure (ADR 0196): an option sold at start times is one line per departure
 * with travellers, each with its time, its bookings and travellers, and its capacity (left + held); a whole-day
 * option stays one line with no time; the day's totals count each booking once.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { addDays, type Ymd } from '@tabi/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';

let t: TestApp;
let cookie = '';
let tomorrow: Ymd;
let ip = 1;

async function book(opcd: string, startTime: string, adults: number): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, tomorrow, { adults }, startTime ? { start_time: startTime } : {}),
    remoteAddress: `10.43.0.${ip++}`,
  });
  expect(res.json().errcd, res.body).toBe('000');
}

beforeAll(async () => {
  t = await createTestApp();
  await insertStaff(t.ctx.db, { mail: 'clerk-dash@example.jp', role: 'operator' });
  cookie = await staffSession(t, 'clerk-dash@example.jp');
  tomorrow = addDays(todayIn(t.clock), 1);
  await insertTestOption(t.ctx.db, 'DBDEP1', { webname: '湾内クルーズ' });
  await insertTestStock(t.ctx.db, 'DBDEP1', tomorrow, { startTime: '10:00', endTime: '11:00', zaikozan: 12 });
  await insertTestStock(t.ctx.db, 'DBDEP1', tomorrow, { startTime: '13:00', endTime: '14:00', zaikozan: 20 });
  await insertTestStock(t.ctx.db, 'DBDEP1', tomorrow, { startTime: '16:00', endTime: '17:00', zaikozan: 20 });
  await insertTestOption(t.ctx.db, 'DBDAY1', { webname: '高原ハイキング' });
  await insertTestStock(t.ctx.db, 'DBDAY1', tomorrow, { zaikozan: 30 });
  await book('DBDEP1', '13:00', 2);
  await book('DBDEP1', '10:00', 3);
  await book('DBDEP1', '10:00', 1);
  await book('DBDAY1', '', 2);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/dashboard: departures', () => {
  it('lists each departure with travellers, with its time, counts and capacity; a whole-day option as one line', async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/dashboard', cookies: { [STAFF_COOKIE]: cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const { departures, departureDays } = res.json().response;
    const mine = departures.filter(
      (d: { opcd: string; usedate: string }) => d.usedate === tomorrow && d.opcd.startsWith('DB'),
    );
    // In the options' order (here their codes), then by time.
    expect(mine).toEqual([
      {
        usedate: tomorrow,
        opcd: 'DBDAY1',
        webname: '高原ハイキング',
        startTime: '',
        endTime: '',
        bookings: 1,
        participants: 2,
        capacity: 30,
        arrived: 0,
      },
      {
        usedate: tomorrow,
        opcd: 'DBDEP1',
        webname: '湾内クルーズ',
        startTime: '10:00',
        endTime: '11:00',
        bookings: 2,
        participants: 4,
        capacity: 12,
        arrived: 0,
      },
      {
        usedate: tomorrow,
        opcd: 'DBDEP1',
        webname: '湾内クルーズ',
        startTime: '13:00',
        endTime: '14:00',
        bookings: 1,
        participants: 2,
        capacity: 20,
        arrived: 0,
      },
    ]);
    expect(departureDays.find((d: { usedate: string }) => d.usedate === tomorrow)).toEqual({
      usedate: tomorrow,
      bookings: 4,
      participants: 8,
    });
  });
});
