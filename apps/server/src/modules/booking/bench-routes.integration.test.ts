/**
 * GET /api/_bench/stock (BENCH_ROUTES=1 only), the database side of the benchmarks' oversold checks: each day's
 * seats left as stored, and the seats live bookings hold (unpaid or requested) and have paid for.
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BenchStockDay } from '../../bench/types.ts';
import { rowsOf } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { storedColumns } from './lifecycle.ts';
import { ADULT_PRICE, bookingPayload, insertTestOption, insertTestStock } from './test-fixtures.ts';

let t: TestApp;
const OP = 'BS0001';

beforeAll(async () => {
  t = await createTestApp({ config: { benchRoutes: true } });
  await insertTestOption(t.ctx.db, OP);
  await insertTestStock(t.ctx.db, OP, '20261201', { zaikozan: 10 });
  await insertTestStock(t.ctx.db, OP, '20261202', { zaikozan: 5 });
});
afterAll(async () => {
  await t.close();
});

async function book(adults: number, address: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(OP, '20261201', { adults }) as object,
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.rsvno;
}

it('answers each day’s seats left, held and sold, leaving canceled bookings out', async () => {
  await book(2, '10.8.0.1');
  const paid = await book(3, '10.8.0.2');
  const canceled = await book(1, '10.8.0.3');
  await t.ctx.db.update(bookings).set(storedColumns('paid')).where(eq(bookings.rsvno, paid));
  await t.ctx.db.update(bookings).set(storedColumns('canceled')).where(eq(bookings.rsvno, canceled));

  const res = await t.request({ method: 'GET', url: `/api/_bench/stock?opcd=${OP}&from=2026-11-30&to=2026-12-02` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().response.stock).toEqual([
    { usedate: '2026-12-01', start_time: '', zaikozan: 4, adultbaika: ADULT_PRICE, held: 2, sold: 3 },
    { usedate: '2026-12-02', start_time: '', zaikozan: 5, adultbaika: ADULT_PRICE, held: 0, sold: 0 },
  ] satisfies BenchStockDay[]);
});

it('makes the whole days nobody booked into departures at set times, each with the day’s seats and prices', async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/_bench/timed',
    payload: { opcd: OP, times: ['09:00', '13:30'], minutes: 90 },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().response).toEqual({ departures: 2 });
  const stock = await t.request({ method: 'GET', url: `/api/_bench/stock?opcd=${OP}&from=2026-12-01&to=2026-12-02` });
  expect(stock.json().response.stock).toEqual([
    expect.objectContaining({ usedate: '2026-12-01', start_time: '', zaikozan: 4 }),
    expect.objectContaining({ usedate: '2026-12-02', start_time: '09:00', zaikozan: 5, adultbaika: ADULT_PRICE }),
    expect.objectContaining({ usedate: '2026-12-02', start_time: '13:30', zaikozan: 5, adultbaika: ADULT_PRICE }),
  ]);
  const bad = await t.request({ method: 'POST', url: '/api/_bench/timed', payload: { opcd: OP, times: ["1'"] } });
  expect(bad.statusCode).toBe(422);
});

it('copies an option into one that takes a shared resource and a boot size, booked like the original', async () => {
  const res = await t.request({ method: 'POST', url: '/api/_bench/shared', payload: { opcd: 'BR0001', like: OP } });
  expect(res.statusCode, res.body).toBe(200);
  // The day made into departures at set times above: the copy has them too.
  const payload = bookingPayload('BR0001', '20261202', { adults: 1 }, { start_time: '09:00' });
  payload.rentskiList = [{ seq: '1', model: '', boots_size: '26.5', wear_size: '', accessory: '' }];
  const booked = await t.request({ method: 'POST', url: '/api/booking', payload, remoteAddress: '10.8.0.9' });
  expect(booked.statusCode, booked.body).toBe(200);
  const rsvno = booked.json().response.rsvno as string;
  const units = await t.ctx.db.execute(sql`select units from booking_resources where rsvno = ${rsvno}`);
  expect(rowsOf<{ units: number }>(units)).toEqual([{ units: 1 }]);
});
