import { bookingResponse, cancelPriceResponse } from '@tabi/contract/booking';
import { statusLabel } from '@tabi/contract/booking-rules';
import { ErrCd } from '@tabi/contract/constants';
import { addDays, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { Msg, rentalFieldInvalid } from '@tabi/contract/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRentals, bookings, departures, outbox, payments, sandboxCheckouts } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { storedColumns } from '../booking/lifecycle.ts';
import { reconcile } from '../payment/reconciler.ts';
import { createSandboxProvider } from '../payment/sandbox.ts';
import {
  FIXTURE_OPTIONS,
  insertBooking,
  insertCatalog,
  insertStock,
  loginAs,
  post,
  recordingPaymentProvider,
} from './test-fixtures.ts';

const payment = recordingPaymentProvider();
let t: TestApp;
let today: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ context: { payment } });
  today = tokyoYmd(t.clock.now());
  await insertCatalog(t.ctx.db, (pin) => `plain:${pin}`);
});
afterAll(async () => {
  await t.close();
});

/** SPEC §3's booking fields (servertime and payment_deadline_date included), which my page's answer keeps. */
const SPEC_BOOKING_FIELDS = [
  'rsvno',
  'status',
  'status_payment',
  'flg_request_rsv',
  'rsvdate',
  'servertime',
  'payment_deadline_date',
  'fromdate',
  'todate',
  'sei',
  'mei',
  'mail',
  'amountjp',
  'meetpoint',
  'memberList',
  'optionList',
  'rentskiList',
];
/**
 * What my page's answer adds beside them (nothing taken away): whether its date and time may be changed (ADR 0197),
 * and the booking's state and what its customer may do, which the page decides on (ADR 0193).
 */
const ADDED_FIELDS = ['changeable', 'state', 'payable', 'card_payable', 'cancellable', 'withdrawable'];

let counter = 0;
/** A fresh booking (2 adults ¥10,000 + 1 child ¥5,000 = ¥25,000 unless told otherwise) and a session for it. */
async function booking(
  spec: Partial<Parameters<typeof insertBooking>[1]> & { daysAhead?: number } = {},
): Promise<{ rsvno: string; session: string }> {
  counter += 1;
  const rsvno = `MP${String(counter).padStart(6, '0')}`;
  const fromdate = addDays(today, spec.daysAhead ?? 10);
  await insertBooking(t.ctx.db, { rsvno, fromdate, options: [{ opcd: FIXTURE_OPTIONS.tour }], ...spec }, t.clock.now());
  return { rsvno, session: await loginAs(t, rsvno) };
}

