/**
 * サイズ別在庫 in the console (ADR 0209): an admin reads and sets a rental shop's pairs of each item and size, turns an
 * item's counting on and off, and sets and removes dated numbers; an operator may do none of it. Refused: a number (or
 * a date's) below what live bookings already hold of the size on a day from today on, naming the first such day and
 * how many; a negative or fractional number; a size off SPEC §5's lists; a dated number of a size the shop does not
 * list, or of a day gone by. Each change is a staff audit event. On PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { RentalCode, SHOE_SIZES, WEAR_SIZES_ADULT, WEAR_SIZES_CHILD } from '@tabi/contract/constants';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { CatalogMsg } from '@tabi/contract/messages';
import {
  type RentalStockDetail,
  type RentalStockItemRequest,
  RentalStockMsg,
  rentalQuantityInvalid,
  rentalSizeNotListed,
  rentalSizeUnknown,
  rentalStockBelowHeld,
} from '@tabi/contract/rental-stock';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { facilities, rentalStock, staffAuditEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';

let t: TestApp;
let admin = '';
let operator = '';
let ip = 1;
const SHOP = 88;
const BOOTS = 'RSTBOOTS';
let first: Ymd;
let second: Ymd;

const as = (cookie: string) => ({ cookies: { [STAFF_COOKIE]: cookie } });
const url = (tail = '') => `/api/admin/facilities/${SHOP}/rental-stock${tail}`;
const get = (cookie = admin) => t.request({ method: 'GET', url: url(), ...as(cookie) });
const post = (tail: string, payload: Record<string, unknown>, cookie = admin) =>
  t.request({ method: 'POST', url: url(tail), payload, ...as(cookie) });

/** Boots as the form sends them: every size, those not given empty. */
function boots(numbers: Record<string, number | string>, counted = true): RentalStockItemRequest {
  return { item: 'boots', counted, sizes: SHOE_SIZES.map((size) => ({ size, quantity: numbers[size] ?? '' })) };
}

