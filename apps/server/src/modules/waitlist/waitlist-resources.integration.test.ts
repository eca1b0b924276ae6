/**
 * キャンセル待ち and shared resources (ADR 0209): an offer holds the units of the boat its seats sail on, so the other
 * cruise on that boat cannot sell them meanwhile; the booking made from the offer takes them over even when the boat
 * is otherwise full; an offer that lapses, or an entry that leaves, gives them back; an entry is not offered seats a
 * shared resource has no room for. On PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { ErrCd } from '@tabi/contract/constants';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { resourceWaitlistHolder } from '@tabi/contract/resources';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import { outbox, waitlistEntries } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import * as bookingRepo from '../booking/repository.ts';
import { cancelUnpaid } from '../booking/service.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import * as resourcesRepo from '../resources/repository.ts';
import { optionResources, resources } from '../resources/schema.ts';
import { runDay } from './service.ts';

let t: TestApp;
let today: Ymd;
let ip = 1;
/** Sold out on its own seats; its visitors wait. */
const CRUISE = 'WLRCRUISE';
/** Roomy on its own seats; only the boat limits it. */
const SUNSET = 'WLRSUNSET';
const BOAT_SEATS = 6;
let boat = 0;

async function book(opcd: string, usedate: Ymd, adults: number, waitlistToken?: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, usedate, { adults }, waitlistToken ? { waitlist_token: waitlistToken } : {}),
    remoteAddress: `10.53.${ip >> 8}.${ip++ & 255}`,
  });
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json() as { errcd: string; response: { rsvno?: string } };
  return { errcd: body.errcd, rsvno: body.response?.rsvno ?? null };
}

/** Gives a booking's seats (and so its units) back as the sweeper does. */
async function cancel(rsvno: string): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    const row = await bookingRepo.lockBooking(tx, rsvno);
    if (!row) throw new Error(rsvno);
    await cancelUnpaid(t.ctx, tx, row, 'expired', systemActor('ops'));
  });
}

