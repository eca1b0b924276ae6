/**
 * The operator's day against the database (PGlite and PostgreSQL): 前日案内 — mailed from its hour the day before, once per
 * booking across two instances on one database and a restart, never for canceled, expired, unanswered or
 * cancel-claimed bookings nor when the option turned it off, with its content — and レンタル準備表: its counts,
 * the shop's stock by size that day (reserved, pairs, left), its CSV, the operator's access, and the facility's mail
 * the evening before, once.
 */

import { STAFF_COOKIE } from '@tabi/contract/admin';
import { UNPAID_GRACE_MINUTES } from '@tabi/contract/constants';
import { addDays, tokyoDayStart, tokyoYmd } from '@tabi/contract/dates';
import type { RentalSheetDay } from '@tabi/contract/operations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../compose.ts';
import type { AppContext } from '../../context.ts';
import {
  bookingReminders,
  bookingRentals,
  facilities,
  options,
  outbox,
  rentalSheetsSent,
  rentalStock,
  rentalStockDays,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { storedColumns } from '../booking/lifecycle.ts';
import { cloneBooking, insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { sendDueDayBeforeMails } from './day-before.ts';
import { sendDueRentalSheets } from './rental-sheet.ts';

let t: TestApp;
/** Signed in now (the tests move the clock past a session's idle time). */
const operator = () => staffSession(t, 'op-day@example.jp');
const admin = () => staffSession(t, 'admin-day@example.jp');
let today: string;
let tomorrow: string;
const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
/** A Tokyo wall-clock hour of `day` as an instant. */
const tokyoAt = (day: string, hour: number, minute = 0) =>
  new Date(tokyoDayStart(day).getTime() + hour * 3_600_000 + minute * 60_000);

/** Another app instance on the same database: its own context (caches, limiter), the same rows. */
function instance(): AppContext {
  return createContext({ db: t.database.db, clock: t.clock, config: t.config });
}

async function rentals(rsvno: string, rows: { seq: number; model: string; bootsSize: string; wearSize: string }[]) {
  await t.ctx.db.insert(bookingRentals).values(rows.map((r) => ({ rsvno, ...r })));
}

async function mailsOf(kind: string) {
  return t.ctx.db.select().from(outbox).where(eq(outbox.kind, kind));
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T03:00:00Z'), seeded: true });
  today = tokyoYmd(t.clock.now());
  tomorrow = addDays(today, 1);
  const day = { usedate: iso(tomorrow) };
  const dates = { fromdate: iso(tomorrow), todate: iso(tomorrow) };
  // Tomorrow: two paid ski rentals at スノーギア ニセコ (OP0003, facility 3, which has a mail address) …
  await cloneBooking(t.ctx.db, 'AA100009', 'DB000001', dates, day);
  await rentals('DB000001', [
    { seq: 1, model: '1', bootsSize: '26.5', wearSize: 'L' },
    { seq: 2, model: '2', bootsSize: '23.5', wearSize: 'S' },
  ]);
  await cloneBooking(t.ctx.db, 'AA100009', 'DB000002', { ...dates, sei: '=HYPERLINK("x")' }, day);
  await rentals('DB000002', [
    { seq: 1, model: '2', bootsSize: '27.0', wearSize: 'M' },
    { seq: 2, model: '1', bootsSize: '23.5', wearSize: 'S' },
  ]);
  // … a paid tour (OP0001), a canceled, an expired unpaid, an unanswered request, a cancellation claimed …
  await cloneBooking(t.ctx.db, 'AA100001', 'DB000003', dates, day);
  await cloneBooking(t.ctx.db, 'AA100009', 'DB000004', { ...dates, ...storedColumns('canceled', true) }, day);
  await rentals('DB000004', [{ seq: 1, model: '1', bootsSize: '29.0', wearSize: 'XXL' }]);
  await cloneBooking(
    t.ctx.db,
    'AA100002',
    'DB000005',
    { ...dates, rsvdate: new Date(t.clock.now().getTime() - (UNPAID_GRACE_MINUTES + 1) * 60_000) },
    day,
  );
  await cloneBooking(t.ctx.db, 'AA100005', 'DB000006', dates, { ...day, opcd: 'OP0001' });
  await cloneBooking(
    t.ctx.db,
    'AA100009',
    'DB000007',
    { ...dates, ...storedColumns('cancelling', true), canceledAt: t.clock.now() },
    day,
  );
  await rentals('DB000007', [{ seq: 1, model: '1', bootsSize: '28.0', wearSize: 'XL' }]);
  // … a paid booking of an option whose day-before mail is off (OP0002), and wear at 倶知安 (OP0004, no mail).
  await cloneBooking(t.ctx.db, 'AA100001', 'DB000008', dates, { ...day, opcd: 'OP0002' });
  await t.ctx.db.update(options).set({ dayBeforeMail: false }).where(eq(options.opcd, 'OP0002'));
  await cloneBooking(t.ctx.db, 'AA100009', 'DB000009', dates, { ...day, opcd: 'OP0004' });
  await rentals('DB000009', [
    { seq: 1, model: '', bootsSize: '', wearSize: 'M' },
    { seq: 2, model: '', bootsSize: '', wearSize: 'XS' },
  ]);
  await t.ctx.db
    .update(options)
    .set({ dayBeforeNote: '板のワックスがけは無料です。\n駐車場は店舗裏をご利用ください。' })
    .where(eq(options.opcd, 'OP0003'));
  await insertStaff(t.ctx.db, { mail: 'op-day@example.jp', role: 'operator' });
  await insertStaff(t.ctx.db, { mail: 'admin-day@example.jp', role: 'admin', totp: true });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('前日案内 (the day-before mail)', () => {
  it('is not sent before its hour the day before', async () => {
    t.clock.set(tokyoAt(today, 14, 59));
    expect(await sendDueDayBeforeMails(t.ctx)).toEqual([]);
    expect(await mailsOf('day_before')).toHaveLength(0);
  });

  it('is sent once per certain booking across two instances and a restart', async () => {
    t.clock.set(tokyoAt(today, 15, 0));
    const a = t.ctx;
    const b = instance();
    const runs = await Promise.all([
      sendDueDayBeforeMails(a),
      sendDueDayBeforeMails(b),
      sendDueDayBeforeMails(a),
      sendDueDayBeforeMails(b),
    ]);
    // AA100011 is the seed's paid coupon booking of tomorrow.
    const expected = ['AA100011', 'DB000001', 'DB000002', 'DB000003', 'DB000009'];
    expect(runs.flat().sort()).toEqual(expected);
    const mails = await mailsOf('day_before');
    expect(mails.map((m) => m.rsvno).sort()).toEqual(expected);
    // A restart: a fresh instance later that evening finds every booking claimed.
    t.clock.set(tokyoAt(today, 21, 30));
    expect(await sendDueDayBeforeMails(instance())).toEqual([]);
    expect(await sendDueDayBeforeMails(a)).toEqual([]);
    expect((await mailsOf('day_before')).map((m) => m.rsvno).sort()).toEqual(expected);
    const claims = await t.ctx.db.select().from(bookingReminders).where(eq(bookingReminders.kind, 'day_before'));
    expect(claims.map((c) => c.rsvno).sort()).toEqual(expected);
  });

  it('is never sent for canceled, expired, unanswered or cancel-claimed bookings, nor when the option is off', async () => {
    const mailed = new Set((await mailsOf('day_before')).map((m) => m.rsvno));
    for (const rsvno of ['DB000004', 'DB000005', 'DB000006', 'DB000007', 'DB000008']) {
      expect(mailed.has(rsvno), rsvno).toBe(false);
    }
  });

  it('tells the meeting point and time, a map, what to bring, rentals, the shop’s phone, the note, .ics and my page', async () => {
    const [mail] = (await mailsOf('day_before')).filter((m) => m.rsvno === 'DB000001');
    expect(mail).toBeDefined();
    if (!mail) return;
    expect(mail.subject).toBe('【さくらトラベル】明日のご利用のご案内（予約番号：DB000001）');
    expect(mail.to).toBe('ryo.kobayashi@example.jp');
    const text = mail.body;
    expect(text).toContain('ニセコひらふ「スノーギア ニセコ」レンタルカウンター');
    expect(text).toContain('受付時間');
    expect(text).toContain('8:00〜17:00');
    expect(text).toContain('https://www.google.com/maps/search/?api=1&query=42.8609%2C140.6886');
    expect(text).toContain('■持ち物');
    expect(text).toContain('参加者1（小林 亮様）：スキー／ブーツ 26.5cm／ウェア L');
    expect(text).toContain('参加者2（小林 優奈様）：スノーボード／ブーツ 23.5cm／ウェア S');
    expect(text).toContain('スノーギア ニセコ　TEL 0136-55-0303');
    expect(text).toContain(
      '■ニセコ スキー・スノーボード フルセットレンタル（1日）からのお知らせ\n・板のワックスがけは無料です。\n・駐車場は店舗裏をご利用ください。',
    );
    expect(text).toContain('http://localhost:3000/login');
    expect(mail.html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=42.8609%2C140.6886"');
    expect(mail.html).toContain('マイページでご予約を確認する');
    expect(mail.attachments.map((f) => f.filename)).toEqual(['booking-DB000001.ics']);
    expect(mail.attachments[0]?.content).toContain(`DTSTART;VALUE=DATE:${tomorrow}`);
    // The tour has no note, and its mail says nothing of rentals.
    const [tour] = (await mailsOf('day_before')).filter((m) => m.rsvno === 'DB000003');
    expect(tour?.body).not.toContain('からのお知らせ');
    expect(tour?.body).not.toContain('レンタル（サイズ）');
  });

  it('is listed among the booking’s mails in 予約詳細', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/bookings/DB000001',
      cookies: { [STAFF_COOKIE]: await operator() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('明日のご利用のご案内');
  });

  it('reaches a booking made after the hour at the next run, but not once the day has started', async () => {
    t.clock.set(tokyoAt(today, 22, 0));
    await cloneBooking(
      t.ctx.db,
      'AA100001',
      'DB000010',
      { fromdate: iso(tomorrow), todate: iso(tomorrow), rsvdate: t.clock.now() },
      { usedate: iso(tomorrow) },
    );
    expect(await sendDueDayBeforeMails(instance())).toEqual(['DB000010']);
    // Midnight passed: a booking of the day that has begun is not sent a "tomorrow" mail.
    t.clock.set(tokyoAt(tomorrow, 0, 5));
    await cloneBooking(
      t.ctx.db,
      'AA100001',
      'DB000011',
      { fromdate: iso(tomorrow), todate: iso(tomorrow), rsvdate: t.clock.now() },
      { usedate: iso(tomorrow) },
    );
    expect(await sendDueDayBeforeMails(t.ctx)).toEqual([]);
    expect((await mailsOf('day_before')).some((m) => m.rsvno === 'DB000011')).toBe(false);
    t.clock.set(tokyoAt(today, 12, 0));
  });
});

describe('レンタル準備表', () => {
  async function sheet(query: string): Promise<RentalSheetDay> {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/rental-sheet${query}`,
      cookies: { [STAFF_COOKIE]: await operator() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response;
  }

  it('counts skis, snowboards, boots by size and wear by size and age class per shop', async () => {
    const day = await sheet(`?date=${tomorrow}&facility=3`);
    expect(day.date).toBe(tomorrow);
    expect(day.facilities.map((f) => f.id)).toEqual([3, 4, 5, 6]);
    expect(day.sheets).toHaveLength(1);
    const niseko = day.sheets[0];
    expect(niseko).toMatchObject({
      facilityId: 3,
      facilityName: 'スノーギア ニセコ',
      facilityMail: 'rental-niseko@example.jp',
      bookings: 2,
      travellers: 4,
      skis: 2,
      snowboards: 2,
      boots: [
        { size: '23.5', count: 2 },
        { size: '26.5', count: 1 },
        { size: '27.0', count: 1 },
      ],
      wear: [
        { ageClass: '大人', size: 'M', count: 1 },
        { ageClass: '大人', size: 'L', count: 1 },
        { ageClass: '中人', size: 'S', count: 2 },
      ],
    });
    // The list by booking and traveller: the canceled, and the one whose cancellation is claimed, are not on it.
    expect(niseko?.rows.map((r) => `${r.rsvno}/${r.seq}`).sort()).toEqual([
      'DB000001/1',
      'DB000001/2',
      'DB000002/1',
      'DB000002/2',
    ]);
    expect(niseko?.rows.find((r) => r.rsvno === 'DB000001' && r.seq === 2)).toMatchObject({
      name: '小林 優奈',
      ageClass: '中人',
      model: 'スノーボード',
      bootsSize: '23.5',
      wearSize: 'S',
      statusLabel: '予約済み',
    });
  });

  it('says per counted item and size how many are reserved, the pairs that day and how many are left', async () => {
    // The shop's stock set here, whatever the demo data gives it: boards and boots counted, wear not.
    await t.ctx.db.delete(rentalStock).where(eq(rentalStock.facilityId, 3));
    await t.ctx.db.insert(rentalStock).values([
      { facilityId: 3, item: 'model', size: '1', quantity: 5 },
      { facilityId: 3, item: 'model', size: '2', quantity: 2 },
      { facilityId: 3, item: 'boots', size: '23.5', quantity: 2 },
      { facilityId: 3, item: 'boots', size: '26.5', quantity: 3 },
      { facilityId: 3, item: 'boots', size: '27.0', quantity: 4 },
    ]);
    // Two pairs of 27.0 out for repair, and one more besides, tomorrow.
    await t.ctx.db
      .insert(rentalStockDays)
      .values({ facilityId: 3, item: 'boots', size: '27.0', usedate: iso(tomorrow), quantity: 1 });
    const niseko = (await sheet(`?date=${tomorrow}&facility=3`)).sheets[0];
    // The booking whose cancellation is claimed (DB000007) still holds its pairs until it is canceled: what a new
    // booking is checked against. The canceled one (DB000004) holds none.
    expect(niseko?.stock).toEqual([
      { item: 'model', size: '1', reserved: 3, quantity: 5, left: 2 },
      { item: 'model', size: '2', reserved: 2, quantity: 2, left: 0 },
      { item: 'boots', size: '23.5', reserved: 2, quantity: 2, left: 0 },
      { item: 'boots', size: '26.5', reserved: 1, quantity: 3, left: 2 },
      { item: 'boots', size: '27.0', reserved: 1, quantity: 1, left: 0 },
      // Booked but not listed: the shop has none of it.
      { item: 'boots', size: '28.0', reserved: 1, quantity: 0, left: -1 },
    ]);
    // The rest of the sheet is as it was, and a shop that counts nothing has no stock.
    expect(niseko).toMatchObject({ bookings: 2, travellers: 4, skis: 2, snowboards: 2 });
    await t.ctx.db.delete(rentalStock).where(eq(rentalStock.facilityId, 3));
    expect((await sheet(`?date=${tomorrow}&facility=3`)).sheets[0]?.stock).toEqual([]);
  });

  it('defaults to tomorrow with every shop that has rental travellers', async () => {
    const day = await sheet('');
    expect(day.date).toBe(tomorrow);
    expect(day.sheets.map((s) => [s.facilityId, s.travellers])).toEqual([
      [3, 4],
      [4, 2],
    ]);
    expect(day.sheets[1]).toMatchObject({ skis: 0, snowboards: 0, boots: [], facilityMail: null });
    expect(day.sheets[1]?.wear).toEqual([
      { ageClass: '大人', size: 'M', count: 1 },
      { ageClass: '中人', size: 'XS', count: 1 },
    ]);
  });

  it('gives the same list as CSV for Excel, formulas escaped', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/rental-sheet.csv?date=${tomorrow}&facility=3`,
      cookies: { [STAFF_COOKIE]: await operator() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="rental-sheet-${tomorrow}-3.csv"`);
    expect(res.body.startsWith('\uFEFF"利用日","施設","予約番号"')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    const slash = `${tomorrow.slice(0, 4)}/${tomorrow.slice(4, 6)}/${tomorrow.slice(6, 8)}`;
    expect(res.body).toContain(
      `"${slash}","スノーギア ニセコ","DB000001","予約済み","OP0003","ニセコ スキー・スノーボード フルセットレンタル（1日）","小林 亮","090-1234-5678","1","小林 亮","大人","スキー","26.5","L"`,
    );
    expect(res.body).toContain('"小林 優奈","中人","スノーボード","23.5","S"');
    expect(res.body).toContain(`"'=HYPERLINK(""x"") 亮"`);
  });

  it('is mailed to the shop the evening before, once across two instances and a restart', async () => {
    t.clock.set(tokyoAt(today, 17, 59));
    expect(await sendDueRentalSheets(t.ctx)).toEqual([]);
    t.clock.set(tokyoAt(today, 18, 0));
    const runs = await Promise.all([
      sendDueRentalSheets(t.ctx),
      sendDueRentalSheets(instance()),
      sendDueRentalSheets(t.ctx),
    ]);
    expect(runs.flat()).toEqual([{ facilityId: 3, usedate: tomorrow }]);
    t.clock.set(tokyoAt(today, 23, 0));
    expect(await sendDueRentalSheets(instance())).toEqual([]);
    const mails = await mailsOf('rental_sheet');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ to: 'rental-niseko@example.jp', rsvno: null });
    expect(mail?.subject).toContain('レンタル準備表');
    expect(mail?.body).toContain('スキー　　　：2台');
    expect(mail?.body).toContain('23.5cm：2足');
    expect(mail?.body).toContain('中人 S：2着');
    expect(mail?.attachments[0]?.filename).toBe(`rental-sheet-3-${tomorrow}.csv`);
    expect(mail?.attachments[0]?.content).toContain('"DB000002"');
    const claims = await t.ctx.db
      .select()
      .from(rentalSheetsSent)
      .where(and(eq(rentalSheetsSent.facilityId, 3), eq(rentalSheetsSent.usedate, iso(tomorrow))));
    expect(claims).toHaveLength(1);
    expect((await sheet(`?date=${tomorrow}&facility=3`)).sheets[0]?.mailedAt).not.toBeNull();
    t.clock.set(tokyoAt(today, 12, 0));
  });

  it('lets an admin set a facility’s mail address, and refuses a wrong one', async () => {
    const adminCookie = await admin();
    const post = (payload: Record<string, unknown>, who = adminCookie) =>
      t.request({ method: 'POST', url: '/api/admin/facilities/4/mail', payload, cookies: { [STAFF_COOKIE]: who } });
    expect((await post({ mail: 'kutchan@example' })).statusCode).toBe(422);
    expect((await post({ mail: ' kutchan@example.jp ' })).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(facilities).where(eq(facilities.id, 4));
    expect(row?.mail).toBe('kutchan@example.jp');
    expect((await post({ mail: 'x@example.jp' }, await operator())).statusCode).toBe(403);
    expect((await post({ mail: '' })).statusCode).toBe(200);
    const [cleared] = await t.ctx.db.select().from(facilities).where(eq(facilities.id, 4));
    expect(cleared?.mail).toBeNull();
  });
});
