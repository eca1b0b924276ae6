import { ErrCd } from '@tabi/contract/constants';
import { couponDetailResponse, couponListResponse } from '@tabi/contract/coupon';
import { addDays, formatYmd, tokyoYmd } from '@tabi/contract/dates';
import { couponLocked, couponNotToday, Msg } from '@tabi/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActor } from '../../actor.ts';
import { type BookingState, couponUses } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { beginCancellation, cancelBooking } from '../booking/cancel.ts';
import { findBooking } from '../booking/repository.ts';
import {
  FIXTURE_OPTIONS,
  FIXTURE_PIN,
  type FixtureOption,
  insertBooking,
  insertCatalog,
  loginAs,
  post,
} from '../mypage/test-fixtures.ts';
import { hashPin } from './pin.ts';

const { couponA, couponB, couponOther } = FIXTURE_OPTIONS;
let t: TestApp;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  today = tokyoYmd(t.clock.now());
  await insertCatalog(t.ctx.db, hashPin);
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
/** A package booking of coupons for today (2 adults + 1 child each unless told otherwise) and its session. */
async function couponBooking(
  spec: { options?: FixtureOption[]; state?: BookingState; pkcd?: string } = {},
): Promise<{ rsvno: string; session: string; pkcd: string }> {
  counter += 1;
  const rsvno = `CP${String(counter).padStart(6, '0')}`;
  const pkcd = spec.pkcd ?? 'PKT001';
  await insertBooking(
    t.ctx.db,
    {
      rsvno,
      fromdate: today,
      pkcd,
      state: spec.state ?? 'paid',
      options: spec.options ?? [
        { opcd: couponA },
        { opcd: couponB },
        { opcd: couponOther, couponAdultUsed: 2, couponChildUsed: 1 },
      ],
    },
    t.clock.now(),
  );
  return { rsvno, pkcd, session: await loginAs(t, rsvno) };
}

function use(b: { session: string; pkcd: string }, fields: Record<string, unknown> = {}) {
  return post(t, '/api/coopon/use', {
    session: b.session,
    opcd: couponA,
    pkcd: b.pkcd,
    adultqty: '1',
    childqty: '0',
    usekey: FIXTURE_PIN,
    ...fields,
  });
}

async function remaining(b: { session: string; pkcd: string }, opcd: string = couponA) {
  const res = await post(t, `/api/coopon/${opcd}/${b.pkcd}`, { session: b.session });
  const coupon = couponDetailResponse.parse(res.body).response!;
  return { adult: coupon.adultqty, child: coupon.childqty };
}

async function auditOf(rsvno: string) {
  const rows = await t.ctx.db.select().from(couponUses).where(eq(couponUses.rsvno, rsvno));
  return rows.map((r) => r.outcome);
}

describe('POST /api/coopon', () => {
  it('lists the booking’s coupon options with booked and remaining counts', async () => {
    const b = await couponBooking();
    const res = await post(t, '/api/coopon', { session: b.session });
    expect(res.status).toBe(200);
    const list = couponListResponse.parse(res.body).response!.optionList;
    expect(list.map((c) => c.opcd)).toEqual([couponA, couponB, couponOther]);
    expect(list[0]).toEqual({
      opcd: couponA,
      pkcd: 'PKT001',
      webname: '温泉入浴クーポン',
      usedate: today,
      image: '/images/a.jpg',
      introduction: '<p>日帰り温泉</p>',
      contents: '<p>内容</p>',
      optionattention: '<p>タオル付き</p>',
      companyname: 'テスト観光',
      hours: '9:00〜17:00',
      tel: '03-0000-0000',
      address: '東京都千代田区丸の内1-1',
      companyattention: '受付でご提示ください',
      lat: 35.68,
      lon: 139.76,
      paxadultqty: 2,
      adultqty: 2,
      paxchildqty: 1,
      childqty: 1,
      facility_stopped: false,
    });
    expect(list[1]).toMatchObject({ image: '', adultqty: 2, childqty: 1 });
    expect(list[2]).toMatchObject({ paxadultqty: 2, adultqty: 0, paxchildqty: 1, childqty: 0 });
  });

  it('lists nothing for a booking without coupons', async () => {
    const b = await couponBooking({ options: [{ opcd: FIXTURE_OPTIONS.tour }], pkcd: 'X' });
    expect((await post(t, '/api/coopon', { session: b.session })).body.response).toEqual({ optionList: [] });
  });

  it('answers 001 without a valid session and after 60 idle minutes', async () => {
    const b = await couponBooking();
    const res = await post(t, '/api/coopon', { session: 'nope' });
    expect(res.status).toBe(401);
    expect(res.body.errcd).toBe(ErrCd.sessionTimeout);
    t.clock.advance(61 * 60_000);
    try {
      expect((await post(t, '/api/coopon', { session: b.session })).body.errcd).toBe(ErrCd.sessionTimeout);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });
});

describe('POST /api/coopon/{opcd}/{pkcd}', () => {
  it('answers one coupon option', async () => {
    const b = await couponBooking();
    const res = await post(t, `/api/coopon/${couponB}/${b.pkcd}`, { session: b.session });
    expect(couponDetailResponse.parse(res.body).response).toMatchObject({ opcd: couponB, webname: '食事クーポン' });
  });

  it('answers 404 for a coupon not in this booking', async () => {
    const b = await couponBooking();
    for (const url of [
      `/api/coopon/${couponA}/OTHER1`,
      `/api/coopon/NOPE01/${b.pkcd}`,
      `/api/coopon/${FIXTURE_OPTIONS.tour}/X`,
    ]) {
      const res = await post(t, url, { session: b.session });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errcd: ErrCd.generic, errMsg: Msg.couponNotFound, response: null });
    }
  });
});

