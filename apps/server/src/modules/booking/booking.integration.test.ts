import { ErrCd } from '@tabi/contract/constants';
import { addDays, type Ymd } from '@tabi/contract/dates';
import { Msg, partySizeOutOfRange } from '@tabi/contract/messages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import {
  bookingEvents,
  bookingMembers,
  bookingOptions,
  bookingRentals,
  bookings,
  outbox,
  rateLimits,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { DEFAULT_CANCEL_POLICY } from './cancel-policy.ts';
import { eventRow } from './events.ts';
import { insertNewBooking, isBookingNumberTaken } from './repository.ts';
import {
  ADULT_PRICE,
  birthdayForAge,
  bookingPayload,
  insertTestOption,
  insertTestStock,
  member,
  stockLeft,
} from './test-fixtures.ts';

let t: TestApp;
let today: Ymd;
let day: Ymd;
let nextIp = 1;

/** Each call from its own address, so the per-address limit stays out of the way unless a test wants it. */
function post(payload: unknown, ip = `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`) {
  return t.request({ method: 'POST', url: '/api/booking', payload: payload as object, remoteAddress: ip });
}

async function bookingCount(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(bookings);
  return row?.n ?? 0;
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

beforeAll(async () => {
  t = await createTestApp();
  today = todayIn(t.clock);
  day = addDays(today, 10);
  const db = t.ctx.db;
  await insertTestOption(db, 'BK0001');
  await insertTestStock(db, 'BK0001', day, { zaikozan: 50 });
  await insertTestStock(db, 'BK0001', addDays(today, -1), { zaikozan: 50 });
  await insertTestOption(db, 'BK0010', { maxPeople: 2 });
  await insertTestStock(db, 'BK0010', day, { zaikozan: 10 });
  await insertTestOption(db, 'BKREQ1', { flgRequestItem: true, webname: 'リクエスト体験' });
  await insertTestStock(db, 'BKREQ1', day, { zaikozan: 5 });
  await insertTestOption(db, 'BKPASS', {
    extendedFields: ['passport_number', 'vegetarian_meals'],
    childAgeMax: null,
    infantAgeMax: null,
    cancelPolicy: [{ daysBefore: 3, percent: 100 }],
  });
  await insertTestStock(db, 'BKPASS', day, { zaikozan: 5 });
  await insertTestOption(db, 'BKSKI1', { rentalcd: '1', middleAgeMin: 12, middleAgeMax: 17, adultAgeMin: 18 });
  await insertTestStock(db, 'BKSKI1', day, { zaikozan: 5 });
  await insertTestOption(db, 'BKCPN1', { isCoupon: true });
  await insertTestStock(db, 'BKCPN1', day, { zaikozan: 5 });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/booking', () => {
  it('books a card item: completed, unpaid, seats taken, default cancel policy, +09:00 reception time', async () => {
    const res = await post(bookingPayload('BK0001', day, { adults: 2, children: 1 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errcd).toBe(ErrCd.success);
    expect(body.response.rsvno).toMatch(/^[A-Z]{2}\d{6}$/);
    expect(body.response.rsvdate).toBe('2026-11-21T12:00:00+09:00');
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, body.response.rsvno));
    expect(row).toMatchObject({ status: 1, statusPayment: 0, flgRequestRsv: 0, amountjp: 2 * ADULT_PRICE + 4000 });
    expect(row?.telNormalized).toBe('09012345678');
    expect(row?.cancelPolicy).toEqual(DEFAULT_CANCEL_POLICY);
    const [line] = await t.ctx.db.select().from(bookingOptions).where(eq(bookingOptions.rsvno, body.response.rsvno));
    expect(line).toMatchObject({ adultqty: 2, childqty: 1, seats: 3, adultbaika: ADULT_PRICE });
    expect(await stockLeft(t.ctx.db, 'BK0001', day)).toBe(47);
    const members = await t.ctx.db.select().from(bookingMembers).where(eq(bookingMembers.rsvno, body.response.rsvno));
    expect(members.map((m) => m.ageclass)).toEqual(['1', '1', '2']);
  });

  it('holds the seats of a request item, status 6, and queues the "request received" mail', async () => {
    const res = await post(bookingPayload('BKREQ1', day, { adults: 2 }));
    expect(res.statusCode).toBe(200);
    const rsvno = res.json().response.rsvno as string;
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
    expect(row).toMatchObject({ status: 6, statusPayment: 0 });
    expect(await stockLeft(t.ctx.db, 'BKREQ1', day)).toBe(3);
    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, rsvno));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'request_received', to: 'taro@example.com', status: 'pending' });
    expect(mails[0]?.subject).toContain('リクエストを受け付けました');
    expect(mails[0]?.body).toContain(rsvno);
    expect(mails[0]?.body).toContain('リクエスト体験');
    expect(mails[0]?.body).toContain('http://localhost:3000/login');
  });

  it('takes names as passports write them, and full-width letters as half-width', async () => {
    for (const [sei, mei, stored] of [
      ["O'BRIEN", 'MARY ANNE', "O'BRIEN MARY ANNE"],
      ['ST. JOHN', 'Jean-Luc', 'ST. JOHN Jean-Luc'],
      ['ＹＡＭＡＤＡ', 'ｔａｒｏ', 'YAMADA taro'],
    ]) {
      const payload = bookingPayload('BK0001', day, {}, { sei, mei });
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, res.json().response.rsvno));
      expect(`${row?.sei} ${row?.mei}`).toBe(stored);
    }
  });

  it('stores passport and vegetarian choice when the option lists them, with its own cancel policy', async () => {
    const payload = bookingPayload('BKPASS', day, { adults: 1 });
    payload.memberList = [
      member(1, '1', birthdayForAge(day, 40), {
        // Typed on a Japanese keyboard: full-width, lower case, with a space; stored as printed.
        extended_fields: {
          extended_participant_fields: { passport_number: 'ｔｋ１２３ ４５６７', vegetarian_meals: true },
        },
      }),
    ];
    const res = await post(payload);
    expect(res.statusCode).toBe(200);
    const rsvno = res.json().response.rsvno as string;
    const [m] = await t.ctx.db.select().from(bookingMembers).where(eq(bookingMembers.rsvno, rsvno));
    expect(m?.extended).toEqual({ passport_number: 'TK1234567', vegetarian_meals: true });
    const [b] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
    expect(b?.cancelPolicy).toEqual([{ daysBefore: 3, percent: 100 }]);
  });

  it('stores rental sizes valid for the rental code and the age class', async () => {
    const payload = bookingPayload('BKSKI1', day, { adults: 1 });
    payload.memberList = [member(1, '1', birthdayForAge(day, 30)), member(2, '4', birthdayForAge(day, 14))];
    payload.amountjp = String(ADULT_PRICE + 6000);
    payload.rentskiList = [
      { seq: '1', model: '1', boots_size: '26.5', wear_size: 'L', accessory: '' },
      { seq: '2', model: '2', boots_size: '24', wear_size: 'S', accessory: '' },
    ];
    const res = await post(payload);
    expect(res.statusCode).toBe(200);
    const rsvno = res.json().response.rsvno as string;
    const rentals = await t.ctx.db.select().from(bookingRentals).where(eq(bookingRentals.rsvno, rsvno));
    expect(rentals.sort((a, b) => a.seq - b.seq)).toMatchObject([
      { seq: 1, model: '1', bootsSize: '26.5', wearSize: 'L' },
      { seq: 2, model: '2', bootsSize: '24.0', wearSize: 'S' },
    ]);
  });

  describe('refuses, in Japanese, with 4xx and nothing written', () => {
    const cases: [string, () => unknown, number, string | RegExp][] = [
      [
        'a tampered amount',
        () => ({ ...bookingPayload('BK0001', day, { adults: 1 }), amountjp: String(ADULT_PRICE - 1) }),
        409,
        Msg.amountMismatch,
      ],
      [
        'a 5-year-old booked as an adult',
        () => ({ ...bookingPayload('BK0001', day), memberList: [member(1, '1', birthdayForAge(day, 5))] }),
        422,
        '大人の年齢は12歳以上になるよう入力してください',
      ],
      [
        'a child who is too old for the child class',
        () => ({
          ...bookingPayload('BK0001', day, { adults: 1, children: 1 }),
          memberList: [member(1, '1', birthdayForAge(day, 30)), member(2, '2', birthdayForAge(day, 12))],
        }),
        422,
        '小人の年齢は6歳以上11歳以下になるよう入力してください',
      ],
      ['too many people', () => bookingPayload('BK0010', day, { adults: 3 }), 422, partySizeOutOfRange(1, 2)],
      ['a date in the past', () => bookingPayload('BK0001', addDays(today, -1)), 422, Msg.useDateUnavailable],
      ['a date outside the use period', () => bookingPayload('BK0001', '21000101'), 422, Msg.useDateUnavailable],
      ['a day without prices', () => bookingPayload('BK0001', addDays(today, 20)), 422, Msg.nothingPrice],
      ['an unknown option', () => bookingPayload('NOPE99', day), 404, Msg.optionNotFound],
      ['a coupon-only option', () => bookingPayload('BKCPN1', day), 422, Msg.optionNotBookable],
      [
        'an age class the option does not offer',
        () => ({
          ...bookingPayload('BK0001', day),
          memberList: [member(1, '4', birthdayForAge(day, 14))],
        }),
        422,
        Msg.ageClassNotOffered,
      ],
      [
        'extended fields the option does not list',
        () => ({
          ...bookingPayload('BK0001', day),
          memberList: [
            member(1, '1', birthdayForAge(day, 30), {
              extended_fields: { extended_participant_fields: { passport_number: 'X1234567' } },
            }),
          ],
        }),
        422,
        Msg.extendedFieldNotAllowed,
      ],
      ['a missing passport number', () => bookingPayload('BKPASS', day), 422, Msg.passportRequired],
      [
        'a future birthday',
        () => ({ ...bookingPayload('BK0001', day), memberList: [member(1, '1', addDays(today, 1))] }),
        422,
        Msg.invalidDate,
      ],
      ['an invalid e-mail', () => ({ ...bookingPayload('BK0001', day), mail: 'taro@@example' }), 422, Msg.invalidEmail],
      ['a phone without digits', () => ({ ...bookingPayload('BK0001', day), tel: 'でんわ' }), 422, Msg.invalidPhone],
      ['a name that is too long', () => ({ ...bookingPayload('BK0001', day), sei: 'A'.repeat(31) }), 422, JAPANESE],
      // The form asks ローマ字（半角英字）, as in the passport: kanji, kana and emoji are refused, saying what is allowed.
      [
        'a name in kanji',
        () => ({ ...bookingPayload('BK0001', day), sei: '山田' }),
        422,
        `${Msg.leader}：${Msg.nameRoman}`,
      ],
      ['a name with an emoji', () => ({ ...bookingPayload('BK0001', day), mei: 'TARO😀' }), 422, Msg.nameRoman],
      [
        'a participant named in kana',
        () => ({
          ...bookingPayload('BK0001', day),
          memberList: [member(1, '1', birthdayForAge(day, 30), { mei: 'はなこ' })],
        }),
        422,
        Msg.nameRoman,
      ],
      ['a full name with digits', () => ({ ...bookingPayload('BK0001', day), mei: 'TARO 2' }), 422, Msg.nameRoman],
      [
        'members numbered out of order',
        () => ({ ...bookingPayload('BK0001', day), memberList: [member(2, '1', birthdayForAge(day, 30))] }),
        422,
        Msg.memberListInvalid,
      ],
      [
        'an unknown nationality',
        () => ({
          ...bookingPayload('BK0001', day),
          memberList: [member(1, '1', birthdayForAge(day, 30), { nationality_id: '999' })],
        }),
        422,
        Msg.nationalityInvalid,
      ],
      [
        'rental sizes for an option without rental',
        () => ({
          ...bookingPayload('BK0001', day),
          rentskiList: [{ seq: '1', model: '', boots_size: '25.0', wear_size: '', accessory: '' }],
        }),
        422,
        Msg.rentalNotAllowed,
      ],
      [
        'a boots size that does not exist',
        () => ({
          ...bookingPayload('BKSKI1', day),
          memberList: [member(1, '1', birthdayForAge(day, 30))],
          rentskiList: [{ seq: '1', model: '1', boots_size: '35.0', wear_size: '', accessory: '' }],
        }),
        422,
        Msg.rentalInvalid,
      ],
      [
        "a child's wear size for an adult",
        () => ({
          ...bookingPayload('BKSKI1', day),
          memberList: [member(1, '1', birthdayForAge(day, 30))],
          rentskiList: [{ seq: '1', model: '', boots_size: '', wear_size: '120cm', accessory: '' }],
        }),
        422,
        Msg.rentalInvalid,
      ],
      ['a payload without members', () => ({ ...bookingPayload('BK0001', day), memberList: [] }), 422, JAPANESE],
      ['a malformed payload', () => ({ opcd: 12, memberList: 'x' }), 422, JAPANESE],
      [
        'a date that is not YYYYMMDD',
        () => ({ ...bookingPayload('BK0001', day), usedate: '2026-12-01' }),
        422,
        JAPANESE,
      ],
    ];

    it.each(cases)('%s', async (_name, payload, status, message) => {
      const before = await bookingCount();
      const stockBefore = await stockLeft(t.ctx.db, 'BK0001', day);
      const res = await post(payload());
      expect(res.statusCode).toBe(status);
      const body = res.json();
      expect(body.errcd).not.toBe(ErrCd.success);
      expect(body.response).toBeNull();
      if (typeof message === 'string') expect(body.errMsg).toContain(message);
      else expect(body.errMsg).toMatch(message);
      expect(await bookingCount()).toBe(before);
      expect(await stockLeft(t.ctx.db, 'BK0001', day)).toBe(stockBefore);
    });

    it('a body that is not JSON', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/booking',
        headers: { 'content-type': 'application/json' },
        payload: '{"opcd":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errMsg).toMatch(JAPANESE);
    });
  });

  it('answers 104 when the day has too few seats left', async () => {
    await insertTestOption(t.ctx.db, 'BKFEW1');
    await insertTestStock(t.ctx.db, 'BKFEW1', day, { zaikozan: 1 });
    const res = await post(bookingPayload('BKFEW1', day, { adults: 2 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errcd: ErrCd.noStock, errMsg: Msg.noStock });
    expect(await stockLeft(t.ctx.db, 'BKFEW1', day)).toBe(1);
  });

  it('limits bookings per client address with HTTP 429', async () => {
    const ip = '192.0.2.77';
    const bad = { ...bookingPayload('BK0001', day), amountjp: '1' };
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await post(bad, ip)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 409)).toBe(true);
    const limited = await post(bookingPayload('BK0001', day), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errMsg).toBe(Msg.bookingRateLimited);
    // Counted in this instance's memory (no REDIS_URL here): no committed write before every booking.
    const [written] = await t.ctx.db
      .select({ n: count() })
      .from(rateLimits)
      .where(eq(rateLimits.key, `booking:ip:${ip}`));
    expect(written?.n).toBe(0);
  });

  it('writes a booking, its line, members and created event in one statement; a number drawn twice fails it whole', async () => {
    const first = await post(bookingPayload('BK0001', day));
    expect(first.statusCode).toBe(200);
    const rsvno: string = first.json().response.rsvno;
    const [existing] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
    const [line] = await t.ctx.db.select().from(bookingOptions).where(eq(bookingOptions.rsvno, rsvno));
    const events = async () =>
      (await t.ctx.db.select({ n: count() }).from(bookingEvents).where(eq(bookingEvents.rsvno, rsvno)))[0]?.n;
    expect(await events()).toBe(1);
    const { id: _id, ...lineValues } = line!;
    const again = t.ctx.db.transaction((tx) =>
      insertNewBooking(tx, {
        booking: existing!,
        line: lineValues,
        members: [],
        rentals: [],
        event: eventRow(new Date(), rsvno, customerActor, 'created'),
      }),
    );
    const error = await again.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isBookingNumberTaken(error)).toBe(true);
    expect(isBookingNumberTaken(new Error('other'))).toBe(false);
    // With its travellers, whichever table meets the number first refuses it: any of them means "drawn twice".
    const withMembers = await t.ctx.db
      .transaction(async (tx) =>
        insertNewBooking(tx, {
          booking: existing!,
          line: lineValues,
          members: await tx.select().from(bookingMembers).where(eq(bookingMembers.rsvno, rsvno)),
          rentals: [],
          event: eventRow(new Date(), rsvno, customerActor, 'created'),
        }),
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isBookingNumberTaken(withMembers)).toBe(true);
    const refusedBy = (constraint: string) => Object.assign(new Error('duplicate key'), { code: '23505', constraint });
    expect(isBookingNumberTaken(new Error('failed query', { cause: refusedBy('booking_members_rsvno_seq_pk') }))).toBe(
      true,
    );
    expect(isBookingNumberTaken(refusedBy('unpaid_holds_holder_opcd_usedate_rsvno_pk'))).toBe(true);
    expect(isBookingNumberTaken(refusedBy('payments_checkout_session_uq'))).toBe(false);
    expect(await events()).toBe(1);
    const [lines] = await t.ctx.db.select({ n: count() }).from(bookingOptions).where(eq(bookingOptions.rsvno, rsvno));
    expect(lines?.n).toBe(1);
  });

  it('never oversells: 200 concurrent bookings for 10 seats give exactly 10', async () => {
    await insertTestOption(t.ctx.db, 'BKRUSH');
    await insertTestStock(t.ctx.db, 'BKRUSH', day, { zaikozan: 10 });
    const results = await Promise.all(Array.from({ length: 200 }, () => post(bookingPayload('BKRUSH', day))));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.statusCode === 409 && r.json().errcd === ErrCd.noStock)).toBe(true);
    expect(new Set(ok.map((r) => r.json().response.rsvno)).size).toBe(10);
    expect(await stockLeft(t.ctx.db, 'BKRUSH', day)).toBe(0);
    const [row] = await t.ctx.db.select({ n: count() }).from(bookingOptions).where(eq(bookingOptions.opcd, 'BKRUSH'));
    expect(row?.n).toBe(10);
  });
});
