/**
 * A booking's language as clients send it: POST /api/booking's `lang` (SPEC §7: the first two letters of the browser
 * language, in whatever case) and an OCTO contact's locales are stored as one of our languages, case-insensitively,
 * anything else as Japanese; the booking's mail follows what was stored. On PGlite and on PostgreSQL.
 */
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { bookings, outbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { insertResellerKey } from './test-fixtures.ts';

let t: TestApp;
let day: Ymd;
let key = '';
let ip = 1;

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 20);
  // A request item: its first mail (受付) is written with the booking, in the booking's language.
  await insertTestOption(t.ctx.db, 'LANGRQ', { flgRequestItem: true });
  await insertTestOption(t.ctx.db, 'LANGOC');
  await insertTestStock(t.ctx.db, 'LANGRQ', day, { zaikozan: 50 });
  await insertTestStock(t.ctx.db, 'LANGOC', day, { zaikozan: 50 });
  key = await insertResellerKey(t, 'Lang');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function bookIn(lang: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload('LANGRQ', day, { adults: 1 }, { lang }),
    remoteAddress: `10.45.0.${ip++}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().errcd, res.body).toBe('000');
  return res.json().response.rsvno as string;
}

describe('POST /api/booking', () => {
  it.each([
    ['EN', 'en', 'We have received your request'],
    ['En', 'en', 'We have received your request'],
    ['en', 'en', 'We have received your request'],
    ['xx', 'ja', 'リクエスト'],
    ['JA', 'ja', 'リクエスト'],
    ['', 'ja', 'リクエスト'],
  ])('lang %j is stored as %j and mailed in it', async (sent, stored, subject) => {
    const rsvno = await bookIn(sent);
    const [row] = await t.ctx.db.select({ lang: bookings.lang }).from(bookings).where(eq(bookings.rsvno, rsvno));
    expect(row?.lang).toBe(stored);
    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.rsvno, rsvno));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(subject);
  });
});

describe('OCTO', () => {
  it.each([
    [['EN'], 'en'],
    [['en-GB'], 'en'],
    [['xx'], 'ja'],
    [['fr-FR'], 'ja'],
    [['fr-FR', 'EN-us'], 'en'],
    [['JA-jp'], 'ja'],
  ])('a contact with locales %j makes a booking in %j', async (locales, stored) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/octo/bookings',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify({
        productId: 'LANGOC',
        optionId: 'DEFAULT',
        availabilityId: `${ymdToIsoDate(day)}T00:00:00+09:00`,
        unitItems: [{ unitId: 'adult' }],
        contact: { fullName: 'Kim Lee', locales },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { uuid, supplierReference } = res.json();
    const [held] = await t.ctx.db
      .select({ lang: bookings.lang })
      .from(bookings)
      .where(eq(bookings.rsvno, supplierReference));
    expect(held?.lang).toBe(stored);
    // The confirm's contact sets it again, by the same rule.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/octo/bookings/${uuid}/confirm`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify({ contact: { fullName: 'Kim Lee', locales: locales.map((l) => l.toUpperCase()) } }),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await t.ctx.db
      .select({ lang: bookings.lang })
      .from(bookings)
      .where(eq(bookings.rsvno, supplierReference));
    expect(row?.lang).toBe(stored);
  });
});
