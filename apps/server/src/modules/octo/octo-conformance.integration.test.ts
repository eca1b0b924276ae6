/**
 * What OCTO's public supplier validator (github.com/octotravel/validator) checks of a supplier, as our own tests, so
 * that a regression fails here rather than at a reseller's certification: supplier, products, calendar, availability,
 * the booking lifecycle and the errors it asks for, each booking answer held by one helper to what the validator reads
 * for its state. Each answer is parsed with OCTO's own schema (@octocloud/types), which holds the fields' types; the
 * assertions are what the validator checks beyond them. Without and with octo/pricing; on PGlite and PostgreSQL.
 */
import {
  zAvailabilitiesAvailabilityCalendarResponse,
  zAvailabilitiesAvailabilityCheckResponse,
  zBooking,
  zPricingPer,
  zProductsGetProductResponse,
  zProductsGetProductsResponse,
  zRefund,
  zSuppliersGetResponse,
} from '@octocloud/types';
import { addDays, isoDateToYmd, tokyoYmd, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { insertResellerKey, type OctoCall } from './test-fixtures.ts';

type Booking = ReturnType<typeof zBooking.parse>;
type Product = ReturnType<typeof zProductsGetProductResponse.parse>;
type Availability = ReturnType<typeof zAvailabilitiesAvailabilityCheckResponse.parse>[number];
type CalendarDay = ReturnType<typeof zAvailabilitiesAvailabilityCalendarResponse.parse>[number];
type Pricing = NonNullable<Booking['pricing']>;

// 12:00 in Tokyo. The options sell a day until 17:00 the day before: today is CLOSED, tomorrow on sale.
const START = new Date('2026-11-21T03:00:00Z');
const TODAY: Ymd = tokyoYmd(START);
/** The validator asks for today and the 30 days after it. */
const LAST = addDays(TODAY, 30);
const DAY = addDays(TODAY, 10);
const DAY2 = addDays(TODAY, 11);
const SOLD_OUT = addDays(TODAY, 20);
/** Seats a day, far above the 30 or so that both passes hold on DAY. */
const SEATS = 100;
const PRODUCTS = ['VAL1', 'VAL2'];

const iso = ymdToIsoDate;
const VAL1 = { productId: 'VAL1', optionId: 'DEFAULT' };
/** The range the validator asks about. */
const RANGE = { ...VAL1, localDateStart: iso(TODAY), localDateEnd: iso(LAST) };
const availabilityOf = (day: Ymd) => `${iso(day)}T00:00:00+09:00`;
const adults = (n: number) => Array.from({ length: n }, () => ({ unitId: 'adult' }));
const adultIds = (n: number) => Array.from({ length: n }, () => 'adult');

const utc = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
/** utcCutoffAt: the validator's pattern has no fraction of a second. */
const utcSeconds = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
const localDateTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/);
const text = expect.stringMatching(/\S/);
const int = expect.toSatisfy(Number.isInteger, 'an integer');
/** OPENING_HOURS: at least one opening, each HH:MM. */
const openingHours = expect.toSatisfy(
  (hours: { from: string; to: string }[]) =>
    hours.length > 0 && hours.every((h) => [h.from, h.to].every((s) => /^\d{2}:\d{2}$/.test(s))),
  'at least one HH:MM opening',
);
const PRICE_KEYS = /"(pricing|pricingFrom|unitPricing|unitPricingFrom|defaultCurrency|availableCurrencies|pricingPer)"/;

/** The contact the validator confirms with, and the fuller one it updates a booking with. */
const CONTACT = { firstName: 'John', lastName: 'Doe', fullName: 'John Doe', emailAddress: 'johndoe@mail.com' };
const FULL_CONTACT = { ...CONTACT, notes: 'Test note', phoneNumber: '+00000000', country: 'GB', locales: ['en'] };

/** Opening hours to answer (OPENING_HOURS needs at least one), sold until 17:00 the day before. */
const OPTION = { hours: '8:00〜17:00', salesCutoffDaysBefore: 1, salesCutoffTime: '17:00' };

let t: TestApp;
let key = '';