async function join(usedate: Ymd, party: number): Promise<number> {
  const mail = `wlr${ip}@example.com`;
  const res = await t.request({
    method: 'POST',
    url: '/api/waitlist',
    payload: { opcd: CRUISE, usedate, mail, party },
    remoteAddress: `10.53.${ip >> 8}.${ip++ & 255}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.ctx.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.mail, mail));
  return row?.id ?? 0;
}

async function entry(id: number) {
  const [row] = await t.ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  return row;
}

async function offerToken(id: number): Promise<string> {
  const row = await entry(id);
  const [mail] = await t.ctx.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.to, row?.mail ?? ''), eq(outbox.kind, 'waitlist_offered')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = /waitlist=([\w-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no offer mailed for entry ${id}`);
  return token;
}

/** The boat's units held on the day, as the booking statement counts them, and what SUNSET may still sell. */
async function boatOn(usedate: Ymd): Promise<{ used: number; sunsetRoom: number | null }> {
  const day = ymdToIsoDate(usedate);
  const [row] = rowsOf<{ used: number; room: number | null }>(
    await t.ctx.db.execute(sql`select resource_used(${boat}, 'day', ${day}::date, '') as used,
      resource_room(${SUNSET}, ${day}::date, '') as room`),
  );
  return { used: Number(row?.used), sunsetRoom: row?.room ?? null };
}

const runCruiseDay = (usedate: Ymd) => runDay(t.ctx, { opcd: CRUISE, usedate: ymdToIsoDate(usedate), startTime: '' });

beforeAll(async () => {
  t = await createTestApp();
  today = todayIn(t.clock);
  await insertTestOption(t.ctx.db, CRUISE, { maxPeople: 20 });
  await insertTestOption(t.ctx.db, SUNSET, { maxPeople: 20 });
  const [made] = await t.ctx.db
    .insert(resources)
    .values({ name: 'キャンセル待ち丸', kind: 'vehicle', capacity: BOAT_SEATS, per: 'day' })
    .returning({ id: resources.id });
  boat = made?.id ?? 0;
  await t.ctx.db.insert(optionResources).values([
    { opcd: CRUISE, resourceId: boat, usage: 'traveller' },
    { opcd: SUNSET, resourceId: boat, usage: 'traveller' },
  ]);
  for (const offset of [6, 7, 8]) {
    await insertTestStock(t.ctx.db, CRUISE, addDays(today, offset), { zaikozan: 4 });
    await insertTestStock(t.ctx.db, SUNSET, addDays(today, offset), { zaikozan: 20 });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a キャンセル待ち offer on a shared boat', () => {
  it('holds the units of its seats against the other cruise, and hands them to the booking made from it', async () => {
    const day = addDays(today, 6);
    const first = await book(CRUISE, day, 4);
    expect(first.errcd).toBe('000');
    const waiting = await join(day, 2);
    expect((await book(SUNSET, day, 1)).errcd).toBe('000');
    expect(await boatOn(day)).toEqual({ used: 5, sunsetRoom: 1 });

    await cancel(first.rsvno ?? '');
    const run = await runCruiseDay(day);
    expect(run.offered).toEqual([waiting]);
    expect(await entry(waiting)).toMatchObject({ state: 'offered', held: 2 });
    // The offer's two travellers sail on the boat: SUNSET may sell 3, not 5.
    expect(await boatOn(day)).toEqual({ used: 3, sunsetRoom: 3 });
    // The console counts them too: a capacity below them is refused, and the day's list shows the entry.
    const iso = ymdToIsoDate(day);
    expect(await resourcesRepo.heldUnits(t.ctx.db, [boat], { from: iso, to: iso })).toEqual([
      { resourceId: boat, date: iso, startTime: '', units: 3 },
    ]);
    expect(
      (await resourcesRepo.bookingsOn(t.ctx.db, boat, iso)).map((b) => [b.rsvno === null, b.name, b.units]),
    ).toEqual([
      [false, 'YAMADA TARO', 1],
      [true, resourceWaitlistHolder(waiting), 2],
    ]);
    expect((await book(SUNSET, day, 4)).errcd).toBe(ErrCd.noStock);
    expect((await book(SUNSET, day, 3)).errcd).toBe('000');
    expect(await boatOn(day)).toEqual({ used: 6, sunsetRoom: 0 });

    // The boat is full, with the offer's units among them: its booking takes them over.
    const fromOffer = await book(CRUISE, day, 2, await offerToken(waiting));
    expect(fromOffer.errcd).toBe('000');
    expect(await entry(waiting)).toMatchObject({ state: 'booked', held: 0 });
    expect(await boatOn(day)).toEqual({ used: 6, sunsetRoom: 0 });
  });

  it('gives the units back when the offer lapses, and when the visitor leaves', async () => {
    const day = addDays(today, 7);
    const first = await book(CRUISE, day, 4);
    const lapsing = await join(day, 2);
    await cancel(first.rsvno ?? '');
    await runCruiseDay(day);
    expect(await boatOn(day)).toEqual({ used: 2, sunsetRoom: 4 });

    t.clock.advance((t.config.waitlistOfferMinutes + 1) * 60_000);
    await runCruiseDay(day);
    expect(await entry(lapsing)).toMatchObject({ state: 'expired', held: 0 });
    expect(await boatOn(day)).toEqual({ used: 0, sunsetRoom: 6 });

    const [left] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from waitlist_resources where entry_id = ${lapsing}`),
    );
    expect(Number(left?.n)).toBe(0);
  });

  it('offers no seats the boat has no room for, and offers them once the boat has', async () => {
    const day = addDays(today, 8);
    const first = await book(CRUISE, day, 4);
    const waiting = await join(day, 3);
    const sunset = await book(SUNSET, day, 2);
    expect(sunset.errcd).toBe('000');
    await cancel(first.rsvno ?? '');
    // 4 seats came back on the cruise, and SUNSET took 2 more of the boat: it has room for 2, the party is 3.
    expect((await book(SUNSET, day, 2)).errcd).toBe('000');
    expect((await runCruiseDay(day)).offered).toEqual([]);
    expect(await entry(waiting)).toMatchObject({ state: 'waiting', held: 0 });

    await cancel(sunset.rsvno ?? '');
    expect((await runCruiseDay(day)).offered).toEqual([waiting]);
    expect(await boatOn(day)).toEqual({ used: 5, sunsetRoom: 1 });
  });
});
