/**
 * OCTO core as a reseller calls it (ADR 0170): every endpoint and error, answers checked against OCTO's own
 * published schemas (@octocloud/types), the conformance walk a reseller makes, the hold's expiry, scoping by
 * key, and the race of resellers and our site on a day's last seats. On PGlite and on PostgreSQL.
 */
import {
  zAvailabilitiesAvailabilityCalendarResponse,
  zAvailabilitiesAvailabilityCheckResponse,
  zBooking,
  zProductsGetProductResponse,
  zProductsGetProductsResponse,
  zSuppliersGetResponse,
} from '@octocloud/types';
import { bookingDetailResponse } from '@tabi/contract/admin-bookings';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { bookingEvents, bookings, options, resellerKeys, resellers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingDetail } from '../admin/booking-detail.ts';
import { manifest } from '../admin/manifest.ts';
import { sweepUnpaidBookings } from '../booking/sweeper.ts';
import {
  ADULT_PRICE,
  bookingPayload,
  CHILD_PRICE,
  insertTestOption,
  insertTestStock,
  stockLeft,
} from '../booking/test-fixtures.ts';
import { catalogService } from '../catalog/service.ts';
import { issueResellerKey } from '../reseller/keys.ts';

const TODAY: Ymd = '20261121';
const DAY: Ymd = addDays(TODAY, 10);
const DAY2: Ymd = addDays(TODAY, 11);
const ISO_DAY = ymdToIsoDate(DAY);
const AVAILABILITY = `${ISO_DAY}T00:00:00+09:00`;

let t: TestApp;
let keyA: string;
let keyB: string;
let resellerA: number;

async function reseller(name: string, commissionBp: number, ratePerMinute?: number) {
  const [row] = await t.ctx.db.insert(resellers).values({ name, commissionBp, createdAt: t.clock.now() }).returning();
  if (!row) throw new Error('no reseller');
  const { key } = await issueResellerKey(t.ctx.db, row.id, t.clock.now(), ratePerMinute);
  return { id: row.id, key };
}

function octo(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  options: { key?: string | null; capabilities?: string; language?: string } = {},
): Promise<LightMyRequestResponse> {
  const key = options.key === undefined ? keyA : options.key;
  return t.app.inject({
    method,
    url: `/octo${url}`,
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      'octo-capabilities': options.capabilities ?? '',
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

function reserveBody(extra: Record<string, unknown> = {}) {
  return {
    productId: 'OCTO1',
    optionId: 'DEFAULT',
    availabilityId: AVAILABILITY,
    unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }],
    ...extra,
  };
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T03:00:00Z') });
  await insertTestOption(t.ctx.db, 'OCTO1', {
    hours: '8:00〜17:00（冬季営業）',
    cancelPolicy: [{ daysBefore: 3, percent: 50 }],
  });
  await insertTestOption(t.ctx.db, 'DRAFT1', { published: false });
  await insertTestOption(t.ctx.db, 'REQ1', { flgRequestItem: true });
  await insertTestOption(t.ctx.db, 'RACE1');
  for (let i = 0; i < 20; i += 1) await insertTestStock(t.ctx.db, 'OCTO1', addDays(TODAY, i), { zaikozan: 10 });
  await insertTestStock(t.ctx.db, 'RACE1', DAY, { zaikozan: 30 });
  const a = await reseller('Klook', 1500);
  const b = await reseller('KKday', 1000);
  keyA = a.key;
  keyB = b.key;
  resellerA = a.id;
});

afterAll(async () => {
  await t?.close();
});

