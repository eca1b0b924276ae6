/**
 * チェックイン at the door (ADR 0215): a ticket's code or a booking number, the verdicts (ok, already, wrong day or
 * departure, canceled, not paid, unknown), one check-in of two devices scanning at once, undo within the day, no-shows,
 * the counts, the offline copy, the customer's cancellation refused once checked in, staff's with a reason, the history
 * and OCTO's redemption. On PGlite and PostgreSQL (TEST_DB=postgres).
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import type { CheckinAnswer, CheckinPack } from '@tabi/contract/checkin';
import { addDays, tokyoDayStart, type Ymd } from '@tabi/contract/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { bookingEvents, bookings, checkIns } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { payBooking } from '../payment/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { ticketOf } from '../ticket/service.ts';

let t: TestApp;
let day: Ymd;
let operator = '';
/** A second staff member on another device. */
let other = '';
let ip = 1;
let base = new Date();
const OPT = 'CI0001';
const OTHER = 'CI0002';
const TEL = '090-1234-5678';

function send(url: string, payload: object) {
  return t.request({ method: 'POST', url, payload, remoteAddress: `10.61.${ip >> 8}.${ip++ & 255}` });
}
const as = (cookie: string) => ({ cookies: { [STAFF_COOKIE]: cookie } });
const staffPost = (url: string, payload: Record<string, unknown>, cookie = operator) =>
  t.request({ method: 'POST', url: `/api/admin${url}`, payload, ...as(cookie) });
const staffGet = (url: string, cookie = operator) =>
  t.request({ method: 'GET', url: `/api/admin${url}`, ...as(cookie) });

async function book(opcd = OPT, on = day, adults = 2): Promise<string> {
  const made = await send('/api/booking', bookingPayload(opcd, on, { adults }));
  expect(made.statusCode, made.body).toBe(200);
  return made.json().response.rsvno as string;
}

interface Made {
  rsvno: string;
  code: string;
}

async function paidBooking(opcd = OPT, on = day, adults = 2): Promise<Made> {
  const rsvno = await book(opcd, on, adults);
  await payBooking(t, rsvno);
  return { rsvno, code: (await ticketOf(t.ctx.db, rsvno)).code };
}

async function scan(body: Record<string, unknown>, cookie = operator): Promise<CheckinAnswer> {
  const res = await staffPost('/checkin/scan', { usedate: day, opcd: OPT, device: 'iPhone 受付1', ...body }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response as CheckinAnswer;
}

async function eventsOf(rsvno: string, action: string) {
  return t.ctx.db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.rsvno, rsvno), eq(bookingEvents.action, action)));
}

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 10);
  for (const opcd of [OPT, OTHER]) {
    await insertTestOption(t.ctx.db, opcd);
    await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 200 });
    await insertTestStock(t.ctx.db, opcd, addDays(day, 1), { zaikozan: 200 });
  }
  await insertStaff(t.ctx.db, { mail: 'checkin-op@example.jp', role: 'operator' });
  await insertStaff(t.ctx.db, { mail: 'checkin-op2@example.jp', role: 'operator' });
  base = t.clock.now();
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  // Bookings are made and paid before their day.
  t.clock.set(base);
});

/** At the door on `on` at `hour` (Tokyo), the staff signed in there and then. */
async function atDoor(on: Ymd = day, hour = 8): Promise<void> {
  t.clock.set(new Date(tokyoDayStart(on).getTime() + hour * 3_600_000));
  operator = await staffSession(t, 'checkin-op@example.jp');
  other = await staffSession(t, 'checkin-op2@example.jp');
}

