/**
 * Departures (ADR 0196): an option sold at start times, through SPEC §7's calls and the departures list — the day as
 * SPEC shows it, a booking on one departure, its seats taken and given back there only, never oversold.
 */
import { ErrCd } from '@tabi/contract/constants';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertStaff } from '../staff/test-fixtures.ts';
import { retakeAllSeats, returnAllSeats } from './seats.ts';
import { ADULT_PRICE, bookingPayload, insertTestOption, insertTestStock, stockLeft } from './test-fixtures.ts';

let t: TestApp;
let day: Ymd;
let nextIp = 1;
const CRUISE = 'DEP001';
const SUNSET_PRICE = 10_400;

function post(url: string, payload: object) {
  const ip = `10.9.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
  return t.request({ method: 'POST', url, payload, remoteAddress: ip });
}

/** One adult on the cruise's departure at `startTime`, at the price that departure asks. */
function cruise(startTime: string, overrides: object = {}) {
  const price = startTime === '16:00' ? SUNSET_PRICE : ADULT_PRICE;
  return bookingPayload(CRUISE, day, { adults: 1 }, { start_time: startTime, amountjp: String(price), ...overrides });
}

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 12);
  await insertTestOption(t.ctx.db, CRUISE, { webname: '湾内クルーズ' });
  await insertTestStock(t.ctx.db, CRUISE, day, { startTime: '10:00', endTime: '11:00', zaikozan: 0 });
  await insertTestStock(t.ctx.db, CRUISE, day, { startTime: '13:00', endTime: '14:00', zaikozan: 3 });
  await insertTestStock(t.ctx.db, CRUISE, day, {
    startTime: '16:00',
    endTime: '17:00',
    zaikozan: 20,
    adultbaika: SUNSET_PRICE,
  });
  // A departure just after midnight belongs to its own day.
  await insertTestStock(t.ctx.db, CRUISE, addDays(day, 1), { startTime: '00:30', endTime: '01:30', zaikozan: 4 });
});

afterAll(async () => {
  await t.close();
});

describe('an option sold at start times', () => {
  it('shows SPEC §7 days: the seats of all departures, the lowest price of those with a seat', async () => {
    const res = await t.request({ method: 'GET', url: `/api/option/${CRUISE}?usedate=${day}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().response;
    expect(body.timed).toBe(true);
    expect(body.valueList[day]).toMatchObject({ zaikozan: '23', adultbaika: String(ADULT_PRICE) });
    const night = body.valueList[addDays(day, 1)];
    expect(night?.zaikozan ?? '4').toBe('4');
  });

  it('lists a day’s departures in time order with their seats, end and prices', async () => {
    const res = await t.request({ method: 'GET', url: `/api/option/${CRUISE}/departures?usedate=${day}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.departures).toEqual([
      expect.objectContaining({ start_time: '10:00', end_time: '11:00', zaikozan: 0 }),
      expect.objectContaining({ start_time: '13:00', end_time: '14:00', zaikozan: 3, adultbaika: ADULT_PRICE }),
      expect.objectContaining({ start_time: '16:00', end_time: '17:00', zaikozan: 20, adultbaika: SUNSET_PRICE }),
    ]);
    const after = await t.request({
      method: 'GET',
      url: `/api/option/${CRUISE}/departures?usedate=${addDays(day, 1)}`,
    });
    expect(after.json().response.departures.map((d: { start_time: string }) => d.start_time)).toEqual(['00:30']);
  });

  it('prices one departure with GET /price and start_time', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/price/${CRUISE}?usedate=${day}&adultqty=1&start_time=16:00`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.valueList[day].adultbaika).toBe(String(SUNSET_PRICE));
  });

  it('books the 13:00 departure: its seats only, its time in the booking', async () => {
    const res = await post('/api/booking', cruise('13:00'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockLeft(t.ctx.db, CRUISE, day, '13:00')).toBe(2);
    expect(await stockLeft(t.ctx.db, CRUISE, day, '16:00')).toBe(20);
    const { rsvno } = res.json().response;
    const login = await post('/api/mylogin', { rsvno, tel: '090-1234-5678' });
    const mine = await t.request({
      method: 'POST',
      url: `/api/booking/${rsvno}`,
      payload: { session: login.json().response.session },
    });
    expect(mine.json().response.optionList[0]).toMatchObject({ start_time: '13:00', end_time: '14:00' });

    // Given back to the departure it was taken from (every path that ends a booking gives back this way).
    await t.ctx.db.transaction((tx) => returnAllSeats(tx, rsvno));
    expect(await stockLeft(t.ctx.db, CRUISE, day, '13:00')).toBe(3);
    await t.ctx.db.transaction((tx) => retakeAllSeats(tx, rsvno));
    expect(await stockLeft(t.ctx.db, CRUISE, day, '13:00')).toBe(2);
  });

  it('charges the dearer departure its own price, and refuses the other day’s amount', async () => {
    expect((await post('/api/booking', cruise('16:00'))).statusCode).toBe(200);
    const cheap = await post('/api/booking', cruise('16:00', { amountjp: String(ADULT_PRICE) }));
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json().errMsg).toBe(Msg.amountMismatch);
    expect(await stockLeft(t.ctx.db, CRUISE, day, '16:00')).toBe(19);
  });

  it('refuses a timed option booked without a start time, a time it does not run and a malformed one', async () => {
    const none = await post('/api/booking', cruise('', { start_time: undefined }));
    expect(none.statusCode).toBe(422);
    expect(none.json().errMsg).toBe(Msg.selectStartTime);
    const other = await post('/api/booking', cruise('14:00'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ errcd: ErrCd.nothingPrice, errMsg: Msg.nothingPrice });
    for (const bad of ['25:00', '9:00', '13:00+09:00', '13:00:00']) {
      const res = await post('/api/booking', cruise(bad));
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errMsg, bad).toContain('開始時刻はHH:MM形式で指定してください');
    }
    expect((await post('/api/booking', cruise('10:00'))).statusCode).toBe(409);
  });

  it('never oversells a departure: 12 bookings at once for its last 2 seats give exactly 2', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => post('/api/booking', cruise('13:00'))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(10);
    expect(await stockLeft(t.ctx.db, CRUISE, day, '13:00')).toBe(0);
    expect(await stockLeft(t.ctx.db, CRUISE, day, '16:00')).toBe(19);
  });

  it('closes a departure of today once it has left (Tokyo time), the later ones still sold', async () => {
    const today = todayIn(t.clock);
    // Sold until the end of the day itself; the clock stands at 12:00 in Tokyo.
    await insertTestOption(t.ctx.db, 'DEP002', { salesCutoffDaysBefore: 0, salesCutoffTime: '23:59' });
    await insertTestStock(t.ctx.db, 'DEP002', today, { startTime: '10:00', zaikozan: 5 });
    await insertTestStock(t.ctx.db, 'DEP002', today, { startTime: '15:00', zaikozan: 5 });
    const list = await t.request({ method: 'GET', url: `/api/option/DEP002/departures?usedate=${today}` });
    expect(list.json().response.departures).toEqual([
      expect.objectContaining({ start_time: '10:00', closed: true }),
      expect.objectContaining({ start_time: '15:00', closed: false }),
    ]);
    const left = await post('/api/booking', bookingPayload('DEP002', today, {}, { start_time: '10:00' }));
    expect(left.statusCode).toBe(409);
    expect(left.json().errMsg).toBe(Msg.salesClosed);
    expect(await stockLeft(t.ctx.db, 'DEP002', today, '10:00')).toBe(5);
    const later = await post('/api/booking', bookingPayload('DEP002', today, {}, { start_time: '15:00' }));
    expect(later.statusCode, later.body).toBe(200);
  });

  it('lists a departure called off alone as closed, the day’s others as sold', async () => {
    const staffId = await insertStaff(t.ctx.db, { mail: 'dep-stop@example.jp', role: 'operator' });
    await t.ctx.db.execute(sql`with s as (
        insert into day_stops (created_at, staff_id, reason, state) values (now(), ${staffId}, 'weather', 'done')
        returning id)
      insert into day_stop_departures (stop_id, opcd, usedate, start_time)
      select id, ${CRUISE}, ${ymdToIsoDate(day)}, '10:00' from s`);
    const list = await t.request({ method: 'GET', url: `/api/option/${CRUISE}/departures?usedate=${day}` });
    expect(
      list.json().response.departures.map((d: { start_time: string; closed: boolean }) => [d.start_time, d.closed]),
    ).toEqual([
      ['10:00', true],
      ['13:00', false],
      ['16:00', false],
    ]);
  });
});
