/**
 * 予約詳細's 割り当てを変更 (ADR 0209): staff move a booking from one guide of a pool to another. 予約詳細 lists the
 * booking's resources with the room of the pool's other members; a move onto a full guide, out of the pool, of a
 * guide the booking does not hold, or of a booking that no longer holds its seats is refused in Japanese and changes
 * nothing; a move that fits is written with its history event; and two moves onto one free guide at once make one.
 * On PGlite and on PostgreSQL (TEST_DB=postgres), where the two calls truly run at once.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import {
  type BookingDetail,
  ReassignMsg,
  reassignNoRoom,
  reassignNotHeld,
  reassignOtherPool,
  reassignWhere,
} from '@tabi/contract/admin-bookings';
import { ErrCd } from '@tabi/contract/constants';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import { bookingEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { sweepUnpaidBookings } from '../booking/sweeper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { optionResources, resourceExceptions, resources } from './schema.ts';
import { resourceBookings } from './service.ts';

let t: TestApp;
let ip = 1;
let operator = '';
let operatorId = 0;
const WALK = 'RAWALK';
const TRAIL = 'RATRAIL';
const POOL = '奥入瀬ネイチャーガイド';

async function book(opcd: string, usedate: Ymd): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, usedate, { adults: 2 }),
    remoteAddress: `10.51.${ip >> 8}.${ip++ & 255}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().errcd, res.body).toBe('000');
  return res.json().response.rsvno as string;
}

/** `minutes` later, with the operator signed in again (a staff session ends after a shorter idle time). */
async function later(minutes: number): Promise<void> {
  t.clock.advance(minutes * 60_000);
  operator = await staffSession(t, 'op-reassign@example.jp');
}

async function reassign(rsvno: string, from: number, to: number) {
  return t.request({
    method: 'POST',
    url: `/api/admin/bookings/${rsvno}/resources/reassign`,
    payload: { from, to },
    cookies: { [STAFF_COOKIE]: operator },
  });
}

async function detail(rsvno: string): Promise<BookingDetail> {
  const res = await t.request({
    method: 'GET',
    url: `/api/admin/bookings/${rsvno}`,
    cookies: { [STAFF_COOKIE]: operator },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response;
}

/** The resource ids the booking holds units of. */
async function held(rsvno: string): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await t.ctx.db.execute(
      sql`select resource_id as id from booking_resources where rsvno = ${rsvno} order by resource_id`,
    ),
  ).map((r) => Number(r.id));
}

async function eventCount(rsvno: string): Promise<number> {
  return (await t.ctx.db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, rsvno))).length;
}

/** A refusal in SPEC §8's envelope, with neither the booking's resources nor its history changed. */
async function expectRefused(rsvno: string, from: number, to: number, message: string, status = 409) {
  const before = { held: await held(rsvno), events: await eventCount(rsvno) };
  const res = await reassign(rsvno, from, to);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ errcd: ErrCd.generic, errMsg: message, response: null });
  expect(await held(rsvno)).toEqual(before.held);
  expect(await eventCount(rsvno)).toBe(before.events);
}

async function insertResource(name: string, pool: string | null, kind: 'guide' | 'vehicle' = 'guide') {
  const [made] = await t.ctx.db
    .insert(resources)
    .values({ name, kind, capacity: kind === 'guide' ? 1 : 20, per: 'day', pool })
    .returning({ id: resources.id });
  return made?.id ?? 0;
}