async function rent(usedate: Ymd, sizes: string[]): Promise<string | null> {
  const payload = bookingPayload(BOOTS, usedate, { adults: sizes.length });
  payload.rentskiList = sizes.map((size, i) => ({
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
    remoteAddress: `10.60.${ip >> 8}.${ip++ & 255}`,
  });
  const json = res.json();
  return json.errcd === '000' ? (json.response.rsvno as string) : null;
}

const auditOf = async () =>
  (
    await t.ctx.db
      .select()
      .from(staffAuditEvents)
      .where(like(staffAuditEvents.kind, 'rental_stock.%'))
      .orderBy(asc(staffAuditEvents.id))
  ).map((e) => ({ kind: e.kind, mail: e.mail, detail: e.detail as Record<string, unknown> }));

const bootsOf = (detail: RentalStockDetail) => detail.items.find((i) => i.item === 'boots');
const quantityOf = (detail: RentalStockDetail, size: string) => bootsOf(detail)?.sizes.find((s) => s.size === size);

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.insert(facilities).values({ id: SHOP, name: 'テスト白馬レンタル', pinHash: '' });
  await insertTestOption(t.ctx.db, BOOTS, { rentalcd: RentalCode.boots, facilityId: SHOP, maxPeople: 8 });
  first = addDays(todayIn(t.clock), 10);
  second = addDays(todayIn(t.clock), 12);
  for (const day of [first, second]) await insertTestStock(t.ctx.db, BOOTS, day, { zaikozan: 30 });
  await insertStaff(t.ctx.db, { mail: 'sizes-admin@example.jp', role: 'admin', totp: true });
  await insertStaff(t.ctx.db, { mail: 'sizes-op@example.jp', role: 'operator' });
  admin = await staffSession(t, 'sizes-admin@example.jp');
  operator = await staffSession(t, 'sizes-op@example.jp');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('サイズ別在庫', () => {
  it('lists every size of every item, none counted, for a shop that counts nothing; an unknown shop is 404', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const detail: RentalStockDetail = res.json().response;
    expect(detail.facility).toEqual({ id: SHOP, name: 'テスト白馬レンタル' });
    expect(detail.items.map((i) => [i.item, i.counted, i.sizes.map((s) => s.size)])).toEqual([
      ['model', false, ['1', '2']],
      ['boots', false, SHOE_SIZES],
      ['wear', false, [...WEAR_SIZES_ADULT, ...WEAR_SIZES_CHILD]],
    ]);
    expect(detail.items.every((i) => i.sizes.every((s) => s.quantity === null && s.held === 0))).toBe(true);
    expect(detail.days).toEqual([]);
    const missing = await t.request({ method: 'GET', url: '/api/admin/facilities/999999/rental-stock', ...as(admin) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errMsg).toBe(CatalogMsg.facilityNotFound);
  });

  it('is the admin’s alone', async () => {
    expect((await get(operator)).statusCode).toBe(403);
    expect((await post('', boots({ '26.5': 3 }), operator)).statusCode).toBe(403);
    expect(await t.ctx.db.select().from(rentalStock).where(eq(rentalStock.facilityId, SHOP))).toEqual([]);
  });

  it('sets an item’s sizes as typed (full-width too), empty fields unlisted, and audits the change', async () => {
    const res = await post('', boots({ '26.5': '３', '27.0': 2, '24.0': 0 }));
    expect(res.statusCode, res.body).toBe(200);
    const detail: RentalStockDetail = res.json().response;
    expect(bootsOf(detail)?.counted).toBe(true);
    expect(quantityOf(detail, '26.5')).toEqual({ size: '26.5', quantity: 3, held: 0 });
    expect(quantityOf(detail, '24.0')?.quantity).toBe(0);
    expect(quantityOf(detail, '25.0')?.quantity).toBeNull();
    expect(detail.items.find((i) => i.item === 'wear')?.counted).toBe(false);
    const [event] = await auditOf();
    expect(event).toEqual({
      kind: 'rental_stock.set',
      mail: 'sizes-admin@example.jp',
      detail: {
        facilityId: SHOP,
        name: 'テスト白馬レンタル',
        item: 'boots',
        before: { counted: false, sizes: {} },
        after: { counted: true, sizes: { '24.0': 0, '26.5': 3, '27.0': 2 } },
      },
    });
    // The booking flow now counts them: a size the shop does not list has none.
    expect(await rent(first, ['25.0'])).toBeNull();
  });

  it('refuses a negative, fractional or too large number, a size off the list, and a counted item with no size', async () => {
    const refused = async (payload: Record<string, unknown>, message: string) => {
      const res = await post('', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errMsg).toContain(message);
    };
    await refused(boots({ '26.5': -1 }), rentalQuantityInvalid('boots', '26.5'));
    await refused(boots({ '26.5': '2.5' }), rentalQuantityInvalid('boots', '26.5'));
    await refused(boots({ '26.5': 2.5 }), rentalQuantityInvalid('boots', '26.5'));
    await refused(boots({ '26.5': 10_000 }), rentalQuantityInvalid('boots', '26.5'));
    await refused(
      { item: 'boots', counted: true, sizes: [{ size: '26.3', quantity: 1 }] },
      rentalSizeUnknown('boots', '26.3'),
    );
    await refused(
      { item: 'wear', counted: true, sizes: [{ size: '26.5', quantity: 1 }] },
      rentalSizeUnknown('wear', '26.5'),
    );
    await refused(boots({}), RentalStockMsg.countedNeedsSize);
    await refused({ item: 'skis', counted: true, sizes: [] }, RentalStockMsg.itemInvalid);
    expect(quantityOf((await get()).json().response, '26.5')?.quantity).toBe(3);
  });

  it('refuses a number below what bookings hold, naming the first day and how many, and takes one that holds them', async () => {
    expect(await rent(first, ['26.5', '26.5'])).not.toBeNull();
    expect(await rent(second, ['26.5'])).not.toBeNull();
    expect(quantityOf((await get()).json().response, '26.5')?.held).toBe(2);

    const low = await post('', boots({ '26.5': 1, '27.0': 2, '24.0': 0 }));
    expect(low.statusCode).toBe(409);
    expect(low.json().errMsg).toBe(rentalStockBelowHeld('boots', '26.5', ymdToIsoDate(first), 2, 1, 'stock'));
    expect(low.json().errMsg).toContain('ブーツ 26.5cmが予約ですでに2足使われているため、数を1足にはできません');

    const unlisted = await post('', boots({ '27.0': 2 }));
    expect(unlisted.statusCode).toBe(409);
    expect(unlisted.json().errMsg).toBe(rentalStockBelowHeld('boots', '26.5', ymdToIsoDate(first), 2, 0, 'unlisted'));

    const ok = await post('', boots({ '26.5': 2, '27.0': 2, '24.0': 0 }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(quantityOf(ok.json().response, '26.5')?.quantity).toBe(2);
    // The shop's last pair of 26.5 on the first day is gone.
    expect(await rent(first, ['26.5'])).toBeNull();
  });

  it('sets, changes and removes a dated number, refusing one below the day’s bookings, each audited', async () => {
    const day = (date: Ymd, size: string, quantity: number | string) =>
      post('/days', { item: 'boots', size, date: ymdToIsoDate(date), quantity });
    const refused = await day(second, '26.5', 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errMsg).toBe(rentalStockBelowHeld('boots', '26.5', ymdToIsoDate(second), 1, 0, 'day'));

    const repair = await day(second, '26.5', 1);
    expect(repair.statusCode, repair.body).toBe(200);
    const out = await day(first, '27.0', '０');
    expect(out.statusCode, out.body).toBe(200);
    expect((out.json().response as RentalStockDetail).days).toEqual([
      { item: 'boots', size: '27.0', date: ymdToIsoDate(first), quantity: 0, base: 2, held: 0 },
      { item: 'boots', size: '26.5', date: ymdToIsoDate(second), quantity: 1, base: 2, held: 1 },
    ]);
    expect(await rent(first, ['27.0'])).toBeNull();

    const notListed = await day(first, '28.0', 1);
    expect(notListed.statusCode).toBe(409);
    expect(notListed.json().errMsg).toBe(rentalSizeNotListed('boots', '28.0'));
    const past = await day(addDays(todayIn(t.clock), -1), '26.5', 1);
    expect(past.statusCode).toBe(422);
    expect(past.json().errMsg).toContain(RentalStockMsg.datePast);
    const negative = await day(first, '26.5', -1);
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errMsg).toContain(RentalStockMsg.dayQuantityInvalid);

    // A day's number raised above the shop's own is given back by removing it only if the bookings fit the shop's.
    expect((await day(first, '26.5', 4)).statusCode).toBe(200);
    expect(await rent(first, ['26.5', '26.5'])).not.toBeNull();
    const remove = (date: Ymd, size: string) => post('/days/delete', { item: 'boots', size, date: ymdToIsoDate(date) });
    const back = await remove(first, '26.5');
    expect(back.statusCode).toBe(409);
    expect(back.json().errMsg).toBe(rentalStockBelowHeld('boots', '26.5', ymdToIsoDate(first), 4, 2, 'stock'));
    const removed = await remove(first, '27.0');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json().response as RentalStockDetail).days.map((d) => [d.size, d.quantity])).toEqual([
      ['26.5', 4],
      ['26.5', 1],
    ]);
    expect((await remove(first, '27.0')).statusCode).toBe(404);

    const kinds = (await auditOf()).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'rental_stock.day_set')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'rental_stock.day_removed')).toHaveLength(1);
    const [removal] = (await auditOf()).filter((e) => e.kind === 'rental_stock.day_removed');
    expect(removal?.detail).toMatchObject({ item: 'boots', size: '27.0', before: 0, after: null, base: 2 });
  });

  it('stops counting an item (its dated numbers go too), and refuses to count it again below what bookings hold', async () => {
    const off = await post('', boots({}, false));
    expect(off.statusCode, off.body).toBe(200);
    const detail: RentalStockDetail = off.json().response;
    expect(bootsOf(detail)?.counted).toBe(false);
    expect(detail.days).toEqual([]);
    expect(
      await t.ctx.db
        .select()
        .from(rentalStock)
        .where(and(eq(rentalStock.facilityId, SHOP), eq(rentalStock.item, 'boots'))),
    ).toEqual([]);
    // Not counted: any size may be booked.
    expect(await rent(first, ['28.0'])).not.toBeNull();

    const again = await post('', boots({ '26.5': 3, '28.0': 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errMsg).toBe(rentalStockBelowHeld('boots', '26.5', ymdToIsoDate(first), 4, 3, 'stock'));
    expect((await post('', boots({ '26.5': 4, '28.0': 1 }))).statusCode).toBe(200);
    const [last] = (await auditOf()).filter((e) => e.kind === 'rental_stock.set').slice(-1);
    expect(last?.detail).toMatchObject({
      before: { counted: false, sizes: {} },
      after: { counted: true, sizes: { '26.5': 4, '28.0': 1 } },
    });
  });
});