describe('POST /api/booking/{rsvno}', () => {
  it('answers the booking in the contract shape', async () => {
    const { rsvno, session } = await booking({
      options: [{ opcd: FIXTURE_OPTIONS.tour, ticketUrl: 'https://t.example/x' }],
    });
    const res = await post(t, `/api/booking/${rsvno}`, { session, rsvno });
    expect(res.status).toBe(200);
    const parsed = bookingResponse.parse(res.body);
    const b = parsed.response!;
    expect(parsed.errcd).toBe('000');
    expect(b).toMatchObject({
      rsvno,
      status: 1,
      status_payment: 1,
      flg_request_rsv: 0,
      fromdate: addDays(today, 10),
      todate: addDays(today, 10),
      sei: '山田',
      mei: '太郎',
      amountjp: 25_000,
      meetpoint: '東京駅丸の内北口',
      payment_deadline_date: null,
    });
    expect(b.servertime).toBe('2026-11-21T12:00:00+09:00');
    expect(b.rsvdate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    expect(statusLabel(b, b.servertime)).toBe(Msg.statusPaid);
    expect(b.memberList).toHaveLength(3);
    expect(b.memberList[0]).toEqual({
      seq: '1',
      sei: '山田',
      mei: '参加者1',
      birthday: '19800101',
      sex: '1',
      ageclass: '1',
      nationality_id: 1,
      nationality_nm: '日本',
      extended_datas: { extended_participant_fields: { passport_number: 'TK1234567', vegetarian_meals: true } },
    });
    expect(b.memberList[1]).toMatchObject({
      nationality_nm: 'アメリカ',
      extended_datas: { extended_participant_fields: { vegetarian_meals: false } },
    });
    expect(b.memberList[2]).toMatchObject({ ageclass: '2', nationality_id: 0, nationality_nm: '' });
    expect(b.optionList).toEqual([
      expect.objectContaining({
        pkcd: 'X',
        opcd: FIXTURE_OPTIONS.tour,
        webname: '東京日帰りバスツアー',
        usedate: addDays(today, 10),
        adultbaika: 10_000,
        childbaika: 5000,
        paxadultqty: 2,
        paxchildqty: 1,
        paxmiddleqty: 0,
        meetpoint: '東京駅丸の内北口',
        serviceno: 'S-100',
        departure_point: '東京駅',
        departure_time: '08:00',
        arrival_point: '新宿',
        arrival_time: '18:00',
        ticket_url: 'https://t.example/x',
        ex_cd: 0,
        companyname: 'テスト観光',
        lat: 35.68,
        lon: 139.76,
        cancel_note: '<p>キャンセル規定</p>',
      }),
    ]);
    expect(b.rentskiList).toEqual([]);
    // A booking not canceled answers SPEC §3's fields, no cancellation fee or refund.
    // A paid booking's ticket for the door too (ADR 0212).
    expect(Object.keys(res.body.response as object).sort()).toEqual(
      [...SPEC_BOOKING_FIELDS, ...ADDED_FIELDS, 'ticket'].sort(),
    );
  });

  it('answers payment deadline and rental entries in their formats', async () => {
    const { rsvno, session } = await booking({
      state: 'offered',
      paymentDeadline: new Date('2026-11-23T15:30:00Z'),
      options: [{ opcd: FIXTURE_OPTIONS.rentalWear, adultqty: 1, childqty: 0 }],
      members: [{ seq: 1, ageclass: '1', birthday: '19900505' }],
      rentals: [{ seq: 1, wearSize: 'L' }],
    });
    const b = bookingResponse.parse((await post(t, `/api/booking/${rsvno}`, { session })).body).response!;
    expect(b.payment_deadline_date).toBe('2026-11-24T00:30:00+09:00');
    expect(b.rentskiList).toEqual([{ seq: '1', model: '', boots_size: '', wear_size: 'L', accessory: '' }]);
    expect(statusLabel(b, b.servertime)).toBe(Msg.statusTmp);
  });

  it('refuses a session of another booking, also when only the body names it', async () => {
    const mine = await booking();
    const other = await booking();
    const res = await post(t, `/api/booking/${other.rsvno}`, { session: mine.session });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errcd: ErrCd.generic, errMsg: Msg.forbidden, response: null });
    const mixed = await post(t, `/api/booking/${mine.rsvno}`, { session: mine.session, rsvno: other.rsvno });
    expect(mixed.status).toBe(403);
  });

  it('answers 001 for an unknown session and after 60 idle minutes', async () => {
    const { rsvno, session } = await booking();
    const unknown = await post(t, `/api/booking/${rsvno}`, { session: 'nope' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ errcd: ErrCd.sessionTimeout, errMsg: Msg.sessionTimeout, response: null });
    t.clock.advance(61 * 60_000);
    try {
      const idle = await post(t, `/api/booking/${rsvno}`, { session });
      expect(idle.status).toBe(401);
      expect(idle.body.errcd).toBe(ErrCd.sessionTimeout);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('refuses malformed requests with a Japanese 4xx', async () => {
    const { rsvno, session } = await booking();
    for (const payload of [{}, { session: 1 }, { session: '' }, { session, rsvno: 'X'.repeat(30) }]) {
      const res = await post(t, `/api/booking/${rsvno}`, payload);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.errcd).toBe('999');
    }
    const raw = await t.request({
      method: 'POST',
      url: `/api/booking/${rsvno}`,
      payload: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().errMsg).toBe(Msg.badRequest);
  });
});

describe('POST /api/booking/cancelprice', () => {
  it.each([
    [30, 0],
    [21, 0],
    [20, 5000],
    [8, 5000],
    [7, 7500],
    [2, 7500],
    [1, 10_000],
  ])('%i days before the use date: fee %i yen', async (daysAhead, fee) => {
    const { rsvno, session } = await booking({ daysAhead });
    const res = await post(t, '/api/booking/cancelprice', { session, rsvno });
    expect(res.status).toBe(200);
    expect(cancelPriceResponse.parse(res.body).response).toEqual({ cancelfee: fee, refund: 25_000 - fee });
  });

  it('floors the fee and refunds only what was paid (no fee and nothing back when unpaid)', async () => {
    const odd = await booking({ daysAhead: 5, amountjp: 12_345 });
    expect((await post(t, '/api/booking/cancelprice', odd)).body.response).toEqual({ cancelfee: 3703, refund: 8642 });
    const unpaid = await booking({ state: 'held', rsvdate: new Date(t.clock.now().getTime() - 10 * 60_000) });
    expect((await post(t, '/api/booking/cancelprice', unpaid)).body.response).toEqual({ cancelfee: 0, refund: 0 });
  });

  it('refuses another booking and bookings that cannot be canceled', async () => {
    const mine = await booking();
    const other = await booking();
    expect((await post(t, '/api/booking/cancelprice', { session: mine.session, rsvno: other.rsvno })).status).toBe(403);
    const today0 = await booking({ daysAhead: 0 });
    const res = await post(t, '/api/booking/cancelprice', today0);
    expect(res.status).toBe(409);
    expect(res.body.errMsg).toBe(Msg.cancelTooLate);
  });
});

async function stockOf(opcd: string, day: string): Promise<number | undefined> {
  const [row] = await t.ctx.db
    .select({ zaikozan: departures.zaikozan })
    .from(departures)
    .where(and(eq(departures.opcd, opcd), eq(departures.usedate, ymdToIsoDate(day))));
  return row?.zaikozan;
}

async function bookingRow(rsvno: string) {
  const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  return row!;
}

async function mailsFor(rsvno: string) {
  return t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, rsvno));
}

