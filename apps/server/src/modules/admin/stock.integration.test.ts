/**
 * 在庫・料金カレンダー (issue 13): the month grid (left, held, sold, prices), the bulk edit by date range ×
 * weekdays, capacity never below what live bookings hold (refused with the numbers), every change a catalog
 * event, the public calendar showing it at once, and a capacity edit racing bookings with 0 oversold.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import type { StockMonth } from '@tabi/contract/admin-catalog';
import { optionDetailResponse } from '@tabi/contract/catalog';
import {
  CatalogMsg,
  Msg,
  stockBelowHeld,
  stockBelowZero,
  stockDaysStopped,
  stockPriceRequired,
} from '@tabi/contract/messages';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { bookingOptions, bookings, catalogEvents, departures, waitlistEntries } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { storedColumns } from '../booking/lifecycle.ts';
import { ADULT_PRICE, bookingPayload, CHILD_PRICE, INFANT_PRICE, insertTestOption } from '../booking/test-fixtures.ts';
import { insertStaff, signIn } from '../staff/test-fixtures.ts';

let t: TestApp;
let cookie: string;
let adminId: number;
let nextIp = 1;
const OP = 'ST0001';
const PRICES = { adultbaika: ADULT_PRICE, middlebaika: 6000, childbaika: CHILD_PRICE, infantbaika: INFANT_PRICE };

beforeAll(async () => {
  t = await createTestApp();
  await insertTestOption(t.ctx.db, OP, { useFrom: '2026-11-01', useTo: '2027-12-31' });
  await insertTestOption(t.ctx.db, 'ST0002', { useFrom: '2026-11-01', useTo: '2027-12-31' });
  adminId = await insertStaff(t.ctx.db, { mail: 'stock-admin@example.jp', role: 'admin', totp: true });
  cookie = await signIn(t, 'stock-admin@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const edit = (opcd: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/admin/options/${opcd}/stock`, payload, cookies: { [STAFF_COOKIE]: cookie } });
async function month(opcd: string, m: string): Promise<StockMonth> {
  const res = await t.request({
    method: 'GET',
    url: `/api/admin/options/${opcd}/stock?month=${m}`,
    cookies: { [STAFF_COOKIE]: cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response;
}
const dayOf = async (opcd: string, date: string) =>
  (await month(opcd, date.slice(0, 7))).days.find((d) => d.date === date);
const book = (opcd: string, ymd: string, adults: number) =>
  t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, ymd, { adults }) as object,
    remoteAddress: `10.7.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
  });
const publicLeft = async (opcd: string, ymd: string) =>
  optionDetailResponse.parse((await t.request({ method: 'GET', url: `/api/option/${opcd}?usedate=${ymd}` })).json())
    .response?.valueList[ymd]?.zaikozan;

async function eventually(read: () => Promise<unknown>, expected: unknown, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  expect(value).toBe(expected);
}

describe('bulk edit', () => {
  it('opens the chosen weekdays of a range with their prices, and only those', async () => {
    // December 2026: Saturdays and Sundays.
    const res = await edit(OP, {
      from: '2026-12-01',
      to: '2026-12-31',
      weekdays: [0, 6],
      stock: { mode: 'set', seats: 10 },
      prices: PRICES,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toEqual({ days: 8, stopped: [] });
    const dec = await month(OP, '2026-12');
    expect(dec.days).toHaveLength(31);
    const open = dec.days.filter((d) => d.open).map((d) => d.date);
    expect(open).toEqual([
      '2026-12-05',
      '2026-12-06',
      '2026-12-12',
      '2026-12-13',
      '2026-12-19',
      '2026-12-20',
      '2026-12-26',
      '2026-12-27',
    ]);
    expect(dec.days.find((d) => d.date === '2026-12-05')).toMatchObject({
      left: 10,
      held: 0,
      sold: 0,
      ...PRICES,
    });
    const [event] = await t.ctx.db
      .select()
      .from(catalogEvents)
      .where(and(eq(catalogEvents.opcd, OP), eq(catalogEvents.kind, 'stock.edited')));
    expect(event?.staffId).toBe(adminId);
    expect(event?.before).toMatchObject({ days: { '2026-12-05': null } });
    expect(event?.after).toMatchObject({ days: { '2026-12-05': { left: 10, adultbaika: ADULT_PRICE } } });
  });

  it('shows seats held by unpaid bookings, and sets capacity as left = N − held', async () => {
    const booked = await book(OP, '20261205', 3);
    expect(booked.json().errcd, booked.body).toBe('000');
    expect(await dayOf(OP, '2026-12-05')).toMatchObject({ left: 7, held: 3, sold: 0 });
    // Paid: sold, not held.
    await t.ctx.db.update(bookings).set(storedColumns('paid')).where(eq(bookings.rsvno, booked.json().response.rsvno));
    expect(await dayOf(OP, '2026-12-05')).toMatchObject({ left: 7, held: 0, sold: 3 });

    const res = await edit(OP, {
      from: '2026-12-05',
      to: '2026-12-05',
      weekdays: [6],
      stock: { mode: 'set', seats: 5 },
      prices: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await dayOf(OP, '2026-12-05')).toMatchObject({ left: 2, sold: 3 });
  });

  it('refuses capacity below the seats bookings hold, with the numbers, and changes nothing', async () => {
    const before = await month(OP, '2026-12');
    const res = await edit(OP, {
      from: '2026-12-01',
      to: '2026-12-31',
      weekdays: [0, 6],
      stock: { mode: 'set', seats: 2 },
      prices: null,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errMsg).toBe(stockBelowHeld('2026/12/05', 3, 2));
    expect(await month(OP, '2026-12')).toEqual(before);
  });

  it('adds and removes seats, never below zero left', async () => {
    const add = await edit(OP, {
      from: '2026-12-12',
      to: '2026-12-13',
      weekdays: [0, 6],
      stock: { mode: 'add', seats: 4 },
      prices: null,
    });
    expect(add.statusCode, add.body).toBe(200);
    expect((await dayOf(OP, '2026-12-12'))?.left).toBe(14);
    const remove = await edit(OP, {
      from: '2026-12-05',
      to: '2026-12-06',
      weekdays: [0, 6],
      stock: { mode: 'add', seats: -3 },
      prices: null,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().errMsg).toBe(stockBelowZero('2026/12/05', 2, 3));
    expect((await dayOf(OP, '2026-12-06'))?.left).toBe(10);
  });

  it('closes days (bookings keep their seats) and sets prices, and the public calendar shows it at once', async () => {
    expect(await publicLeft(OP, '20261206')).toBe('10');
    const res = await edit(OP, {
      from: '2026-12-06',
      to: '2026-12-06',
      weekdays: [0],
      stock: { mode: 'close' },
      prices: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() => publicLeft(OP, '20261206'), '0');
    const priced = await edit(OP, {
      from: '2026-12-12',
      to: '2026-12-12',
      weekdays: [6],
      stock: null,
      prices: { ...PRICES, adultbaika: 9900 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(await dayOf(OP, '2026-12-12')).toMatchObject({ left: 14, adultbaika: 9900 });
    await eventually(
      async () =>
        optionDetailResponse.parse(
          (await t.request({ method: 'GET', url: `/api/option/${OP}?usedate=20261212` })).json(),
        ).response?.valueList['20261212']?.adultbaika,
      '9900',
    );
  });

  it.each([
    ['outside the validity', { from: '2026-10-01', to: '2026-10-31' }, CatalogMsg.stockOutsidePeriod],
    ['without a weekday', { weekdays: [] }, CatalogMsg.stockWeekdaysRequired],
    ['with nothing to change', { stock: null, prices: null }, CatalogMsg.stockNothingToDo],
    ['opening days without prices', { from: '2027-01-04', to: '2027-01-04' }, CatalogMsg.stockPricesNeeded],
    ['matching no day', { from: '2027-01-04', to: '2027-01-04', weekdays: [0] }, CatalogMsg.stockNoDays],
  ])('refuses a range %s', async (_name, change, msg) => {
    const res = await edit(OP, {
      from: '2026-12-01',
      to: '2026-12-31',
      weekdays: [1],
      stock: { mode: 'set', seats: 3 },
      prices: null,
      ...change,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().errMsg).toContain(msg);
  });
});

describe('malformed input', () => {
  it('refuses a month that does not exist, and says which price is wrong in words a clerk reads', async () => {
    const bad = await t.request({
      method: 'GET',
      url: `/api/admin/options/${OP}/stock?month=2026-13`,
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      errcd: '999',
      errMsg: `${Msg.badRequest}月：${CatalogMsg.catalogMonthInvalid}`,
      response: null,
    });
    const range = { from: '2026-12-01', to: '2026-12-01', weekdays: [2], stock: null };
    const empty = await edit(OP, { ...range, prices: { ...PRICES, childbaika: null } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errMsg).toBe(`${Msg.badRequest}小人料金：入力してください`);
    const negative = await edit(OP, { ...range, prices: { ...PRICES, adultbaika: -1 } });
    expect(negative.json().errMsg).toBe(`${Msg.badRequest}大人料金：0以上で入力してください`);
    const fraction = await edit(OP, { ...range, prices: { ...PRICES, infantbaika: 10.5 } });
    expect(fraction.json().errMsg).toBe(`${Msg.badRequest}幼児料金：整数で入力してください`);
  });

  it('asks only for the prices of the age classes the option sells (no 中人 price without 中人, issue 24.13)', async () => {
    // ST0002 sells adults, children and infants (no 中人): its month says so, and the console asks for those.
    const before = await month('ST0002', '2027-01');
    expect(before.ageClasses).toEqual(['adult', 'child', 'infant']);
    const { middlebaika: _none, ...sold } = PRICES;
    const opened = await edit('ST0002', {
      from: '2027-01-04',
      to: '2027-01-05',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      stock: { mode: 'set', seats: 8 },
      prices: sold,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await dayOf('ST0002', '2027-01-04')).toMatchObject({ open: true, left: 8, ...sold, middlebaika: 0 });
    // A day that had a 中人 price keeps it when the prices change without one.
    await t.ctx.db
      .update(departures)
      .set({ middlebaika: 4321 })
      .where(and(eq(departures.opcd, 'ST0002'), eq(departures.usedate, '2027-01-05')));
    const repriced = await edit('ST0002', {
      from: '2027-01-05',
      to: '2027-01-05',
      weekdays: [2],
      stock: null,
      prices: { ...sold, adultbaika: 9900 },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await dayOf('ST0002', '2027-01-05')).toMatchObject({ adultbaika: 9900, middlebaika: 4321 });
    // A class it sells is still asked for, in words a clerk reads, and nothing changes.
    const { childbaika: _child, ...noChild } = sold;
    const refused = await edit('ST0002', {
      from: '2027-01-05',
      to: '2027-01-05',
      weekdays: [2],
      stock: null,
      prices: noChild,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errcd: '999', errMsg: stockPriceRequired('小人'), response: null });
    expect(await dayOf('ST0002', '2027-01-05')).toMatchObject({ adultbaika: 9900, childbaika: sold.childbaika });
  });
});

describe('a capacity edit racing bookings', () => {
  it('never sells a seat twice: left + seats held is exactly the capacity set, or the edit is refused', async () => {
    const day = '2027-02-06';
    const ymd = '20270206';
    await edit('ST0002', { from: day, to: day, weekdays: [6], stock: { mode: 'set', seats: 30 }, prices: PRICES });
    const results: { status: number }[] = [];
    const bookingsAtOnce = Array.from({ length: 24 }, () => book('ST0002', ymd, 1));
    const edits = [12, 20, 15].map((seats, i) =>
      new Promise((r) => setTimeout(r, 5 * i)).then(() =>
        edit('ST0002', { from: day, to: day, weekdays: [6], stock: { mode: 'set', seats }, prices: null }),
      ),
    );
    const settled = await Promise.all([...bookingsAtOnce, ...edits]);
    for (const r of settled) results.push({ status: r.statusCode });
    expect(results.every((r) => r.status < 500)).toBe(true);

    const [row] = await t.ctx.db
      .select({ left: departures.zaikozan })
      .from(departures)
      .where(and(eq(departures.opcd, 'ST0002'), eq(departures.usedate, day)));
    const [taken] = rowsOf<{ seats: number | string }>(
      await t.ctx.db.execute(sql`select coalesce(sum(bo.seats), 0) as seats from ${bookingOptions} bo
        join ${bookings} b on b.rsvno = bo.rsvno where bo.opcd = 'ST0002' and bo.usedate = ${day} and b.status <> 4`),
    );
    const held = Number(taken?.seats);
    const capacity = (row?.left ?? 0) + held;
    // The capacity is the one the last successful edit set (or the first 30 if every edit was refused).
    const events = await t.ctx.db
      .select()
      .from(catalogEvents)
      .where(and(eq(catalogEvents.opcd, 'ST0002'), ne(catalogEvents.id, 0)))
      .orderBy(asc(catalogEvents.id));
    const last = events.at(-1)?.after as { edit: { stock: { seats: number } } };
    expect(capacity).toBe(last.edit.stock.seats);
    expect(held).toBeLessThanOrEqual(capacity);
    expect(row?.left).toBeGreaterThanOrEqual(0);
    const sold = settled.filter((r, i) => i < 24 && r.json().errcd === '000').length;
    expect(sold).toBe(held);
  });
});

describe('a day called off (催行中止)', () => {
  const stop = (opcd: string, day: string) =>
    t.request({
      method: 'POST',
      url: '/api/admin/day-stops',
      payload: { opcds: [opcd], from: day.replaceAll('-', ''), to: day.replaceAll('-', ''), reason: 'weather' },
      cookies: { [STAFF_COOKIE]: cookie },
    });

  it('stays closed when a change of seats covers it: the other days change, the stopped one is named', async () => {
    await insertTestOption(t.ctx.db, 'ST0003', { useFrom: '2026-11-01', useTo: '2027-12-31' });
    const open = { from: '2027-03-01', to: '2027-03-03', weekdays: [0, 1, 2, 3, 4, 5, 6] };
    expect((await edit('ST0003', { ...open, stock: { mode: 'set', seats: 10 }, prices: PRICES })).statusCode).toBe(200);
    expect((await stop('ST0003', '2027-03-02')).statusCode).toBe(200);

    const res = await edit('ST0003', { ...open, stock: { mode: 'add', seats: 5 }, prices: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toEqual({ days: 2, stopped: ['2027-03-02'] });
    const days = (await month('ST0003', '2027-03')).days.filter((d) => d.date <= '2027-03-03');
    expect(days.map((d) => [d.date, d.left, d.stopped])).toEqual([
      ['2027-03-01', 15, false],
      ['2027-03-02', 0, true],
      ['2027-03-03', 15, false],
    ]);
    expect(await publicLeft('ST0003', '20270302')).toBe('0');
    expect((await book('ST0003', '20270302', 1)).json().errcd).not.toBe('000');

    // The stopped day alone: refused with its date, in Japanese.
    const alone = await edit('ST0003', {
      from: '2027-03-02',
      to: '2027-03-02',
      weekdays: [2],
      stock: { mode: 'set', seats: 20 },
      prices: null,
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().errMsg).toBe(stockDaysStopped(['2027/03/02']));
    expect((await dayOf('ST0003', '2027-03-02'))?.left).toBe(0);
  });

  it('never reopens a day when the stop and a change of seats race', async () => {
    await insertTestOption(t.ctx.db, 'ST0004', { useFrom: '2026-11-01', useTo: '2027-12-31' });
    const days = ['2027-04-05', '2027-04-06', '2027-04-07', '2027-04-08', '2027-04-09'];
    for (const day of days) {
      await edit('ST0004', {
        from: day,
        to: day,
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        stock: { mode: 'set', seats: 8 },
        prices: PRICES,
      });
      const [stopped, edited] = await Promise.all([
        stop('ST0004', day),
        edit('ST0004', {
          from: day,
          to: day,
          weekdays: [0, 1, 2, 3, 4, 5, 6],
          stock: { mode: 'add', seats: 5 },
          prices: null,
        }),
      ]);
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect([200, 409]).toContain(edited.statusCode);
      expect((await dayOf('ST0004', day))?.left).toBe(0);
    }
  });
});

describe('seats held by キャンセル待ち offers', () => {
  it('count as taken when a capacity is set: left + booked + offered is the capacity', async () => {
    await insertTestOption(t.ctx.db, 'ST0005', { useFrom: '2026-11-01', useTo: '2027-12-31' });
    const day = '2027-05-08';
    const sat = { from: day, to: day, weekdays: [6] };
    await edit('ST0005', { ...sat, stock: { mode: 'set', seats: 3 }, prices: PRICES });
    expect((await book('ST0005', '20270508', 2)).json().errcd).toBe('000');
    // An offer holds the last seat, moved out of the stock as the waiting list moves it.
    await t.ctx.db.insert(waitlistEntries).values({
      opcd: 'ST0005',
      usedate: day,
      mail: 'wait@example.com',
      party: 1,
      state: 'offered',
      held: 1,
      createdAt: t.clock.now(),
      offeredAt: t.clock.now(),
      offerExpiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    await t.ctx.db.execute(
      sql`update departures set zaikozan = zaikozan - 1 where opcd = 'ST0005' and usedate = ${day}`,
    );
    expect(await dayOf('ST0005', day)).toMatchObject({ left: 0, held: 3, sold: 0 });

    expect((await edit('ST0005', { ...sat, stock: { mode: 'set', seats: 10 }, prices: null })).statusCode).toBe(200);
    expect(await dayOf('ST0005', day)).toMatchObject({ left: 7, held: 3 });
    const below = await edit('ST0005', { ...sat, stock: { mode: 'set', seats: 2 }, prices: null });
    expect(below.statusCode).toBe(409);
    expect(below.json().errMsg).toBe(stockBelowHeld('2027/05/08', 3, 2));
  });
});
