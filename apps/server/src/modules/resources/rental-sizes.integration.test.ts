/**
 * A rental shop's stock by size (ADR 0209): three options of one shop never rent out more pairs of a size than the
 * shop has, however many bookings come at once; a size the shop does not list, or has none left of that day, is
 * refused with the traveller it was chosen for; GET /option/{code}/rental-stock says what is left; a rental edit is
 * checked again; a booking that ends gives its sizes back. On PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { RentalCode } from '@tabi/contract/constants';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import { facilities } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { editRentals } from '../booking/rentals.ts';
import { sweepUnpaidBookings } from '../booking/sweeper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { rentalStock, rentalStockDays } from './schema.ts';

let t: TestApp;
let ip = 1;
const SHOP = 77;
const BOOTS = ['RSBOOT1', 'RSBOOT2', 'RSBOOT3'];
const PAIRS = 4;

async function rent(opcd: string, usedate: Ymd, boots: string[]): Promise<{ rsvno: string | null; body: string }> {
  const payload = bookingPayload(opcd, usedate, { adults: boots.length });
  payload.rentskiList = boots.map((size, i) => ({
    seq: String(i + 1),
    model: '',
    boots_size: size,
    wear_size: '',
    accessory: '',
  }));
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload,
    remoteAddress: `10.50.${ip >> 8}.${ip++ & 255}`,
  });
  expect(res.statusCode, res.body).toBeLessThan(500);
  const json = res.json();
  return { rsvno: json.errcd === '000' ? (json.response.rsvno as string) : null, body: res.body };
}

async function leftOn(opcd: string, usedate: Ymd): Promise<Record<string, number> | undefined> {
  const res = await t.request({ method: 'GET', url: `/api/option/${opcd}/rental-stock?usedate=${usedate}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.left.boots_size;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.insert(facilities).values({ id: SHOP, name: 'テストレンタル', pinHash: '' });
  for (const opcd of BOOTS) {
    await insertTestOption(t.ctx.db, opcd, { rentalcd: RentalCode.boots, facilityId: SHOP, maxPeople: 8 });
  }
  await t.ctx.db.insert(rentalStock).values([
    { facilityId: SHOP, item: 'boots', size: '26.5', quantity: PAIRS },
    { facilityId: SHOP, item: 'boots', size: '24.0', quantity: 2 },
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('boots by size', () => {
  it('30 rentals of one size at once across three options never exceed the shop’s pairs', async () => {
    const day = addDays(todayIn(t.clock), 30);
    for (const opcd of BOOTS) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 30 });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => rent(BOOTS[i % 3] ?? '', day, ['26.5'])));
    expect(results.filter((r) => r.rsvno !== null)).toHaveLength(PAIRS);
    const refused = results.find((r) => r.rsvno === null);
    expect(refused?.body).toContain('参加者1のブーツ（26.5）は在庫がなくなりました');
    expect(await leftOn('RSBOOT2', day)).toEqual({ '26.5': 0, '24.0': 2 });
  }, 120_000);

  it('names the traveller whose size ran out, and takes nothing of the booking', async () => {
    const day = addDays(todayIn(t.clock), 31);
    for (const opcd of BOOTS) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 30 });
    expect((await rent('RSBOOT1', day, ['24.0'])).rsvno).not.toBeNull();
    const refused = await rent('RSBOOT1', day, ['26.5', '24.0', '24.0']);
    expect(refused.rsvno).toBeNull();
    expect(refused.body).toContain('参加者2のブーツ（24.0）は在庫がなくなりました');
    expect(await leftOn('RSBOOT1', day)).toEqual({ '26.5': PAIRS, '24.0': 1 });
  });

  it('a size the shop does not list has none; a day with fewer pairs counts them', async () => {
    const day = addDays(todayIn(t.clock), 32);
    for (const opcd of BOOTS) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 30 });
    expect((await rent('RSBOOT3', day, ['28.0'])).body).toContain('参加者1のブーツ（28.0）は在庫がなくなりました');
    await t.ctx.db
      .insert(rentalStockDays)
      .values({ facilityId: SHOP, item: 'boots', size: '26.5', usedate: ymdToIsoDate(day), quantity: 1 });
    expect(await leftOn('RSBOOT3', day)).toMatchObject({ '26.5': 1 });
    expect((await rent('RSBOOT3', day, ['26.5'])).rsvno).not.toBeNull();
    expect((await rent('RSBOOT2', day, ['26.5'])).rsvno).toBeNull();
  });

  it('a rental edit to a size without stock is refused, naming the traveller', async () => {
    const day = addDays(todayIn(t.clock), 33);
    for (const opcd of BOOTS) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 30 });
    expect((await rent('RSBOOT1', day, ['24.0', '24.0'])).rsvno).not.toBeNull();
    const mine = await rent('RSBOOT2', day, ['26.5', '26.5']);
    expect(mine.rsvno).not.toBeNull();
    const rsvno = mine.rsvno ?? '';
    const entries = (sizes: string[]) =>
      sizes.map((boots_size, i) => ({ seq: String(i + 1), model: '' as const, boots_size, wear_size: '' }));
    await expect(editRentals(t.ctx, rsvno, entries(['26.5', '24.0']), customerActor)).rejects.toThrow(
      '参加者2のブーツ（24.0）は在庫がなくなりました',
    );
    await editRentals(t.ctx, rsvno, entries(['26.5', '26.5']), customerActor);
    await editRentals(t.ctx, rsvno, entries(['26.5', '26.5']).reverse(), customerActor);
    expect(await leftOn('RSBOOT2', day)).toEqual({ '26.5': PAIRS - 2, '24.0': 0 });
  });

  it('a rental counts where its line is: a moved day, an option given to another shop, a row written later', async () => {
    const day = addDays(todayIn(t.clock), 35);
    const next = addDays(day, 1);
    for (const on of [day, next]) for (const opcd of BOOTS) await insertTestStock(t.ctx.db, opcd, on, { zaikozan: 30 });
    const { rsvno } = await rent('RSBOOT3', day, ['24.0']);
    if (!rsvno) throw new Error('not booked');
    expect(await leftOn('RSBOOT3', day)).toMatchObject({ '24.0': 1 });
    // A change of departure updates the line's day in place (booking/change.ts): the pair moves with it.
    await t.ctx.db.execute(
      sql`update booking_options set usedate = ${ymdToIsoDate(next)}::date where rsvno = ${rsvno}`,
    );
    expect(await leftOn('RSBOOT3', day)).toMatchObject({ '24.0': 2 });
    expect(await leftOn('RSBOOT3', next)).toMatchObject({ '24.0': 1 });
    // A row written without its place (as an edit writes it) takes its line's.
    await t.ctx.db.execute(sql`delete from booking_rentals where rsvno = ${rsvno}`);
    await t.ctx.db.execute(sql`insert into booking_rentals (rsvno, seq, boots_size) values (${rsvno}, 1, '24.0')`);
    expect(await leftOn('RSBOOT3', next)).toMatchObject({ '24.0': 1 });
    // The option given to another shop: its rentals count there, no longer here.
    const [other] = await t.ctx.db
      .insert(facilities)
      .values({ name: '別のレンタル店', pinHash: '' })
      .returning({ id: facilities.id });
    await t.ctx.db.execute(sql`update options set facility_id = ${other?.id ?? 0} where opcd = 'RSBOOT3'`);
    expect(await leftOn('RSBOOT1', next)).toMatchObject({ '24.0': 2 });
    const [moved] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select rental_used(${other?.id ?? 0}, ${ymdToIsoDate(next)}::date, 'boots', '24.0') as n`,
      ),
    );
    expect(moved?.n).toBe(1);
    await t.ctx.db.execute(sql`update options set facility_id = ${SHOP} where opcd = 'RSBOOT3'`);
    expect(await leftOn('RSBOOT1', next)).toMatchObject({ '24.0': 1 });
  });

  it('a booking that expires gives its pairs back', async () => {
    const day = addDays(todayIn(t.clock), 34);
    for (const opcd of BOOTS) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 30 });
    expect((await rent('RSBOOT1', day, ['24.0', '24.0'])).rsvno).not.toBeNull();
    expect(await leftOn('RSBOOT1', day)).toMatchObject({ '24.0': 0 });
    t.clock.advance(2 * 60 * 60_000);
    await sweepUnpaidBookings(t.ctx);
    expect(await leftOn('RSBOOT1', day)).toMatchObject({ '24.0': 2 });
  });
});
