/**
 * The option's sales cutoff (ADR 0191) through OCTO: each availability's `utcCutoffAt` is the instant its day's sales
 * close, a day past it is CLOSED, and a reserve, a confirm of an earlier hold, or a change onto that day is refused
 * with UNPROCESSABLE_ENTITY, as our site refuses it. On PGlite and on PostgreSQL.
 */
import {
  zAvailabilitiesAvailabilityCalendarResponse,
  zAvailabilitiesAvailabilityCheckResponse,
  zBooking,
} from '@octocloud/types';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { insertResellerKey, octoCaller } from './test-fixtures.ts';

// 12:00 in Tokyo on 2026-11-21.
const START = new Date('2026-11-21T03:00:00Z');
const TODAY: Ymd = '20261121';
/** Closes at 17:00 Tokyo the day before: 2026-11-24T08:00:00Z. */
const DAY: Ymd = '20261125';
const DAY_CUTOFF = '2026-11-24T08:00:00Z';
const LATER: Ymd = '20261128';
const LATEST: Ymd = '20261129';
const HOUR = 3_600_000;
const availabilityOf = (day: Ymd) => `${ymdToIsoDate(day)}T00:00:00+09:00`;

let t: TestApp;
let key = '';

const octo = octoCaller(
  () => t,
  () => key,
);

function reserve(opcd: string, day: Ymd, units = 1) {
  return octo('POST', '/bookings', {
    productId: opcd,
    optionId: 'DEFAULT',
    availabilityId: availabilityOf(day),
    unitItems: Array.from({ length: units }, () => ({ unitId: 'adult' })),
    expirationMinutes: 1440,
  });
}

function check(opcd: string, from: Ymd, to: Ymd) {
  return octo('POST', '/availability', {
    productId: opcd,
    optionId: 'DEFAULT',
    localDateStart: ymdToIsoDate(from),
    localDateEnd: ymdToIsoDate(to),
  });
}

function expectClosedRefusal(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ error: 'UNPROCESSABLE_ENTITY', errorMessage: expect.stringContaining('cutoff') });
}

