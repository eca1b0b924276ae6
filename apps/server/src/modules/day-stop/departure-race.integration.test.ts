/**
 * 催行中止 of one departure raced by bookings (ADR 0196): a booking of the departure that lands before the stop locks
 * its row is listed and canceled by it; one that comes after finds no seat and is refused; none is left holding a
 * seat of the stopped departure. Bookings of the day's other departure go through untouched. On PGlite and on
 * PostgreSQL (TEST_DB=postgres), where the calls truly run at once.
 */
import { BookingStatus } from '@tabi/contract/constants';
import { addDays, type Ymd } from '@tabi/contract/dates';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingPayload, insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { insertStaff } from '../staff/test-fixtures.ts';
import { beginStop, runStop } from './service.ts';

let t: TestApp;
let staffId = 0;
let ip = 1;
const BOAT = 'DSRACE';
const SEATS = 6;

async function tryBook(usedate: Ymd, startTime: string): Promise<string | null> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(BOAT, usedate, { adults: 1 }, { start_time: startTime }),
    remoteAddress: `10.33.${ip >> 8}.${ip++ & 255}`,
  });
  const body = res.json();
  return body.errcd === '000' ? (body.response.rsvno as string) : null;
}

beforeAll(async () => {
  t = await createTestApp();
  staffId = await insertStaff(t.ctx.db, { mail: 'clerk-race@example.jp', role: 'operator' });
  await insertTestOption(t.ctx.db, BOAT, { webname: '湾内クルーズ', maxPeople: 20 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a departure’s stop raced by bookings', () => {
  it('cancels every booking of the departure that got in, refuses the rest, leaves the other departure alone', async () => {
    for (let round = 0; round < 4; round += 1) {
      const day = addDays(todayIn(t.clock), 20 + round);
      await insertTestStock(t.ctx.db, BOAT, day, { startTime: '10:00', endTime: '11:00', zaikozan: SEATS });
      await insertTestStock(t.ctx.db, BOAT, day, { startTime: '13:00', endTime: '14:00', zaikozan: SEATS });
      const early = await tryBook(day, '13:00');
      expect(early).not.toBeNull();

      const racing13 = Array.from({ length: 4 }, () => tryBook(day, '13:00'));
      const racing10 = Array.from({ length: 3 }, () => tryBook(day, '10:00'));
      const stop = beginStop(
        t.ctx,
        { id: staffId },
        { opcds: [BOAT], from: day, to: day, startTime: '13:00', reason: 'weather' },
      );
      const [got13, got10, started] = await Promise.all([Promise.all(racing13), Promise.all(racing10), stop]);
      expect(await runStop(t.ctx, started.stopId)).toBe(true);

      const in13 = [early, ...got13].filter((r): r is string => r !== null);
      const in10 = got10.filter((r): r is string => r !== null);
      expect(in10, `round ${round}`).toHaveLength(3);
      const items = rowsOf<{ rsvno: string; state: string }>(
        await t.ctx.db.execute(sql`select rsvno, state from day_stop_items where stop_id = ${started.stopId}`),
      );
      // Every booking of 13:00 that was accepted is the stop's, and canceled by it; none of 10:00 is.
      expect(items.map((i) => i.rsvno).sort(), `round ${round}`).toEqual([...in13].sort());
      expect(items.every((i) => i.state === 'done')).toBe(true);
      expect(started.bookings).toBe(in13.length);
      const rows = await t.ctx.db
        .select({ rsvno: bookings.rsvno, status: bookings.status })
        .from(bookings)
        .where(inArray(bookings.rsvno, [...in13, ...in10]));
      for (const row of rows) {
        expect(row.status === BookingStatus.canceled, row.rsvno).toBe(in13.includes(row.rsvno));
      }
      expect(await stockLeft(t.ctx.db, BOAT, day, '13:00')).toBe(0);
      expect(await stockLeft(t.ctx.db, BOAT, day, '10:00')).toBe(SEATS - in10.length);
      // No live booking holds a seat of the stopped departure.
      const [held] = rowsOf<{ n: number }>(
        await t.ctx.db.execute(sql`select count(*)::int as n from booking_options bo join bookings b on b.rsvno = bo.rsvno
          where bo.opcd = ${BOAT} and bo.usedate = ${`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`}::date
            and bo.start_time = '13:00' and b.status <> ${BookingStatus.canceled}`),
      );
      expect(Number(held?.n)).toBe(0);
    }
  }, 120_000);
});