describe('POST /api/booking/cancel', () => {
  it('cancels once when two cancellations arrive together: one refund, one mail, seats back', async () => {
    const day = addDays(today, 12);
    await insertStock(t.ctx.db, FIXTURE_OPTIONS.tour, day, 5);
    const { rsvno, session } = await booking({ daysAhead: 12 });
    const before = payment.refunds.length;
    const [a, b] = await Promise.all([
      post(t, '/api/booking/cancel', { session, rsvno, refund: '20000' }),
      post(t, '/api/booking/cancel', { session, rsvno, refund: '20000' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(winner.body.errcd).toBe('000');
    expect(loser.body.errcd).toBe(ErrCd.generic);
    expect([Msg.alreadyCanceled, Msg.cancelInProgress]).toContain(loser.body.errMsg);

    expect(payment.refunds.slice(before)).toMatchObject([{ chargeId: `ch_${rsvno}`, amount: 20_000 }]);
    expect(await stockOf(FIXTURE_OPTIONS.tour, day)).toBe(8);
    const mails = await mailsFor(rsvno);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'cancellation', to: 'taro@example.com' });
    expect(mails[0]!.body).toContain('5,000');
    const row = await bookingRow(rsvno);
    expect(row).toMatchObject({ status: 4, cancelFee: 5000, refundAmount: 20_000 });
    expect(row.canceledAt?.toISOString()).toBe(t.clock.now().toISOString());
    const [paid] = await t.ctx.db.select().from(payments).where(eq(payments.rsvno, rsvno));
    expect(paid).toMatchObject({ refundedAmount: 20_000 });

    // Afterwards the booking reads キャンセル済み, with what the cancellation charged and gave back,
    // every field of SPEC §3 still there, and cannot be canceled again.
    const answer = (await post(t, `/api/booking/${rsvno}`, { session })).body;
    const fetched = bookingResponse.parse(answer).response!;
    expect(statusLabel(fetched, fetched.servertime)).toBe(Msg.statusCanceled);
    expect(fetched).toMatchObject({ amountjp: 25_000, cancelfee: 5000, refund: 20_000 });
    expect(Object.keys(answer.response as object).sort()).toEqual(
      [...SPEC_BOOKING_FIELDS, ...ADDED_FIELDS, 'cancelfee', 'refund'].sort(),
    );
    const again = await post(t, '/api/booking/cancel', { session, rsvno, refund: '20000' });
    expect(again.status).toBe(409);
    expect(payment.refunds.length).toBe(before + 1);
  });

  it('refunds everything when no fee applies and nothing when unpaid', async () => {
    const free = await booking({ daysAhead: 40 });
    const before = payment.refunds.length;
    expect((await post(t, '/api/booking/cancel', { ...free, refund: '25000' })).body.errcd).toBe('000');
    expect(payment.refunds.slice(before)).toMatchObject([{ chargeId: `ch_${free.rsvno}`, amount: 25_000 }]);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.rsvno, free.rsvno));
    expect(p).toMatchObject({ refundedAmount: 25_000, status: 'refunded' });

    const unpaid = await booking({ state: 'held', rsvdate: new Date(t.clock.now().getTime() - 10 * 60_000) });
    expect((await post(t, '/api/booking/cancel', { ...unpaid, refund: '0' })).body.errcd).toBe('000');
    expect(payment.refunds.length).toBe(before + 1);
    expect(await bookingRow(unpaid.rsvno)).toMatchObject({ status: 4, cancelFee: 0, refundAmount: 0 });
    const shown = bookingResponse.parse((await post(t, `/api/booking/${unpaid.rsvno}`, unpaid)).body).response;
    expect(shown).toMatchObject({ cancelfee: 0, refund: 0 });
  });

  it('refuses when the refund the customer saw differs from today’s', async () => {
    const { rsvno, session } = await booking({ daysAhead: 10 });
    const res = await post(t, '/api/booking/cancel', { session, rsvno, refund: '25000' });
    expect(res.status).toBe(409);
    expect(res.body.errMsg).toBe(Msg.cancelPriceChanged);
    expect((await bookingRow(rsvno)).status).toBe(1);
    expect(await mailsFor(rsvno)).toHaveLength(0);
  });

  it.each([
    ['a past booking', { daysAhead: -1 }, Msg.cancelTooLate],
    ['a booking starting today', { daysAhead: 0 }, Msg.cancelTooLate],
    ['an already canceled booking', { state: 'canceled' }, Msg.alreadyCanceled],
    [
      'an unpaid booking past its hour',
      { state: 'held', rsvdate: new Date('2026-11-21T00:00:00Z') },
      Msg.alreadyCanceled,
    ],
    ['a request booking', { state: 'requested' }, Msg.cancelNotAllowed],
    ['a tmp booking awaiting payment', { state: 'offered' }, Msg.cancelNotAllowed],
  ] as const)('refuses %s', async (_label, spec, message) => {
    const { rsvno, session } = await booking(spec);
    const res = await post(t, '/api/booking/cancel', { session, rsvno, refund: '0' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errcd: ErrCd.generic, errMsg: message, response: null });
    expect(await mailsFor(rsvno)).toHaveLength(0);
  });

  it('changes nothing when the provider refuses the refund, and can be retried', async () => {
    const day = addDays(today, 30);
    await insertStock(t.ctx.db, FIXTURE_OPTIONS.tour, day, 2);
    const { rsvno, session } = await booking({ daysAhead: 30 });
    payment.failRefunds = 'refuse';
    try {
      const res = await post(t, '/api/booking/cancel', { session, rsvno, refund: '25000' });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ errcd: ErrCd.generic, errMsg: Msg.refundFailed, response: null });
    } finally {
      payment.failRefunds = false;
    }
    expect(await bookingRow(rsvno)).toMatchObject({ status: 1, canceledAt: null, cancelFee: null, refundAmount: null });
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.rsvno, rsvno));
    expect(p).toMatchObject({ refundedAmount: 0, status: 'paid' });
    expect(await stockOf(FIXTURE_OPTIONS.tour, day)).toBe(2);
    expect(await mailsFor(rsvno)).toHaveLength(0);

    expect((await post(t, '/api/booking/cancel', { session, rsvno, refund: '25000' })).body.errcd).toBe('000');
    expect(await bookingRow(rsvno)).toMatchObject({ status: 4, refundAmount: 25_000 });
    expect(await stockOf(FIXTURE_OPTIONS.tour, day)).toBe(5);
  });

  it('keeps the cancellation when the provider cannot be reached, and the reconciler finishes it', async () => {
    const day = addDays(today, 31);
    await insertStock(t.ctx.db, FIXTURE_OPTIONS.tour, day, 2);
    const { rsvno, session } = await booking({ daysAhead: 31 });
    payment.failRefunds = 'unreachable';
    try {
      const res = await post(t, '/api/booking/cancel', { session, rsvno, refund: '25000' });
      expect(res.status).toBe(502);
      expect(res.body.errMsg).toBe(Msg.refundPending);
      // At once, a retry is told that the cancellation is under way.
      const retry = await post(t, '/api/booking/cancel', { session, rsvno, refund: '25000' });
      expect(retry.body.errMsg).toBe(Msg.cancelInProgress);
    } finally {
      payment.failRefunds = false;
    }
    expect(await bookingRow(rsvno)).toMatchObject({ status: 1, refundAmount: 25_000 });
    expect(await mailsFor(rsvno)).toHaveLength(0);
    t.clock.advance(2 * 60_000);
    const report = await reconcile(t.ctx).finally(() => t.clock.advance(-2 * 60_000));
    expect(report).toMatchObject({ refundsSent: 1, cancellationsFinished: 1 });
    expect(await bookingRow(rsvno)).toMatchObject({ status: 4, refundAmount: 25_000 });
    expect(await stockOf(FIXTURE_OPTIONS.tour, day)).toBe(5);
    expect(await mailsFor(rsvno)).toHaveLength(1);
    expect(payment.refunds.filter((r) => r.chargeId === `ch_${rsvno}`)).toHaveLength(1);
    expect(await reconcile(t.ctx)).toMatchObject({ refundsSent: 0, cancellationsFinished: 0 });
  });

  it('answers a cancellation already under way without a second refund', async () => {
    const { rsvno, session } = await booking({ daysAhead: 30 });
    await t.ctx.db
      .update(bookings)
      .set({ ...storedColumns('cancelling', true), canceledAt: t.clock.now() })
      .where(eq(bookings.rsvno, rsvno));
    const before = payment.refunds.length;
    const res = await post(t, '/api/booking/cancel', { session, rsvno, refund: '25000' });
    expect(res.status).toBe(409);
    expect(res.body.errMsg).toBe(Msg.cancelInProgress);
    expect(payment.refunds.length).toBe(before);
  });

  it('refunds through the built-in sandbox provider too (no lock held while the provider works)', async () => {
    const { rsvno, session } = await booking({ daysAhead: 30 });
    await t.ctx.db.insert(sandboxCheckouts).values({
      id: `cs_${rsvno}`,
      rsvno,
      name: 'テスト',
      amount: 25_000,
      customerEmail: 'taro@example.com',
      successUrl: 'http://localhost:3000/mypage?checkout-processing=0',
      cancelUrl: 'http://localhost:3000/mypage?checkout-processing=1',
      expiresAt: t.clock.now(),
      status: 'complete',
      chargeId: `ch_${rsvno}`,
    });
    const recording = t.ctx.payment;
    t.ctx.payment = createSandboxProvider(t.ctx);
    try {
      const res = await post(t, '/api/booking/cancel', { session, rsvno, refund: '25000' });
      expect(res.body.errcd).toBe('000');
    } finally {
      t.ctx.payment = recording;
    }
    const [charge] = await t.ctx.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, `cs_${rsvno}`));
    expect(charge?.refundedAmount).toBe(25_000);
  });

  it('refuses another booking and malformed input', async () => {
    const mine = await booking();
    const other = await booking();
    const res = await post(t, '/api/booking/cancel', { session: mine.session, rsvno: other.rsvno, refund: '20000' });
    expect(res.status).toBe(403);
    expect((await bookingRow(other.rsvno)).status).toBe(1);
    for (const payload of [
      { session: mine.session, rsvno: mine.rsvno },
      { ...mine, refund: '-1' },
      { ...mine, refund: 'abc' },
    ]) {
      const bad = await post(t, '/api/booking/cancel', payload);
      expect(bad.status).toBe(422);
      expect(bad.body.errcd).toBe('999');
    }
  });
});

