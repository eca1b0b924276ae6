/**
 * OCTO START_TIME (ADR 0196): a timed option is a START_TIME product whose availabilities are its departures, each
 * with its own id (its start in Tokyo with the offset), seats and prices; the calendar answers one entry a day, the
 * day's departures summed as SPEC §7 shows a day. A booking is held, confirmed, moved and cancelled on the one
 * departure it names; ids of another shape, offset or kind are INVALID_AVAILABILITY_ID. Answers are parsed with
 * OCTO's own schemas (@octocloud/types). On PGlite and PostgreSQL.
 */
import {
  zAvailabilitiesAvailabilityCalendarResponse,
  zAvailabilitiesAvailabilityCheckResponse,
  zBooking,
  zProductsGetProductResponse,
  zProductsGetProductsResponse,
} from '@octocloud/types';
import { addDays, tokyoYmd, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { bookingEvents, bookingOptions, departures, octoBookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { insertStaff } from '../staff/test-fixtures.ts';
import { insertResellerKey } from './test-fixtures.ts';

// 12:00 in Tokyo.
const START = new Date('2026-11-21T03:00:00Z');
const TODAY: Ymd = tokyoYmd(START);
const DAY = addDays(TODAY, 10);
const DAY2 = addDays(TODAY, 11);
/** A day whose one departure leaves at 00:30. */
const NIGHT = addDays(TODAY, 13);
const iso = ymdToIsoDate;
const at = (day: Ymd, time: string) => `${iso(day)}T${time}:00+09:00`;

/** Sold until 17:00 the day before, as the conformance test's options. */
const OPTION = { hours: '8:00〜17:00', salesCutoffDaysBefore: 1, salesCutoffTime: '17:00' };
const PRICE = { adultbaika: 8000, middlebaika: 6000, childbaika: 4000, infantbaika: 0 };
/** The sunset run is dearer. */
const SUNSET = { adultbaika: 12000, middlebaika: 9000, childbaika: 6000, infantbaika: 0 };

interface Departure {
  day: Ymd;
  start: string;
  end?: string;
  seats: number;
  prices?: typeof PRICE;
}

async function insertDepartures(opcd: string, list: Departure[]): Promise<void> {
  await t.ctx.db.insert(departures).values(
    list.map((d) => ({
      opcd,
      usedate: iso(d.day),
      startTime: d.start,
      endTime: d.end ?? '',
      zaikozan: d.seats,
      ...(d.prices ?? PRICE),
    })),
  );
}

async function seatsLeft(opcd: string, day: Ymd, start: string): Promise<number | undefined> {
  const [row] = await t.ctx.db
    .select({ zaikozan: departures.zaikozan })
    .from(departures)
    .where(and(eq(departures.opcd, opcd), eq(departures.usedate, iso(day)), eq(departures.startTime, start)));
  return row?.zaikozan;
}

/** The seats left on each of TIME1's departures of DAY, by start time. */
async function dayOfTime1(): Promise<Record<string, number | undefined>> {
  return {
    '10:00': await seatsLeft('TIME1', DAY, '10:00'),
    '13:00': await seatsLeft('TIME1', DAY, '13:00'),
    '16:00': await seatsLeft('TIME1', DAY, '16:00'),
  };
}

let t: TestApp;
let key = '';

beforeAll(async () => {
  t = await createTestApp({ now: START });
  for (const opcd of ['TIME1', 'ALLDAY1', 'RACE1', 'SAME1']) {
    await insertTestOption(
      t.ctx.db,
      opcd,
      // SAME1 sells a day until 23:00 that day: today's departures are on sale until each has left.
      opcd === 'SAME1' ? { ...OPTION, salesCutoffDaysBefore: 0, salesCutoffTime: '23:00' } : OPTION,
    );
  }
  await insertDepartures('TIME1', [
    { day: TODAY, start: '13:00', end: '14:30', seats: 20 },
    { day: DAY, start: '10:00', end: '11:30', seats: 20 },
    { day: DAY, start: '13:00', end: '14:30', seats: 20 },
    { day: DAY, start: '16:00', end: '17:30', seats: 20, prices: SUNSET },
    // DAY2's cheaper run is sold out: the day's price is the sunset run's, the lowest among those with a seat.
    { day: DAY2, start: '13:00', end: '14:30', seats: 0 },
    { day: DAY2, start: '16:00', end: '17:30', seats: 20, prices: SUNSET },
    // No end time: the availability ends where it starts.
    { day: NIGHT, start: '00:30', seats: 10 },
  ]);
  await insertTestStock(t.ctx.db, 'ALLDAY1', DAY, { zaikozan: 20 });
  await insertTestStock(t.ctx.db, 'ALLDAY1', DAY2, { zaikozan: 20 });
  await insertDepartures('RACE1', [
    { day: DAY, start: '13:00', end: '14:30', seats: 2 },
    { day: DAY, start: '16:00', end: '17:30', seats: 2 },
  ]);
  await insertDepartures('SAME1', [
    { day: TODAY, start: '10:00', end: '11:00', seats: 10 },
    { day: TODAY, start: '15:00', end: '16:00', seats: 10 },
  ]);
  key = await insertResellerKey(t, 'Start times', 10_000);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function octo(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, pricing = false) {
  return t.app.inject({
    method,
    url: `/octo${url}`,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      'octo-capabilities': pricing ? 'octo/pricing' : '',
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

function ok(res: LightMyRequestResponse): unknown {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function expectError(res: LightMyRequestResponse, error: string, echo: Record<string, string> = {}): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json(), res.body).toMatchObject({ error, ...echo });
}

const adults = (n: number) => Array.from({ length: n }, () => ({ unitId: 'adult' }));

function reserve(productId: string, availabilityId: string, n: number, extra: Record<string, unknown> = {}) {
  return octo('POST', '/bookings', {
    productId,
    optionId: 'DEFAULT',
    availabilityId,
    unitItems: adults(n),
    ...extra,
  });
}

function availability(body: Record<string, unknown>, pricing = false) {
  return octo('POST', '/availability', { productId: 'TIME1', optionId: 'DEFAULT', ...body }, pricing);
}

describe('a timed option as a START_TIME product', () => {
  it('lists the timed option as START_TIME with its start times, the all-day one as OPENING_HOURS as before', async () => {
    const products = zProductsGetProductsResponse.parse(ok(await octo('GET', '/products')));
    const byId = new Map(products.map((p) => [p.id, p]));
    expect(byId.get('TIME1')?.availabilityType).toBe('START_TIME');
    expect(byId.get('ALLDAY1')?.availabilityType).toBe('OPENING_HOURS');
    const timed = zProductsGetProductResponse.parse(ok(await octo('GET', '/products/TIME1', undefined, true)));
    // The distinct times of its departures from today on, sorted.
    expect(timed.options[0]?.availabilityLocalStartTimes).toEqual(['00:30', '10:00', '13:00', '16:00']);
    // octo/pricing's "from": the lowest price among the departures with a seat left.
    expect(timed.options[0]?.units.find((u) => u.id === 'adult')?.pricingFrom?.[0]?.retail).toBe(8000);
    const allDay = zProductsGetProductResponse.parse(ok(await octo('GET', '/products/ALLDAY1')));
    expect(allDay.options[0]?.availabilityLocalStartTimes).toEqual(['08:00']);
    expect(byId.get('RACE1')?.options[0]?.availabilityLocalStartTimes).toEqual(['13:00', '16:00']);
  });

  it('answers one availability per departure, each at its start with its own seats and prices', async () => {
    const list = zAvailabilitiesAvailabilityCheckResponse.parse(
      ok(
        await availability(
          { localDateStart: iso(DAY), localDateEnd: iso(DAY2), units: [{ id: 'adult', quantity: 2 }] },
          true,
        ),
      ),
    );
    expect(list.map((a) => a.id)).toEqual([
      at(DAY, '10:00'),
      at(DAY, '13:00'),
      at(DAY, '16:00'),
      at(DAY2, '13:00'),
      at(DAY2, '16:00'),
    ]);
    const [, one, sunset, soldOut] = list;
    expect(one).toMatchObject({
      id: at(DAY, '13:00'),
      localDateTimeStart: at(DAY, '13:00'),
      localDateTimeEnd: at(DAY, '14:30'),
      allDay: false,
      available: true,
      status: 'AVAILABLE',
      vacancies: 20,
      capacity: 20,
      openingHours: [{ from: '13:00', to: '14:30' }],
      // The day's cutoff: 17:00 Tokyo the day before.
      utcCutoffAt: `${iso(addDays(DAY, -1))}T08:00:00Z`,
      pricing: { retail: 16000, net: 14400 },
    });
    expect(one?.unitPricing?.find((u) => u.unitId === 'adult')).toMatchObject({ retail: 8000, net: 7200 });
    expect(sunset).toMatchObject({ status: 'AVAILABLE', pricing: { retail: 24000 } });
    expect(sunset?.unitPricing?.find((u) => u.unitId === 'adult')).toMatchObject({ retail: 12000 });
    expect(soldOut).toMatchObject({ status: 'SOLD_OUT', available: false, vacancies: 0, allDay: false });
  });

  it('filters by START_TIME availabilityIds, and a departure at 00:30 belongs to its own day', async () => {
    const picked = zAvailabilitiesAvailabilityCheckResponse.parse(
      ok(await availability({ availabilityIds: [at(DAY2, '16:00'), at(DAY, '13:00')] })),
    );
    expect(picked.map((a) => a.id)).toEqual([at(DAY, '13:00'), at(DAY2, '16:00')]);

    const night = zAvailabilitiesAvailabilityCheckResponse.parse(
      ok(await availability({ localDateStart: iso(NIGHT), localDateEnd: iso(NIGHT) })),
    );
    expect(night).toEqual([
      expect.objectContaining({
        id: at(NIGHT, '00:30'),
        localDateTimeStart: at(NIGHT, '00:30'),
        // No end time stated: it ends where it starts.
        localDateTimeEnd: at(NIGHT, '00:30'),
        allDay: false,
        openingHours: [],
      }),
    ]);
    const dayBefore = ok(
      await availability({ localDateStart: iso(addDays(NIGHT, -1)), localDateEnd: iso(addDays(NIGHT, -1)) }),
    );
    expect(dayBefore).toEqual([]);
    const byId = zAvailabilitiesAvailabilityCheckResponse.parse(
      ok(await availability({ availabilityIds: [at(NIGHT, '00:30')] })),
    );
    expect(byId.map((a) => a.id)).toEqual([at(NIGHT, '00:30')]);
  });

  it('answers the calendar one entry a day: the seats summed, the lowest price among departures with a seat', async () => {
    const calendar = zAvailabilitiesAvailabilityCalendarResponse.parse(
      ok(
        await octo(
          'POST',
          '/availability/calendar',
          { productId: 'TIME1', optionId: 'DEFAULT', localDateStart: iso(DAY), localDateEnd: iso(NIGHT) },
          true,
        ),
      ),
    );
    expect(calendar.map((d) => d.localDate)).toEqual([iso(DAY), iso(DAY2), iso(addDays(DAY2, 1)), iso(NIGHT)]);
    const [day, day2, none, night] = calendar;
    expect(day).toMatchObject({ status: 'AVAILABLE', available: true, vacancies: 60, capacity: 60 });
    expect(day?.unitPricingFrom?.find((u) => u.unitId === 'adult')).toMatchObject({ retail: 8000 });
    expect(day?.openingHours).toEqual([
      { from: '10:00', to: '11:30' },
      { from: '13:00', to: '14:30' },
      { from: '16:00', to: '17:30' },
    ]);
    // 13:00 is sold out: the day has the sunset run's seats, at its price.
    expect(day2).toMatchObject({ status: 'AVAILABLE', vacancies: 20, capacity: 20 });
    expect(day2?.unitPricingFrom?.find((u) => u.unitId === 'adult')).toMatchObject({ retail: 12000 });
    // A day without departures is CLOSED, as an all-day option's day without stock.
    expect(none).toMatchObject({ status: 'CLOSED', available: false, vacancies: 0, capacity: 0, openingHours: [] });
    expect(night).toMatchObject({ status: 'AVAILABLE', vacancies: 10 });
  });

  it("closes a departure that has left, and refuses to reserve it; the day's later one is still sold", async () => {
    const today = zAvailabilitiesAvailabilityCheckResponse.parse(
      ok(
        await octo('POST', '/availability', {
          productId: 'SAME1',
          optionId: 'DEFAULT',
          localDateStart: iso(TODAY),
          localDateEnd: iso(TODAY),
        }),
      ),
    );
    expect(today.map((a) => [a.id, a.status])).toEqual([
      [at(TODAY, '10:00'), 'CLOSED'],
      [at(TODAY, '15:00'), 'AVAILABLE'],
    ]);
    expectError(await reserve('SAME1', at(TODAY, '10:00'), 1), 'UNPROCESSABLE_ENTITY');
    expect(await seatsLeft('SAME1', TODAY, '10:00')).toBe(10);
    // A time already past that was never a departure is no availability at all.
    expectError(await reserve('SAME1', at(TODAY, '09:00'), 1), 'INVALID_AVAILABILITY_ID', {
      availabilityId: at(TODAY, '09:00'),
    });
    const calendar = zAvailabilitiesAvailabilityCalendarResponse.parse(
      ok(
        await octo('POST', '/availability/calendar', {
          productId: 'SAME1',
          optionId: 'DEFAULT',
          localDateStart: iso(TODAY),
          localDateEnd: iso(TODAY),
        }),
      ),
    );
    expect(calendar).toEqual([expect.objectContaining({ status: 'AVAILABLE', vacancies: 10, capacity: 10 })]);
  });
});

describe('a departure called off alone (催行中止)', () => {
  it('is CLOSED and refused to reservations; the day and its other departure stay on sale', async () => {
    await insertTestOption(t.ctx.db, 'STOP1', OPTION);
    await insertDepartures('STOP1', [
      { day: DAY, start: '10:00', end: '11:00', seats: 5 },
      // A stop closes the departure's seats as it calls it off.
      { day: DAY, start: '13:00', end: '14:00', seats: 0 },
    ]);
    const staffId = await insertStaff(t.ctx.db, { mail: 'octo-stop@example.jp', role: 'operator' });
    await t.ctx.db.execute(sql`with s as (
        insert into day_stops (created_at, staff_id, reason, state) values (now(), ${staffId}, 'weather', 'done')
        returning id)
      insert into day_stop_departures (stop_id, opcd, usedate, start_time) select id, 'STOP1', ${iso(DAY)}, '13:00' from s`);
    const list = zAvailabilitiesAvailabilityCheckResponse.parse(
      ok(
        await octo('POST', '/availability', {
          productId: 'STOP1',
          optionId: 'DEFAULT',
          localDateStart: iso(DAY),
          localDateEnd: iso(DAY),
        }),
      ),
    );
    expect(list.map((a) => [a.id, a.status])).toEqual([
      [at(DAY, '10:00'), 'AVAILABLE'],
      [at(DAY, '13:00'), 'CLOSED'],
    ]);
    expectError(await reserve('STOP1', at(DAY, '13:00'), 1), 'UNPROCESSABLE_ENTITY');
    const calendar = zAvailabilitiesAvailabilityCalendarResponse.parse(
      ok(
        await octo('POST', '/availability/calendar', {
          productId: 'STOP1',
          optionId: 'DEFAULT',
          localDateStart: iso(DAY),
          localDateEnd: iso(DAY),
        }),
      ),
    );
    expect(calendar).toEqual([expect.objectContaining({ status: 'AVAILABLE' })]);
  });
});

describe('a booking on one departure', () => {
  it('reserves and confirms on 13:00, taking seats there only; moves to 16:00 with another party; cancels', async () => {
    const held = zBooking.parse(ok(await reserve('TIME1', at(DAY, '13:00'), 2, { resellerReference: 'ST-1' })));
    expect(held).toMatchObject({
      status: 'ON_HOLD',
      availabilityId: at(DAY, '13:00'),
      availability: {
        id: at(DAY, '13:00'),
        localDateTimeStart: at(DAY, '13:00'),
        localDateTimeEnd: at(DAY, '14:30'),
        allDay: false,
        vacancies: 18,
        capacity: 20,
      },
    });
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 18, '16:00': 20 });
    const [line] = await t.ctx.db
      .select({ startTime: bookingOptions.startTime, endTime: bookingOptions.endTime })
      .from(bookingOptions)
      .innerJoin(octoBookings, eq(octoBookings.rsvno, bookingOptions.rsvno))
      .where(eq(octoBookings.uuid, held.uuid));
    expect(line).toEqual({ startTime: '13:00', endTime: '14:30' });

    const confirmed = zBooking.parse(
      ok(
        await octo(
          'POST',
          `/bookings/${held.uuid}/confirm`,
          { contact: { fullName: 'John Smith', emailAddress: 'john@example.com' } },
          true,
        ),
      ),
    );
    expect(confirmed).toMatchObject({
      status: 'CONFIRMED',
      availabilityId: at(DAY, '13:00'),
      pricing: { retail: 16000 },
    });
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 18, '16:00': 20 });

    // Another departure of the same day, another party: the old seats back and the new ones taken together.
    const moved = zBooking.parse(
      ok(
        await octo('PATCH', `/bookings/${held.uuid}`, { availabilityId: at(DAY, '16:00'), unitItems: adults(3) }, true),
      ),
    );
    expect(moved).toMatchObject({
      status: 'CONFIRMED',
      availabilityId: at(DAY, '16:00'),
      availability: { localDateTimeStart: at(DAY, '16:00'), localDateTimeEnd: at(DAY, '17:30'), allDay: false },
      // The sunset run's price.
      pricing: { retail: 36000 },
    });
    expect(moved.unitItems).toHaveLength(3);
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 20, '16:00': 17 });
    // The booking's history names the departures, the hold's and the move's.
    const history = await t.ctx.db
      .select({ action: bookingEvents.action, before: bookingEvents.before, after: bookingEvents.after })
      .from(bookingEvents)
      .where(eq(bookingEvents.rsvno, held.supplierReference ?? ''))
      .orderBy(bookingEvents.id);
    expect(history.find((e) => e.action === 'created')?.after).toMatchObject({ start_time: '13:00' });
    expect(history.find((e) => e.action === 'reseller_changed' && e.after && 'seats' in e.after)).toMatchObject({
      before: { usedate: iso(DAY), start_time: '13:00', seats: 2 },
      after: { usedate: iso(DAY), start_time: '16:00', seats: 3 },
    });

    // Onto a departure with too few seats: refused, and nothing moved (the one transaction rolled back).
    expectError(
      await octo('PATCH', `/bookings/${held.uuid}`, { availabilityId: at(DAY2, '13:00') }),
      'UNPROCESSABLE_ENTITY',
    );
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 20, '16:00': 17 });
    expect(await seatsLeft('TIME1', DAY2, '13:00')).toBe(0);

    // Another day's departure.
    const nextDay = zBooking.parse(
      ok(await octo('PATCH', `/bookings/${held.uuid}`, { availabilityId: at(DAY2, '16:00') })),
    );
    expect(nextDay.availabilityId).toBe(at(DAY2, '16:00'));
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 20, '16:00': 20 });
    expect(await seatsLeft('TIME1', DAY2, '16:00')).toBe(17);

    const got = zBooking.parse(ok(await octo('GET', `/bookings/${held.uuid}`)));
    expect(got.availability).toMatchObject({ id: at(DAY2, '16:00'), vacancies: 17, capacity: 20 });
    const listed = ok(await octo('GET', `/bookings?localDate=${iso(DAY2)}`)) as {
      uuid: string;
      availabilityId: string;
    }[];
    expect(listed.find((b) => b.uuid === held.uuid)?.availabilityId).toBe(at(DAY2, '16:00'));

    const cancelled = zBooking.parse(
      ok(await octo('POST', `/bookings/${held.uuid}/cancel`, { reason: 'Plans changed' })),
    );
    expect(cancelled).toMatchObject({ status: 'CANCELLED', availabilityId: at(DAY2, '16:00') });
    expect(await seatsLeft('TIME1', DAY2, '16:00')).toBe(20);
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 20, '16:00': 20 });
  });

  it('releases a hold on its departure, and moves a hold between departures while on hold', async () => {
    const held = zBooking.parse(ok(await reserve('TIME1', at(DAY, '10:00'), 1)));
    expect(await dayOfTime1()).toEqual({ '10:00': 19, '13:00': 20, '16:00': 20 });
    const moved = zBooking.parse(
      ok(await octo('PATCH', `/bookings/${held.uuid}`, { availabilityId: at(DAY, '13:00') })),
    );
    expect(moved).toMatchObject({ status: 'ON_HOLD', availabilityId: at(DAY, '13:00') });
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 19, '16:00': 20 });
    zBooking.parse(ok(await octo('POST', `/bookings/${held.uuid}/cancel`, {})));
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 20, '16:00': 20 });
  });

  it('moves a booking from a timed product to an all-day one and back', async () => {
    const held = zBooking.parse(ok(await reserve('TIME1', at(DAY, '13:00'), 2)));
    const allDay = zBooking.parse(
      ok(
        await octo('PATCH', `/bookings/${held.uuid}`, {
          productId: 'ALLDAY1',
          optionId: 'DEFAULT',
          availabilityId: `${iso(DAY)}T00:00:00+09:00`,
        }),
      ),
    );
    expect(allDay).toMatchObject({ productId: 'ALLDAY1', availabilityId: `${iso(DAY)}T00:00:00+09:00` });
    expect(allDay.availability).toMatchObject({ allDay: true, localDateTimeEnd: `${iso(DAY2)}T00:00:00+09:00` });
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 20, '16:00': 20 });
    expect(await seatsLeft('ALLDAY1', DAY, '')).toBe(18);
    const back = zBooking.parse(
      ok(await octo('PATCH', `/bookings/${held.uuid}`, { productId: 'TIME1', availabilityId: at(DAY, '16:00') })),
    );
    expect(back).toMatchObject({ productId: 'TIME1', availabilityId: at(DAY, '16:00') });
    expect(await seatsLeft('ALLDAY1', DAY, '')).toBe(20);
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 20, '16:00': 18 });
    zBooking.parse(ok(await octo('POST', `/bookings/${held.uuid}/cancel`, {})));
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 20, '16:00': 20 });
  });
});