describe('a scan at the door', () => {
  it('checks the whole party in by the ticket, and says who was first when scanned again', async () => {
    const { rsvno, code } = await paidBooking();
    await atDoor();
    const first = await scan({ code });
    expect(first.verdict).toBe('ok');
    expect(first.checked).toEqual([1, 2]);
    expect(first.booking?.rsvno).toBe(rsvno);
    expect(first.booking?.travellers.every((tr) => tr.arrived?.device === 'iPhone 受付1')).toBe(true);
    expect(first.booking?.travellers[0]?.arrived?.by).toBe('checkin-op@example.jp');

    const again = await scan({ code, device: 'Android 受付2' }, other);
    expect(again.verdict).toBe('already');
    expect(again.checked).toEqual([]);
    expect(again.first).toMatchObject({ by: 'checkin-op@example.jp', device: 'iPhone 受付1' });
    expect(await eventsOf(rsvno, 'checked_in')).toHaveLength(1);
  });

  it('checks in some travellers, then the rest; a typed booking number works as the code does', async () => {
    const { rsvno } = await paidBooking();
    await atDoor();
    const some = await scan({ rsvno: rsvno.toLowerCase(), seqs: [2] });
    expect(some.verdict).toBe('ok');
    expect(some.checked).toEqual([2]);
    const rest = await scan({ rsvno });
    expect(rest.checked).toEqual([1]);
    expect((await scan({ rsvno })).verdict).toBe('already');
  });

  it('tells a wrong day, another departure, a canceled, an unpaid and an unknown ticket', async () => {
    const tomorrow = await paidBooking(OPT, addDays(day, 1));
    const other = await paidBooking(OTHER);
    const canceled = await paidBooking();
    const unpaid = await book();
    await atDoor();
    expect((await scan({ code: tomorrow.code })).verdict).toBe('wrong_day');
    expect((await scan({ code: other.code })).verdict).toBe('wrong_departure');
    // With no option chosen the scanner takes any of the day.
    expect((await scan({ code: other.code, opcd: '' })).verdict).toBe('ok');

    await t.ctx.db
      .update(bookings)
      .set({ state: 'canceled', status: 4, canceledAt: t.clock.now(), cancelReason: 'staff' })
      .where(eq(bookings.rsvno, canceled.rsvno));
    const refused = await scan({ code: canceled.code });
    expect(refused.verdict).toBe('canceled');
    expect(refused.booking?.statusLabel).toBe('キャンセル済み');

    expect((await scan({ rsvno: unpaid })).verdict).toBe('not_paid');

    for (const code of ['TB1.forgedforgedforgedforgedforged12', 'TB2.abc', 'hello', `${canceled.code}x`]) {
      const unknown = await scan({ code });
      expect(unknown).toMatchObject({ verdict: 'unknown', booking: null });
    }
    expect((await scan({ rsvno: 'ZZ999999' })).verdict).toBe('unknown');
  });

  it('of one ticket on three devices at once checks each traveller in once', async () => {
    const { rsvno, code } = await paidBooking(OPT, day, 3);
    await atDoor();
    const answers = await Promise.all(['A', 'B', 'C'].map((device) => scan({ code, device: `端末${device}` })));
    const checked = answers.flatMap((a) => a.checked).sort();
    expect(checked).toEqual([1, 2, 3]);
    expect(answers.filter((a) => a.verdict === 'ok').length).toBeGreaterThanOrEqual(1);
    const rows = await t.ctx.db.execute(`select seq from check_ins where rsvno = '${rsvno}' and undone_at is null`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(3);
  });

  it('takes 200 scans from three devices within a minute: each traveller checked in once, the counts right', async () => {
    const on = addDays(day, 8);
    await insertTestStock(t.ctx.db, OTHER, on, { zaikozan: 100 });
    const made: Made[] = [];
    for (let i = 0; i < 40; i += 1) made.push(await paidBooking(OTHER, on, 2));
    await atDoor(on);
    const before = await staffGet(`/checkin/day?usedate=${on}`);
    const expected = (before.json().response.departures as { opcd: string; counts: { arrived: number } }[]).find(
      (d) => d.opcd === OTHER,
    )?.counts.arrived;
    // Each ticket scanned five times over, by three devices in turn, thirty at a time.
    const scans = Array.from({ length: 200 }, (_, i) => ({ code: made[i % 40]?.code ?? '', device: `端末${i % 3}` }));
    const answers: CheckinAnswer[] = [];
    for (let i = 0; i < scans.length; i += 30) {
      answers.push(
        ...(await Promise.all(
          scans.slice(i, i + 30).map((s) => scan({ ...s, usedate: on, opcd: OTHER }, i % 2 ? other : operator)),
        )),
      );
    }
    expect(answers.filter((a) => a.verdict === 'ok')).toHaveLength(40);
    expect(answers.filter((a) => a.verdict === 'already')).toHaveLength(160);
    expect(answers.flatMap((a) => a.checked)).toHaveLength(80);
    const after = await staffGet(`/checkin/day?usedate=${on}`);
    const line = (after.json().response.departures as { opcd: string; counts: { arrived: number } }[]).find(
      (d) => d.opcd === OTHER,
    );
    expect(line?.counts.arrived).toBe((expected ?? 0) + 80);
  });

  it('keeps when an offline scan was made, beside when it reached the server', async () => {
    const { rsvno, code } = await paidBooking();
    await atDoor();
    const scannedAt = new Date(t.clock.now().getTime() - 20 * 60_000);
    expect((await scan({ code, scanned_at: scannedAt.toISOString() })).verdict).toBe('ok');
    const rows = await t.ctx.db.select().from(checkIns).where(eq(checkIns.rsvno, rsvno));
    expect(rows.map((r) => r.scannedAt?.toISOString())).toEqual([scannedAt.toISOString(), scannedAt.toISOString()]);
  });

  it('of a scan racing the customer’s cancellation lets only one through', async () => {
    for (let round = 0; round < 4; round += 1) {
      t.clock.set(base);
      const on = addDays(day, 2 + round);
      await insertTestStock(t.ctx.db, OPT, on, { zaikozan: 10 });
      const { rsvno, code } = await paidBooking(OPT, on);
      // The day before the trip: still cancellable by the customer, and the staff scan early.
      await atDoor(addDays(on, -1));
      const login = await send('/api/mylogin', { rsvno, tel: TEL });
      const session = login.json().response.session as string;
      const price = (await send('/api/booking/cancelprice', { session, rsvno })).json().response as { refund: number };
      const [scanned, canceled] = await Promise.all([
        staffPost('/checkin/scan', { usedate: on, opcd: OPT, device: '受付', code }),
        send('/api/booking/cancel', { session, rsvno, refund: String(price.refund) }),
      ]);
      const verdict = scanned.json().response?.verdict as string;
      const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
      if (canceled.statusCode === 200) {
        expect(verdict).toBe('canceled');
        expect(row?.state).toBe('canceled');
      } else {
        expect(verdict).toBe('ok');
        expect(canceled.statusCode).toBe(409);
        expect(row?.state).toBe('paid');
      }
    }
  });

  it('refuses a request without a code or a number, or with both, with the envelope', async () => {
    await atDoor();
    const none = await staffPost('/checkin/scan', { usedate: day, device: 'x' });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ response: null });
    expect(none.json().errMsg).toContain('QRコードを読み取るか、予約番号を入力してください。');
    const both = await staffPost('/checkin/scan', { usedate: day, device: 'x', code: 'TB1.a', rsvno: 'AB' });
    expect(both.statusCode).toBe(422);
    const signedOut = await t.request({
      method: 'POST',
      url: '/api/admin/checkin/scan',
      payload: { usedate: day, device: 'x', rsvno: 'AB' },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('after a scan', () => {
  it('undoes a check-in on its day, not the day after; the history keeps both', async () => {
    const { rsvno, code } = await paidBooking();
    await atDoor();
    await scan({ code });
    const undone = await staffPost('/checkin/undo', { rsvno, seqs: [1], device: 'iPhone 受付1' });
    expect(undone.statusCode, undone.body).toBe(200);
    const after = undone.json().response as CheckinAnswer;
    expect(after.booking?.travellers.map((tr) => tr.arrived !== null)).toEqual([false, true]);
    expect(await eventsOf(rsvno, 'checkin_undone')).toHaveLength(1);
    // Scanned again: the one undone comes back.
    expect((await scan({ code })).checked).toEqual([1]);
    await atDoor(addDays(day, 1));
    const late = await staffPost('/checkin/undo', { rsvno, device: 'iPhone 受付1' });
    expect(late.statusCode).toBe(409);
    expect(late.json().errMsg).toContain('当日のみ');
  });

  it('marks the others no-shows once the departure has left, and a late arrival is still checked in', async () => {
    const on = addDays(day, 1);
    const came = await paidBooking(OTHER, on);
    const absent = await paidBooking(OTHER, on, 1);
    const noShows = { usedate: on, opcd: OTHER, start_time: '', device: '受付' };
    // The day before: too early.
    await atDoor(day);
    const early = await staffPost('/checkin/no-shows', noShows);
    expect(early.statusCode).toBe(409);
    await atDoor(on, 9);
    await scan({ code: came.code, usedate: on, opcd: OTHER });
    const marked = await staffPost('/checkin/no-shows', noShows);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().response.marked).toBe(1);
    expect(marked.json().response.counts).toMatchObject({ arrived: 2, noShows: 1 });
    expect(await eventsOf(absent.rsvno, 'no_show')).toHaveLength(1);
    // Marked twice: nothing more.
    expect((await staffPost('/checkin/no-shows', noShows)).json().response.marked).toBe(0);
    const late = await scan({ code: absent.code, usedate: on, opcd: OTHER });
    expect(late.verdict).toBe('ok');
    expect(late.counts).toMatchObject({ arrived: 3, noShows: 0 });
  });

  it('counts arrived and expected per departure, and gives the scanner its offline copy', async () => {
    const on = addDays(day, 1);
    const { rsvno, code } = await paidBooking(OPT, on);
    const second = await paidBooking(OPT, on, 3);
    await atDoor(on);
    expect((await scan({ code: second.code, usedate: on, seqs: [2] })).verdict).toBe('ok');
    const dayList = await staffGet(`/checkin/day?usedate=${on}`);
    expect(dayList.statusCode, dayList.body).toBe(200);
    const line = (dayList.json().response.departures as { opcd: string; counts: { expected: number } }[]).find(
      (d) => d.opcd === OPT,
    );
    expect(line?.counts.expected).toBeGreaterThan(0);

    const res = await staffGet(`/checkin/departure?usedate=${on}&opcd=${OPT}`);
    expect(res.statusCode, res.body).toBe(200);
    const pack = res.json().response as CheckinPack;
    const listed = pack.bookings.find((b) => b.rsvno === rsvno);
    expect(listed).toMatchObject({ code, admitted: true });
    expect(listed?.travellers).toHaveLength(2);
    expect(listed?.travellers.every((t) => t.arrived === null)).toBe(true);
    // Read for the whole departure at once, each booking keeps its own travellers and arrivals.
    const party = pack.bookings.find((b) => b.rsvno === second.rsvno);
    expect(party).toMatchObject({ code: second.code, admitted: true });
    expect(party?.travellers.map((t) => [t.seq, t.arrived?.device ?? null])).toEqual([
      [1, null],
      [2, 'iPhone 受付1'],
      [3, null],
    ]);
  });
});

describe('the rules of a booking used at the door', () => {
  it('the customer cannot cancel a checked-in booking; staff can, with a fee and a reason', async () => {
    const { rsvno, code } = await paidBooking(OPT, addDays(day, 1));
    // Checked in early (a two-day tour's first day is the day before): the booking is used.
    await atDoor(day);
    await scan({ code, usedate: addDays(day, 1) });
    const login = await send('/api/mylogin', { rsvno, tel: TEL });
    const session = login.json().response.session as string;
    const price = await send('/api/booking/cancelprice', { session, rsvno });
    expect(price.statusCode).toBe(409);
    expect(price.json().errMsg).toContain('チェックイン済み');

    const bare = await staffPost(`/bookings/${rsvno}/cancel`, {}, other);
    expect(bare.statusCode).toBe(409);
    expect(bare.json().errMsg).toContain('チェックイン済み');
    const withReason = await staffPost(
      `/bookings/${rsvno}/cancel`,
      { feeOverride: { amount: 0, reason: 'バスの故障で途中で引き返したため全額返金' } },
      other,
    );
    expect(withReason.statusCode, withReason.body).toBe(200);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
    expect(row?.state).toBe('canceled');
  });
});
