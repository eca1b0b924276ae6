/**
 * リソース in the console (ADR 0209): an admin adds, reads, changes and deletes resources, their dated capacities and
 * the options that use them; an operator may do none of it. Refused: a capacity (or a date's) below what live
 * bookings already hold there, an option using two resources of one pool, an option that does not exist, deleting a
 * resource bookings hold, an option of a facility using another's resource (or a resource's facility changed under
 * it). The bookings holding a resource on a day are listed for the clerk about to change that day's capacity. Each
 * change is a staff audit event. On PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { addDays, ymdToIsoDate } from '@tabi/contract/dates';
import {
  optionFacilityMismatch,
  RESOURCE_DAYS_SHOWN,
  type ResourceBooking,
  type ResourceDetail,
  ResourceMsg,
  type ResourceRequest,
  type ResourceRow,
  resourceCapacityBelowHeld,
  resourceFacilityMismatch,
  resourceInUse,
  resourceOptionUnknown,
  resourcePoolTwice,
  resourceUseTwice,
} from '@tabi/contract/resources';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { facilities, staffAuditEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { sweepUnpaidBookings } from '../booking/sweeper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { bookingResources } from './schema.ts';

let t: TestApp;
let admin = '';
let operator = '';
let ip = 1;
const CRUISE = 'RSCCRUISE';
const SUNSET = 'RSCSUNSET';
const WALK = 'RSCWALK';
/** Used by the guides' pool test only, so that the cruises' bookings take no guide. */
const TOUR = 'RSCTOUR';
/** Sold at start times, on a boat counted per departure. */
const FERRY = 'RSCFERRY';

beforeAll(async () => {
  t = await createTestApp();
  for (const opcd of [CRUISE, SUNSET, WALK, TOUR, FERRY]) await insertTestOption(t.ctx.db, opcd, { maxPeople: 20 });
  await insertStaff(t.ctx.db, { mail: 'resource-admin@example.jp', role: 'admin', totp: true });
  await insertStaff(t.ctx.db, { mail: 'resource-op@example.jp', role: 'operator' });
  admin = await staffSession(t, 'resource-admin@example.jp');
  operator = await staffSession(t, 'resource-op@example.jp');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const as = (cookie: string) => ({ cookies: { [STAFF_COOKIE]: cookie } });
const get = (url: string, cookie = admin) => t.request({ method: 'GET', url: `/api/admin${url}`, ...as(cookie) });
const post = (url: string, payload: Record<string, unknown> = {}, cookie = admin) =>
  t.request({ method: 'POST', url: `/api/admin${url}`, payload, ...as(cookie) });

async function create(request: ResourceRequest): Promise<ResourceDetail> {
  const res = await post('/resources', { ...request });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response as ResourceDetail;
}

async function book(opcd: string, usedate: string, adults: number, startTime = ''): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, usedate, { adults }, startTime ? { start_time: startTime } : {}),
    remoteAddress: `10.52.${ip >> 8}.${ip++ & 255}`,
  });
  const body = res.json();
  expect(body.errcd, res.body).toBe('000');
  return body.response.rsvno as string;
}

const auditKinds = async () =>
  (
    await t.ctx.db
      .select()
      .from(staffAuditEvents)
      .where(like(staffAuditEvents.kind, 'resource.%'))
      .orderBy(asc(staffAuditEvents.id))
  ).map((e) => ({ kind: e.kind, detail: e.detail }));