describe('availability ids OCTO cannot take', () => {
  const BAD_TIMED = [
    ['another offset', `${iso(DAY)}T13:00:00+00:00`],
    ['UTC', `${iso(DAY)}T04:00:00Z`],
    ['the same instant in UTC', `${iso(DAY)}T04:00:00+00:00`],
    ['no offset', `${iso(DAY)}T13:00:00`],
    ['no seconds', `${iso(DAY)}T13:00+09:00`],
    ['a space', `${iso(DAY)} 13:00:00+09:00`],
    ['a time that is not a departure', at(DAY, '12:00')],
    ['an hour out of range', at(DAY, '25:00')],
    ['a date-only id (the all-day form)', `${iso(DAY)}T00:00:00+09:00`],
    ['a date', iso(DAY)],
    ['not a date', 'invalidAvailabilityId'],
  ] as const;

  it.each(BAD_TIMED)('refuses %s on a timed product, in reserve, availability and a change', async (_, id) => {
    expectError(await reserve('TIME1', id, 1), 'INVALID_AVAILABILITY_ID', { availabilityId: id });
    expectError(await availability({ availabilityIds: [id] }), 'INVALID_AVAILABILITY_ID', { availabilityId: id });
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 20, '16:00': 20 });
  });

  it('refuses a START_TIME id on an all-day product, and leaves a booking where it was when a change names a bad id', async () => {
    const id = at(DAY, '13:00');
    expectError(await reserve('ALLDAY1', id, 1), 'INVALID_AVAILABILITY_ID', { availabilityId: id });
    expectError(
      await octo('POST', '/availability', { productId: 'ALLDAY1', optionId: 'DEFAULT', availabilityIds: [id] }),
      'INVALID_AVAILABILITY_ID',
    );
    expect(await seatsLeft('ALLDAY1', DAY, '')).toBe(20);

    const held = zBooking.parse(ok(await reserve('TIME1', at(DAY, '13:00'), 1)));
    for (const bad of [`${iso(DAY)}T16:00:00Z`, at(DAY, '12:00'), `${iso(DAY)}T00:00:00+09:00`]) {
      expectError(await octo('PATCH', `/bookings/${held.uuid}`, { availabilityId: bad }), 'INVALID_AVAILABILITY_ID', {
        availabilityId: bad,
      });
    }
    // A START_TIME id when moving onto the all-day product.
    expectError(
      await octo('PATCH', `/bookings/${held.uuid}`, { productId: 'ALLDAY1', availabilityId: at(DAY, '16:00') }),
      'INVALID_AVAILABILITY_ID',
    );
    expect(zBooking.parse(ok(await octo('GET', `/bookings/${held.uuid}`))).availabilityId).toBe(at(DAY, '13:00'));
    expect(await dayOfTime1()).toEqual({ '10:00': 20, '13:00': 19, '16:00': 20 });
    zBooking.parse(ok(await octo('POST', `/bookings/${held.uuid}/cancel`, {})));
  });
});

describe("a departure's last seats", () => {
  it('gives them to exactly one of two reservations racing for them; the other departure is untouched', async () => {
    const answers = await Promise.all([reserve('RACE1', at(DAY, '13:00'), 2), reserve('RACE1', at(DAY, '13:00'), 2)]);
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    const lost = answers.find((a) => a.statusCode !== 200);
    if (!lost) throw new Error('both won');
    expectError(lost, 'UNPROCESSABLE_ENTITY');
    expect(await seatsLeft('RACE1', DAY, '13:00')).toBe(0);
    expect(await seatsLeft('RACE1', DAY, '16:00')).toBe(2);
    const held = rowsOf<{ seats: number }>(
      await t.ctx.db.execute(sql`select coalesce(sum(bo.seats), 0)::int as seats from booking_options bo
        join bookings b on b.rsvno = bo.rsvno where bo.opcd = 'RACE1' and bo.start_time = '13:00' and b.status <> 4`),
    );
    expect(held[0]?.seats).toBe(2);
  });
});
