/**
 * 割引コード in the console (ADR 0210): an admin adds, lists, reads, changes and deletes codes; an operator may do none
 * of it. The list counts each code's uses as the view `discount_uses` does (a booking that expired or was canceled
 * unpaid gave its use back). Refused: a code's text another code has (added or changed to), an option that does not
 * exist, what the contract refuses, and deleting a code any booking took. Each change is a staff audit event. On
 * PGlite and on PostgreSQL (TEST_DB=postgres).
 */

import { STAFF_COOKIE } from '@tabi/contract/admin';
import {
  type DiscountCodeRequest,
  type DiscountCodeRow,
  DiscountMsg,
  discountCodeUsed,
  discountOptionUnknown,
} from '@tabi/contract/discounts-admin';
import { Msg } from '@tabi/contract/messages';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingState, staffAuditEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption } from '../booking/test-fixtures.ts';
import { insertBooking } from '../mypage/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { bookingDiscounts, discountCodes } from './schema.ts';

let t: TestApp;
let admin = '';
let operator = '';
const TOUR = 'DSCTOUR';
const WALK = 'DSCWALK';

beforeAll(async () => {
  t = await createTestApp();
  for (const opcd of [TOUR, WALK]) await insertTestOption(t.ctx.db, opcd);
  await insertStaff(t.ctx.db, { mail: 'discount-admin@example.jp', role: 'admin', totp: true });
  await insertStaff(t.ctx.db, { mail: 'discount-op@example.jp', role: 'operator' });
  admin = await staffSession(t, 'discount-admin@example.jp');
  operator = await staffSession(t, 'discount-op@example.jp');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const as = (cookie: string) => ({ cookies: { [STAFF_COOKIE]: cookie } });
const get = (url: string, cookie = admin) => t.request({ method: 'GET', url: `/api/admin${url}`, ...as(cookie) });
const post = (url: string, payload: Record<string, unknown> = {}, cookie = admin) =>
  t.request({ method: 'POST', url: `/api/admin${url}`, payload, ...as(cookie) });

const WINTER: DiscountCodeRequest = {
  code: ' ｗｉｎｔｅｒ２６ ',
  name: ' 冬の早割 ',
  kind: 'percent',
  value: 10,
  opcds: [TOUR],
  book_from: '2026-11-01',
  book_until: '2026-12-31',
  travel_from: '',
  travel_until: '2027-03-31',
  total_limit: 100,
  per_customer_limit: 1,
  min_amount: 5000,
  active: true,
};

async function create(request: DiscountCodeRequest): Promise<DiscountCodeRow> {
  const res = await post('/discount-codes', { ...request });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response as DiscountCodeRow;
}

const listed = async (): Promise<DiscountCodeRow[]> => {
  const res = await get('/discount-codes');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().response as { codes: DiscountCodeRow[] }).codes;
};

const auditOf = async (id: number) =>
  (
    await t.ctx.db
      .select()
      .from(staffAuditEvents)
      .where(like(staffAuditEvents.kind, 'discount_code.%'))
      .orderBy(asc(staffAuditEvents.id))
  )
    .filter((e) => e.detail.discountCodeId === id)
    .map((e) => ({ kind: e.kind, mail: e.mail, detail: e.detail }));

let bookingSeq = 0;
/** A booking in `state` that took `code`, `discount` yen off 20,000. */
async function useCode(code: DiscountCodeRow, discount: number, state: BookingState, paid?: boolean): Promise<string> {
  bookingSeq += 1;
  const rsvno = `DC${String(bookingSeq).padStart(6, '0')}`;
  await insertBooking(
    t.ctx.db,
    { rsvno, fromdate: '20261215', state, ...(paid === undefined ? {} : { paid }), options: [{ opcd: TOUR }] },
    t.clock.now(),
  );
  await t.ctx.db.insert(bookingDiscounts).values({
    rsvno,
    codeId: code.id,
    code: code.code,
    listAmount: 20_000,
    discount,
    telNormalized: '09012345678',
  });
  return rsvno;
}

describe('discount codes', () => {
  it('adds a code as the contract writes it, reads it, and audits it', async () => {
    const made = await create(WINTER);
    expect(made).toEqual({
      id: made.id,
      code: 'WINTER26',
      name: '冬の早割',
      kind: 'percent',
      value: 10,
      opcds: [TOUR],
      book_from: '2026-11-01',
      book_until: '2026-12-31',
      travel_from: null,
      travel_until: '2027-03-31',
      total_limit: 100,
      per_customer_limit: 1,
      min_amount: 5000,
      active: true,
      uses: 0,
      discounted: 0,
    });
    expect((await get(`/discount-codes/${made.id}`)).json().response).toEqual(made);
    const { uses: _uses, discounted: _discounted, id: _id, ...fields } = made;
    expect(await auditOf(made.id)).toEqual([
      {
        kind: 'discount_code.created',
        mail: 'discount-admin@example.jp',
        detail: { discountCodeId: made.id, code: 'WINTER26', after: fields },
      },
    ]);
  });

  it('lists the newest first, with the uses that count and the yen they took off', async () => {
    const spring = await create({ code: 'SPRING-1000', kind: 'yen', value: 1000 });
    t.clock.advance(60_000);
    const summer = await create({ code: 'SUMMER_5', kind: 'percent', value: 5, opcds: [TOUR, WALK, TOUR] });
    expect(summer.opcds).toEqual([TOUR, WALK]);
    await useCode(spring, 1000, 'held');
    await useCode(spring, 1000, 'paid');
    // Paid, then canceled: the use was kept. Expired, and canceled before it was paid: given back.
    await useCode(spring, 1000, 'canceled', true);
    await useCode(spring, 1000, 'expired');
    await useCode(spring, 1000, 'canceled', false);

    const codes = await listed();
    const order = codes.map((c) => c.code);
    expect(order.indexOf('SUMMER_5')).toBeLessThan(order.indexOf('SPRING-1000'));
    expect(codes.find((c) => c.id === spring.id)).toMatchObject({ uses: 3, discounted: 3000, opcds: [] });
    expect(codes.find((c) => c.id === summer.id)).toMatchObject({ uses: 0, discounted: 0 });
    expect((await get(`/discount-codes/${spring.id}`)).json().response).toMatchObject({ uses: 3, discounted: 3000 });
  });

  it('changes a code, its text too, and audits what changed', async () => {
    const made = await create({ code: 'AUTUMN', name: '秋', kind: 'yen', value: 500 });
    const res = await post(`/discount-codes/${made.id}`, {
      code: 'autumn-26',
      name: '秋の特別割引',
      kind: 'percent',
      value: 15,
      opcds: [WALK],
      book_from: '',
      book_until: '',
      travel_from: '2026-09-01',
      travel_until: '2026-11-30',
      total_limit: null,
      per_customer_limit: 2,
      min_amount: null,
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toMatchObject({
      id: made.id,
      code: 'AUTUMN-26',
      kind: 'percent',
      value: 15,
      opcds: [WALK],
      travel_from: '2026-09-01',
      per_customer_limit: 2,
      active: false,
    });
    const events = await auditOf(made.id);
    expect(events.map((e) => e.kind)).toEqual(['discount_code.created', 'discount_code.changed']);
    expect(events[1]?.detail).toEqual({
      discountCodeId: made.id,
      code: 'AUTUMN-26',
      before: {
        code: 'AUTUMN',
        name: '秋',
        kind: 'yen',
        value: 500,
        opcds: [],
        travel_from: null,
        travel_until: null,
        per_customer_limit: null,
        active: true,
      },
      after: {
        code: 'AUTUMN-26',
        name: '秋の特別割引',
        kind: 'percent',
        value: 15,
        opcds: [WALK],
        travel_from: '2026-09-01',
        travel_until: '2026-11-30',
        per_customer_limit: 2,
        active: false,
      },
    });

    // Saved again as it is: nothing to record.
    const same = await post(`/discount-codes/${made.id}`, { ...res.json().response });
    expect(same.statusCode, same.body).toBe(200);
    expect(await auditOf(made.id)).toHaveLength(2);
  });

  it('refuses a code another code has, added or changed to, and an option that does not exist', async () => {
    const taken = await post('/discount-codes', { code: 'Winter26', kind: 'yen', value: 300 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errcd: '999', errMsg: DiscountMsg.codeTaken, response: null });

    const other = await create({ code: 'NEWYEAR', kind: 'yen', value: 300 });
    const renamed = await post(`/discount-codes/${other.id}`, { code: 'WINTER26', kind: 'yen', value: 300 });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errMsg).toBe(DiscountMsg.codeTaken);

    const unknown = await post('/discount-codes', { code: 'GHOST', kind: 'yen', value: 300, opcds: [TOUR, 'NOPE01'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errMsg).toBe(discountOptionUnknown('NOPE01'));
    const unknownLater = await post(`/discount-codes/${other.id}`, {
      code: 'NEWYEAR',
      kind: 'yen',
      value: 300,
      opcds: ['NOPE02'],
    });
    expect(unknownLater.statusCode).toBe(422);
    expect(unknownLater.json().errMsg).toBe(discountOptionUnknown('NOPE02'));

    const codes = await listed();
    expect(codes.filter((c) => c.code === 'WINTER26')).toHaveLength(1);
    expect(codes.some((c) => c.code === 'GHOST')).toBe(false);
    expect(codes.find((c) => c.id === other.id)).toMatchObject({ code: 'NEWYEAR', opcds: [] });
    expect((await auditOf(other.id)).map((e) => e.kind)).toEqual(['discount_code.created']);
  });

  it('refuses what the contract refuses, and a code that does not exist', async () => {
    const refused = async (payload: Record<string, unknown>, message: string) => {
      const res = await post('/discount-codes', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errMsg).toContain(message);
    };
    await refused({ code: 'AB', kind: 'yen', value: 100 }, DiscountMsg.codeLength);
    await refused({ code: 'WIN TER', kind: 'yen', value: 100 }, DiscountMsg.codeChars);
    await refused({ code: 'HALF', kind: 'percent', value: 101 }, DiscountMsg.percentInvalid);
    await refused({ code: 'HALF', kind: 'coupon', value: 1 }, DiscountMsg.kindInvalid);
    await refused(
      { code: 'HALF', kind: 'yen', value: 100, book_from: '2026-12-31', book_until: '2026-12-01' },
      DiscountMsg.bookWindowInvalid,
    );
    await refused({ code: 'HALF', kind: 'yen', value: 100, total_limit: 0 }, DiscountMsg.limitInvalid);
    expect((await listed()).some((c) => c.code === 'HALF')).toBe(false);

    expect((await get('/discount-codes/999999')).json()).toEqual({
      errcd: '999',
      errMsg: DiscountMsg.notFound,
      response: null,
    });
    expect((await post('/discount-codes/999999/delete')).statusCode).toBe(404);
  });

  it('refuses an operator every call, and nothing changes', async () => {
    const made = await create({ code: 'STAFFONLY', kind: 'yen', value: 100 });
    const before = await t.ctx.db.select().from(discountCodes).orderBy(asc(discountCodes.id));
    const calls = [
      get('/discount-codes', operator),
      get(`/discount-codes/${made.id}`, operator),
      post('/discount-codes', { code: 'BYOPERATOR', kind: 'yen', value: 100 }, operator),
      post(`/discount-codes/${made.id}`, { code: 'STAFFONLY', kind: 'yen', value: 9999 }, operator),
      post(`/discount-codes/${made.id}/delete`, {}, operator),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errcd: '999', errMsg: Msg.staffForbidden, response: null });
    }
    expect(await t.ctx.db.select().from(discountCodes).orderBy(asc(discountCodes.id))).toEqual(before);
    expect((await auditOf(made.id)).map((e) => e.kind)).toEqual(['discount_code.created']);
  });

  it('deletes a code no booking took, and refuses one a booking took, even one given back', async () => {
    const unused = await create({ code: 'UNUSED', kind: 'yen', value: 100 });
    const deleted = await post(`/discount-codes/${unused.id}/delete`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().response).toEqual({ ok: true });
    expect((await get(`/discount-codes/${unused.id}`)).statusCode).toBe(404);
    const events = await auditOf(unused.id);
    expect(events.map((e) => e.kind)).toEqual(['discount_code.created', 'discount_code.deleted']);
    expect(events[1]?.detail).toMatchObject({ code: 'UNUSED', before: { code: 'UNUSED', kind: 'yen', value: 100 } });

    const used = await create({ code: 'USEDONCE', kind: 'percent', value: 20 });
    await useCode(used, 4000, 'paid');
    await useCode(used, 4000, 'expired');
    const refused = await post(`/discount-codes/${used.id}/delete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errcd: '999', errMsg: discountCodeUsed(2), response: null });
    const [still] = await t.ctx.db.select().from(discountCodes).where(eq(discountCodes.id, used.id));
    expect(still?.code).toBe('USEDONCE');
    expect((await auditOf(used.id)).map((e) => e.kind)).toEqual(['discount_code.created']);

    // Turned off instead.
    const off = await post(`/discount-codes/${used.id}`, {
      code: 'USEDONCE',
      kind: 'percent',
      value: 20,
      active: false,
    });
    expect(off.json().response).toMatchObject({ active: false, uses: 1, discounted: 4000 });
  });
});
