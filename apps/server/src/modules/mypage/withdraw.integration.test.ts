/**
 * The customer withdraws a リクエスト予約 from my page before it is answered (POST /booking/withdraw):
 * the seats come back, one mail confirms, the history records it with the customer as actor; once answered,
 * canceled, past its use date or with another booking's session, the answer is a Japanese 4xx refusal.
 */
import { type CreateBookingRequest, createBookingRequest } from '@tabi/contract/booking';
import { BookingStatus, ErrCd } from '@tabi/contract/constants';
import { addDays, type Ymd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import { bookingEvents, bookings, outbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { confirmRequest, createBooking, declineRequest } from '../booking/service.ts';
import { bookingPayload, insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { loginAs, post } from './test-fixtures.ts';

const TEL = '090-1234-5678';
const ops = systemActor('ops');
let t: TestApp;
let today: Ymd;
let ip = 1;

async function requestBooking(usedate: Ymd, adults = 2): Promise<string> {
  const payload: CreateBookingRequest = bookingPayload('OPWDR1', usedate, { adults });
  const result = await createBooking(t.ctx, createBookingRequest.parse(payload), `10.28.0.${ip++}`);
  return result.rsvno;
}

async function row(rsvno: string) {
  const [found] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  return found;
}

async function mailKinds(rsvno: string): Promise<string[]> {
  const rows = await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, rsvno));
  return rows.map((r) => r.kind).sort();
}

async function events(rsvno: string) {
  return t.ctx.db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, rsvno)).orderBy(asc(bookingEvents.id));
}

function withdraw(session: string, rsvno: string) {
  return post(t, '/api/booking/withdraw', { session, rsvno });
}

function expectConflict(answer: Awaited<ReturnType<typeof withdraw>>, message: string) {
  expect(answer.status).toBe(409);
  expect(answer.body).toEqual({ errcd: ErrCd.generic, errMsg: message, response: null });
}

beforeAll(async () => {
  t = await createTestApp();
  today = todayIn(t.clock);
  await insertTestOption(t.ctx.db, 'OPWDR1', { flgRequestItem: true });
  for (const offset of [1, 10]) await insertTestStock(t.ctx.db, 'OPWDR1', addDays(today, offset), { zaikozan: 20 });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/booking/withdraw', () => {
  it('withdraws a request not answered yet: canceled, seats back, one mail, the customer in the history', async () => {
    const usedate = addDays(today, 10);
    const before = await stockLeft(t.ctx.db, 'OPWDR1', usedate);
    const rsvno = await requestBooking(usedate, 3);
    expect(await stockLeft(t.ctx.db, 'OPWDR1', usedate)).toBe((before ?? 0) - 3);
    const session = await loginAs(t, rsvno, TEL);

    const answer = await withdraw(session, rsvno);
    expect(answer).toEqual({ status: 200, body: { errcd: ErrCd.success, errMsg: '', response: null } });

    expect(await stockLeft(t.ctx.db, 'OPWDR1', usedate)).toBe(before);
    expect(await row(rsvno)).toMatchObject({ status: BookingStatus.canceled, cancelReason: 'customer' });
    expect((await row(rsvno))?.canceledAt).toEqual(t.clock.now());
    expect(await mailKinds(rsvno)).toEqual(['request_received', 'request_withdrawn']);
    const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.kind, 'request_withdrawn'));
    expect(mail?.subject).toContain('リクエストの取り消しを承りました');
    const last = (await events(rsvno)).at(-1);
    expect(last).toMatchObject({
      action: 'request_withdrawn',
      actorKind: 'customer',
      actor: 'customer',
      before: { status: BookingStatus.requested },
      after: { status: BookingStatus.canceled },
    });

    // My page shows it canceled.
    const shown = await post(t, `/api/booking/${rsvno}`, { session, rsvno });
    expect((shown.body.response as { status: number }).status).toBe(BookingStatus.canceled);
  });

  it('refuses a second withdrawal: nothing more changes, no second mail', async () => {
    const usedate = addDays(today, 10);
    const rsvno = await requestBooking(usedate);
    const session = await loginAs(t, rsvno, TEL);
    expect((await withdraw(session, rsvno)).status).toBe(200);
    const seats = await stockLeft(t.ctx.db, 'OPWDR1', usedate);
    expectConflict(await withdraw(session, rsvno), Msg.requestAlreadyAnswered);
    expect(await stockLeft(t.ctx.db, 'OPWDR1', usedate)).toBe(seats);
    expect(await mailKinds(rsvno)).toEqual(['request_received', 'request_withdrawn']);
    expect((await events(rsvno)).filter((e) => e.action === 'request_withdrawn')).toHaveLength(1);
  });

  it('refuses a request already confirmed (仮予約（手配済）): it stays payable, seats held', async () => {
    const usedate = addDays(today, 10);
    const rsvno = await requestBooking(usedate);
    await confirmRequest(t.ctx, rsvno, ops);
    const seats = await stockLeft(t.ctx.db, 'OPWDR1', usedate);
    const session = await loginAs(t, rsvno, TEL);
    expectConflict(await withdraw(session, rsvno), Msg.requestAlreadyAnswered);
    expect(await row(rsvno)).toMatchObject({ status: BookingStatus.tmp, flgRequestRsv: 1, cancelReason: null });
    expect(await stockLeft(t.ctx.db, 'OPWDR1', usedate)).toBe(seats);
    expect(await mailKinds(rsvno)).toEqual(['request_confirmed', 'request_received']);
  });

  it('refuses a request already declined', async () => {
    const usedate = addDays(today, 10);
    const rsvno = await requestBooking(usedate);
    await declineRequest(t.ctx, rsvno, ops);
    const seats = await stockLeft(t.ctx.db, 'OPWDR1', usedate);
    const session = await loginAs(t, rsvno, TEL);
    expectConflict(await withdraw(session, rsvno), Msg.requestAlreadyAnswered);
    expect(await row(rsvno)).toMatchObject({ status: BookingStatus.canceled, cancelReason: 'declined' });
    expect(await stockLeft(t.ctx.db, 'OPWDR1', usedate)).toBe(seats);
    expect(await mailKinds(rsvno)).toEqual(['request_declined', 'request_received']);
  });

  it("refuses another booking's session, also when the body names this booking", async () => {
    const usedate = addDays(today, 10);
    const rsvno = await requestBooking(usedate);
    const other = await requestBooking(usedate);
    const stranger = await loginAs(t, other, TEL);
    const answer = await withdraw(stranger, rsvno);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.errcd).not.toBe(ErrCd.success);
    expect(answer.body.errMsg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(answer.body.response).toBeNull();
    expect(await row(rsvno)).toMatchObject({ status: BookingStatus.requested });
    expect(await row(other)).toMatchObject({ status: BookingStatus.requested });
    expect(await mailKinds(rsvno)).toEqual(['request_received']);
  });

  it('refuses after the use date; on the use date itself it still withdraws', async () => {
    const usedate = addDays(today, 1);
    const late = await requestBooking(usedate);
    const onTheDay = await requestBooking(usedate);
    const start = t.clock.now();
    try {
      t.clock.advance(24 * 3_600_000);
      expect((await withdraw(await loginAs(t, onTheDay, TEL), onTheDay)).status).toBe(200);
      t.clock.advance(24 * 3_600_000);
      const session = await loginAs(t, late, TEL);
      expectConflict(await withdraw(session, late), Msg.requestWithdrawPastUseDate);
      expect(await row(late)).toMatchObject({ status: BookingStatus.requested });
      expect(await mailKinds(late)).toEqual(['request_received']);
    } finally {
      t.clock.set(start);
    }
  });
});
