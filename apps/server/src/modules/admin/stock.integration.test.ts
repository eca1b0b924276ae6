/**
 * 在庫・料金カレンダー: the month grid (left, held, sold, prices), the bulk edit by date range ×
 * weekdays, capacity never below what live bookings hold (refused with the numbers), every change a catalog
 * event, the public calendar showing it at once, and a capacity edit racing bookings with 0 oversold.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import {
  type StockChange,
  type StockMonth,
  StockMsg,
  stockDayIsAllDay,
  stockDayIsTimed,
  stockEndPastMidnight,
  stockSwitchInUse,
  stockSwitchStopped,
} from '@tabi/contract/admin-catalog';
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
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';

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
  cookie = await staffSession(t, 'stock-admin@example.jp');
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

  it('asks only for the prices of the age classes the option sells (no 中人 price without 中人)', async () => {
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

describe('departures at start times (ADR 0196)', () => {
  const TIMED = 'ST0010';
  const everyDay = [0, 1, 2, 3, 4, 5, 6];
  const bookAt = (opcd: string, ymd: string, startTime: string, adults: number) =>
    t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(opcd, ymd, { adults }, { start_time: startTime }) as object,
      remoteAddress: `10.8.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
    });
  const preview = (opcd: string, payload: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: `/api/admin/options/${opcd}/stock/preview`,
      payload,
      cookies: { [STAFF_COOKIE]: cookie },
    });
  const editOne = (opcd: string, payload: Record<string, unknown>, as = cookie) =>
    t.request({
      method: 'POST',
      url: `/api/admin/options/${opcd}/stock/departure`,
      payload,
      cookies: { [STAFF_COOKIE]: as },
    });
  const departuresOf = async (opcd: string, date: string) =>
    (await dayOf(opcd, date))?.departures.map((d) => [d.startTime, d.endTime, d.left, d.held, d.sold, d.adultbaika]);
  const rowsOfDay = async (opcd: string, date: string) =>
    (
      await t.ctx.db
        .select({ startTime: departures.startTime, left: departures.zaikozan })
        .from(departures)
        .where(and(eq(departures.opcd, opcd), eq(departures.usedate, date)))
        .orderBy(asc(departures.startTime))
    ).map((r) => [r.startTime, r.left]);

  beforeAll(async () => {
    await insertTestOption(t.ctx.db, TIMED, { useFrom: '2026-11-01', useTo: '2027-12-31' });
  });

  it('opens 10:00 and 13:00 from December to March, then 16:00 at weekends at a dearer price: two edits', async () => {
    const weekdays = await edit(TIMED, {
      from: '2026-12-01',
      to: '2027-03-31',
      weekdays: everyDay,
      times: ['10:00', '13:00'],
      durationMinutes: 90,
      stock: { mode: 'set', seats: 12 },
      prices: PRICES,
    });
    expect(weekdays.statusCode, weekdays.body).toBe(200);
    expect(weekdays.json().response).toEqual({ days: 121, stopped: [] });
    const weekend = await edit(TIMED, {
      from: '2026-12-01',
      to: '2027-03-31',
      weekdays: [0, 6],
      times: ['16:00'],
      durationMinutes: 120,
      stock: { mode: 'set', seats: 8 },
      prices: { ...PRICES, adultbaika: 12000 },
    });
    expect(weekend.statusCode, weekend.body).toBe(200);

    const dec = await month(TIMED, '2026-12');
    expect(dec.timed).toBe(true);
    // Saturday 5th: three departures; Monday 7th: two. The day sums their seats and shows the lowest prices.
    expect(await departuresOf(TIMED, '2026-12-05')).toEqual([
      ['10:00', '11:30', 12, 0, 0, ADULT_PRICE],
      ['13:00', '14:30', 12, 0, 0, ADULT_PRICE],
      ['16:00', '18:00', 8, 0, 0, 12000],
    ]);
    expect(dec.days.find((d) => d.date === '2026-12-05')).toMatchObject({
      open: true,
      left: 32,
      adultbaika: ADULT_PRICE,
    });
    expect((await dayOf(TIMED, '2026-12-07'))?.departures.map((d) => d.startTime)).toEqual(['10:00', '13:00']);
    expect((await month(OP, '2026-12')).timed).toBe(false);

    // The customer side lists the same departures; a booking takes its seats from the one it names.
    const listed = await t.request({ method: 'GET', url: `/api/option/${TIMED}/departures?usedate=20261205` });
    expect(listed.json().response.departures.map((d: { start_time: string }) => d.start_time)).toEqual([
      '10:00',
      '13:00',
      '16:00',
    ]);
    expect((await bookAt(TIMED, '20261205', '10:00', 3)).json().errcd).toBe('000');
    expect(await departuresOf(TIMED, '2026-12-05')).toEqual([
      ['10:00', '11:30', 9, 3, 0, ADULT_PRICE],
      ['13:00', '14:30', 12, 0, 0, ADULT_PRICE],
      ['16:00', '18:00', 8, 0, 0, 12000],
    ]);

    const [event] = await t.ctx.db
      .select()
      .from(catalogEvents)
      .where(and(eq(catalogEvents.opcd, TIMED), eq(catalogEvents.kind, 'stock.edited')))
      .orderBy(asc(catalogEvents.id));
    expect(event?.before).toMatchObject({ days: { '2026-12-05': null } });
    expect(event?.after).toMatchObject({
      days: { '2026-12-05 10:00': { left: 12, endTime: '11:30', adultbaika: ADULT_PRICE } },
    });
  });

  it('previews what an edit would change, per day and time, and writes nothing', async () => {
    const before = await month(TIMED, '2026-12');
    const res = await preview(TIMED, {
      from: '2026-12-05',
      to: '2026-12-06',
      weekdays: everyDay,
      times: ['10:00', '19:00'],
      stock: { mode: 'set', seats: 15 },
      prices: PRICES,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().response;
    expect(answer).toMatchObject({ days: 2, stopped: [] });
    expect(answer.changes.map((c: { date: string; startTime: string }) => `${c.date} ${c.startTime}`)).toEqual([
      '2026-12-05 10:00',
      '2026-12-05 19:00',
      '2026-12-06 10:00',
      '2026-12-06 19:00',
    ]);
    // 10:00 on the 5th: 3 seats booked, so capacity 15 leaves 12; 19:00 is made, with no end time.
    expect(answer.changes[0]).toMatchObject({
      before: { left: 9, capacity: 12, endTime: '11:30' },
      after: { left: 12, capacity: 15, endTime: '11:30' },
      stopped: false,
    });
    expect(answer.changes[1]).toMatchObject({ before: null, after: { left: 15, capacity: 15, endTime: '' } });
    expect(await month(TIMED, '2026-12')).toEqual(before);

    // What would be refused is refused by the preview, with the same words.
    const below = await preview(TIMED, {
      from: '2026-12-05',
      to: '2026-12-05',
      weekdays: [6],
      times: ['10:00'],
      stock: { mode: 'set', seats: 2 },
      prices: null,
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().errMsg).toBe(stockBelowHeld('2026/12/05 10:00', 3, 2));
  });

  it('refuses a capacity below what is held on a departure, naming the day and time, and changes nothing', async () => {
    const before = await month(TIMED, '2026-12');
    const res = await edit(TIMED, {
      from: '2026-12-01',
      to: '2026-12-31',
      weekdays: [6],
      times: ['10:00', '13:00'],
      stock: { mode: 'set', seats: 2 },
      prices: null,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errMsg).toBe(stockBelowHeld('2026/12/05 10:00', 3, 2));
    const removing = await edit(TIMED, {
      from: '2026-12-05',
      to: '2026-12-05',
      weekdays: [6],
      times: ['10:00'],
      stock: { mode: 'add', seats: -10 },
      prices: null,
    });
    expect(removing.json().errMsg).toBe(stockBelowZero('2026/12/05 10:00', 9, 10));
    // A time the day does not have is made only with its prices.
    const unpriced = await edit(TIMED, {
      from: '2026-12-05',
      to: '2026-12-05',
      weekdays: [6],
      times: ['19:00'],
      stock: { mode: 'set', seats: 5 },
      prices: null,
    });
    expect(unpriced.statusCode).toBe(422);
    expect(unpriced.json().errMsg).toBe(`${StockMsg.departurePricesNeeded}（2026/12/05 19:00）`);
    expect(await month(TIMED, '2026-12')).toEqual(before);
  });

  it.each([
    ['a time that is not one', { times: ['25:00'] }, StockMsg.timeInvalid],
    ['a time given twice', { times: ['10:00', '10:00'] }, StockMsg.timesDuplicate],
    ['a duration without times', { durationMinutes: 60 }, StockMsg.durationWithoutTimes],
    ['an end on the next day', { times: ['10:00', '23:00'], durationMinutes: 90 }, stockEndPastMidnight('23:00', 90)],
  ])('refuses %s', async (_name, change, msg) => {
    const res = await edit(TIMED, {
      from: '2026-12-07',
      to: '2026-12-07',
      weekdays: [1],
      stock: { mode: 'set', seats: 3 },
      prices: PRICES,
      ...change,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errMsg).toContain(msg);
  });

  it('never sells a day both ways: a switch drops the other kind only when nothing is held on it', async () => {
    // A timed day with a booking: a whole-day edit is refused, naming the day and the time booked.
    const wholeDay = { from: '2026-12-05', to: '2026-12-05', weekdays: [6], stock: { mode: 'set', seats: 20 } };
    const unpriced = await edit(TIMED, { ...wholeDay, prices: null });
    expect(unpriced.statusCode).toBe(422);
    expect(unpriced.json().errMsg).toBe(stockDayIsTimed('2026/12/05'));
    const held = await edit(TIMED, { ...wholeDay, prices: PRICES });
    expect(held.statusCode).toBe(409);
    expect(held.json().errMsg).toBe(stockSwitchInUse('2026/12/05 10:00', false));
    expect((await rowsOfDay(TIMED, '2026-12-05')).map(([time]) => time)).toEqual(['10:00', '13:00', '16:00']);

    // The Mondays after have no booking: they become whole days, their two departures replaced by one.
    const shown = await preview(TIMED, {
      ...wholeDay,
      from: '2026-12-07',
      to: '2026-12-07',
      weekdays: [1],
      prices: PRICES,
    });
    expect(
      shown
        .json()
        .response.changes.map((c: StockChange) => [c.startTime, c.before?.left ?? null, c.after?.left ?? null]),
    ).toEqual([
      ['10:00', 12, null],
      ['13:00', 12, null],
      ['', null, 20],
    ]);
    const switched = await edit(TIMED, {
      ...wholeDay,
      from: '2026-12-07',
      to: '2026-12-14',
      weekdays: [1],
      prices: PRICES,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await rowsOfDay(TIMED, '2026-12-07')).toEqual([['', 20]]);
    expect(await rowsOfDay(TIMED, '2026-12-14')).toEqual([['', 20]]);

    // And back: start times on a whole day with a booking are refused; without one it is replaced.
    expect((await book(TIMED, '20261207', 2)).json().errcd).toBe('000');
    const timedAgain = {
      from: '2026-12-07',
      to: '2026-12-07',
      weekdays: [1],
      times: ['09:00'],
      stock: { mode: 'set', seats: 6 },
    };
    expect((await edit(TIMED, { ...timedAgain, prices: null })).json().errMsg).toBe(stockDayIsAllDay('2026/12/07'));
    const booked = await edit(TIMED, { ...timedAgain, prices: PRICES });
    expect(booked.statusCode).toBe(409);
    expect(booked.json().errMsg).toBe(stockSwitchInUse('2026/12/07', true));
    expect(await rowsOfDay(TIMED, '2026-12-07')).toEqual([['', 18]]);
    const free = await edit(TIMED, { ...timedAgain, from: '2026-12-14', to: '2026-12-14', prices: PRICES });
    expect(free.statusCode, free.body).toBe(200);
    expect(await rowsOfDay(TIMED, '2026-12-14')).toEqual([['09:00', 6]]);
  });

  it('resizes one departure, never below what is held, and changes its prices alone', async () => {
    const resized = await editOne(TIMED, {
      date: '2026-12-05',
      startTime: '13:00',
      stock: { mode: 'set', seats: 20 },
      prices: { ...PRICES, adultbaika: 9000 },
    });
    expect(resized.statusCode, resized.body).toBe(200);
    expect(resized.json().response).toEqual({ outcome: 'changed' });
    expect(await departuresOf(TIMED, '2026-12-05')).toEqual([
      ['10:00', '11:30', 9, 3, 0, ADULT_PRICE],
      ['13:00', '14:30', 20, 0, 0, 9000],
      ['16:00', '18:00', 8, 0, 0, 12000],
    ]);
    const below = await editOne(TIMED, {
      date: '2026-12-05',
      startTime: '10:00',
      stock: { mode: 'set', seats: 2 },
      prices: null,
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().errMsg).toBe(stockBelowHeld('2026/12/05 10:00', 3, 2));
    const [event] = await t.ctx.db
      .select()
      .from(catalogEvents)
      .where(and(eq(catalogEvents.opcd, TIMED), eq(catalogEvents.kind, 'departure.edited')));
    expect(event?.staffId).toBe(adminId);
    expect(event?.before).toEqual({
      departures: { '2026-12-05 13:00': { left: 12, endTime: '14:30', ...PRICES } },
    });
    expect(event?.after).toMatchObject({
      outcome: 'changed',
      departures: { '2026-12-05 13:00': { left: 20, adultbaika: 9000 } },
    });
    const missing = await editOne(TIMED, {
      date: '2026-12-05',
      startTime: '11:00',
      stock: { mode: 'close' },
      prices: null,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errMsg).toBe(StockMsg.departureNotFound);
  });

  it('closes one departure: kept at 0 seats for its bookings, removed when nothing is on it', async () => {
    const kept = await editOne(TIMED, {
      date: '2026-12-05',
      startTime: '10:00',
      stock: { mode: 'close' },
      prices: null,
    });
    expect(kept.json().response).toEqual({ outcome: 'closed' });
    const removed = await editOne(TIMED, {
      date: '2026-12-05',
      startTime: '16:00',
      stock: { mode: 'close' },
      prices: null,
    });
    expect(removed.json().response).toEqual({ outcome: 'removed' });
    expect(await departuresOf(TIMED, '2026-12-05')).toEqual([
      ['10:00', '11:30', 0, 3, 0, ADULT_PRICE],
      ['13:00', '14:30', 20, 0, 0, 9000],
    ]);
    const listed = await t.request({ method: 'GET', url: `/api/option/${TIMED}/departures?usedate=20261205` });
    expect(listed.json().response.departures.map((d: { start_time: string }) => d.start_time)).toEqual([
      '10:00',
      '13:00',
    ]);
    expect((await bookAt(TIMED, '20261205', '10:00', 1)).json().errcd).not.toBe('000');
    expect((await bookAt(TIMED, '20261205', '16:00', 1)).json().errcd).not.toBe('000');
  });

  it('keeps a stopped day closed: one of its departures is not resized, only repriced', async () => {
    const day = '2027-01-09';
    const stopped = await t.request({
      method: 'POST',
      url: '/api/admin/day-stops',
      payload: { opcds: [TIMED], from: '20270109', to: '20270109', reason: 'weather' },
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const resize = await editOne(TIMED, {
      date: day,
      startTime: '10:00',
      stock: { mode: 'set', seats: 30 },
      prices: null,
    });
    expect(resize.statusCode).toBe(409);
    expect(resize.json().errMsg).toBe(stockDaysStopped(['2027/01/09']));
    const reprice = await editOne(TIMED, {
      date: day,
      startTime: '10:00',
      stock: null,
      prices: { ...PRICES, adultbaika: 7000 },
    });
    expect(reprice.statusCode, reprice.body).toBe(200);
    const bulk = await edit(TIMED, {
      from: '2027-01-08',
      to: '2027-01-09',
      weekdays: everyDay,
      times: ['10:00'],
      stock: { mode: 'add', seats: 2 },
      prices: null,
    });
    expect(bulk.json().response).toEqual({ days: 1, stopped: ['2027-01-09'] });
    expect((await dayOf(TIMED, day))?.departures.map((d) => [d.startTime, d.left, d.adultbaika])).toEqual([
      ['10:00', 0, 7000],
      ['13:00', 0, ADULT_PRICE],
      ['16:00', 0, 12000],
    ]);
    expect((await dayOf(TIMED, '2027-01-08'))?.departures.map((d) => [d.startTime, d.left])).toEqual([
      ['10:00', 14],
      ['13:00', 12],
    ]);
  });

  it('keeps a departure called off by itself closed: the day’s others change, it is named, and the day is not switched', async () => {
    const day = '2027-01-16';
    const stopped = await t.request({
      method: 'POST',
      url: '/api/admin/day-stops',
      payload: { opcds: [TIMED], from: '20270116', to: '20270116', startTime: '13:00', reason: 'weather' },
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const bulk = await edit(TIMED, {
      from: day,
      to: day,
      weekdays: [6],
      times: ['10:00', '13:00'],
      stock: { mode: 'set', seats: 20 },
      prices: null,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().response).toEqual({ days: 1, stopped: ['2027-01-16 13:00'] });
    const month1 = await dayOf(TIMED, day);
    expect(month1?.stopped).toBe(false);
    expect(month1?.departures.map((d) => [d.startTime, d.left, d.stopped])).toEqual([
      ['10:00', 20, false],
      ['13:00', 0, true],
      ['16:00', 8, false],
    ]);
    const one = await editOne(TIMED, { date: day, startTime: '13:00', stock: { mode: 'close' }, prices: null });
    expect(one.statusCode).toBe(409);
    expect(one.json().errMsg).toBe(stockDaysStopped(['2027/01/16 13:00']));
    const switched = await edit(TIMED, {
      from: day,
      to: day,
      weekdays: [6],
      stock: { mode: 'set', seats: 20 },
      prices: PRICES,
    });
    expect(switched.statusCode).toBe(409);
    expect(switched.json().errMsg).toBe(stockSwitchStopped('2027/01/16 13:00'));
  });

  it('lets only an admin change a departure or preview an edit', async () => {
    await insertStaff(t.ctx.db, { mail: 'stock-operator@example.jp', role: 'operator' });
    const operator = await staffSession(t, 'stock-operator@example.jp');
    const one = await editOne(
      TIMED,
      { date: '2026-12-05', startTime: '13:00', stock: { mode: 'set', seats: 1 }, prices: null },
      operator,
    );
    expect(one.statusCode).toBe(403);
    const shown = await t.request({
      method: 'POST',
      url: `/api/admin/options/${TIMED}/stock/preview`,
      payload: { from: '2026-12-05', to: '2026-12-05', weekdays: [6], stock: { mode: 'close' }, prices: null },
      cookies: { [STAFF_COOKIE]: operator },
    });
    expect(shown.statusCode).toBe(403);
    expect((await dayOf(TIMED, '2026-12-05'))?.departures.find((d) => d.startTime === '13:00')?.left).toBe(20);
  });

  it('never sells a seat twice when bookings race edits of their departure', async () => {
    const day = '2027-02-13';
    const ymd = '20270213';
    const before13 = await departuresOf(TIMED, day);
    const results = await Promise.all([
      ...Array.from({ length: 24 }, () => bookAt(TIMED, ymd, '10:00', 1)),
      ...[14, 20, 16].map((seats, i) =>
        new Promise((r) => setTimeout(r, 5 * i)).then(() =>
          i === 1
            ? edit(TIMED, {
                from: day,
                to: day,
                weekdays: [6],
                times: ['10:00'],
                stock: { mode: 'set', seats },
                prices: null,
              })
            : editOne(TIMED, { date: day, startTime: '10:00', stock: { mode: 'set', seats }, prices: null }),
        ),
      ),
    ]);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    const [row] = await t.ctx.db
      .select({ left: departures.zaikozan })
      .from(departures)
      .where(and(eq(departures.opcd, TIMED), eq(departures.usedate, day), eq(departures.startTime, '10:00')));
    const [taken] = rowsOf<{ seats: number | string }>(
      await t.ctx.db.execute(sql`select coalesce(sum(bo.seats), 0) as seats from ${bookingOptions} bo
        join ${bookings} b on b.rsvno = bo.rsvno
        where bo.opcd = ${TIMED} and bo.usedate = ${day} and bo.start_time = '10:00' and b.status <> 4`),
    );
    const held = Number(taken?.seats);
    const sold = results.slice(0, 24).filter((r) => r.json().errcd === '000').length;
    expect(sold).toBe(held);
    expect(row?.left).toBeGreaterThanOrEqual(0);
    // The capacity is the one the last successful edit set (12 when every edit was refused).
    const events = await t.ctx.db
      .select()
      .from(catalogEvents)
      .where(eq(catalogEvents.opcd, TIMED))
      .orderBy(asc(catalogEvents.id));
    const last = events.at(-1)?.after as { edit: { from?: string; date?: string; stock: { seats: number } } };
    const lastSet = (last.edit.from ?? last.edit.date) === day ? last.edit.stock.seats : 12;
    expect((row?.left ?? 0) + held).toBe(lastSet);
    // The other departures of the day are untouched.
    expect((await departuresOf(TIMED, day))?.slice(1)).toEqual(before13?.slice(1));
  });
});