beforeAll(async () => {
  t = await createTestApp({ now: START });
  for (const opcd of PRODUCTS) {
    await insertTestOption(t.ctx.db, opcd, OPTION);
    for (let day = TODAY; day <= LAST; day = addDays(day, 1)) {
      await insertTestStock(t.ctx.db, opcd, day, { zaikozan: day === SOLD_OUT ? 0 : SEATS });
    }
  }
  key = await insertResellerKey(t, 'Validator', 10_000);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** OCTO's error answer: 400, its code, a message, and the id it is about echoed. */
function expectError(res: LightMyRequestResponse, error: string, echo: Record<string, string> = {}): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json(), res.body).toMatchObject({ error, errorMessage: text, ...echo });
}

/** A price as the validator's PricingValidator reads it, and as we sell: whole yen, net never above retail. */
function expectPricing(p: Pricing | undefined, what: string): Pricing {
  const tax = { name: text, retail: int, original: int, net: int };
  expect(p, what).toMatchObject({ original: int, retail: int, net: int, currency: 'JPY', currencyPrecision: 0 });
  if (!p) throw new Error(`${what}: no pricing`);
  expect(p.includedTaxes, what).toMatchObject(p.includedTaxes.map(() => tax));
  expect(p.original >= p.retail && p.retail >= (p.net ?? Number.POSITIVE_INFINITY), what).toBe(true);
  const taxesWithin = p.includedTaxes.every((x) => x.retail <= p.retail && x.net !== null && x.net <= x.retail);
  expect(taxesWithin, what).toBe(true);
  return p;
}

function expectPrices(list: Pricing[] | undefined, length: number, what: string): void {
  expect(list, what).toHaveLength(length);
  for (const p of list ?? []) expectPricing(p, what);
}

/** A total is the sum of its parts. */
function expectSum(total: Pricing, parts: Pricing[], what: string): void {
  const sum = (k: 'original' | 'retail' | 'net') => parts.reduce((s, p) => s + (p[k] ?? 0), 0);
  expect([total.original, total.retail, total.net], what).toEqual([sum('original'), sum('retail'), sum('net')]);
}

/** Status, availability and seats agree: an open day has seats and is available, any other none; 0 ≤ vacancies ≤ capacity. */
function expectSeats(d: Pick<CalendarDay, 'available' | 'status' | 'vacancies' | 'capacity'>, what: string): void {
  const open = d.status === 'AVAILABLE' || d.status === 'LIMITED';
  const vacancies = d.vacancies ?? -1;
  const seen = { available: d.available, vacant: vacancies > 0, counted: vacancies <= (d.capacity ?? -1) };
  expect(seen, what).toEqual({ available: open, vacant: open, counted: vacancies >= 0 });
}

function expectCalendarDay(d: CalendarDay, pricing: boolean): void {
  const what = `calendar ${d.localDate}`;
  expect(d, what).toMatchObject({ localDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), openingHours });
  expectSeats(d, what);
  if (pricing) expectPrices(d.unitPricingFrom, 3, what);
}

function expectAvailability(a: Availability, pricing: boolean): void {
  const what = `availability ${a.id}`;
  expect(a, what).toMatchObject({
    localDateTimeStart: a.id,
    localDateTimeEnd: availabilityOf(addDays(isoDateToYmd(a.id.slice(0, 10)), 1)),
    // An OPENING_HOURS product's availabilities are all-day.
    allDay: true,
    utcCutoffAt: utcSeconds,
    openingHours,
  });
  expect(a.id, what).toEqual(localDateTime);
  expectSeats(a, what);
  // On sale only before its cutoff, by the test's clock.
  if (a.available) expect(Date.parse(a.utcCutoffAt), what).toBeGreaterThan(t.clock.now().getTime());
  if (pricing) {
    expectPrices(a.unitPricing, 3, what);
    expectPricing(a.pricing, what);
  }
}

/**
 * A product as the validator's ProductValidator, OptionValidator and UnitValidator read it: at least one delivery
 * format, method and option, the DEFAULT option with HH:MM start times and our units, and with octo/pricing the
 * currencies, pricingPer and each unit's price from.
 */
function expectProduct(p: Product, pricing: boolean): void {
  const what = `product ${p.id}`;
  const unit = { id: text, internalName: text, restrictions: { minAge: int, maxAge: int, paxCount: int } };
  const units = ['adult', 'child', 'infant'].map((id) => ({ ...unit, id }));
  const startTimes = [expect.stringMatching(/^\d{2}:\d{2}$/)];
  const some = expect.arrayContaining([expect.anything()]);
  const option = { id: 'DEFAULT', default: true, availabilityLocalStartTimes: startTimes, units };
  const names = { internalName: text, locale: text, timeZone: 'Asia/Tokyo' };
  const kind = { availabilityType: 'OPENING_HOURS', availabilityRequired: true };
  expect(p, what).toMatchObject({ ...names, ...kind, deliveryFormats: some, deliveryMethods: some, options: [option] });
  if (!pricing) return;
  expect(p, what).toMatchObject({ defaultCurrency: 'JPY', availableCurrencies: ['JPY'] });
  expect(zPricingPer.options, what).toContain(p.pricingPer);
  for (const u of p.options[0]?.units ?? []) expectPrices(u.pricingFrom, 1, `${what} ${u.id}`);
}

