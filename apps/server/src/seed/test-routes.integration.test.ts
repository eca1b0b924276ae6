import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponUses, departures, payments } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { DEMO_TEL } from './bookings.ts';
import { seedIfEmpty } from './seed.ts';
import { TEST_BOOKINGS_ROUTE } from './test-routes.ts';

const ROUTE = { method: 'POST', url: TEST_BOOKINGS_ROUTE } as const;

describe('the end-to-end tests’ bookings route (ADR 0204)', () => {
  let plain: TestApp;
  let t: TestApp;
  beforeAll(async () => {
    [plain, t] = await Promise.all([createTestApp(), createTestApp({ config: { testRoutes: true } })]);
    await seedIfEmpty(t.ctx.db, t.clock);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), t?.close()]);
  });

  /** The booking as its customer sees it on my page, after logging in with its number and phone. */
  async function myBooking(rsvno: string, tel: string) {
    const login = await t.request({ method: 'POST', url: '/api/mylogin', payload: { rsvno, tel } });
    expect(login.json(), login.body).toMatchObject({ errcd: '000' });
    const mine = await t.request({
      method: 'POST',
      url: `/api/booking/${rsvno}`,
      payload: { session: login.json().response.session },
    });
    return mine.json().response;
  }

  const seatsLeft = async (opcd: string, usedate: string) => {
    const [row] = await t.ctx.db
      .select({ zaikozan: departures.zaikozan })
      .from(departures)
      .where(and(eq(departures.opcd, opcd), eq(departures.usedate, usedate), eq(departures.startTime, '')));
    return row?.zaikozan;
  };

  it('does not exist without TEST_ROUTES', async () => {
    expect((await plain.request({ ...ROUTE, payload: { like: 'AA100010' } })).statusCode).toBe(404);
  });

  it('makes a booking of its own as a demo booking is, taking its seats from the day', async () => {
    const demo = await myBooking('AA100010', DEMO_TEL);
    const usedate = `${demo.fromdate.slice(0, 4)}-${demo.fromdate.slice(4, 6)}-${demo.fromdate.slice(6)}`;
    const before = await seatsLeft('OP0011', usedate);

    const res = await t.request({ ...ROUTE, payload: { like: 'AA100010' } });
    expect(res.statusCode, res.body).toBe(200);
    const { rsvno, tel } = res.json().response as { rsvno: string; tel: string };
    expect(rsvno).toMatch(/^[A-Z]{2}\d{6}$/);
    expect(rsvno).not.toBe('AA100010');

    const copy = await myBooking(rsvno, tel);
    expect(copy).toMatchObject({ state: 'paid', fromdate: demo.fromdate, amountjp: demo.amountjp });
    expect(copy.optionList.map((o: { opcd: string }) => o.opcd)).toEqual(['OP0011', 'OP0012', 'OP0013']);
    expect(copy.memberList).toHaveLength(3);
    expect(await seatsLeft('OP0011', usedate)).toBe((before ?? 0) - 3);
    // Its coupon already used and its payment are its own rows, as the demo booking's are.
    expect(await t.ctx.db.select().from(couponUses).where(eq(couponUses.rsvno, rsvno))).toHaveLength(1);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.rsvno, rsvno))).toMatchObject([
      { status: 'paid', amount: demo.amountjp },
    ]);

    const again = (await t.request({ ...ROUTE, payload: { like: 'AA100010' } })).json().response;
    expect(again.rsvno).not.toBe(rsvno);
  });

  it('refuses a booking that is not a demo booking', async () => {
    for (const payload of [{ like: 'ZZ999999' }, {}]) {
      const res = await t.request({ ...ROUTE, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errcd: expect.not.stringMatching(/^000$/) });
    }
  });
});