describe('POST /api/booking/edit', () => {
  const skiMembers = [
    { seq: 1, ageclass: '1', birthday: '19800101' },
    { seq: 2, ageclass: '4', birthday: '20100101' },
    { seq: 3, ageclass: '2', birthday: '20170101' },
  ];

  function skiBooking() {
    return booking({
      daysAhead: -2,
      options: [{ opcd: FIXTURE_OPTIONS.rentalSki, adultqty: 1, middleqty: 1, childqty: 1 }],
      members: skiMembers,
      rentals: [
        { seq: 1, model: '1', bootsSize: '26.0', wearSize: 'L' },
        { seq: 2, model: '2', bootsSize: '24.0', wearSize: 'M' },
        { seq: 3, model: '1', bootsSize: '20.0', wearSize: '120cm' },
      ],
    });
  }

  it('replaces the sizes and answers them in the booking', async () => {
    const { rsvno, session } = await skiBooking();
    const rentskiList = [
      { seq: '1', model: '2', boots_size: '27.5', wear_size: 'XL', accessory: '' },
      { seq: 2, model: '1', boots_size: '25', wear_size: 'S' },
      { seq: '3', model: '', boots_size: '21.0', wear_size: '130cm', accessory: '' },
    ];
    const res = await post(t, '/api/booking/edit', { session, rsvno, rentskiList, memberList: [], sei: 'ignored' });
    expect(res.status).toBe(200);
    expect(res.body.errcd).toBe('000');
    const b = bookingResponse.parse((await post(t, `/api/booking/${rsvno}`, { session })).body).response!;
    expect(b.rentskiList).toEqual([
      { seq: '1', model: '2', boots_size: '27.5', wear_size: 'XL', accessory: '' },
      { seq: '2', model: '1', boots_size: '25.0', wear_size: 'S', accessory: '' },
      { seq: '3', model: '', boots_size: '21.0', wear_size: '130cm', accessory: '' },
    ]);
  });

  it.each([
    [
      'a shoe size off the list',
      { seq: '1', model: '1', boots_size: '17.5', wear_size: 'L' },
      rentalFieldInvalid('1', 'ブーツ'),
    ],
    [
      'a quarter size',
      { seq: '1', model: '1', boots_size: '25.25', wear_size: 'L' },
      rentalFieldInvalid('1', 'ブーツ'),
    ],
    [
      'a missing shoe size',
      { seq: '1', model: '1', boots_size: '', wear_size: 'L' },
      rentalFieldInvalid('1', 'ブーツ'),
    ],
    [
      'a child size for an adult',
      { seq: '1', model: '1', boots_size: '26.0', wear_size: '120cm' },
      rentalFieldInvalid('1', 'ウェア'),
    ],
    ['an unknown participant', { seq: '9', model: '1', boots_size: '26.0', wear_size: 'L' }, Msg.rentalMembersMismatch],
  ])('refuses %s', async (_label, first, message) => {
    const { rsvno, session } = await skiBooking();
    const rentskiList = [
      first,
      { seq: '2', model: '1', boots_size: '25.0', wear_size: 'S' },
      { seq: '3', model: '1', boots_size: '21.0', wear_size: '130cm' },
    ];
    const res = await post(t, '/api/booking/edit', { session, rsvno, rentskiList });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errcd: ErrCd.generic, errMsg: message, response: null });
    const rows = await t.ctx.db.select().from(bookingRentals).where(eq(bookingRentals.rsvno, rsvno));
    expect(rows.find((r) => r.seq === 1)).toMatchObject({ bootsSize: '26.0', wearSize: 'L' });
  });

  it('refuses a child wearing an adult size, a missing participant and a duplicate', async () => {
    const { rsvno, session } = await skiBooking();
    const a = { seq: '1', model: '1', boots_size: '26.0', wear_size: 'L' };
    const m = { seq: '2', model: '1', boots_size: '25.0', wear_size: 'S' };
    const c = { seq: '3', model: '1', boots_size: '21.0', wear_size: '130cm' };
    const cases: [unknown[], string][] = [
      [[a, m, { ...c, wear_size: 'M' }], rentalFieldInvalid('3', 'ウェア')],
      [[a, m], Msg.rentalMembersMismatch],
      [[a, m, c, a], Msg.rentalMembersMismatch],
    ];
    for (const [rentskiList, message] of cases) {
      const res = await post(t, '/api/booking/edit', { session, rsvno, rentskiList });
      expect(res.body.errMsg).toBe(message);
    }
    for (const bad of [
      { ...a, model: '3' },
      { ...a, accessory: 'helmet' },
    ]) {
      const res = await post(t, '/api/booking/edit', { session, rsvno, rentskiList: [bad, m, c] });
      expect(res.status).toBe(422);
      expect(res.body.errcd).toBe('999');
    }
  });

  it('keeps only the fields the rental code uses', async () => {
    const { rsvno, session } = await booking({
      options: [{ opcd: FIXTURE_OPTIONS.rentalWear, adultqty: 1, childqty: 0 }],
      members: [{ seq: 1, ageclass: '1', birthday: '19900505' }],
      rentals: [{ seq: 1, wearSize: 'L' }],
    });
    const res = await post(t, '/api/booking/edit', {
      session,
      rsvno,
      rentskiList: [{ seq: '1', model: '1', boots_size: 'whatever', wear_size: 'XS', accessory: '' }],
    });
    expect(res.body.errcd).toBe('000');
    const rows = await t.ctx.db
      .select({
        rsvno: bookingRentals.rsvno,
        seq: bookingRentals.seq,
        model: bookingRentals.model,
        bootsSize: bookingRentals.bootsSize,
        wearSize: bookingRentals.wearSize,
      })
      .from(bookingRentals)
      .where(eq(bookingRentals.rsvno, rsvno));
    expect(rows).toEqual([{ rsvno, seq: 1, model: '', bootsSize: '', wearSize: 'XS' }]);
  });

  it('refuses an option without rental with SPEC’s message', async () => {
    const { rsvno, session } = await booking();
    const res = await post(t, '/api/booking/edit', {
      session,
      rsvno,
      rentskiList: [{ seq: '1', model: '', boots_size: '', wear_size: '', accessory: '' }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errcd: ErrCd.generic,
      errMsg: Msg.noRental,
      response: null,
    });
  });

  it('refuses another booking and a canceled one', async () => {
    const mine = await skiBooking();
    const other = await skiBooking();
    const rentskiList = [{ seq: '1', model: '1', boots_size: '26.0', wear_size: 'L' }];
    expect(
      (await post(t, '/api/booking/edit', { session: mine.session, rsvno: other.rsvno, rentskiList })).status,
    ).toBe(403);
    await t.ctx.db.update(bookings).set(storedColumns('canceled')).where(eq(bookings.rsvno, mine.rsvno));
    const canceled = await post(t, '/api/booking/edit', { ...mine, rentskiList });
    expect(canceled.status).toBe(409);
    expect(canceled.body.errMsg).toBe(Msg.canceledNotEditable);
  });
});

describe('time', () => {
  it('uses the clock for servertime', async () => {
    const { rsvno, session } = await booking();
    t.clock.advance(HOUR / 2);
    try {
      const b = bookingResponse.parse((await post(t, `/api/booking/${rsvno}`, { session })).body).response!;
      expect(b.servertime).toBe('2026-11-21T12:30:00+09:00');
    } finally {
      t.clock.advance(-HOUR / 2);
    }
  });
});
