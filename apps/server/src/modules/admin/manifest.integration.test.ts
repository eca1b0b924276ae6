/**
 * 参加者名簿: the rows of one day (one option or all) against the database — every participant of the
 * bookings that hold their seats, none of the canceled or expired ones — and the same rows as CSV for Excel.
 */

import { STAFF_COOKIE } from '@tabi/contract/admin';
import { MANIFEST_PAGE_SIZE, type Manifest } from '@tabi/contract/admin-bookings';
import { UNPAID_GRACE_MINUTES } from '@tabi/contract/constants';
import { addDays, ageOn, tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActor } from '../../actor.ts';
import { bookingMembers, bookingOptions, bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { recordEvent } from '../booking/events.ts';
import { storedColumns } from '../booking/lifecycle.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { cloneBooking, insertStaff, staffSession } from '../staff/test-fixtures.ts';

let t: TestApp;
let cookie: string;
let tomorrow: string;
const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  const now = t.clock.now();
  tomorrow = addDays(tokyoYmd(now), 1);
  const day = { usedate: iso(tomorrow) };
  // Tomorrow on OP0001: a paid booking, a request, a canceled one, an unpaid card booking past its grace, and a
  // paid one whose applicant's name a spreadsheet would run as a formula.
  await cloneBooking(t.ctx.db, 'AA100001', 'MM000001', {}, day);
  await cloneBooking(t.ctx.db, 'AA100005', 'MM000002', {}, { ...day, opcd: 'OP0001' });
  await cloneBooking(t.ctx.db, 'AA100001', 'MM000003', storedColumns('canceled', true), day);
  await cloneBooking(
    t.ctx.db,
    'AA100002',
    'MM000004',
    { rsvdate: new Date(now.getTime() - (UNPAID_GRACE_MINUTES + 1) * 60_000) },
    day,
  );
  await cloneBooking(t.ctx.db, 'AA100001', 'MM000005', { sei: '=cmd', mei: '|calc', tel: '+81-90-0000-0000' }, day);
  // One on OP0007, whose option asks for passport and vegetarian (seed.integration.test.ts).
  await cloneBooking(t.ctx.db, 'AA100004', 'MM000006', storedColumns('paid'), { ...day, opcd: 'OP0007' });
  await t.ctx.db
    .update(bookingMembers)
    .set({ extended: { passport_number: 'TK1234567', vegetarian_meals: true } })
    .where(eq(bookingMembers.rsvno, 'MM000006'));
  await insertStaff(t.ctx.db, { mail: 'op-manifest@example.jp', role: 'operator' });
  cookie = await staffSession(t, 'op-manifest@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function get(url: string) {
  const res = await t.request({ method: 'GET', url, cookies: { [STAFF_COOKIE]: cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The expected (rsvno, seq) pairs of a day, worked out in plain code from every row. */
async function expectedPairs(day: string, opcd?: string): Promise<string[]> {
  const now = t.clock.now();
  const all = await t.ctx.db.select().from(bookings);
  const lines = await t.ctx.db.select().from(bookingOptions);
  const members = await t.ctx.db.select().from(bookingMembers);
  const live = new Set(
    all
      .filter(
        (b) =>
          b.status !== 4 &&
          !(
            b.status === 1 &&
            b.statusPayment === 0 &&
            b.flgRequestRsv === 0 &&
            now.getTime() - b.rsvdate.getTime() >= UNPAID_GRACE_MINUTES * 60_000
          ),
      )
      .map((b) => b.rsvno),
  );
  // A participant is listed once per option of the day (a coupon package has several).
  return lines
    .filter((l) => l.usedate === iso(day) && live.has(l.rsvno) && (!opcd || l.opcd === opcd))
    .flatMap((l) => members.filter((m) => m.rsvno === l.rsvno).map((m) => `${l.opcd}/${m.rsvno}/${m.seq}`))
    .sort();
}

describe('GET /api/admin/manifest', () => {
  it('defaults to tomorrow in Tokyo and lists every participant of the live bookings of all options', async () => {
    const m: Manifest = (await get('/api/admin/manifest')).json().response;
    expect(m.date).toBe(tomorrow);
    const got = m.rows.map((r) => `${r.opcd}/${r.rsvno}/${r.seq}`).sort();
    expect(got).toEqual(await expectedPairs(tomorrow));
    expect(got).toContain('OP0001/MM000001/1');
    expect(got).toContain('OP0001/MM000002/3');
    expect(got.some((p) => p.includes('MM000003') || p.includes('MM000004'))).toBe(false);
    // Option totals agree with the rows.
    for (const o of m.options) {
      const rows = m.rows.filter((r) => r.opcd === o.opcd);
      expect(o.participants).toBe(rows.length);
      expect(o.bookings).toBe(new Set(rows.map((r) => r.rsvno)).size);
    }
  });

  it('shows age class, age on the day, sex, nationality, phone and status of each participant', async () => {
    const m: Manifest = (await get(`/api/admin/manifest?date=${tomorrow}&opcd=OP0001`)).json().response;
    expect(m.rows.map((r) => `${r.opcd}/${r.rsvno}/${r.seq}`).sort()).toEqual(await expectedPairs(tomorrow, 'OP0001'));
    const child = m.rows.find((r) => r.rsvno === 'MM000001' && r.seq === 3);
    const [member] = await t.ctx.db
      .select()
      .from(bookingMembers)
      .where(eq(bookingMembers.rsvno, 'MM000001'))
      .then((rows) => rows.filter((r) => r.seq === 3));
    expect(child).toMatchObject({
      mei: '健太',
      ageClass: '小人',
      age: ageOn((member?.birthday ?? '').replaceAll('-', ''), tomorrow),
      sex: '男性',
      tel: '090-1234-5678',
      statusLabel: Msg.statusPaid,
      passportNumber: null,
      vegetarian: null,
    });
    expect(m.rows.find((r) => r.rsvno === 'MM000002')?.statusLabel).toBe(Msg.statusRequested);
  });

  it('shows passport and vegetarian where the option asks for them; the passport as its last 4 to an operator', async () => {
    const m: Manifest = (await get(`/api/admin/manifest?date=${tomorrow}`)).json().response;
    const row = m.rows.find((r) => r.rsvno === 'MM000006');
    expect(row).toMatchObject({ passportNumber: '•••••4567', vegetarian: true });
    expect(m.options.find((o) => o.opcd === 'OP0007')).toMatchObject({ passport: true, vegetarian: true });
    const csv = (await get(`/api/admin/manifest.csv?date=${tomorrow}&opcd=OP0007`)).body;
    expect(csv).toContain('•••••4567');
    expect(csv).not.toContain('TK1234567');
    const detail = (await get('/api/admin/bookings/MM000006')).json().response;
    expect(JSON.stringify(detail)).not.toContain('TK1234567');

    // An admin, who issues the tickets that need it, sees it whole.
    await insertStaff(t.ctx.db, { mail: 'admin-manifest@example.jp', role: 'admin', totp: true });
    const admin = await staffSession(t, 'admin-manifest@example.jp');
    const asAdmin = await t.request({
      method: 'GET',
      url: `/api/admin/manifest?date=${tomorrow}&opcd=OP0007`,
      cookies: { [STAFF_COOKIE]: admin },
    });
    expect(asAdmin.json().response.rows[0]).toMatchObject({ passportNumber: 'TK1234567' });
  });

  it('an operator saving the participants with the masked passport unchanged keeps the stored one', async () => {
    const detail = (await get('/api/admin/bookings/MM000006')).json().response;
    const memberList = detail.booking.memberList.map((m: Record<string, unknown>) => ({
      seq: String(m.seq),
      sei: m.sei,
      mei: m.mei,
      sex: m.sex,
      birthday: m.birthday,
      ageclass: m.ageclass,
      nationality_id: String(m.nationality_id),
      extended_fields: {
        extended_participant_fields: (m.extended_datas as Record<string, unknown>).extended_participant_fields,
      },
    }));
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/bookings/MM000006/participants',
      payload: { memberList },
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.ctx.db.select().from(bookingMembers).where(eq(bookingMembers.rsvno, 'MM000006'));
    expect(stored.map((m) => m.extended.passport_number)).toEqual(stored.map(() => 'TK1234567'));
    // Nor does the history show it to the operator (a correction records the participants before and after).
    await recordEvent(t.ctx.db, t.clock.now(), 'MM000006', staffActor(1), 'participants_changed', {
      before: { members: [{ seq: 1, passport_number: 'TK1234567' }] },
      after: { members: [{ seq: 1, passport_number: 'TK7654321' }] },
    });
    const history = JSON.stringify((await get('/api/admin/bookings/MM000006')).json().response.events);
    expect(history).not.toMatch(/TK\d{7}/);
    expect(history).toContain('•••••4321');
  });

  it('lists the rentals of a rental option', async () => {
    const m: Manifest = (await get(`/api/admin/manifest?date=${addDays(tokyoYmd(t.clock.now()), -2)}`)).json().response;
    const rental = m.rows.filter((r) => r.rsvno === 'AA100009');
    expect(rental.map((r) => [r.rentalModel, r.bootsSize, r.wearSize])).toEqual([
      ['スキー', '26.5', 'L'],
      ['スノーボード', '23.5', 'S'],
    ]);
  });
});

describe('GET /api/admin/manifest over pages', () => {
  it('pages a busy day by MANIFEST_PAGE_SIZE lines, each line once, with the counts of the whole day on every page', async () => {
    const busy = addDays(tomorrow, 3);
    // 110 bookings of three travellers each: 330 lines of OP0001 on one day, more than one page.
    for (let i = 0; i < 110; i += 1) {
      await cloneBooking(
        t.ctx.db,
        'AA100005',
        `MP${String(i).padStart(6, '0')}`,
        {},
        { usedate: iso(busy), opcd: 'OP0001' },
      );
    }
    const expected = await expectedPairs(busy);
    expect(expected.length).toBeGreaterThan(MANIFEST_PAGE_SIZE);
    const first: Manifest = (await get(`/api/admin/manifest?date=${busy}`)).json().response;
    const second: Manifest = (await get(`/api/admin/manifest?date=${busy}&page=2`)).json().response;
    expect(first.rows).toHaveLength(MANIFEST_PAGE_SIZE);
    expect([first.page, second.page, first.pageCount, first.total]).toEqual([1, 2, 2, expected.length]);
    const pairs = [...first.rows, ...second.rows].map((r) => `${r.opcd}/${r.rsvno}/${r.seq}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.sort()).toEqual(expected);
    // Every page carries the day's counts, worked out in plain code from every line.
    const rsvnos = new Set(expected.map((p) => p.split('/')[1]));
    const people = new Set(expected.map((p) => p.split('/').slice(1).join('/')));
    for (const m of [first, second]) {
      expect([m.bookings, m.participants]).toEqual([rsvnos.size, people.size]);
      const op = m.options.find((o) => o.opcd === 'OP0001');
      expect(op?.participants).toBe(expected.filter((p) => p.startsWith('OP0001/')).length);
    }
    // A page past the last is empty and says where the last one is; the CSV has every line.
    const beyond: Manifest = (await get(`/api/admin/manifest?date=${busy}&page=9`)).json().response;
    expect([beyond.rows.length, beyond.pageCount]).toEqual([0, 2]);
    const csv = (await get(`/api/admin/manifest.csv?date=${busy}`)).body.trimEnd().split('\r\n');
    expect(csv).toHaveLength(1 + expected.length);
  });

  it('refuses a page that is not a number', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/manifest?page=abc',
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET /api/admin/manifest.csv', () => {
  it('is the same rows, UTF-8 with BOM, formulas escaped', async () => {
    const res = await get(`/api/admin/manifest.csv?date=${tomorrow}&opcd=OP0001`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`manifest-${tomorrow}.csv`);
    const body = res.rawPayload;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('"予約番号"');
    expect(lines[0]).toContain('"年齢（利用日）"');
    expect(lines).toHaveLength(1 + (await expectedPairs(tomorrow, 'OP0001')).length);
    const formula = lines.find((l) => l.includes('MM000005'));
    expect(formula).toContain(`"'=cmd |calc"`);
    // A phone with its country code is text, without an apostrophe Excel would show.
    expect(formula).toContain('"=""+81-90-0000-0000"""');
    expect(lines.some((l) => l.includes('MM000003'))).toBe(false);
  });
});

describe('GET /api/admin/manifest of an option sold at start times (ADR 0196)', () => {
  const BOAT = 'MFDEP1';
  let day = '';
  const booked: Record<string, string[]> = { '10:00': [], '13:00': [] };

  beforeAll(async () => {
    day = addDays(tokyoYmd(t.clock.now()), 9);
    await insertTestOption(t.ctx.db, BOAT, { webname: '湾内クルーズ' });
    for (const [start, end] of [
      ['10:00', '11:00'],
      ['13:00', '14:00'],
      ['16:00', '17:00'],
    ] as const) {
      await insertTestStock(t.ctx.db, BOAT, day, { startTime: start, endTime: end, zaikozan: 20 });
    }
    let ip = 1;
    for (const [start, adults] of [
      ['13:00', 2],
      ['10:00', 1],
      ['10:00', 3],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload(BOAT, day, { adults }, { start_time: start }),
        remoteAddress: `10.41.0.${ip++}`,
      });
      expect(res.json().errcd, res.body).toBe('000');
      booked[start]?.push(res.json().response.rsvno);
    }
  }, 60_000);

  it('counts each departure, lists the lines by time with the time, and offers the day’s departures to choose', async () => {
    const m: Manifest = (await get(`/api/admin/manifest?date=${day}&opcd=${BOAT}`)).json().response;
    expect(m.start).toBeNull();
    expect(m.departureChoices.map((d) => `${d.startTime}-${d.endTime}`)).toEqual([
      '10:00-11:00',
      '13:00-14:00',
      '16:00-17:00',
    ]);
    const [option] = m.options;
    expect(option).toMatchObject({ opcd: BOAT, bookings: 3, participants: 6 });
    expect(option?.departures).toEqual([
      { startTime: '10:00', endTime: '11:00', bookings: 2, participants: 4, arrived: 0 },
      { startTime: '13:00', endTime: '14:00', bookings: 1, participants: 2, arrived: 0 },
    ]);
    expect(m.rows.map((r) => r.startTime)).toEqual(['10:00', '10:00', '10:00', '10:00', '13:00', '13:00']);
    expect(m.rows.every((r) => r.endTime === (r.startTime === '10:00' ? '11:00' : '14:00'))).toBe(true);
  });

  it('shows one departure alone, with its own counts, as table and CSV', async () => {
    const m: Manifest = (await get(`/api/admin/manifest?date=${day}&opcd=${BOAT}&start=13:00`)).json().response;
    expect(m.start).toBe('13:00');
    expect([m.bookings, m.participants, m.total]).toEqual([1, 2, 2]);
    expect(new Set(m.rows.map((r) => r.rsvno))).toEqual(new Set(booked['13:00']));
    expect(m.options[0]?.departures).toEqual([
      { startTime: '13:00', endTime: '14:00', bookings: 1, participants: 2, arrived: 0 },
    ]);
    expect(m.departureChoices).toHaveLength(3);

    const lines = (await get(`/api/admin/manifest.csv?date=${day}&opcd=${BOAT}&start=13:00`)).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/"販売チャネル","開始時刻","終了時刻"$/);
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines.slice(1).every((l) => l.endsWith('"13:00","14:00"'))).toBe(true);
  });

  it('leaves a whole-day option as it was: no departures, an empty time', async () => {
    const m: Manifest = (await get(`/api/admin/manifest?date=${tomorrow}&opcd=OP0001`)).json().response;
    expect(m.departureChoices).toEqual([]);
    expect(m.options.every((o) => o.departures.length === 0)).toBe(true);
    expect(m.rows.every((r) => r.startTime === '' && r.endTime === '')).toBe(true);
  });

  it('refuses a start time that is not one', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/manifest?date=${day}&start=25:00`,
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(res.statusCode).toBe(422);
  });
});
