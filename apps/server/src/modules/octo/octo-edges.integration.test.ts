/**
 * OCTO at its edges: every route that takes a date answers OCTO's own 400 for a date that is no real calendar day or
 * lies outside a sane range (never a 500), and a cancel racing a confirm either cancels (and says CANCELLED) or is
 * refused with an OCTO error, its answer always what the booking became. On PGlite and on PostgreSQL.
 */
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, checkIns } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { insertResellerKey, octoCaller } from './test-fixtures.ts';

const TODAY: Ymd = '20261121';
const DAY: Ymd = addDays(TODAY, 10);
const AVAILABILITY = `${ymdToIsoDate(DAY)}T00:00:00+09:00`;

let t: TestApp;
let key = '';

const octo = octoCaller(
  () => t,
  () => key,
);

async function hold(): Promise<{ uuid: string; supplierReference: string }> {
  const res = await octo('POST', '/bookings', {
    productId: 'EDGE1',
    optionId: 'DEFAULT',
    availabilityId: AVAILABILITY,
    unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T03:00:00Z') });
  await insertTestOption(t.ctx.db, 'EDGE1');
  for (let i = 0; i < 15; i += 1) await insertTestStock(t.ctx.db, 'EDGE1', addDays(TODAY, i), { zaikozan: 40 });
  key = await insertResellerKey(t, 'Edge');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Dates no route may take: beyond the range, no such day, no such month, year zero, empty. */
const BAD_DATES = ['9999-12-01', '9999-12-31', '2026-02-30', '0000-01-01', '2026-13-01', '1899-12-31', ''];

function expectOctoRefusal(answer: LightMyRequestResponse, what: string, codes: readonly string[]): void {
  expect(answer.statusCode, `${what}: ${answer.body}`).toBe(400);
  const body = answer.json();
  expect(codes, what).toContain(body.error);
  expect(typeof body.errorMessage, what).toBe('string');
  expect(body.errorMessage.length, what).toBeGreaterThan(0);
}

describe('dates OCTO cannot take', () => {
  it('answers the calendar for year 9999 with BAD_REQUEST, not a 500', async () => {
    const answer = await octo('POST', '/availability/calendar', {
      productId: 'EDGE1',
      optionId: 'DEFAULT',
      localDateStart: '9999-12-01',
      localDateEnd: '9999-12-31',
    });
    expectOctoRefusal(answer, 'calendar 9999-12', ['BAD_REQUEST']);
  });

  it('refuses every bad date on every route that takes one with an OCTO 400', async () => {
    const { uuid } = await hold();
    const good = ymdToIsoDate(DAY);
    for (const bad of BAD_DATES) {
      for (const [start, end] of [
        [bad, good],
        [good, bad],
        [bad, bad],
      ] as const) {
        const range = { productId: 'EDGE1', optionId: 'DEFAULT', localDateStart: start, localDateEnd: end };
        expectOctoRefusal(await octo('POST', '/availability/calendar', range), `calendar ${start}..${end}`, [
          'BAD_REQUEST',
        ]);
        expectOctoRefusal(await octo('POST', '/availability', range), `availability ${start}..${end}`, ['BAD_REQUEST']);
        const query = `localDateStart=${encodeURIComponent(start)}&localDateEnd=${encodeURIComponent(end)}`;
        expectOctoRefusal(await octo('GET', `/bookings?${query}`), `bookings ${query}`, ['BAD_REQUEST']);
      }
      expectOctoRefusal(await octo('GET', `/bookings?localDate=${encodeURIComponent(bad)}`), `localDate ${bad}`, [
        'BAD_REQUEST',
      ]);
      const id = bad === '' ? '' : `${bad}T00:00:00+09:00`;
      expectOctoRefusal(
        await octo('POST', '/availability', { productId: 'EDGE1', optionId: 'DEFAULT', availabilityIds: [id] }),
        `availabilityIds ${id}`,
        ['INVALID_AVAILABILITY_ID', 'BAD_REQUEST'],
      );
      expectOctoRefusal(
        await octo('POST', '/bookings', {
          productId: 'EDGE1',
          optionId: 'DEFAULT',
          availabilityId: id,
          unitItems: [{ unitId: 'adult' }],
        }),
        `reserve ${id}`,
        ['INVALID_AVAILABILITY_ID', 'BAD_REQUEST'],
      );
      expectOctoRefusal(await octo('PATCH', `/bookings/${uuid}`, { availabilityId: id }), `update ${id}`, [
        'INVALID_AVAILABILITY_ID',
        'BAD_REQUEST',
      ]);
    }
    // The good ones still answer.
    const calendar = await octo('POST', '/availability/calendar', {
      productId: 'EDGE1',
      optionId: 'DEFAULT',
      localDateStart: good,
      localDateEnd: good,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
  });
});

describe('a cancel racing a confirm', () => {
  it('either cancels and answers CANCELLED, or is refused with an OCTO error; never a 200 that cancels nothing', async () => {
    const outcomes = { cancelled: 0, refused: 0 };
    for (let round = 0; round < 10; round += 1) {
      const { uuid, supplierReference } = await hold();
      // Either goes first, by turns.
      const confirming = () => octo('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'Ann Lee' } });
      const cancelling = () => octo('POST', `/bookings/${uuid}/cancel`, { reason: 'changed plans' });
      const [confirmed, cancelled] =
        round % 2 === 0
          ? await Promise.all([confirming(), cancelling()])
          : await Promise.all([cancelling(), confirming()]).then(([c, f]) => [f, c] as const);
      const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, supplierReference));
      const now = (await octo('GET', `/bookings/${uuid}`)).json().status;
      if (cancelled.statusCode === 200) {
        expect(cancelled.json().status, `round ${round}: ${cancelled.body}`).toBe('CANCELLED');
        expect(row?.status, `round ${round}`).toBe(4);
        expect(now).toBe('CANCELLED');
        outcomes.cancelled += 1;
      } else {
        expectOctoRefusal(cancelled, `round ${round}`, ['UNPROCESSABLE_ENTITY']);
        expect(row?.status, `round ${round}`).not.toBe(4);
        outcomes.refused += 1;
      }
      // The confirm's answer is what it did too: CONFIRMED only if the booking was confirmed.
      if (confirmed.statusCode === 200) {
        const events = await t.ctx.db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, supplierReference));
        expect(events.map((e) => e.action)).toContain('reseller_confirmed');
      } else {
        expectOctoRefusal(confirmed, `round ${round} confirm`, ['UNPROCESSABLE_ENTITY', 'INVALID_BOOKING_UUID']);
      }
    }
    expect(outcomes.cancelled + outcomes.refused).toBe(10);
  });
});

describe('redemption at the door (ADR 0215)', () => {
  it('says when the booking and each unit were redeemed, once its travellers were checked in', async () => {
    const { uuid, supplierReference } = await hold();
    const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'Ann Lee' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().utcRedeemedAt).toBeNull();
    const at = new Date('2026-12-01T00:15:00Z');
    await t.ctx.db.insert(checkIns).values({
      rsvno: supplierReference,
      seq: 2,
      kind: 'arrived',
      at,
      staffId: 1,
      device: '受付1',
    });
    const read = (await octo('GET', `/bookings/${uuid}`)).json();
    expect(read.utcRedeemedAt).toBe(at.toISOString());
    expect(read.voucher.utcRedeemedAt).toBe(at.toISOString());
    expect(read.unitItems.map((u: { utcRedeemedAt: string | null }) => u.utcRedeemedAt)).toEqual([
      null,
      at.toISOString(),
    ]);
  });
});