interface Want {
  status: 'ON_HOLD' | 'CONFIRMED' | 'CANCELLED';
  availabilityId: string;
  productId?: string;
  unitIds?: string[];
}

/** A booking in `status` on `day`, of `units` adults when given. */
function wanted(status: Want['status'], day: Ymd, units?: number): Want {
  return { status, availabilityId: availabilityOf(day), ...(units ? { unitIds: adultIds(units) } : {}) };
}

function reserveBody(day: Ymd, units: number) {
  return { ...VAL1, availabilityId: availabilityOf(day), unitItems: adults(units) };
}

/** The fields each state fixes, as the validator's BookingState validators read them. */
const STATE = {
  ON_HOLD: { utcExpiresAt: utc, utcConfirmedAt: null, cancellation: null },
  CONFIRMED: { utcExpiresAt: null, utcConfirmedAt: utc, cancellation: null },
  CANCELLED: {
    utcExpiresAt: null,
    utcConfirmedAt: expect.toBeOneOf([null, utc]),
    cancellation: { refund: expect.toBeOneOf([...zRefund.options]), utcCancelledAt: utc },
  },
};

/**
 * One booking answer, as the validator's BookingValidator, its state validators, TicketValidator and UnitItem
 * validators read it, and as its booking endpoint checks compare it with what was asked.
 */
function expectBooking(body: unknown, want: Want, pricing: boolean, product: Product): Booking {
  const b = zBooking.parse(body);
  const what = `booking ${b.supplierReference} ${b.status}`;
  const confirmed = want.status === 'CONFIRMED';
  const deliveryOption = { deliveryFormat: expect.toBeOneOf(product.deliveryFormats), deliveryValue: text };
  const ids = { id: text, uuid, supplierReference: text, productId: want.productId ?? product.id, optionId: 'DEFAULT' };
  const times = { utcCreatedAt: utc, utcUpdatedAt: utc, utcRedeemedAt: null, ...STATE[want.status] };
  const { availabilityId } = want;
  expect(b, what).toMatchObject({
    status: want.status,
    ...ids,
    ...times,
    availabilityId,
    availability: { id: availabilityId, localDateTimeStart: localDateTime, localDateTimeEnd: localDateTime },
    // Delivered as the product says, by a voucher in every state: something to show at the door once confirmed.
    deliveryMethods: product.deliveryMethods,
    voucher: {
      redemptionMethod: product.redemptionMethod,
      utcRedeemedAt: null,
      deliveryOptions: confirmed ? expect.arrayContaining([deliveryOption]) : [],
    },
  });
  expect(b.availability, what).toMatchObject({ allDay: true, openingHours });
  expect(b.voucher?.deliveryOptions, what).toMatchObject(b.voucher?.deliveryOptions.map(() => deliveryOption) ?? []);
  if (b.status === 'ON_HOLD') expect(Date.parse(b.utcExpiresAt ?? ''), what).toBeGreaterThan(t.clock.now().getTime());

  const unitIds = product.options[0]?.units.map((u) => u.id) ?? [];
  // No TICKET delivery, so no ticket per unit; each unit item in the booking's state, with its own uuid.
  const item = { uuid, unitId: expect.toBeOneOf(unitIds), status: b.status, utcRedeemedAt: null, ticket: null };
  expect(b.unitItems.length, what).toBeGreaterThan(0);
  expect(b.unitItems, what).toMatchObject(b.unitItems.map(() => item));
  expect(new Set(b.unitItems.map((u) => u.uuid)).size, what).toBe(b.unitItems.length);
  const ownUnits = b.unitItems.every((u) => (u.unit?.id ?? u.unitId) === u.unitId);
  expect(ownUnits, what).toBe(true);
  if (want.unitIds) expect(b.unitItems.map((u) => u.unitId).sort(), what).toEqual([...want.unitIds].sort());

  if (pricing) {
    const parts = b.unitItems.map((u) => expectPricing(u.pricing, `${what} ${u.uuid}`));
    expectSum(expectPricing(b.pricing, what), parts, what);
  } else {
    expect(JSON.stringify(body), what).not.toMatch(PRICE_KEYS);
  }
  return b;
}