describe('the key', () => {
  it('is asked for (401), refused when unknown, revoked or its reseller disabled (403)', async () => {
    const none = await octo('GET', '/supplier', undefined, { key: null });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('UNAUTHORIZED');
    const unknown = await octo('GET', '/supplier', undefined, { key: 'tabi_octo_nope' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ error: 'FORBIDDEN', errorMessage: expect.any(String) });

    const c = await reseller('Revoked', 0);
    expect((await octo('GET', '/supplier', undefined, { key: c.key })).statusCode).toBe(200);
    await t.ctx.db.update(resellerKeys).set({ revokedAt: t.clock.now() }).where(eq(resellerKeys.resellerId, c.id));
    expect((await octo('GET', '/supplier', undefined, { key: c.key })).statusCode).toBe(403);

    const d = await reseller('Disabled', 0);
    await t.ctx.db.update(resellers).set({ enabled: false }).where(eq(resellers.id, d.id));
    expect((await octo('GET', '/supplier', undefined, { key: d.key })).statusCode).toBe(403);
  });

  it('has its own rate limit per minute (429 beyond it) and records its last use', async () => {
    const e = await reseller('Slow', 0, 3);
    for (let i = 0; i < 3; i += 1)
      expect((await octo('GET', '/supplier', undefined, { key: e.key })).statusCode).toBe(200);
    const over = await octo('GET', '/supplier', undefined, { key: e.key });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    const [key] = await t.ctx.db.select().from(resellerKeys).where(eq(resellerKeys.resellerId, e.id));
    expect(key?.lastUsedAt).toEqual(t.clock.now());
  });
});

