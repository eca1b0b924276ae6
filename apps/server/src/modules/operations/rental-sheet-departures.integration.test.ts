/**
 * レンタル準備表 of a rental option sold at start times (ADR 0196): the shop's sheet counts each departure on its own
 * (skis, boots and wear for the 09:30 lesson apart from the 13:30 one), lists the travellers by time with the time,
 * shows one start time alone when asked, and the CSV carries the time; the mail of the evening before gives each
 * departure's counts and travellers in the sheet's order, and a whole day's rentals of the shop after them.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { addDays, tokyoDayStart, type Ymd } from '@tabi/contract/dates';
import type { RentalSheetDay } from '@tabi/contract/operations';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { bookingRentals, bookings, facilities, outbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { storedColumns } from '../booking/lifecycle.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { sendDueRentalSheets } from './rental-sheet.ts';

let t: TestApp;
let cookie = '';
let day: Ymd;
let facilityId = 0;
let ip = 1;
const LESSON = 'RSDEP1';
const booked: string[] = [];

async function book(
  startTime: string,
  rentals: { model: string; bootsSize: string; wearSize: string }[],
  opcd = LESSON,
) {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, day, { adults: rentals.length }, startTime ? { start_time: startTime } : {}),
    remoteAddress: `10.44.0.${ip++}`,
  });
  expect(res.json().errcd, res.body).toBe('000');
  const rsvno = res.json().response.rsvno as string;
  // The booking wrote its travellers' rental rows empty: what they chose, as the staff would correct it.
  await t.ctx.db.delete(bookingRentals).where(eq(bookingRentals.rsvno, rsvno));
  await t.ctx.db.insert(bookingRentals).values(rentals.map((r, i) => ({ rsvno, seq: i + 1, ...r })));
  booked.push(rsvno);
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
  cookie = await staffSession(t, 'op-rental@example.jp');
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

  it('mails the shop each departure’s counts and travellers the evening before, the whole day’s rentals after', async () => {
    // The same shop also rents by the day: its day's rentals come after the lessons', as the console lists them.
    await insertTestOption(t.ctx.db, 'RSDAY1', { webname: '1日レンタル', rentalcd: '3', facilityId });
    await insertTestStock(t.ctx.db, 'RSDAY1', day, { zaikozan: 10 });
    await book('', [{ model: '2', bootsSize: '28.0', wearSize: 'XL' }], 'RSDAY1');
    await t.ctx.db.update(facilities).set({ mail: 'snowgear@example.jp' }).where(eq(facilities.id, facilityId));
    // Paid, so that the bookings still hold their seats the evening before.
    await t.ctx.db.update(bookings).set(storedColumns('paid')).where(inArray(bookings.rsvno, booked));
    const now = t.clock.now();
    t.clock.set(new Date(tokyoDayStart(addDays(day, -1)).getTime() + 19 * 3_600_000));
    try {
      expect(await sendDueRentalSheets(t.ctx)).toEqual([{ facilityId, usedate: day }]);
    } finally {
      t.clock.set(now);
    }
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'rental_sheet'), eq(outbox.to, 'snowgear@example.jp')));
    const body = mail?.body ?? '';
    expect(body).toContain('3件・4名分です。\n開始時刻ごとの内訳もあわせてお送りしますので');
    expect(body).toContain(
      [
        '■この日の合計',
        'スキー　　　：2台',
        'スノーボード：2台',
        'ブーツ　　　：24.0cm 1足、26.5cm 2足、28.0cm 1足',
      ].join('\n'),
    );
    expect(body).toContain(
      [
        '■09:30〜12:00（予約1件・2名）',
        'スキー　　　：2台',
        'スノーボード：0台',
        'ブーツ　　　：24.0cm 1足、26.5cm 1足',
        'ウェア　　　：大人 M 1着、大人 L 1着',
      ].join('\n'),
    );
    expect(body).toContain(
      [
        '■13:30〜16:00（予約1件・1名）',
        'スキー　　　：0台',
        'スノーボード：1台',
        'ブーツ　　　：26.5cm 1足',
        'ウェア　　　：大人 L 1着',
      ].join('\n'),
    );
    expect(body).toContain('■終日（予約1件・1名）');
    // The sheet's order: each departure's counts, then its travellers; the whole day's last.
    const order = [
      '■この日の合計',
      '■09:30〜12:00',
      '■予約・参加者別（09:30〜12:00）',
      '■13:30〜16:00',
      '■予約・参加者別（13:30〜16:00）',
      '■終日',
      '■予約・参加者別（終日）',
    ].map((heading) => body.indexOf(heading));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const lessonList = body.slice(body.indexOf('■予約・参加者別（13:30〜16:00）')).split('\n\n')[0] ?? '';
    expect(lessonList.split('\n')).toHaveLength(2);
    expect(lessonList).toContain('スノーボード／ブーツ 26.5cm／ウェア L');
    expect(mail?.html).toContain('09:30〜12:00（予約1件・2名）');
  });
});