beforeAll(async () => {
  t = await createTestApp({ now: START });
  // A rental the shop prepares: sold until 17:00 the day before.
  await insertTestOption(t.ctx.db, 'EVE1', { salesCutoffDaysBefore: 1, salesCutoffTime: '17:00' });
  // A tour leaving at 08:45: sold until 06:45 on the day.
  await insertTestOption(t.ctx.db, 'TOUR1', { salesCutoffDaysBefore: 0, salesCutoffTime: '06:45' });
  // The default: a day closes as it begins.
  await insertTestOption(t.ctx.db, 'PLAIN1');
  for (let i = 0; i < 10; i += 1) {
    for (const opcd of ['EVE1', 'TOUR1', 'PLAIN1']) {
      await insertTestStock(t.ctx.db, opcd, addDays(TODAY, i), { zaikozan: 10 });
    }
  }
  key = await insertResellerKey(t, 'Cutoff', 1000);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('availability', () => {
  it("gives each day its own cutoff instant as utcCutoffAt, whatever the day's state", async () => {
    t.clock.set(START);
    const eve = zAvailabilitiesAvailabilityCheckResponse.parse((await check('EVE1', DAY, addDays(DAY, 1))).json());
    expect(eve.map((a) => [a.id, a.utcCutoffAt, a.status, a.available])).toEqual([
      [availabilityOf(DAY), DAY_CUTOFF, 'AVAILABLE', true],
      [availabilityOf(addDays(DAY, 1)), '2026-11-25T08:00:00Z', 'AVAILABLE', true],
    ]);
    const tour = zAvailabilitiesAvailabilityCheckResponse.parse(
      (await check('TOUR1', TODAY, addDays(TODAY, 1))).json(),
    );
    // Today's 06:45 has passed at 12:00; tomorrow's is 2026-11-22 06:45 Tokyo.
    expect(tour.map((a) => [a.utcCutoffAt, a.status, a.available, a.vacancies])).toEqual([
      ['2026-11-20T21:45:00Z', 'CLOSED', false, 0],
      ['2026-11-21T21:45:00Z', 'AVAILABLE', true, 10],
    ]);
    // The default closes a day as it begins (midnight Tokyo is 15:00 UTC the day before): today is not sold.
    const plain = zAvailabilitiesAvailabilityCheckResponse.parse(
      (await check('PLAIN1', TODAY, addDays(TODAY, 1))).json(),
    );
    expect(plain.map((a) => [a.utcCutoffAt, a.status])).toEqual([
      ['2026-11-20T15:00:00Z', 'CLOSED'],
      ['2026-11-21T15:00:00Z', 'AVAILABLE'],
    ]);
  });

  it('shows a day open until its cutoff and CLOSED, with no vacancies, from the cutoff on', async () => {
    const calendar = async () =>
      zAvailabilitiesAvailabilityCalendarResponse.parse(
        (
          await octo('POST', '/availability/calendar', {
            productId: 'EVE1',
            optionId: 'DEFAULT',
            localDateStart: ymdToIsoDate(DAY),
            localDateEnd: ymdToIsoDate(addDays(DAY, 1)),
          })
        ).json(),
      );
    const byId = async () =>
      zAvailabilitiesAvailabilityCheckResponse.parse(
        (
          await octo('POST', '/availability', {
            productId: 'EVE1',
            optionId: 'DEFAULT',
            availabilityIds: [availabilityOf(DAY)],
          })
        ).json(),
      );

    t.clock.set(new Date(new Date(DAY_CUTOFF).getTime() - 1000));
    expect(await byId()).toMatchObject([{ status: 'AVAILABLE', available: true, vacancies: 10 }]);
    expect((await calendar()).map((d) => d.status)).toEqual(['AVAILABLE', 'AVAILABLE']);

    t.clock.set(new Date(DAY_CUTOFF));
    expect(await byId()).toMatchObject([
      { utcCutoffAt: DAY_CUTOFF, status: 'CLOSED', available: false, vacancies: 0, capacity: 10 },
    ]);
    expect(await calendar()).toMatchObject([
      { localDate: ymdToIsoDate(DAY), status: 'CLOSED', available: false, vacancies: 0 },
      { localDate: ymdToIsoDate(addDays(DAY, 1)), status: 'AVAILABLE', available: true, vacancies: 10 },
    ]);
  });
});

describe('reserve and confirm', () => {
  it('refuses to reserve a day past its cutoff, taking no seats; the second before, it holds', async () => {
    t.clock.set(new Date(DAY_CUTOFF));
    const refused = await reserve('EVE1', DAY);
    expectClosedRefusal(refused);
    expect(await stockLeft(t.ctx.db, 'EVE1', DAY)).toBe(10);

    t.clock.set(new Date(new Date(DAY_CUTOFF).getTime() - 1000));
    const held = await reserve('EVE1', DAY);
    expect(held.statusCode, held.body).toBe(200);
    expect(zBooking.parse(held.json())).toMatchObject({
      status: 'ON_HOLD',
      availability: { utcCutoffAt: DAY_CUTOFF, status: 'AVAILABLE' },
    });
    expect(await stockLeft(t.ctx.db, 'EVE1', DAY)).toBe(9);
    await octo('POST', `/bookings/${held.json().uuid}/cancel`, { reason: 'test' });
    expect(await stockLeft(t.ctx.db, 'EVE1', DAY)).toBe(10);
  });

  it("refuses a past cutoff today's and a past day's availability too (the default option)", async () => {
    t.clock.set(START);
    expectClosedRefusal(await reserve('PLAIN1', TODAY));
    // A day already gone is not an availability at all.
    const past = await reserve('PLAIN1', addDays(TODAY, -1));
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('INVALID_AVAILABILITY_ID');
  });

  it('confirms a hold made before the cutoff until the cutoff, and refuses it after, leaving it on hold', async () => {
    // Held an hour before the cutoff, for a day: the hold outlives the cutoff.
    t.clock.set(new Date(new Date(DAY_CUTOFF).getTime() - HOUR));
    const early = await reserve('EVE1', DAY);
    const late = await reserve('EVE1', DAY);
    expect([early.statusCode, late.statusCode]).toEqual([200, 200]);
    expect(await stockLeft(t.ctx.db, 'EVE1', DAY)).toBe(8);

    t.clock.set(new Date(new Date(DAY_CUTOFF).getTime() - 1000));
    const confirmed = await octo('POST', `/bookings/${early.json().uuid}/confirm`, {
      contact: { fullName: 'Ann Lee' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(zBooking.parse(confirmed.json()).status).toBe('CONFIRMED');

    t.clock.set(new Date(DAY_CUTOFF));
    const refused = await octo('POST', `/bookings/${late.json().uuid}/confirm`, { contact: { fullName: 'Bo Kim' } });
    expectClosedRefusal(refused);
    const after = zBooking.parse((await octo('GET', `/bookings/${late.json().uuid}`)).json());
    expect(after).toMatchObject({ status: 'ON_HOLD', availability: { status: 'CLOSED', utcCutoffAt: DAY_CUTOFF } });
    // The one confirmed before the cutoff stays confirmed, and confirming it again answers it unchanged.
    const again = await octo('POST', `/bookings/${early.json().uuid}/confirm`, { contact: { fullName: 'Ann Lee' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('CONFIRMED');
    await octo('POST', `/bookings/${late.json().uuid}/cancel`, { reason: 'test' });
    expect(await stockLeft(t.ctx.db, 'EVE1', DAY)).toBe(9);
  });
});

describe('a change of day', () => {
  it('refuses to move a booking onto a day past its cutoff and leaves it where it was; an open day is fine', async () => {
    t.clock.set(START);
    const reserved = await reserve('EVE1', LATER);
    expect(reserved.statusCode, reserved.body).toBe(200);
    const { uuid } = reserved.json();
    const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'Cy Ono' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    t.clock.set(new Date(new Date(DAY_CUTOFF).getTime() - HOUR));
    const hold = await reserve('EVE1', LATER);
    expect(hold.statusCode, hold.body).toBe(200);

    t.clock.set(new Date(DAY_CUTOFF));
    for (const id of [uuid, hold.json().uuid]) {
      expectClosedRefusal(await octo('PATCH', `/bookings/${id}`, { availabilityId: availabilityOf(DAY) }));
      const still = zBooking.parse((await octo('GET', `/bookings/${id}`)).json());
      expect(still.availabilityId).toBe(availabilityOf(LATER));
    }
    expect(await stockLeft(t.ctx.db, 'EVE1', DAY)).toBe(9);
    expect(await stockLeft(t.ctx.db, 'EVE1', LATER)).toBe(8);

    const moved = await octo('PATCH', `/bookings/${uuid}`, { availabilityId: availabilityOf(LATEST) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(zBooking.parse(moved.json())).toMatchObject({ status: 'CONFIRMED', availabilityId: availabilityOf(LATEST) });
    expect(await stockLeft(t.ctx.db, 'EVE1', LATER)).toBe(9);
    expect(await stockLeft(t.ctx.db, 'EVE1', LATEST)).toBe(9);
  });

  it('adds no travellers on a day past its cutoff, but lets the party shrink there', async () => {
    t.clock.set(START);
    const reserved = await reserve('EVE1', DAY, 2);
    expect(reserved.statusCode, reserved.body).toBe(200);
    const { uuid } = reserved.json();
    expect((await octo('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'Di Ito' } })).statusCode).toBe(200);
    const left = await stockLeft(t.ctx.db, 'EVE1', DAY);

    t.clock.set(new Date(DAY_CUTOFF));
    const items = zBooking.parse((await octo('GET', `/bookings/${uuid}`)).json()).unitItems;
    expectClosedRefusal(
      await octo('PATCH', `/bookings/${uuid}`, {
        unitItems: [...items.map((i) => ({ uuid: i.uuid, unitId: i.unitId })), { unitId: 'adult' }],
      }),
    );
    expect(await stockLeft(t.ctx.db, 'EVE1', DAY)).toBe(left);

    const [first] = items;
    if (!first) throw new Error('no unit items');
    const shrunk = await octo('PATCH', `/bookings/${uuid}`, { unitItems: [{ uuid: first.uuid, unitId: 'adult' }] });
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(shrunk.json().unitItems).toHaveLength(1);
    expect(await stockLeft(t.ctx.db, 'EVE1', DAY)).toBe((left ?? 0) + 1);
  });
});