describe.each([
  { name: 'without octo/pricing', capabilities: '' },
  { name: 'with octo/pricing', capabilities: 'octo/pricing' },
])('OCTO conformance $name', ({ capabilities }) => {
  const pricing = capabilities !== '';
  const ref = (what: string) => `VAL-${pricing ? 'P' : 'N'}-${what}`;
  let product: Product;
  const headers = { 'content-type': 'application/json', 'octo-capabilities': capabilities };
  const call: OctoCall = (method, url, body) =>
    t.app.inject({
      method,
      url: `/octo${url}`,
      headers: { ...headers, authorization: `Bearer ${key}` },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /** A 200 answering the capabilities asked for; without octo/pricing, not a price in it. */
  function ok(res: LightMyRequestResponse): unknown {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['octo-capabilities']).toBe(capabilities);
    if (!pricing) expect(res.body).not.toMatch(PRICE_KEYS);
    return res.json<unknown>();
  }

  const booking = async (res: Promise<LightMyRequestResponse>, want: Want) =>
    expectBooking(ok(await res), want, pricing, product);
  const held = (day: Ymd, units?: number) => wanted('ON_HOLD', day, units);
  const reserve = (day: Ymd, units: number, extra: Record<string, unknown> = {}) =>
    booking(call('POST', '/bookings', { ...reserveBody(day, units), ...extra }), held(day, units));

  beforeAll(async () => {
    product = zProductsGetProductResponse.parse(ok(await call('GET', '/products/VAL1')));
  });

  it('answers the supplier, the products and one product with the fields OCTO requires', async () => {
    const supplier = zSuppliersGetResponse.parse(ok(await call('GET', '/supplier')));
    expect(supplier).toMatchObject({ id: text, name: text, endpoint: text });
    const products = zProductsGetProductsResponse.parse(ok(await call('GET', '/products')));
    expect(products.map((p) => p.id)).toEqual(expect.arrayContaining(PRODUCTS));
    for (const p of products) expectProduct(p, pricing);
    expect(products.find((p) => p.id === 'VAL1')).toEqual(product);
  });

  it("answers the calendar for the validator's 31 days, each day consistent with itself", async () => {
    const answer = ok(await call('POST', '/availability/calendar', RANGE));
    const days = zAvailabilitiesAvailabilityCalendarResponse.parse(answer);
    expect(days).toHaveLength(31);
    for (const d of days) expectCalendarDay(d, pricing);
    expect(days[0]).toMatchObject({ localDate: iso(TODAY), status: 'CLOSED' }); // past its cutoff
    expect(days.find((d) => d.localDate === iso(SOLD_OUT))).toMatchObject({ status: 'SOLD_OUT', vacancies: 0 });
    expect(days.filter((d) => d.available).length).toBeGreaterThan(1);
  });

  it('answers availability by range, by one date and by ids, each availability consistent with itself', async () => {
    const check = async (body: Record<string, unknown>) => {
      const answer = ok(await call('POST', '/availability', { ...VAL1, ...body }));
      const list = zAvailabilitiesAvailabilityCheckResponse.parse(answer);
      expect(list.length).toBeGreaterThan(0);
      for (const a of list) expectAvailability(a, pricing);
      return list;
    };
    const range = await check(RANGE);
    // More than one available (the validator books among them), and the sold-out day it reserves to be refused.
    expect(range.filter((a) => a.available).length).toBeGreaterThan(1);
    expect(range.filter((a) => a.status === 'SOLD_OUT').map((a) => a.id)).toEqual([availabilityOf(SOLD_OUT)]);
    const picked = range.find((a) => a.id === availabilityOf(DAY));
    if (!picked) throw new Error('no availability on DAY');

    // By the date of one: from its start's date to its end's, as the validator asks.
    const [start, end] = [picked.localDateTimeStart.slice(0, 10), picked.localDateTimeEnd.slice(0, 10)];
    expect((await check({ localDateStart: start, localDateEnd: end })).map((a) => a.id)).toContain(picked.id);

    const [byId, ...more] = await check({ availabilityIds: [picked.id], units: [{ id: 'adult', quantity: 2 }] });
    expect(more).toEqual([]);
    expect(byId).toMatchObject({ id: picked.id, available: true, vacancies: picked.vacancies });
    if (pricing) {
      const adultPrice = byId?.unitPricing?.find((u) => u.unitId === 'adult');
      const adult = expectPricing(adultPrice, 'adult');
      expectSum(expectPricing(byId?.pricing, 'two adults'), [adult, adult], 'two adults');
    }
  });

  it('refuses what it cannot answer about products and availability with OCTO errors', async () => {
    const productId = 'invalidProductId';
    const optionId = 'invalidOptionId';
    expectError(await call('GET', `/products/${productId}`), 'INVALID_PRODUCT_ID', { productId });
    for (const url of ['/availability/calendar', '/availability']) {
      expectError(await call('POST', url, { ...RANGE, productId }), 'INVALID_PRODUCT_ID', { productId });
      expectError(await call('POST', url, { ...RANGE, optionId }), 'INVALID_OPTION_ID', { optionId });
    }
    expectError(await call('POST', '/availability/calendar', { ...RANGE, localDateStart: undefined }), 'BAD_REQUEST');
    // A range and ids together: one way of asking or the other.
    const both = { ...RANGE, availabilityIds: [availabilityOf(DAY)] };
    expectError(await call('POST', '/availability', both), 'BAD_REQUEST');
  });

  it('reserves ON_HOLD with the unit items and notes asked; refuses what cannot be reserved, taking no seats', async () => {
    const hold = await reserve(DAY, 2, { notes: 'Test Note' });
    expect(hold).toMatchObject({ notes: 'Test Note', resellerReference: null, cancellable: true });

    const left = await stockLeft(t.ctx.db, 'VAL1', DAY);
    const refusals: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ productId: 'invalidProductId' }, 'INVALID_PRODUCT_ID', { productId: 'invalidProductId' }],
      [{ optionId: 'invalidOptionId' }, 'INVALID_OPTION_ID', { optionId: 'invalidOptionId' }],
      [{ availabilityId: 'invalidId' }, 'INVALID_AVAILABILITY_ID', { availabilityId: 'invalidId' }],
      [{ unitItems: [{ unitId: 'invalidUnitId' }] }, 'INVALID_UNIT_ID', { unitId: 'invalidUnitId' }],
      [{ unitItems: [] }, 'UNPROCESSABLE_ENTITY', {}],
      [{ unitItems: undefined }, 'BAD_REQUEST', {}],
      [{ availabilityId: availabilityOf(SOLD_OUT) }, 'UNPROCESSABLE_ENTITY', {}],
    ];
    for (const [change, error, echo] of refusals) {
      expectError(await call('POST', '/bookings', { ...reserveBody(DAY, 1), ...change }), error, echo);
    }
    expect(await stockLeft(t.ctx.db, 'VAL1', DAY)).toBe(left);
    expect(await stockLeft(t.ctx.db, 'VAL1', SOLD_OUT)).toBe(0);
  });

  it('extends a hold, confirms it with the contact and reference given; a confirm may change the unit items', async () => {
    const hold = await reserve(DAY, 2);
    const extend = call('POST', `/bookings/${hold.uuid}/extend`, { expirationMinutes: 31 });
    const extended = await booking(extend, held(DAY));
    expect(Date.parse(extended.utcExpiresAt ?? '')).toBeGreaterThan(Date.parse(hold.utcExpiresAt ?? ''));

    const contact = { ...CONTACT, notes: 'Test note' };
    const first = { contact, resellerReference: ref('c') };
    const done = await booking(call('POST', `/bookings/${hold.uuid}/confirm`, first), wanted('CONFIRMED', DAY, 2));
    expect(done).toMatchObject({ ...first, uuid: hold.uuid });

    // Two held, three confirmed: three unit items, each its own uuid.
    const two = await reserve(DAY, 2);
    const third = { contact, resellerReference: ref('c3'), unitItems: adults(3) };
    const three = await booking(call('POST', `/bookings/${two.uuid}/confirm`, third), wanted('CONFIRMED', DAY, 3));
    expect(three).toMatchObject({ contact, resellerReference: ref('c3') });
  });

  it('updates a hold: another date, other unit items, the contact and notes, another product', async () => {
    const one = await reserve(DAY, 1);
    const seats = (await stockLeft(t.ctx.db, 'VAL1', DAY2)) ?? 0;
    await booking(call('PATCH', `/bookings/${one.uuid}`, { availabilityId: availabilityOf(DAY2) }), held(DAY2));
    expect(await stockLeft(t.ctx.db, 'VAL1', DAY2)).toBe(seats - 1);

    const two = await reserve(DAY, 2);
    await booking(call('PATCH', `/bookings/${two.uuid}`, { unitItems: adults(3) }), held(DAY, 3));

    const named = await reserve(DAY, 1);
    const update = { contact: FULL_CONTACT, notes: 'Test note' };
    expect(await booking(call('PATCH', `/bookings/${named.uuid}`, update), held(DAY))).toMatchObject(update);

    const moved = await reserve(DAY, 1);
    const toVal2 = { ...reserveBody(DAY2, 2), productId: 'VAL2' };
    const onVal2 = { ...held(DAY2, 2), productId: 'VAL2' };
    await booking(call('PATCH', `/bookings/${moved.uuid}`, toVal2), onVal2);
  });

  it('cancels a reservation and a confirmed booking, and answers each with get and list', async () => {
    const reason = 'Reason for cancellation';
    const [cancelled, confirmed] = [wanted('CANCELLED', DAY), wanted('CONFIRMED', DAY)];
    const hold = await reserve(DAY, 1);
    await booking(call('GET', `/bookings/${hold.uuid}`), held(DAY, 1));
    const left = (await stockLeft(t.ctx.db, 'VAL1', DAY)) ?? 0;
    const released = await booking(call('POST', `/bookings/${hold.uuid}/cancel`, { reason }), cancelled);
    // A hold was never charged: all of it back, and its seat.
    expect(released.cancellation).toMatchObject({ reason, refund: 'FULL' });
    expect(await stockLeft(t.ctx.db, 'VAL1', DAY)).toBe(left + 1);

    const reserved = await reserve(DAY, 1);
    const contact = { fullName: 'John Doe', emailAddress: 'johndoe@example.com' };
    const confirm = { contact, resellerReference: ref('list') };
    await booking(call('POST', `/bookings/${reserved.uuid}/confirm`, confirm), confirmed);
    const got = await booking(call('GET', `/bookings/${reserved.uuid}`), confirmed);
    const filters = { supplierReference: got.supplierReference ?? '', resellerReference: ref('list') };
    for (const [field, value] of Object.entries(filters)) {
      const list = ok(await call('GET', `/bookings?${field}=${encodeURIComponent(value)}`));
      if (!Array.isArray(list)) throw new Error(`the list by ${field} is no list`);
      expect(list.length, field).toBeGreaterThan(0);
      for (const b of list) expect(expectBooking(b, confirmed, pricing, product)).toMatchObject({ [field]: value });
    }

    // The refund is what our cancellation policy keeps; the validator asks only that it be one of OCTO's.
    const cancel = await booking(call('POST', `/bookings/${reserved.uuid}/cancel`, { reason }), cancelled);
    expect(cancel.cancellation?.reason).toBe(reason);
    await booking(call('GET', `/bookings/${reserved.uuid}`), cancelled);
  });

  it('answers OCTO errors for an unknown uuid, a bad unitId at confirm and a list without a filter', async () => {
    for (const [method, url, body] of [
      ['POST', '/bookings/invalidUUID/extend', { expirationMinutes: 31 }],
      ['POST', '/bookings/invalidUUID/confirm', { contact: {} }],
      ['POST', '/bookings/invalidUUID/cancel', {}],
      ['GET', '/bookings/invalidUUID', undefined],
    ] as const) {
      expectError(await call(method, url, body), 'INVALID_BOOKING_UUID', { uuid: 'invalidUUID' });
    }

    const hold = await reserve(DAY, 2);
    const unitItems = [{ unitId: 'invalidUnitId' }, { unitId: 'invalidUnitId' }];
    const confirm = { contact: CONTACT, resellerReference: ref('bad-unit'), unitItems };
    const refused = await call('POST', `/bookings/${hold.uuid}/confirm`, confirm);
    expectError(refused, 'INVALID_UNIT_ID', { unitId: 'invalidUnitId' });
    // Refused whole: still the hold it was.
    const still = await booking(call('GET', `/bookings/${hold.uuid}`), held(DAY, 2));
    expect(still.resellerReference).toBeNull();
    expectError(await call('GET', '/bookings'), 'BAD_REQUEST');
  });
});