describe('another booking’s coupons', () => {
  it('are refused on list, detail and use', async () => {
    const mine = await couponBooking();
    const other = await couponBooking({ pkcd: 'PKT777' });
    const named = { session: mine.session, rsvno: other.rsvno };
    expect((await post(t, '/api/coopon', named)).status).toBe(403);
    expect((await post(t, `/api/coopon/${couponA}/${mine.pkcd}`, named)).status).toBe(403);
    expect((await use(mine, { rsvno: other.rsvno })).status).toBe(403);
    // Their package's coupon is not found through my session, and nothing of theirs is used.
    expect((await post(t, `/api/coopon/${couponA}/PKT777`, { session: mine.session })).status).toBe(404);
    expect((await use({ session: mine.session, pkcd: 'PKT777' })).status).toBe(404);
    expect(await remaining(other)).toEqual({ adult: 2, child: 1 });
  });
});

describe('POST /api/coopon/use', () => {
  it('uses coupons with the right PIN and counts them down', async () => {
    const b = await couponBooking();
    const res = await use(b, { adultqty: '1', childqty: '1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errcd: '000', errMsg: '' });
    expect(await remaining(b)).toEqual({ adult: 1, child: 0 });
    expect((await use(b, { adultqty: '1' })).body.errcd).toBe('000');
    expect(await remaining(b)).toEqual({ adult: 0, child: 0 });
    expect(await auditOf(b.rsvno)).toEqual(['used', 'used']);
    // The other coupon of the package is untouched.
    expect(await remaining(b, couponB)).toEqual({ adult: 2, child: 1 });
  });

  it('accepts a PIN typed in full-width digits', async () => {
    const b = await couponBooking();
    expect((await use(b, { usekey: '１２３４' })).body.errcd).toBe('000');
  });

  it('refuses a wrong PIN in Japanese and records it', async () => {
    const b = await couponBooking({ options: [{ opcd: couponA }, { opcd: couponOther }] });
    for (const usekey of ['0000', '12345']) {
      const res = await use(b, { usekey });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errcd: ErrCd.generic, errMsg: Msg.couponPinWrong, response: null });
    }
    // Each facility has its own PIN: 102's does not open 101's coupon, and the other way round.
    expect((await use(b, { usekey: '9999' })).body.errMsg).toBe(Msg.couponPinWrong);
    expect((await use(b, { opcd: couponOther, usekey: FIXTURE_PIN })).body.errMsg).toBe(Msg.couponPinWrong);
    expect(await remaining(b)).toEqual({ adult: 2, child: 1 });
    expect((await use(b, { opcd: couponOther, usekey: '9999' })).body.errcd).toBe('000');
    expect(await remaining(b, couponOther)).toEqual({ adult: 1, child: 1 });
    expect(await auditOf(b.rsvno)).toEqual(['bad_pin', 'bad_pin', 'bad_pin', 'bad_pin', 'used']);
  });

  it('locks the booking’s coupons for 15 minutes after 5 wrong PINs', async () => {
    const b = await couponBooking();
    const start = t.clock.now();
    try {
      for (let i = 0; i < 4; i++) {
        expect((await use(b, { usekey: `000${i}` })).body.errMsg).toBe(Msg.couponPinWrong);
        t.clock.advance(60_000);
      }
      const fifth = await use(b, { usekey: '0009' });
      expect(fifth.status).toBe(429);
      expect(fifth.body.errMsg).toBe(`${Msg.couponPinWrong}${couponLocked(15)}`);
      // Even the right PIN, and the package's other coupon, wait.
      const locked = await use(b, { usekey: FIXTURE_PIN });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ errcd: ErrCd.generic, errMsg: couponLocked(15), response: null });
      expect((await use(b, { opcd: couponB })).status).toBe(429);
      t.clock.advance(14 * 60_000);
      expect((await use(b)).body.errMsg).toBe(couponLocked(1));
      t.clock.advance(60_000);
      expect((await use(b)).body.errcd).toBe('000');
      expect(await remaining(b)).toEqual({ adult: 1, child: 1 });
      const outcomes = await auditOf(b.rsvno);
      expect(outcomes.filter((o) => o === 'bad_pin')).toHaveLength(5);
      expect(outcomes.filter((o) => o === 'locked')).toHaveLength(3);
      // Another booking is not locked.
      const fresh = await couponBooking();
      expect((await use(fresh)).body.errcd).toBe('000');
    } finally {
      t.clock.set(start);
    }
  });

  it('counts wrong PINs within 15 minutes only', async () => {
    const b = await couponBooking();
    const start = t.clock.now();
    try {
      for (let i = 0; i < 8; i++) {
        expect((await use(b, { usekey: '0000' })).status).toBe(400);
        t.clock.advance(4 * 60_000);
      }
    } finally {
      t.clock.set(start);
    }
  });

  it('checks at most 5 wrong PINs however many arrive at once', async () => {
    const b = await couponBooking();
    // 60 different wrong PINs in parallel, then the right one: the lock must already hold.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => use(b, { usekey: String(5000 + i).padStart(4, '0') })),
    );
    const wrong = answers.filter((a) => a.status === 400);
    const locked = answers.filter((a) => a.status === 429);
    expect(wrong.length + locked.length).toBe(60);
    // Exactly 5 PINs were checked (told they were wrong, and of the lock once it held); 55 were refused unchecked.
    expect(answers.filter((a) => a.body.errMsg.startsWith(Msg.couponPinWrong))).toHaveLength(5);
    expect(answers.filter((a) => a.body.errMsg === couponLocked(15))).toHaveLength(55);
    const outcomes = await auditOf(b.rsvno);
    expect(outcomes.filter((o) => o === 'bad_pin')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(55);
    const right = await use(b);
    expect(right.status).toBe(429);
    expect(await remaining(b)).toEqual({ adult: 2, child: 1 });
  });

  it('lets the right PIN through when it races with wrong ones before the lock', async () => {
    const b = await couponBooking();
    const answers = await Promise.all([
      use(b, { usekey: '0001' }),
      use(b, { usekey: '0002' }),
      use(b),
      use(b, { usekey: '0003' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    expect(await remaining(b)).toEqual({ adult: 1, child: 1 });
    const outcomes = await auditOf(b.rsvno);
    expect(outcomes.filter((o) => o === 'bad_pin')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'used')).toHaveLength(1);
  });

  it('works on the coupon’s use date only', async () => {
    const tomorrow = addDays(today, 1);
    const b = await couponBooking({ options: [{ opcd: couponA, usedate: tomorrow }] });
    const res = await use(b);
    expect(res.status).toBe(409);
    expect(res.body.errMsg).toBe(couponNotToday(formatYmd(tomorrow)));
    expect(res.body.errMsg).toContain(formatYmd(tomorrow));
    const yesterday = await couponBooking({ options: [{ opcd: couponA, usedate: addDays(today, -1) }] });
    expect((await use(yesterday)).status).toBe(409);
    expect(await remaining(b)).toEqual({ adult: 2, child: 1 });
  });

  it('requires at least one adult and stays within what remains', async () => {
    const b = await couponBooking();
    const zero = await use(b, { adultqty: '0', childqty: '1' });
    expect(zero.status).toBe(422);
    expect(zero.body.errMsg).toBe(Msg.couponAdultRequired);
    for (const [adultqty, childqty] of [
      ['3', '0'],
      ['1', '2'],
    ]) {
      const res = await use(b, { adultqty, childqty });
      expect(res.status).toBe(409);
      expect(res.body.errMsg).toBe(Msg.couponOverRemaining);
    }
    expect((await use(b, { adultqty: '99999999999' })).status).toBe(422);
    const usedUp = await use(b, { opcd: couponOther, usekey: '9999' });
    expect(usedUp.body.errMsg).toBe(Msg.couponOverRemaining);
    expect(await remaining(b)).toEqual({ adult: 2, child: 1 });
  });

  it('gives the last coupon to exactly one of two devices', async () => {
    const b = await couponBooking({ options: [{ opcd: couponA, adultqty: 1, childqty: 0 }] });
    const results = await Promise.all([use(b), use(b), use(b)]);
    const codes = results.map((r) => r.body.errcd);
    expect(codes.filter((c) => c === '000')).toHaveLength(1);
    for (const r of results.filter((x) => x.body.errcd !== '000')) {
      expect(r.status).toBe(409);
      expect(r.body.errMsg).toBe(Msg.couponOverRemaining);
    }
    expect(await remaining(b)).toEqual({ adult: 0, child: 0 });
    expect((await auditOf(b.rsvno)).filter((o) => o === 'used')).toHaveLength(1);
  });

  it('counts a retried request once and answers success again', async () => {
    const b = await couponBooking();
    const key = 'retry-key-0001';
    expect((await use(b, { idempotency_key: key })).body.errcd).toBe('000');
    expect((await use(b, { idempotency_key: key })).body.errcd).toBe('000');
    expect(await remaining(b)).toEqual({ adult: 1, child: 1 });
    // Sent twice at once (a double tap on a slow line): still once.
    const both = await Promise.all([
      use(b, { idempotency_key: 'retry-key-0002' }),
      use(b, { idempotency_key: 'retry-key-0002' }),
    ]);
    expect(both.map((r) => r.body.errcd)).toEqual(['000', '000']);
    expect(await remaining(b)).toEqual({ adult: 0, child: 1 });
    expect((await auditOf(b.rsvno)).filter((o) => o === 'used')).toHaveLength(2);
    // A key belongs to one use: reused for another coupon it is refused.
    expect((await use(b, { opcd: couponB, idempotency_key: key })).status).toBe(400);
  });

  it('refuses coupons of a booking that is not paid or was canceled', async () => {
    for (const spec of [{ state: 'canceled' }, { state: 'held' }] as const) {
      const b = await couponBooking(spec);
      const res = await use(b);
      expect(res.status).toBe(409);
      expect(res.body.errMsg).toBe(Msg.couponNotUsable);
    }
  });

  it('refuses a coupon of a booking whose cancellation is claimed and its refund on its way', async () => {
    const b = await couponBooking();
    await beginCancellation(t.ctx, b.rsvno, { actor: staffActor(1), feeOverride: { amount: 0, reason: '運休' } });
    const res = await use(b);
    expect(res.status).toBe(409);
    expect(res.body.errMsg).toBe(Msg.couponNotUsable);
    expect(await remaining(b)).toEqual({ adult: 2, child: 1 });
  });

  it('never ends a race of a use and a cancellation canceled with coupons used', async () => {
    for (let round = 0; round < 5; round += 1) {
      const b = await couponBooking();
      const [used, canceled] = await Promise.all([
        use(b),
        beginCancellation(t.ctx, b.rsvno, { actor: staffActor(1) }).then(
          () => 'claimed' as const,
          (error: unknown) => (error as { message?: string }).message,
        ),
      ]);
      const booking = await findBooking(t.ctx.db, b.rsvno);
      if (used.status === 200) {
        // The use came first: the cancellation is refused until staff say the fee for what was used.
        expect(canceled).toBe(Msg.staffCancelCouponsUsed);
        expect(booking?.canceledAt).toBeNull();
      } else {
        expect(used.body.errMsg).toBe(Msg.couponNotUsable);
        expect(canceled).toBe('claimed');
        expect(await remaining(b)).toEqual({ adult: 2, child: 1 });
      }
    }
  });

  it('cancels a booking with coupons used only with a fee that staff set', async () => {
    const b = await couponBooking();
    expect((await use(b)).status).toBe(200);
    await expect(cancelBooking(t.ctx, b.rsvno, { actor: staffActor(1) })).rejects.toThrow(Msg.staffCancelCouponsUsed);
    await beginCancellation(t.ctx, b.rsvno, {
      actor: staffActor(1),
      feeOverride: { amount: 10000, reason: '1名分使用済み' },
    });
    expect((await findBooking(t.ctx.db, b.rsvno))?.cancelFee).toBe(10000);
  });

  it('refuses malformed input with a Japanese 4xx', async () => {
    const b = await couponBooking();
    const base = { session: b.session, opcd: couponA, pkcd: b.pkcd, adultqty: '1', childqty: '0', usekey: '1234' };
    const bad = [
      { ...base, usekey: '' },
      { ...base, usekey: undefined },
      { ...base, adultqty: 'one' },
      { ...base, adultqty: '-1' },
      { ...base, childqty: 1.5 },
      { ...base, opcd: '' },
      { ...base, idempotency_key: 'short' },
      { ...base, session: undefined },
    ];
    for (const payload of bad) {
      const res = await post(t, '/api/coopon/use', payload);
      expect(res.status).toBe(422);
      expect(res.body.errcd).toBe('999');
      expect(res.body.errMsg).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    expect(await remaining(b)).toEqual({ adult: 2, child: 1 });
  });
});
