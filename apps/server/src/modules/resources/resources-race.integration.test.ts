/**
 * Shared resources (ADR 0209): two cruises that sail on one boat of 12 never sell more than 12 seats between them,
 * however many bookings come at once; a pool of guides gives each booking the first guide with room; a boat in dock
 * closes both cruises; and a booking that ends gives its units back with the state change that gives its seats back.
 * On PGlite and on PostgreSQL (TEST_DB=postgres), where the calls truly run at once.
 */
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { sweepUnpaidBookings } from '../booking/sweeper.ts';
import { bookingPayload, insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { insertResellerKey, octoCaller } from '../octo/test-fixtures.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import { insertStaff } from '../staff/test-fixtures.ts';
import { optionResources, resourceExceptions, resources } from './schema.ts';
import { deleteResource, updateResource } from './service.ts';

let t: TestApp;
let ip = 1;
const MORNING = 'RSCRUISE1';
const SUNSET = 'RSCRUISE2';
const WALK = 'RSWALK';
const BOAT_SEATS = 12;

async function book(opcd: string, usedate: Ymd, adults = 1): Promise<{ rsvno: string | null; errcd: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, usedate, { adults }),
    remoteAddress: `10.49.${ip >> 8}.${ip++ & 255}`,
  });
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json();
  return { rsvno: body.errcd === '000' ? (body.response.rsvno as string) : null, errcd: body.errcd };
}

async function unitsTaken(resourceId: number, usedate: Ymd): Promise<number> {
  const [row] = rowsOf<{ units: number }>(
    await t.ctx.db.execute(sql`select coalesce(sum(br.units), 0)::int as units from booking_resources br
      join bookings b on b.rsvno = br.rsvno
      where br.resource_id = ${resourceId} and br.usedate = ${usedate}::date and b.state not in ('canceled', 'expired')`),
  );
  return Number(row?.units ?? 0);
}

async function admin(mail: string): Promise<StaffPrincipal> {
  const id = await insertStaff(t.ctx.db, { mail, role: 'admin' });
  return { id, mail, role: 'admin', totpEnabled: false, mustChangePassword: false, tokenHash: '', stage: 'full' };
}

