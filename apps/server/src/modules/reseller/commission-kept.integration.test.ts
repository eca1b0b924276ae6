/**
 * A reseller's sold booking keeps the commission it was sold at: after the reseller's commission changes, a change of
 * day re-prices the retail price at the new day's prices but owes that day's price less the booking's own
 * commission, and OCTO's pricing of the booking says the same. On PGlite and on PostgreSQL.
 */
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, resellers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { issueResellerKey } from './keys.ts';
import { RESELLER_BY_OPS, updateReseller } from './service.ts';

const TODAY: Ymd = '20261121';
const DAY: Ymd = addDays(TODAY, 10);
const DAY2: Ymd = addDays(TODAY, 12);
const availabilityOf = (day: Ymd) => `${ymdToIsoDate(day)}T00:00:00+09:00`;

let t: TestApp;
let key = '';
let resellerId = 0;

function octo(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/octo${url}`,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      'octo-capabilities': 'octo/pricing',
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T03:00:00Z') });
  await insertTestOption(t.ctx.db, 'KEEP01');
  // 10,700 a head on the first day, 12,000 on the second.
  await insertTestStock(t.ctx.db, 'KEEP01', DAY, { zaikozan: 20, adultbaika: 10_700 });
  await insertTestStock(t.ctx.db, 'KEEP01', DAY2, { zaikozan: 20, adultbaika: 12_000 });
  const [row] = await t.ctx.db
    .insert(resellers)
    .values({ name: 'Keeper', commissionBp: 1000, createdAt: t.clock.now() })
    .returning();
  if (!row) throw new Error('no reseller');
  resellerId = row.id;
  key = (await issueResellerKey(t.ctx.db, row.id, t.clock.now())).key;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function owed(rsvno: string) {
  const [row] = await t.ctx.db
    .select({ amountjp: bookings.amountjp, netAmount: bookings.netAmount })
    .from(bookings)
    .where(eq(bookings.rsvno, rsvno));
  return row;
}

describe('a sold booking keeps its commission', () => {
  it('owes what it was sold at after the commission changes, and re-prices a new day at its own rate', async () => {
    const reserved = await octo('POST', '/bookings', {
      productId: 'KEEP01',
      optionId: 'DEFAULT',
      availabilityId: availabilityOf(DAY),
      unitItems: [{ unitId: 'adult' }],
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const { uuid, supplierReference: rsvno } = reserved.json();
    const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'Ann Lee' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await owed(rsvno)).toEqual({ amountjp: 10_700, netAmount: 9_630 });

    // The reseller's commission goes up to 50 % for later sales.
    await updateReseller(t.ctx, resellerId, { name: 'Keeper', commissionBp: 5000 }, RESELLER_BY_OPS);

    // The booking as OCTO shows it still owes 9,630, per unit too.
    const shown = (await octo('GET', `/bookings/${uuid}`)).json();
    expect(shown.pricing).toMatchObject({ retail: 10_700, net: 9_630 });
    expect(shown.unitItems[0].pricing).toMatchObject({ retail: 10_700, net: 9_630 });

    // A change of names only: nothing owed changes.
    const renamed = await octo('PATCH', `/bookings/${uuid}`, { notes: 'window seat' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await owed(rsvno)).toEqual({ amountjp: 10_700, netAmount: 9_630 });

    // Moved to a day of 12,000: retail of the new day, less the booking's 10 %, not today's 50 %.
    const moved = await octo('PATCH', `/bookings/${uuid}`, { availabilityId: availabilityOf(DAY2) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await owed(rsvno)).toEqual({ amountjp: 12_000, netAmount: 10_800 });
    expect(moved.json().pricing).toMatchObject({ retail: 12_000, net: 10_800 });
    expect(moved.json().unitItems[0].pricing).toMatchObject({ retail: 12_000, net: 10_800 });

    // And back: 9,630 again.
    await octo('PATCH', `/bookings/${uuid}`, { availabilityId: availabilityOf(DAY) });
    expect(await owed(rsvno)).toEqual({ amountjp: 10_700, netAmount: 9_630 });

    // The history says what it owed before and after each move.
    const changes = await t.ctx.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.rsvno, rsvno))
      .orderBy(asc(bookingEvents.id));
    const moves = changes.filter((e) => e.action === 'reseller_changed' && e.after && 'net_amount' in e.after);
    expect(moves.map((e) => [e.before?.net_amount, e.after?.net_amount])).toEqual([
      [9_630, 10_800],
      [10_800, 9_630],
    ]);

    // A booking sold now is sold at 50 %.
    const later = await octo('POST', '/bookings', {
      productId: 'KEEP01',
      optionId: 'DEFAULT',
      availabilityId: availabilityOf(DAY),
      unitItems: [{ unitId: 'adult' }],
    });
    expect(await owed(later.json().supplierReference)).toEqual({ amountjp: 10_700, netAmount: 5_350 });
  });
});