describe('supplier, products and availability', () => {
  it('answers the supplier and the sellable products in OCTO shape; drafts and request items are unknown', async () => {
    const supplier = await octo('GET', '/supplier');
    expect(supplier.statusCode).toBe(200);
    zSuppliersGetResponse.parse(supplier.json());
    expect(supplier.headers['octo-capabilities']).toBe('');

    const products = await octo('GET', '/products', undefined, { capabilities: 'octo/pricing' });
    expect(products.statusCode).toBe(200);
    zProductsGetProductsResponse.parse(products.json());
    const ids = products.json().map((p: { id: string }) => p.id);
    expect(ids).toContain('OCTO1');
    expect(ids).not.toContain('DRAFT1');
    expect(ids).not.toContain('REQ1');
    expect(products.headers['octo-capabilities']).toBe('octo/pricing');

    const one = await octo('GET', '/products/OCTO1', undefined, { capabilities: 'octo/pricing' });
    const product = zProductsGetProductResponse.parse(one.json());
    expect(product).toMatchObject({
      availabilityType: 'OPENING_HOURS',
      redemptionMethod: 'MANIFEST',
      timeZone: 'Asia/Tokyo',
    });
    const [option] = product.options;
    expect(option?.units.map((u) => [u.id, u.type])).toEqual([
      ['adult', 'ADULT'],
      ['child', 'CHILD'],
      ['infant', 'INFANT'],
    ]);
    const infant = option?.units.find((u) => u.id === 'infant');
    expect(infant?.restrictions).toMatchObject({ minAge: 0, maxAge: 5, accompaniedBy: ['adult', 'child'] });
    // Net is retail less the 15 % commission.
    expect(option?.units[0]?.pricingFrom?.[0]).toMatchObject({
      retail: ADULT_PRICE,
      net: ADULT_PRICE - 1200,
      currency: 'JPY',
    });

    for (const missing of ['DRAFT1', 'REQ1', 'NOPE']) {
      const answer = await octo('GET', `/products/${missing}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'INVALID_PRODUCT_ID', productId: missing });
    }
  });

  it('answers the calendar and the availability with exact vacancies, capacity and prices', async () => {
    // One adult booked on our site: 9 left of a capacity of 10.
    const site = await t.request({ method: 'POST', url: '/api/booking', payload: bookingPayload('OCTO1', DAY2) });
    expect(site.statusCode).toBe(200);
    const calendar = await octo('POST', '/availability/calendar', {
      productId: 'OCTO1',
      optionId: 'DEFAULT',
      localDateStart: ymdToIsoDate(addDays(TODAY, -1)),
      localDateEnd: ymdToIsoDate(addDays(TODAY, 25)),
    });
    expect(calendar.statusCode).toBe(200);
    const days = zAvailabilitiesAvailabilityCalendarResponse.parse(calendar.json());
    expect(days).toHaveLength(27);
    expect(days[0]).toMatchObject({ status: 'CLOSED', available: false }); // yesterday
    expect(days.find((d) => d.localDate === ymdToIsoDate(DAY2))).toMatchObject({
      status: 'AVAILABLE',
      vacancies: 9,
      capacity: 10,
      openingHours: [{ from: '08:00', to: '17:00' }],
    });
    expect(days.at(-1)).toMatchObject({ status: 'CLOSED', vacancies: 0 }); // no stock row

    const check = await octo(
      'POST',
      '/availability',
      {
        productId: 'OCTO1',
        optionId: 'DEFAULT',
        localDateStart: ymdToIsoDate(DAY2),
        localDateEnd: ymdToIsoDate(DAY2),
        units: [
          { id: 'adult', quantity: 2 },
          { id: 'child', quantity: 1 },
        ],
      },
      { capabilities: 'octo/pricing' },
    );
    const [availability] = zAvailabilitiesAvailabilityCheckResponse.parse(check.json());
    expect(availability).toMatchObject({
      id: `${ymdToIsoDate(DAY2)}T00:00:00+09:00`,
      allDay: true,
      available: true,
      vacancies: 9,
      capacity: 10,
    });
    const retail = 2 * ADULT_PRICE + CHILD_PRICE;
    expect(availability?.pricing).toMatchObject({ retail, net: retail - 2 * 1200 - 600 });

    const byId = await octo('POST', '/availability', {
      productId: 'OCTO1',
      optionId: 'DEFAULT',
      availabilityIds: [AVAILABILITY],
    });
    expect(byId.json()).toHaveLength(1);
  });

  it("refuses what it cannot answer with OCTO's errors, never a 404 for an id", async () => {
    const cases: [unknown, string, Record<string, unknown>][] = [
      [{ optionId: 'DEFAULT' }, 'INVALID_PRODUCT_ID', { productId: '' }],
      [{ productId: 'OCTO1', optionId: 'X' }, 'INVALID_OPTION_ID', { optionId: 'X' }],
      [
        {
          productId: 'OCTO1',
          optionId: 'DEFAULT',
          localDateStart: ISO_DAY,
          localDateEnd: ISO_DAY,
          units: [{ id: 'senior', quantity: 1 }],
        },
        'INVALID_UNIT_ID',
        { unitId: 'senior' },
      ],
      [{ productId: 'OCTO1', optionId: 'DEFAULT' }, 'BAD_REQUEST', {}],
      [
        { productId: 'OCTO1', optionId: 'DEFAULT', localDateStart: ISO_DAY, localDateEnd: '2026-02-30' },
        'BAD_REQUEST',
        {},
      ],
      [
        { productId: 'OCTO1', optionId: 'DEFAULT', availabilityIds: ['tomorrow'] },
        'INVALID_AVAILABILITY_ID',
        { availabilityId: 'tomorrow' },
      ],
      // A range and ids together: one way of asking or the other (OCTO; its validator checks this).
      [
        {
          productId: 'OCTO1',
          optionId: 'DEFAULT',
          localDateStart: ISO_DAY,
          localDateEnd: ISO_DAY,
          availabilityIds: [`${ISO_DAY}T00:00:00+09:00`],
        },
        'BAD_REQUEST',
        {},
      ],
    ];
    for (const [body, error, echo] of cases) {
      const answer = await octo('POST', '/availability', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ error, errorMessage: expect.any(String), ...echo });
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/octo/availability',
      headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json' },
      payload: '{"productId":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBe('BAD_REQUEST');
  });
});

describe('octo/content in the language the reseller asks for', () => {
  beforeAll(async () => {
    await t.ctx.db
      .update(options)
      .set({
        introduction: '<p>東京の<strong>人気</strong>ツアー</p>',
        translations: { en: { webname: 'Tokyo test tour', introduction: '<p>A <strong>popular</strong> tour</p>' } },
      })
      .where(eq(options.opcd, 'OCTO1'));
    catalogService(t.ctx).clearCaches();
  });

  it('adds the texts in English to Accept-Language: en, each falling back to Japanese, and says so', async () => {
    const res = await octo('GET', '/products/OCTO1', undefined, {
      capabilities: 'octo/pricing, octo/content',
      language: 'en-GB,en;q=0.8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['octo-capabilities']).toBe('octo/pricing, octo/content');
    expect(res.headers['content-language']).toBe('en');
    zProductsGetProductResponse.parse(res.json());
    const product: {
      options: { units: { titlePlural: string }[] }[];
    } = res.json();
    expect(product).toMatchObject({ title: 'Tokyo test tour', shortDescription: 'A popular tour', country: 'JP' });
    expect(product.options[0]).toMatchObject({ title: 'Tokyo test tour', language: 'en' });
    expect(product.options[0]?.units.map((u) => u.titlePlural)).toEqual(['Adults', 'Children', 'Infants']);
  });

  it('answers Japanese without an English Accept-Language, and no texts without the capability', async () => {
    const japanese = (await octo('GET', '/products', undefined, { capabilities: 'octo/content' })).json();
    expect(japanese.find((p: { id: string }) => p.id === 'OCTO1')).toMatchObject({
      title: 'テストツアー OCTO1',
      shortDescription: '東京の人気ツアー',
    });
    const plain = await octo('GET', '/products/OCTO1', undefined, { language: 'en' });
    expect(plain.json()).not.toHaveProperty('title');
    expect(plain.headers['content-language']).toBeUndefined();
  });
});

describe('the booking flow', () => {
  it('reserves, extends, confirms, updates, lists and cancels as a reseller does', async () => {
    const before = await stockLeft(t.ctx.db, 'OCTO1', DAY);
    const reserved = await octo('POST', '/bookings', reserveBody({ resellerReference: 'KL-1', notes: 'window seat' }), {
      capabilities: 'octo/pricing',
    });
    expect(reserved.statusCode).toBe(200);
    const hold = zBooking.parse(reserved.json());
    expect(hold).toMatchObject({
      status: 'ON_HOLD',
      resellerReference: 'KL-1',
      notes: 'window seat',
      voucher: { redemptionMethod: 'MANIFEST', utcRedeemedAt: null, deliveryOptions: [] },
    });
    expect(new Date(hold.utcExpiresAt ?? '').getTime() - t.clock.now().getTime()).toBe(30 * 60_000);
    expect(await stockLeft(t.ctx.db, 'OCTO1', DAY)).toBe((before ?? 0) - 3);
    const retail = 2 * ADULT_PRICE + CHILD_PRICE;
    expect(hold.pricing).toMatchObject({ retail, net: retail - 3000 });
    const [row] = await t.ctx.db
      .select()
      .from(bookings)
      .where(eq(bookings.rsvno, hold.supplierReference ?? ''));
    expect(row).toMatchObject({ resellerId: resellerA, amountjp: retail, netAmount: retail - 3000, status: 0 });

    // Extend with a JSON content type and no body: 30 more minutes from now.
    t.clock.advance(10 * 60_000);
    const extended = zBooking.parse((await octo('POST', `/bookings/${hold.uuid}/extend`)).json());
    expect(new Date(extended.utcExpiresAt ?? '').getTime() - t.clock.now().getTime()).toBe(30 * 60_000);

    const confirmed = await octo('POST', `/bookings/${hold.uuid}/confirm`, {
      contact: {
        fullName: 'John Smith',
        emailAddress: 'john@example.com',
        phoneNumber: '+44 20 7946 0958',
        locales: ['en-GB'],
      },
      unitItems: hold.unitItems.map((u, i) => ({
        uuid: u.uuid,
        unitId: u.unitId,
        contact: i === 0 ? { firstName: 'John', lastName: 'Smith' } : undefined,
      })),
    });
    expect(confirmed.statusCode).toBe(200);
    const booking = zBooking.parse(confirmed.json());
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      utcExpiresAt: null,
      voucher: {
        redemptionMethod: 'MANIFEST',
        deliveryOptions: [{ deliveryFormat: 'QRCODE', deliveryValue: hold.supplierReference }],
      },
      contact: { fullName: 'John Smith', emailAddress: 'john@example.com' },
      cancellable: true,
    });
    expect(booking.unitItems[0]?.contact).toMatchObject({ firstName: 'John', lastName: 'Smith' });
    const [paid] = await t.ctx.db
      .select()
      .from(bookings)
      .where(eq(bookings.rsvno, hold.supplierReference ?? ''));
    expect(paid).toMatchObject({
      status: 1,
      statusPayment: 1,
      sei: 'Smith',
      mei: 'John',
      mail: 'john@example.com',
      lang: 'en',
    });
    // Confirming again answers the same booking.
    expect((await octo('POST', `/bookings/${hold.uuid}/confirm`, { contact: {} })).json().status).toBe('CONFIRMED');

    // A change of day moves the seats.
    const moved = await octo('PATCH', `/bookings/${hold.uuid}`, {
      availabilityId: `${ymdToIsoDate(DAY2)}T00:00:00+09:00`,
      notes: 'moved a day',
    });
    expect(moved.statusCode).toBe(200);
    expect(zBooking.parse(moved.json())).toMatchObject({
      availabilityId: `${ymdToIsoDate(DAY2)}T00:00:00+09:00`,
      notes: 'moved a day',
    });
    expect(await stockLeft(t.ctx.db, 'OCTO1', DAY)).toBe(before);

    for (const query of [
      'resellerReference=KL-1',
      `supplierReference=${hold.supplierReference}`,
      `localDate=${ymdToIsoDate(DAY2)}`,
      `localDateStart=${ISO_DAY}&localDateEnd=${ymdToIsoDate(DAY2)}`,
    ]) {
      const list = await octo('GET', `/bookings?${query}`);
      expect(list.statusCode, query).toBe(200);
      expect(
        list.json().map((b: { uuid: string }) => b.uuid),
        query,
      ).toContain(hold.uuid);
    }
    // Another reseller sees none of it.
    expect((await octo('GET', '/bookings?resellerReference=KL-1', undefined, { key: keyB })).json()).toEqual([]);
    const foreign = await octo('GET', `/bookings/${hold.uuid}`, undefined, { key: keyB });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID', uuid: hold.uuid });

    // Cancelled 11 days ahead: no fee under the policy (50 % from 3 days before), everything back.
    const seatsBefore = await stockLeft(t.ctx.db, 'OCTO1', DAY2);
    const cancelled = await octo('POST', `/bookings/${hold.uuid}/cancel`, { reason: 'Customer changed plans' });
    expect(cancelled.statusCode).toBe(200);
    expect(zBooking.parse(cancelled.json())).toMatchObject({
      status: 'CANCELLED',
      cancellable: false,
      cancellation: { refund: 'FULL', reason: 'Customer changed plans' },
    });
    expect(await stockLeft(t.ctx.db, 'OCTO1', DAY2)).toBe((seatsBefore ?? 0) + 3);
    // Cancelled again: the same answer.
    expect((await octo('POST', `/bookings/${hold.uuid}/cancel`, {})).json().status).toBe('CANCELLED');

    const actions = await t.ctx.db
      .select({ action: bookingEvents.action, actorKind: bookingEvents.actorKind })
      .from(bookingEvents)
      .where(eq(bookingEvents.rsvno, hold.supplierReference ?? ''));
    expect(actions.map((a) => a.action)).toEqual([
      'created',
      'hold_extended',
      'reseller_changed',
      'reseller_confirmed',
      'reseller_changed',
      'cancel_requested',
      'canceled',
    ]);
    expect(new Set(actions.map((a) => a.actorKind))).toEqual(new Set(['reseller']));
  });

  it('answers the same booking for the same uuid or resellerReference (idempotent)', async () => {
    const first = (await octo('POST', '/bookings', reserveBody({ uuid: 'u-1', resellerReference: 'KL-2' }))).json();
    const again = (await octo('POST', '/bookings', reserveBody({ uuid: 'u-1' }))).json();
    const byReference = (await octo('POST', '/bookings', reserveBody({ resellerReference: 'KL-2' }))).json();
    expect(again.supplierReference).toBe(first.supplierReference);
    expect(byReference.supplierReference).toBe(first.supplierReference);
    const count = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from octo_bookings where reseller_reference = 'KL-2'`),
    );
    expect(count[0]?.n).toBe(1);
  });

  it('lets a hold lapse: the sweeper gives its seats back and it cannot be confirmed', async () => {
    const before = await stockLeft(t.ctx.db, 'OCTO1', DAY);
    const hold = (await octo('POST', '/bookings', reserveBody({ expirationMinutes: 5 }))).json();
    expect(await stockLeft(t.ctx.db, 'OCTO1', DAY)).toBe((before ?? 0) - 3);
    t.clock.advance(6 * 60_000);
    expect((await octo('GET', `/bookings/${hold.uuid}`)).json().status).toBe('EXPIRED');
    await sweepUnpaidBookings(t.ctx);
    expect(await stockLeft(t.ctx.db, 'OCTO1', DAY)).toBe(before);
    const late = await octo('POST', `/bookings/${hold.uuid}/confirm`, { contact: {} });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID', uuid: hold.uuid });
    expect((await octo('POST', `/bookings/${hold.uuid}/extend`, {})).json().error).toBe('UNPROCESSABLE_ENTITY');
  });

  it('refuses what cannot be booked, each with its own error', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [reserveBody({ productId: 'DRAFT1' }), 'INVALID_PRODUCT_ID'],
      [reserveBody({ optionId: 'VIP' }), 'INVALID_OPTION_ID'],
      [reserveBody({ availabilityId: undefined }), 'INVALID_AVAILABILITY_ID'],
      [
        reserveBody({ availabilityId: `${ymdToIsoDate(addDays(TODAY, -1))}T00:00:00+09:00` }),
        'INVALID_AVAILABILITY_ID',
      ],
      [
        reserveBody({ availabilityId: `${ymdToIsoDate(addDays(TODAY, 40))}T00:00:00+09:00` }),
        'INVALID_AVAILABILITY_ID',
      ],
      [reserveBody({ unitItems: [{ unitId: 'youth' }] }), 'INVALID_UNIT_ID'],
      [reserveBody({ unitItems: [] }), 'UNPROCESSABLE_ENTITY'],
      [reserveBody({ unitItems: [{ unitId: 'infant' }] }), 'UNPROCESSABLE_ENTITY'],
      [reserveBody({ unitItems: Array.from({ length: 9 }, () => ({ unitId: 'adult' })) }), 'UNPROCESSABLE_ENTITY'],
      [reserveBody({ expirationMinutes: 0 }), 'BAD_REQUEST'],
    ];
    for (const [body, error] of cases) {
      const answer = await octo('POST', '/bookings', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error, JSON.stringify(body)).toBe(error);
    }
    const unknown = await octo('GET', '/bookings/no-such-uuid');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID', uuid: 'no-such-uuid' });
    expect((await octo('GET', '/bookings')).json().error).toBe('BAD_REQUEST');

    // Sold out: 8 seats asked of what is left.
    const left = (await stockLeft(t.ctx.db, 'OCTO1', addDays(TODAY, 5))) ?? 0;
    for (let i = 0; i < Math.floor(left / 8); i += 1) {
      expect(
        (
          await octo(
            'POST',
            '/bookings',
            reserveBody({
              availabilityId: `${ymdToIsoDate(addDays(TODAY, 5))}T00:00:00+09:00`,
              unitItems: Array.from({ length: 8 }, () => ({ unitId: 'adult' })),
            }),
          )
        ).statusCode,
      ).toBe(200);
    }
    const soldOut = await octo(
      'POST',
      '/bookings',
      reserveBody({
        availabilityId: `${ymdToIsoDate(addDays(TODAY, 5))}T00:00:00+09:00`,
        unitItems: Array.from({ length: 8 }, () => ({ unitId: 'adult' })),
      }),
    );
    expect(soldOut.json().error).toBe('UNPROCESSABLE_ENTITY');
  });

  it('lists travellers not named yet as 未登録 in the manifest, under the contact and the channel', async () => {
    const day = addDays(TODAY, 12);
    const hold = (
      await octo(
        'POST',
        '/bookings',
        reserveBody({
          availabilityId: `${ymdToIsoDate(day)}T00:00:00+09:00`,
          unitItems: [{ unitId: 'adult', contact: { firstName: 'Mia', lastName: 'Wong' } }, { unitId: 'adult' }],
        }),
      )
    ).json();
    await octo('POST', `/bookings/${hold.uuid}/confirm`, {
      contact: { firstName: 'Mia', lastName: 'Wong', phoneNumber: '+852 5555 0100' },
    });
    const list = await manifest(t.ctx, { date: day }, 'admin');
    // The console's 予約詳細 of it answers what the contract says.
    const detail = await bookingDetail(t.ctx, hold.supplierReference, 'admin');
    bookingDetailResponse.parse({ errcd: '000', errMsg: '', response: detail });
    const rows = list.rows.filter((r) => r.rsvno === hold.supplierReference);
    expect(rows.map((r) => [r.sei, r.mei, r.applicant])).toEqual([
      ['Wong', 'Mia', 'Wong Mia'],
      ['未登録', '', 'Wong Mia'],
    ]);
    expect(rows[0]?.channel).toBe('Klook');
  });

  it('refuses to cancel a confirmed booking on its day (the cutoff has passed)', async () => {
    const today = `${ymdToIsoDate(addDays(TODAY, 1))}T00:00:00+09:00`;
    const hold = (await octo('POST', '/bookings', reserveBody({ availabilityId: today }))).json();
    await octo('POST', `/bookings/${hold.uuid}/confirm`, { contact: { fullName: 'Ann Lee' } });
    t.clock.advance(24 * 3_600_000);
    const late = await octo('POST', `/bookings/${hold.uuid}/cancel`, {});
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('UNPROCESSABLE_ENTITY');
    expect((await octo('GET', `/bookings/${hold.uuid}`)).json()).toMatchObject({
      status: 'CONFIRMED',
      cancellable: false,
    });
  });
});

describe('one stock for every channel', () => {
  it('oversells nothing when 50 reseller holds and 50 site bookings race for 30 seats', async () => {
    const availabilityId = `${ISO_DAY}T00:00:00+09:00`;
    const calls = Array.from({ length: 50 }, (_, i) => [
      octo('POST', '/bookings', {
        ...reserveBody({ productId: 'RACE1', availabilityId }),
        unitItems: [{ unitId: 'adult' }],
      }),
      t.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload('RACE1', DAY),
        remoteAddress: `10.0.${Math.floor(i / 200)}.${i % 200}`,
      }),
    ]).flat();
    const answers = await Promise.all(calls);
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBe(30);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 400 || a.statusCode === 409)).toBe(true);
    expect(await stockLeft(t.ctx.db, 'RACE1', DAY)).toBe(0);
    const held = rowsOf<{ seats: number }>(
      await t.ctx.db.execute(sql`select coalesce(sum(bo.seats), 0)::int as seats from booking_options bo
        join bookings b on b.rsvno = bo.rsvno where bo.opcd = 'RACE1' and b.status <> 4`),
    );
    expect(held[0]?.seats).toBe(30);
  });
});