let yamada = 0;
let sato = 0;
let boat = 0;
const trailGuides: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  operatorId = await insertStaff(t.ctx.db, { mail: 'op-reassign@example.jp', role: 'operator' });
  operator = await staffSession(t, 'op-reassign@example.jp');
  for (const opcd of [WALK, TRAIL]) await insertTestOption(t.ctx.db, opcd, { maxPeople: 20 });
  yamada = await insertResource('ガイド 山田', POOL);
  sato = await insertResource('ガイド 佐藤', POOL);
  boat = await insertResource('奥入瀬号', null, 'vehicle');
  await t.ctx.db.insert(optionResources).values({ opcd: WALK, resourceId: yamada, usage: 'booking' });
  for (const name of ['ガイド 田中', 'ガイド 鈴木', 'ガイド 高橋'])
    trailGuides.push(await insertResource(name, '十和田湖ガイド'));
  await t.ctx.db.insert(optionResources).values({ opcd: TRAIL, resourceId: trailGuides[0] ?? 0, usage: 'booking' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('割り当てを変更 within a pool of two guides', () => {
  it('refuses while the other guide is full, and moves the booking once the other booking expired', async () => {
    const day = addDays(todayIn(t.clock), 20);
    await insertTestStock(t.ctx.db, WALK, day, { zaikozan: 20 });
    const first = await book(WALK, day);
    await later(40);
    const second = await book(WALK, day);
    expect(await held(first)).toEqual([yamada]);
    expect(await held(second)).toEqual([sato]);

    // 予約詳細 lists the booking's guide and the pool's other member with its room that day.
    const shown = await detail(first);
    expect(shown.actions.reassignResources).toBe(true);
    expect(shown.resources).toEqual([
      {
        resourceId: yamada,
        name: 'ガイド 山田',
        kind: 'guide',
        per: 'day',
        pool: POOL,
        units: 1,
        usedate: ymdToIsoDate(day),
        startTime: '',
        others: [{ id: sato, name: 'ガイド 佐藤', capacity: 1, used: 1, left: 0 }],
      },
    ]);

    // リソース's day list offers the same move for each of the day's bookings.
    const listed = await resourceBookings(t.ctx, yamada, ymdToIsoDate(day));
    expect(listed.map((b) => [b.rsvno, b.others])).toEqual([
      [first, [{ id: sato, name: 'ガイド 佐藤', capacity: 1, used: 1, left: 0 }]],
    ]);

    const where = reassignWhere(ymdToIsoDate(day), '');
    await expectRefused(first, yamada, sato, reassignNoRoom('ガイド 佐藤', where, 0, 1));
    await expectRefused(second, sato, yamada, reassignNoRoom('ガイド 山田', where, 0, 1));
    await expectRefused(first, yamada, boat, reassignOtherPool('ガイド 山田', '奥入瀬号'));
    await expectRefused(first, yamada, trailGuides[1] ?? 0, reassignOtherPool('ガイド 山田', 'ガイド 鈴木'));
    await expectRefused(second, yamada, sato, reassignNotHeld('ガイド 山田'));
    await expectRefused(first, yamada, yamada, ReassignMsg.same);
    await expectRefused(first, yamada, 999_999, ReassignMsg.notFound, 404);

    // The first booking is unpaid past its hour: the sweeper expires it, and its guide is free again.
    await later(30);
    await sweepUnpaidBookings(t.ctx);
    await expectRefused(first, yamada, sato, ReassignMsg.ended);
    expect((await detail(first)).actions.reassignResources).toBe(false);
    expect((await detail(second)).resources[0]?.others).toEqual([
      { id: yamada, name: 'ガイド 山田', capacity: 1, used: 0, left: 1 },
    ]);

    const moved = await reassign(second, sato, yamada);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ errcd: '000', errMsg: '', response: { from: 'ガイド 佐藤', to: 'ガイド 山田' } });
    expect(await held(second)).toEqual([yamada]);

    const after = await detail(second);
    expect(after.resources.map((r) => r.name)).toEqual(['ガイド 山田']);
    const event = after.events.at(-1);
    expect(event).toMatchObject({
      action: 'resource_reassigned',
      actorKind: 'staff',
      actor: String(operatorId),
      actorLabel: 'op-reassign@example.jp',
      before: { resource: 'ガイド 佐藤' },
      after: { resource: 'ガイド 山田' },
    });

    // The other member's room is the day's exception when it has one.
    await t.ctx.db.insert(resourceExceptions).values({ resourceId: sato, usedate: day, capacity: 0, note: '休み' });
    expect((await detail(second)).resources[0]?.others).toEqual([
      { id: sato, name: 'ガイド 佐藤', capacity: 0, used: 0, left: 0 },
    ]);
    await expectRefused(second, yamada, sato, reassignNoRoom('ガイド 佐藤', where, 0, 1));
  });
});

describe('two moves onto one free guide at once', () => {
  it('makes exactly one of them', async () => {
    const day = addDays(todayIn(t.clock), 21);
    await insertTestStock(t.ctx.db, TRAIL, day, { zaikozan: 20 });
    const [tanaka = 0, suzuki = 0, takahashi = 0] = trailGuides;
    const first = await book(TRAIL, day);
    const second = await book(TRAIL, day);
    expect([await held(first), await held(second)]).toEqual([[tanaka], [suzuki]]);

    const answers = await Promise.all([reassign(first, tanaka, takahashi), reassign(second, suzuki, takahashi)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().errMsg).toBe(reassignNoRoom('ガイド 高橋', reassignWhere(ymdToIsoDate(day), ''), 0, 1));
    const onTakahashi = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from booking_resources where resource_id = ${takahashi}`),
    );
    expect(Number(onTakahashi[0]?.n)).toBe(1);
    const events = await t.ctx.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.action, 'resource_reassigned'))
      .orderBy(asc(bookingEvents.id));
    expect(events.filter((e) => e.rsvno === first || e.rsvno === second)).toHaveLength(1);
  });
});