let boat = 0;
const guides: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const opcd of [MORNING, SUNSET, WALK]) await insertTestOption(t.ctx.db, opcd, { maxPeople: 20 });
  const [made] = await t.ctx.db
    .insert(resources)
    .values({ name: '第一さくら丸', kind: 'vehicle', capacity: BOAT_SEATS, per: 'day' })
    .returning({ id: resources.id });
  boat = made?.id ?? 0;
  await t.ctx.db.insert(optionResources).values([
    { opcd: MORNING, resourceId: boat, usage: 'traveller' },
    { opcd: SUNSET, resourceId: boat, usage: 'traveller' },
  ]);
  for (const name of ['ガイド 山田', 'ガイド 佐藤', 'ガイド 鈴木']) {
    const [guide] = await t.ctx.db
      .insert(resources)
      .values({ name, kind: 'guide', capacity: 1, per: 'day', pool: '街歩きガイド' })
      .returning({ id: resources.id });
    guides.push(guide?.id ?? 0);
  }
  await t.ctx.db.insert(optionResources).values({ opcd: WALK, resourceId: guides[0] ?? 0, usage: 'booking' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a boat shared by two cruises', () => {
  it('100 bookings at once across both sell exactly the boat’s 12 seats', async () => {
    const day = addDays(todayIn(t.clock), 30);
    for (const opcd of [MORNING, SUNSET]) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 40 });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => book(i % 2 === 0 ? MORNING : SUNSET, day)));
    const sold = results.filter((r) => r.rsvno !== null);
    expect(sold).toHaveLength(BOAT_SEATS);
    expect(results.filter((r) => r.rsvno === null).every((r) => r.errcd !== '000')).toBe(true);
    expect(await unitsTaken(boat, day)).toBe(BOAT_SEATS);
    // The seats the refused bookings took for a moment went back with their statement.
    const left = (await stockLeft(t.ctx.db, MORNING, day)) ?? 0;
    expect(left + ((await stockLeft(t.ctx.db, SUNSET, day)) ?? 0)).toBe(80 - BOAT_SEATS);
  }, 120_000);

  it('a capacity lowered while bookings come in never leaves the boat sold beyond it', async () => {
    const day = addDays(todayIn(t.clock), 40);
    for (const opcd of [MORNING, SUNSET]) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 40 });
    const staff = await admin('race-admin@example.jp');
    const [row] = await t.ctx.db.select().from(resources).where(eq(resources.id, boat));
    if (!row) throw new Error('no boat');
    // Half the bookings, the change to 6 seats, then the other half, all at once.
    const bookings = Array.from({ length: 20 }, (_, i) => () => book(i % 2 === 0 ? MORNING : SUNSET, day));
    const lowered = () =>
      updateResource(t.ctx, staff, boat, {
        name: row.name,
        kind: row.kind,
        capacity: 6,
        per: row.per,
        pool: row.pool,
        facilityId: row.facilityId,
      })
        .then(() => 'changed' as const)
        .catch(() => 'refused' as const);
    const outcome = await Promise.all([...bookings.slice(0, 10), lowered, ...bookings.slice(10)].map((f) => f()));
    const change = outcome[10];
    const [after] = await t.ctx.db.select().from(resources).where(eq(resources.id, boat));
    const held = await unitsTaken(boat, day);
    expect(held).toBeLessThanOrEqual(after?.capacity ?? 0);
    expect(after?.capacity).toBe(change === 'changed' ? 6 : BOAT_SEATS);
    expect(held).toBe(change === 'changed' ? 6 : BOAT_SEATS);
    // Back to the boat's own seats for the tests after this one.
    await t.ctx.db.update(resources).set({ capacity: BOAT_SEATS }).where(eq(resources.id, boat));
  }, 120_000);

  it('a boat deleted while bookings come in is either refused or gone before any booking counts on it', async () => {
    // booking_resources has no foreign key to resources (ADR 0209): the advisory locks are what keep it whole.
    const ferry = 'RSFERRY';
    await insertTestOption(t.ctx.db, ferry, { maxPeople: 20 });
    const day = addDays(todayIn(t.clock), 45);
    await insertTestStock(t.ctx.db, ferry, day, { zaikozan: 40 });
    const [made] = await t.ctx.db
      .insert(resources)
      .values({ name: '渡し舟', kind: 'vehicle', capacity: 10, per: 'day' })
      .returning({ id: resources.id });
    const ship = made?.id ?? 0;
    await t.ctx.db.insert(optionResources).values({ opcd: ferry, resourceId: ship, usage: 'traveller' });
    const staff = await admin('race-deleter@example.jp');
    const deleted = () =>
      deleteResource(t.ctx, staff, ship)
        .then(() => 'deleted' as const)
        .catch(() => 'refused' as const);
    const bookings = Array.from({ length: 8 }, () => () => book(ferry, day));
    const outcome = await Promise.all([...bookings.slice(0, 4), deleted, ...bookings.slice(4)].map((f) => f()));
    const [left] = await t.ctx.db.select().from(resources).where(eq(resources.id, ship));
    const orphans = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from booking_resources br
        where not exists (select 1 from resources r where r.id = br.resource_id)`),
    );
    expect(Number(orphans[0]?.n)).toBe(0);
    if (outcome[4] === 'deleted') expect(left).toBeUndefined();
    else expect(await unitsTaken(ship, day)).toBeGreaterThan(0);
  }, 120_000);

  it('a party larger than the boat’s room is refused though the cruise has seats', async () => {
    const day = addDays(todayIn(t.clock), 31);
    for (const opcd of [MORNING, SUNSET]) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 20 });
    expect((await book(MORNING, day, 10)).rsvno).not.toBeNull();
    const refused = await book(SUNSET, day, 3);
    expect(refused.rsvno).toBeNull();
    expect(refused.errcd).not.toBe('000');
    expect(await stockLeft(t.ctx.db, SUNSET, day)).toBe(20);
    expect((await book(SUNSET, day, 2)).rsvno).not.toBeNull();
  });

  it('the other cruise’s calendar and departures show the boat’s room, as soon as a booking takes it', async () => {
    const day = addDays(todayIn(t.clock), 34);
    for (const opcd of [MORNING, SUNSET]) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 20 });
    const seatsOn = async (opcd: string): Promise<string | undefined> => {
      const res = await t.request({ method: 'GET', url: `/api/option/${opcd}?usedate=${day}` });
      return res.json().response?.valueList?.[day]?.zaikozan;
    };
    // Read once, so that the calendar is cached before the other cruise's booking.
    expect(await seatsOn(SUNSET)).toBe(String(BOAT_SEATS));
    expect((await book(MORNING, day, 9)).rsvno).not.toBeNull();
    expect(await seatsOn(SUNSET)).toBe('3');
    expect(await seatsOn(MORNING)).toBe('3');
    const departures = await t.request({ method: 'GET', url: `/api/option/${SUNSET}/departures?usedate=${day}` });
    expect(departures.statusCode, departures.body).toBe(200);
    expect(departures.json().response.departures.map((d: { zaikozan: number }) => d.zaikozan)).toEqual([3]);
  });

  it('OCTO answers the boat’s room as the cruise’s vacancies', async () => {
    const day = addDays(todayIn(t.clock), 35);
    for (const opcd of [MORNING, SUNSET]) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 20 });
    expect((await book(MORNING, day, 8)).rsvno).not.toBeNull();
    const key = await insertResellerKey(t, 'Resources', 10_000);
    const octo = octoCaller(
      () => t,
      () => key,
    );
    const answer = await octo('POST', '/availability', {
      productId: SUNSET,
      optionId: 'DEFAULT',
      localDateStart: ymdToIsoDate(day),
      localDateEnd: ymdToIsoDate(day),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [availability] = answer.json() as { vacancies: number; status: string }[];
    expect(availability).toMatchObject({ vacancies: BOAT_SEATS - 8, status: 'LIMITED' });
  });

  it('a day in dock closes both cruises', async () => {
    const day = addDays(todayIn(t.clock), 32);
    for (const opcd of [MORNING, SUNSET]) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 20 });
    await t.ctx.db.insert(resourceExceptions).values({ resourceId: boat, usedate: day, capacity: 0, note: '定期点検' });
    for (const opcd of [MORNING, SUNSET]) expect((await book(opcd, day)).rsvno).toBeNull();
    const res = await t.request({ method: 'GET', url: `/api/option/${SUNSET}?usedate=${day}` });
    expect(res.json().response?.valueList?.[day]?.zaikozan).toBe('0');
  });

  it('a booking that expires gives its seats on the boat back', async () => {
    const day = addDays(todayIn(t.clock), 33);
    for (const opcd of [MORNING, SUNSET]) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 20 });
    expect((await book(MORNING, day, BOAT_SEATS)).rsvno).not.toBeNull();
    expect((await book(SUNSET, day)).rsvno).toBeNull();
    // Unpaid past its hour: the sweeper expires it, and the boat has its 12 seats again.
    t.clock.advance(2 * 60 * 60_000);
    await sweepUnpaidBookings(t.ctx);
    expect(await unitsTaken(boat, day)).toBe(0);
    expect((await book(SUNSET, day, BOAT_SEATS)).rsvno).not.toBeNull();
  });
});

describe('a pool of guides', () => {
  it('gives each booking the first guide with room, and refuses once all three lead a walk', async () => {
    const day = addDays(todayIn(t.clock), 40);
    await insertTestStock(t.ctx.db, WALK, day, { zaikozan: 30 });
    const results = await Promise.all(Array.from({ length: 6 }, () => book(WALK, day, 2)));
    expect(results.filter((r) => r.rsvno !== null)).toHaveLength(3);
    for (const guide of guides) expect(await unitsTaken(guide, day)).toBe(1);
    expect(await stockLeft(t.ctx.db, WALK, day)).toBe(30 - 3 * 2);
  }, 60_000);
});
