/**
 * レンタル準備表 of a rental option sold at start times (ADR 0196): the shop's sheet counts each departure on its own
 * (skis, boots and wear for the 09:30 lesson apart from the 13:30 one), lists the travellers by time with the time,
 * shows one start time alone when asked, and the CSV carries the time.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { addDays, type Ymd } from '@tabi/contract/dates';
import type { RentalSheetDay } from '@tabi/contract/operations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { bookingRentals, facilities } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { insertStaff, signIn } from '../staff/test-fixtures.ts';

let t: TestApp;
let cookie = '';
let day: Ymd;
let facilityId = 0;
let ip = 1;
const LESSON = 'RSDEP1';

async function book(startTime: string, rentals: { model: string; bootsSize: string; wearSize: string }[]) {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(LESSON, day, { adults: rentals.length }, { start_time: startTime }),
    remoteAddress: `10.44.0.${ip++}`,
  });
  expect(res.json().errcd, res.body).toBe('000');
  const rsvno = res.json().response.rsvno as string;
  // The booking wrote its travellers' rental rows empty: what they chose, as the staff would correct it.
  await t.ctx.db.delete(bookingRentals).where(eq(bookingRentals.rsvno, rsvno));
  await t.ctx.db.insert(bookingRentals).values(rentals.map((r, i) => ({ rsvno, seq: i + 1, ...r })));
  return rsvno;
}

async function sheet(query: string): Promise<RentalSheetDay> {
  const res = await t.request({
    method: 'GET',
    url: `/api/admin/rental-sheet${query}`,
    cookies: { [STAFF_COOKIE]: cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response;
}

beforeAll(async () => {
  t = await createTestApp();
  await insertStaff(t.ctx.db, { mail: 'op-rental@example.jp', role: 'operator' });
  cookie = await signIn(t, 'op-rental@example.jp');
  day = addDays(todayIn(t.clock), 6);
  const [shop] = await t.ctx.db
    .insert(facilities)
    .values({ name: 'スノーギア 白馬', pinHash: 'x' })
    .returning({ id: facilities.id });
  facilityId = shop?.id ?? 0;
  await insertTestOption(t.ctx.db, LESSON, { webname: 'スキーレッスン', rentalcd: '3', facilityId });
  await insertTestStock(t.ctx.db, LESSON, day, { startTime: '09:30', endTime: '12:00', zaikozan: 10 });
  await insertTestStock(t.ctx.db, LESSON, day, { startTime: '13:30', endTime: '16:00', zaikozan: 10 });
  await book('09:30', [
    { model: '1', bootsSize: '26.5', wearSize: 'L' },
    { model: '1', bootsSize: '24.0', wearSize: 'M' },
  ]);
  await book('13:30', [{ model: '2', bootsSize: '26.5', wearSize: 'L' }]);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('レンタル準備表 per departure', () => {
  it('counts each departure apart and lists the travellers by time, with the day’s start times to choose', async () => {
    const d = await sheet(`?date=${day}&facility=${facilityId}`);
    expect(d.start).toBeNull();
    expect(d.startTimes).toEqual(['09:30', '13:30']);
    const [shop] = d.sheets;
    expect(shop).toMatchObject({ bookings: 2, travellers: 3, skis: 2, snowboards: 1 });
    expect(shop?.departures).toEqual([
      {
        startTime: '09:30',
        endTime: '12:00',
        bookings: 1,
        travellers: 2,
        skis: 2,
        snowboards: 0,
        boots: [
          { size: '24.0', count: 1 },
          { size: '26.5', count: 1 },
        ],
        wear: [
          { ageClass: '大人', size: 'M', count: 1 },
          { ageClass: '大人', size: 'L', count: 1 },
        ],
      },
      {
        startTime: '13:30',
        endTime: '16:00',
        bookings: 1,
        travellers: 1,
        skis: 0,
        snowboards: 1,
        boots: [{ size: '26.5', count: 1 }],
        wear: [{ ageClass: '大人', size: 'L', count: 1 }],
      },
    ]);
    expect(shop?.rows.map((r) => r.startTime)).toEqual(['09:30', '09:30', '13:30']);
  });

  it('shows one start time alone, and the CSV carries the time', async () => {
    const d = await sheet(`?date=${day}&facility=${facilityId}&start=13:30`);
    expect(d.start).toBe('13:30');
    expect(d.sheets[0]).toMatchObject({ travellers: 1, skis: 0, snowboards: 1 });
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/rental-sheet.csv?date=${day}&facility=${facilityId}&start=13:30`,
      cookies: { [STAFF_COOKIE]: cookie },
    });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/"ウェア","開始時刻","終了時刻"$/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(/"13:30","16:00"$/);
  });
});