describe('resources', () => {
  it('adds, lists, reads and changes a resource, each change audited', async () => {
    const made = await create({
      name: ' 第二 さくら丸 ',
      kind: 'vehicle',
      capacity: '１２',
      per: 'departure',
      pool: '',
    });
    expect(made).toMatchObject({
      name: '第二 さくら丸',
      kind: 'vehicle',
      capacity: 12,
      per: 'departure',
      pool: null,
      facility: null,
    });
    expect(made.uses).toEqual([]);
    expect(made.exceptions).toEqual([]);
    const today = ymdToIsoDate(todayIn(t.clock));
    expect(made.days).toHaveLength(RESOURCE_DAYS_SHOWN);
    expect(made.days[0]).toEqual({ date: today, capacity: 12, used: 0, left: 12, exception: null, departures: [] });

    const list = await get('/resources');
    expect(list.statusCode).toBe(200);
    const row = (list.json().response as ResourceRow[]).find((r) => r.id === made.id);
    expect(row?.name).toBe('第二 さくら丸');

    const changed = await post(`/resources/${made.id}`, {
      name: '第二さくら丸',
      kind: 'vehicle',
      capacity: 14,
      per: 'day',
      pool: ' 湾内クルーズ船 ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().response).toMatchObject({
      name: '第二さくら丸',
      capacity: 14,
      per: 'day',
      pool: '湾内クルーズ船',
    });
    expect((await get(`/resources/${made.id}`)).json().response.pool).toBe('湾内クルーズ船');

    const events = (await auditKinds()).filter((e) => e.detail.resourceId === made.id);
    expect(events).toEqual([
      {
        kind: 'resource.created',
        detail: {
          resourceId: made.id,
          name: '第二 さくら丸',
          after: {
            name: '第二 さくら丸',
            kind: 'vehicle',
            capacity: 12,
            per: 'departure',
            pool: null,
            facilityId: null,
          },
        },
      },
      {
        kind: 'resource.changed',
        detail: {
          resourceId: made.id,
          name: '第二さくら丸',
          before: { name: '第二 さくら丸', capacity: 12, per: 'departure', pool: null },
          after: { name: '第二さくら丸', capacity: 14, per: 'day', pool: '湾内クルーズ船' },
        },
      },
    ]);
  });

  it('refuses what the contract refuses, and a resource that does not exist', async () => {
    const refused = async (payload: Record<string, unknown>, message: string) => {
      const res = await post('/resources', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errMsg).toContain(message);
    };
    const boat = { name: '船', kind: 'vehicle', capacity: 10, per: 'day' };
    await refused({ ...boat, name: '  ' }, ResourceMsg.nameRequired);
    await refused({ ...boat, name: 'あ'.repeat(61) }, ResourceMsg.nameTooLong);
    await refused({ ...boat, kind: 'bus' }, ResourceMsg.kindInvalid);
    await refused({ ...boat, capacity: 10_000 }, ResourceMsg.capacityInvalid);
    await refused({ ...boat, capacity: '1.5' }, ResourceMsg.capacityInvalid);
    await refused({ ...boat, per: 'week' }, ResourceMsg.perInvalid);
    await refused({ ...boat, pool: 'p'.repeat(41) }, ResourceMsg.poolTooLong);

    expect((await get('/resources/999999')).statusCode).toBe(404);
    const missing = await post('/resources/999999', boat);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errMsg).toBe(ResourceMsg.notFound);
    expect((await post('/resources/999999/delete')).statusCode).toBe(404);
    expect((await post('/resources/999999/exceptions', { exceptions: [] })).statusCode).toBe(404);
    expect((await post('/resources/999999/uses', { uses: [] })).statusCode).toBe(404);
  });

  it('refuses every call of an operator, and changes nothing', async () => {
    const boat = await create({ name: '作業船', kind: 'vehicle', capacity: 4, per: 'day' });
    const calls = [
      get('/resources', operator),
      get(`/resources/${boat.id}`, operator),
      get(`/resources/${boat.id}/bookings?date=2026-12-01`, operator),
      post('/resources', { name: '船', kind: 'vehicle', capacity: 1, per: 'day' }, operator),
      post(`/resources/${boat.id}`, { name: '改名', kind: 'vehicle', capacity: 1, per: 'day' }, operator),
      post(`/resources/${boat.id}/exceptions`, { exceptions: [] }, operator),
      post(`/resources/${boat.id}/uses`, { uses: [] }, operator),
      post(`/resources/${boat.id}/delete`, {}, operator),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    expect((await get(`/resources/${boat.id}`)).json().response).toMatchObject({ name: '作業船', capacity: 4 });
  });

  it('sets the options that use it, refusing an unknown option, one listed twice and two of one pool', async () => {
    const guides: ResourceDetail[] = [];
    for (const name of ['ガイド 山田', 'ガイド 佐藤']) {
      guides.push(await create({ name, kind: 'guide', capacity: 1, per: 'day', pool: '街歩きガイド' }));
    }
    const [yamada, sato] = guides as [ResourceDetail, ResourceDetail];
    const set = await post(`/resources/${yamada.id}/uses`, { uses: [{ opcd: ' rscwalk ', usage: 'booking' }] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().response.uses).toEqual([{ opcd: WALK, webname: `テストツアー ${WALK}`, usage: 'booking' }]);

    const unknown = await post(`/resources/${sato.id}/uses`, { uses: [{ opcd: 'NOSUCH1', usage: 'booking' }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errMsg).toBe(resourceOptionUnknown('NOSUCH1'));
    const twice = await post(`/resources/${sato.id}/uses`, {
      uses: [
        { opcd: TOUR, usage: 'booking' },
        { opcd: TOUR, usage: 'traveller' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errMsg).toContain(resourceUseTwice(TOUR));
    const badUsage = await post(`/resources/${sato.id}/uses`, { uses: [{ opcd: TOUR, usage: 'seat' }] });
    expect(badUsage.statusCode).toBe(422);
    expect(badUsage.json().errMsg).toContain(ResourceMsg.usageInvalid);

    const samePool = await post(`/resources/${sato.id}/uses`, { uses: [{ opcd: WALK, usage: 'booking' }] });
    expect(samePool.statusCode).toBe(409);
    expect(samePool.json().errMsg).toBe(resourcePoolTwice(WALK, '街歩きガイド', 'ガイド 山田'));

    // Moving a resource an option uses into a pool of which the option already uses another is the same thing.
    const freelance = await create({ name: 'ガイド 鈴木', kind: 'guide', capacity: 1, per: 'day' });
    expect(
      (await post(`/resources/${freelance.id}/uses`, { uses: [{ opcd: WALK, usage: 'booking' }] })).statusCode,
    ).toBe(200);
    const joined = await post(`/resources/${freelance.id}`, {
      name: 'ガイド 鈴木',
      kind: 'guide',
      capacity: 1,
      per: 'day',
      pool: '街歩きガイド',
    });
    expect(joined.statusCode).toBe(409);
    expect(joined.json().errMsg).toBe(resourcePoolTwice(WALK, '街歩きガイド', 'ガイド 山田'));

    // Another option in the pool is fine, and a use is removed by leaving it out.
    expect((await post(`/resources/${sato.id}/uses`, { uses: [{ opcd: TOUR, usage: 'traveller' }] })).statusCode).toBe(
      200,
    );
    const cleared = await post(`/resources/${yamada.id}/uses`, { uses: [] });
    expect(cleared.json().response.uses).toEqual([]);
    const events = (await auditKinds()).filter(
      (e) => e.kind === 'resource.uses_set' && e.detail.resourceId === yamada.id,
    );
    expect(events.map((e) => e.detail)).toEqual([
      {
        resourceId: yamada.id,
        name: 'ガイド 山田',
        added: [{ opcd: WALK, usage: 'booking' }],
        removed: [],
        changed: [],
      },
      {
        resourceId: yamada.id,
        name: 'ガイド 山田',
        added: [],
        removed: [{ opcd: WALK, usage: 'booking' }],
        changed: [],
      },
    ]);
  });
});

describe('a capacity below what bookings hold', () => {
  let boat: ResourceDetail;
  let day = '';
  let iso = '';
  let rsvno = '';
  let sunset = '';

  beforeAll(async () => {
    day = addDays(todayIn(t.clock), 10);
    iso = ymdToIsoDate(day);
    boat = await create({ name: '第三さくら丸', kind: 'vehicle', capacity: 12, per: 'day' });
    const uses = await post(`/resources/${boat.id}/uses`, {
      uses: [
        { opcd: CRUISE, usage: 'traveller' },
        { opcd: SUNSET, usage: 'traveller' },
      ],
    });
    expect(uses.statusCode, uses.body).toBe(200);
    for (const opcd of [CRUISE, SUNSET]) await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 20 });
    rsvno = await book(CRUISE, day, 3);
    sunset = await book(SUNSET, day, 2);
  });

  it('lists the units the bookings hold and the room left', async () => {
    const row = (await get(`/resources/${boat.id}`)).json().response as ResourceDetail;
    expect(row.days.find((d) => d.date === iso)).toMatchObject({ capacity: 12, used: 5, left: 7 });
  });

  it('refuses a capacity below them, naming the day and the units, and takes one that holds them', async () => {
    const lower = (capacity: number) =>
      post(`/resources/${boat.id}`, { name: '第三さくら丸', kind: 'vehicle', capacity, per: 'day' });
    const refused = await lower(4);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errMsg).toBe(resourceCapacityBelowHeld(iso.replaceAll('-', '/'), 5, 4, false));
    expect((await get(`/resources/${boat.id}`)).json().response.capacity).toBe(12);
    expect((await lower(5)).statusCode).toBe(200);
    expect((await lower(12)).statusCode).toBe(200);
  });

  it('refuses a date’s capacity below them, and the removal of a date whose own capacity would be', async () => {
    const put = (exceptions: { date: string; capacity: number | string; note?: string }[]) =>
      post(`/resources/${boat.id}/exceptions`, { exceptions });
    // The sunset cruise's calendar, read once so that it is cached: the boat's 12 less the 5 held.
    const seatsOn = async (opcd: string): Promise<string | undefined> => {
      const res = await t.request({ method: 'GET', url: `/api/option/${opcd}?usedate=${day}` });
      return res.json().response?.valueList?.[day]?.zaikozan;
    };
    expect(await seatsOn(SUNSET)).toBe('7');
    const dock = await put([{ date: iso, capacity: 0, note: '定期点検' }]);
    expect(dock.statusCode).toBe(409);
    expect(dock.json().errMsg).toBe(resourceCapacityBelowHeld(iso.replaceAll('-', '/'), 5, 0, true));

    const wider = await put([
      { date: iso, capacity: 8, note: ' 臨時便 ' },
      { date: ymdToIsoDate(addDays(day, 1)), capacity: 0, note: '定期点検' },
    ]);
    expect(wider.statusCode, wider.body).toBe(200);
    expect(wider.json().response.exceptions).toEqual([
      { date: iso, capacity: 8, note: '臨時便' },
      { date: ymdToIsoDate(addDays(day, 1)), capacity: 0, note: '定期点検' },
    ]);
    expect((wider.json().response as ResourceDetail).days.find((d) => d.date === iso)).toMatchObject({
      capacity: 8,
      used: 5,
      left: 3,
      exception: '臨時便',
    });

    // Both cruises' calendars follow at once.
    expect(await seatsOn(SUNSET)).toBe('3');
    expect(await seatsOn(CRUISE)).toBe('3');

    // The day keeps 8 through its exception, so the boat's own capacity may go down to 4…
    const own = await post(`/resources/${boat.id}`, { name: '第三さくら丸', kind: 'vehicle', capacity: 4, per: 'day' });
    expect(own.statusCode, own.body).toBe(200);
    // …but removing the exception would leave the day 4 seats for 5 held.
    const removed = await put([{ date: ymdToIsoDate(addDays(day, 1)), capacity: 0, note: '定期点検' }]);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().errMsg).toBe(resourceCapacityBelowHeld(iso.replaceAll('-', '/'), 5, 4, false));

    const twice = await put([
      { date: iso, capacity: 8 },
      { date: iso, capacity: 9 },
    ]);
    expect(twice.statusCode).toBe(422);
    const badDate = await put([{ date: '2026-02-30', capacity: 1 }]);
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errMsg).toContain(ResourceMsg.dateInvalid);

    const events = (await auditKinds()).filter(
      (e) => e.kind === 'resource.exceptions_set' && e.detail.resourceId === boat.id,
    );
    expect(events.map((e) => e.detail.added)).toEqual([
      [
        { date: iso, capacity: 8, note: '臨時便' },
        { date: ymdToIsoDate(addDays(day, 1)), capacity: 0, note: '定期点検' },
      ],
    ]);
  });

  it('lists the bookings that hold it on a day, for the clerk who must move them or call the day off', async () => {
    const res = await get(`/resources/${boat.id}/bookings?date=${iso}`);
    expect(res.statusCode, res.body).toBe(200);
    const held = (opcd: string, units: number) => ({
      name: 'YAMADA TARO',
      opcd,
      webname: `テストツアー ${opcd}`,
      units,
      // A resource of no pool: nowhere to move them.
      others: [],
    });
    // Both whole-day bookings: by booking number.
    expect(res.json().response as ResourceBooking[]).toEqual(
      [
        { rsvno, startTime: '', ...held(CRUISE, 3) },
        { rsvno: sunset, startTime: '', ...held(SUNSET, 2) },
      ].sort((a, b) => a.rsvno.localeCompare(b.rsvno)),
    );
    // Another day: none. A day that is not one, or no day, is refused in the console's words; so is a resource
    // that does not exist.
    const other = await get(`/resources/${boat.id}/bookings?date=${ymdToIsoDate(addDays(day, 2))}`);
    expect(other.json().response).toEqual([]);
    for (const query of ['?date=2026-02-30', '?date=20261201', '']) {
      const res = await get(`/resources/${boat.id}/bookings${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errMsg).toContain(ResourceMsg.dateInvalid);
    }
    expect((await get(`/resources/999999/bookings?date=${iso}`)).statusCode).toBe(404);
  });

  it('refuses to delete a resource bookings hold, and deletes it once they have ended', async () => {
    const refused = await post(`/resources/${boat.id}/delete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errMsg).toBe(resourceInUse(2, iso, iso));

    // Unpaid past their hour, the sweeper expires both bookings: their units count for nothing any more.
    t.clock.advance(2 * 60 * 60_000);
    await sweepUnpaidBookings(t.ctx);
    admin = await staffSession(t, 'resource-admin@example.jp');
    // Nor are they listed as holding it on their day.
    expect((await get(`/resources/${boat.id}/bookings?date=${iso}`)).json().response).toEqual([]);
    const deleted = await post(`/resources/${boat.id}/delete`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(`/resources/${boat.id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(bookingResources).where(eq(bookingResources.rsvno, rsvno))).toEqual([]);
    const [event] = (await auditKinds()).filter(
      (e) => e.kind === 'resource.deleted' && e.detail.resourceId === boat.id,
    );
    expect(event?.detail).toMatchObject({ name: '第三さくら丸', endedBookingUnits: 2 });
    expect(
      await t.ctx.db
        .select()
        .from(staffAuditEvents)
        .where(
          and(eq(staffAuditEvents.kind, 'resource.deleted'), eq(staffAuditEvents.mail, 'resource-admin@example.jp')),
        ),
    ).toHaveLength(1);
  });
});

describe('a resource counted per departure', () => {
  it('compares each departure with its capacity, and a whole day once it is counted per day', async () => {
    const day = addDays(todayIn(t.clock), 12);
    const iso = ymdToIsoDate(day);
    const ferry = await create({ name: '渡し船', kind: 'vehicle', capacity: 6, per: 'departure' });
    expect(
      (await post(`/resources/${ferry.id}/uses`, { uses: [{ opcd: FERRY, usage: 'traveller' }] })).statusCode,
    ).toBe(200);
    for (const startTime of ['10:00', '14:00']) {
      await insertTestStock(t.ctx.db, FERRY, day, { zaikozan: 10, startTime, endTime: '' });
    }
    const late = await book(FERRY, day, 2, '14:00');
    const early = await book(FERRY, day, 3, '10:00');

    const [shown] = (await get(`/resources/${ferry.id}`))
      .json()
      .response.days.filter((d: { date: string }) => d.date === iso);
    expect(shown).toEqual({
      date: iso,
      capacity: 6,
      used: 3,
      left: 3,
      exception: null,
      departures: [
        { startTime: '10:00', used: 3, left: 3 },
        { startTime: '14:00', used: 2, left: 4 },
      ],
    });
    const change = (capacity: number, per: 'day' | 'departure') =>
      post(`/resources/${ferry.id}`, { name: '渡し船', kind: 'vehicle', capacity, per });
    const lower = await change(2, 'departure');
    expect(lower.statusCode).toBe(409);
    expect(lower.json().errMsg).toBe(resourceCapacityBelowHeld(`${iso.replaceAll('-', '/')} 10:00の便`, 3, 2, false));
    expect((await change(3, 'departure')).statusCode).toBe(200);
    // Counted per day, the day's two sailings hold 5: a capacity of 4 would oversell it, though 4 is more than 3.
    const perDay = await change(4, 'day');
    expect(perDay.statusCode).toBe(409);
    expect(perDay.json().errMsg).toBe(resourceCapacityBelowHeld(iso.replaceAll('-', '/'), 5, 4, false));
    expect((await change(5, 'day')).statusCode).toBe(200);

    // The day's bookings by departure, the earlier first whatever their numbers.
    const listed = (await get(`/resources/${ferry.id}/bookings?date=${iso}`)).json().response as ResourceBooking[];
    expect(listed.map((b) => [b.rsvno, b.startTime, b.units, b.opcd])).toEqual([
      [early, '10:00', 3, FERRY],
      [late, '14:00', 2, FERRY],
    ]);
  });
});

describe('a resource of a facility', () => {
  const LAKE = 9201;
  const SHOP = 9202;
  /** The lake boat company's own cruise, the ski shop's rental plan, and the company's own tour (no facility). */
  const LAKE_CRUISE = 'RSCLAKE';
  const SHOP_RENTAL = 'RSCSHOP';
  const OWN_TOUR = 'RSCOWN';
  const lake = '芦ノ湖遊覧船';
  const shop = 'スノーギア';
  const ship = (extra: Partial<ResourceRequest> = {}): ResourceRequest => ({
    name: '遊覧船 はこね丸',
    kind: 'vehicle',
    capacity: 40,
    per: 'day',
    facilityId: LAKE,
    ...extra,
  });
  const useAll = (id: number, opcds: string[]) =>
    post(`/resources/${id}/uses`, { uses: opcds.map((opcd) => ({ opcd, usage: 'traveller' })) });

  beforeAll(async () => {
    await t.ctx.db.insert(facilities).values([
      { id: LAKE, name: lake, pinHash: '' },
      { id: SHOP, name: shop, pinHash: '' },
    ]);
    await insertTestOption(t.ctx.db, LAKE_CRUISE, { facilityId: LAKE });
    await insertTestOption(t.ctx.db, SHOP_RENTAL, { facilityId: SHOP });
    await insertTestOption(t.ctx.db, OWN_TOUR);
  });

  it('is used by its facility’s options and the company’s own, and refused to another facility’s', async () => {
    const boat = await create(ship());
    expect(boat.facility).toEqual({ id: LAKE, name: lake });
    const accepted = await useAll(boat.id, [LAKE_CRUISE, OWN_TOUR]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json().response as ResourceDetail).uses.map((u) => u.opcd)).toEqual([LAKE_CRUISE, OWN_TOUR]);

    const refused = await useAll(boat.id, [LAKE_CRUISE, OWN_TOUR, SHOP_RENTAL]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errMsg).toBe(
      resourceFacilityMismatch({
        opcd: SHOP_RENTAL,
        optionFacility: shop,
        resource: '遊覧船 はこね丸',
        resourceFacility: lake,
        pool: null,
      }),
    );
    expect(refused.json().errMsg).toContain(
      `施設「${shop}」の商品のため、施設「${lake}」のリソース「遊覧船 はこね丸」`,
    );
    // Nothing changed.
    expect((await get(`/resources/${boat.id}`)).json().response.uses).toHaveLength(2);

    // A resource of no facility is the company's own: its tours may use it, a facility's option may not.
    const own = await create({ name: '自社バス', kind: 'vehicle', capacity: 20, per: 'day' });
    expect(own.facility).toBeNull();
    expect((await useAll(own.id, [OWN_TOUR])).statusCode).toBe(200);
    const shopOnOwn = await useAll(own.id, [OWN_TOUR, SHOP_RENTAL]);
    expect(shopOnOwn.statusCode).toBe(409);
    expect(shopOnOwn.json().errMsg).toBe(
      resourceFacilityMismatch({
        opcd: SHOP_RENTAL,
        optionFacility: shop,
        resource: '自社バス',
        resourceFacility: null,
        pool: null,
      }),
    );
  });

  it('refuses a facility changed while another facility’s option uses it, and audits one that is not', async () => {
    const boat = await create(ship({ name: '遊覧船 あしのこ丸' }));
    expect((await useAll(boat.id, [LAKE_CRUISE, OWN_TOUR])).statusCode).toBe(200);
    for (const facilityId of [SHOP, null]) {
      const refused = await post(`/resources/${boat.id}`, { ...ship({ name: '遊覧船 あしのこ丸' }), facilityId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errMsg).toBe(
        resourceFacilityMismatch({
          opcd: LAKE_CRUISE,
          optionFacility: lake,
          resource: '遊覧船 あしのこ丸',
          resourceFacility: facilityId === SHOP ? shop : null,
          pool: null,
        }),
      );
    }
    expect((await get(`/resources/${boat.id}`)).json().response.facility).toEqual({ id: LAKE, name: lake });

    // Without the lake's option, only the company's own tour uses it: any facility will do.
    expect((await useAll(boat.id, [OWN_TOUR])).statusCode).toBe(200);
    const moved = await post(`/resources/${boat.id}`, {
      ...ship({ name: '遊覧船 あしのこ丸' }),
      facilityId: String(SHOP),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().response.facility).toEqual({ id: SHOP, name: shop });
    const [event] = (await auditKinds()).filter(
      (e) => e.kind === 'resource.changed' && e.detail.resourceId === boat.id,
    );
    expect(event?.detail).toMatchObject({ before: { facilityId: LAKE }, after: { facilityId: SHOP } });
  });

  it('checks every member of a pool, since a booking takes whichever has room', async () => {
    const first = await create(ship({ name: '湖の船 一号', pool: '湖の船' }));
    expect((await useAll(first.id, [LAKE_CRUISE])).statusCode).toBe(200);
    // The shop's boat would be taken by the lake's cruise as a member of its pool.
    const shopBoat = await post('/resources', { ...ship({ name: '湖の船 二号', pool: '湖の船' }), facilityId: SHOP });
    expect(shopBoat.statusCode).toBe(409);
    expect(shopBoat.json().errMsg).toBe(
      resourceFacilityMismatch({
        opcd: LAKE_CRUISE,
        optionFacility: lake,
        resource: '湖の船 二号',
        resourceFacility: shop,
        pool: '湖の船',
      }),
    );
    expect(((await get('/resources')).json().response as ResourceRow[]).map((r) => r.name)).not.toContain(
      '湖の船 二号',
    );
    const second = await create(ship({ name: '湖の船 二号', pool: '湖の船' }));
    const left = await post(`/resources/${second.id}`, {
      ...ship({ name: '湖の船 二号', pool: '湖の船' }),
      facilityId: null,
    });
    expect(left.statusCode).toBe(409);
    expect(left.json().errMsg).toContain('プール「湖の船」のリソースは使えません');

    // An option of the shop added to the second boat would also take the first, the lake's.
    const shopOnPool = await useAll(second.id, [SHOP_RENTAL]);
    expect(shopOnPool.statusCode).toBe(409);
    expect(shopOnPool.json().errMsg).toBe(
      resourceFacilityMismatch({
        opcd: SHOP_RENTAL,
        optionFacility: shop,
        resource: '湖の船 二号',
        resourceFacility: lake,
        pool: null,
      }),
    );
    expect((await useAll(second.id, [OWN_TOUR])).statusCode).toBe(200);
  });

  it('refuses an option’s facility changed (商品編集) to another than that of a resource it uses', async () => {
    const MOVING = 'RSCMOVE';
    await insertTestOption(t.ctx.db, MOVING, { facilityId: LAKE });
    const boat = await create(ship({ name: '遊覧船 もとはこね丸' }));
    expect((await useAll(boat.id, [MOVING])).statusCode).toBe(200);
    const edit = async (facilityId: number | null) => {
      const { option } = (await get(`/options/${MOVING}`)).json().response;
      return post(`/options/${MOVING}`, { option: { ...option, facilityId } });
    };
    const refused = await edit(SHOP);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errMsg).toBe(optionFacilityMismatch(shop, '遊覧船 もとはこね丸', lake));
    // Without a facility it is the company's own, which may use any resource; and back to the boat's own.
    const own = await edit(null);
    expect(own.statusCode, own.body).toBe(200);
    expect((await edit(LAKE)).statusCode).toBe(200);
    expect((await get(`/options/${MOVING}`)).json().response.option.facilityId).toBe(LAKE);
  });

  it('refuses a facility that does not exist, and one that is not an id', async () => {
    const unknown = await post('/resources', { ...ship(), facilityId: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errMsg).toBe(ResourceMsg.facilityUnknown);
    const notAnId = await post('/resources', { ...ship(), facilityId: 'lake' });
    expect(notAnId.statusCode).toBe(422);
    expect(notAnId.json().errMsg).toContain(ResourceMsg.facilityInvalid);
  });
});
