/**
 * Tickets on my page (ADR 0212): a paid booking's answer carries its QR code, whose text is an unguessable token that
 * stays the same, and a booking not paid has none. On PGlite and PostgreSQL (TEST_DB=postgres).
 */
import { addDays, type Ymd } from '@tabi/contract/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import { outbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { payBooking } from '../payment/test-fixtures.ts';
import { tickets } from './schema.ts';
import { TICKET_PREFIX } from './service.ts';

let t: TestApp;
let day: Ymd;
let ip = 1;
const OPT = 'TK0001';
const TEL = '090-1234-5678';

function send(url: string, payload: object) {
  return t.request({ method: 'POST', url, payload, remoteAddress: `10.51.${ip >> 8}.${ip++ & 255}` });
}

async function book(): Promise<string> {
  const made = await send('/api/booking', bookingPayload(OPT, day, { adults: 2 }));
  expect(made.statusCode, made.body).toBe(200);
  return made.json().response.rsvno as string;
}

/** The booking as my page reads it. */
async function myPage(rsvno: string) {
  const login = await send('/api/mylogin', { rsvno, tel: TEL });
  const session = login.json().response.session as string;
  const res = await send(`/api/booking/${rsvno}`, { session, rsvno });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response as { state: string; ticket?: { code: string; qr_svg: string } };
}

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 15);
  await insertTestOption(t.ctx.db, OPT);
  await insertTestStock(t.ctx.db, OPT, day, { zaikozan: 20 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a booking’s ticket', () => {
  it('is on my page once the booking is paid: a QR code of an unguessable token that stays the same', async () => {
    const rsvno = await book();
    expect((await myPage(rsvno)).ticket).toBeUndefined();
    await payBooking(t, rsvno);
    const first = await myPage(rsvno);
    expect(first.state).toBe('paid');
    expect(first.ticket?.code).toMatch(new RegExp(`^${TICKET_PREFIX.replace('.', '\\.')}[A-Za-z0-9_-]{32}$`));
    expect(first.ticket?.code).not.toContain(rsvno);
    expect(first.ticket?.qr_svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(first.ticket?.qr_svg).not.toMatch(/<script|on\w+=/i);
    expect((await myPage(rsvno)).ticket?.code).toBe(first.ticket?.code);
    const rows = await t.ctx.db.select().from(tickets).where(eq(tickets.rsvno, rsvno));
    expect(rows).toHaveLength(1);
  });

  it('is in the paid mail, a PNG shown inside the HTML part, the text part saying where to find it', async () => {
    const rsvno = await book();
    await payBooking(t, rsvno);
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.rsvno, rsvno), eq(outbox.kind, 'booking_paid')));
    const image = mail?.attachments.find((a) => a.contentType === 'image/png');
    expect(image).toMatchObject({ filename: `ticket-${rsvno}.png`, encoding: 'base64', cid: 'ticket-qr' });
    expect(
      Buffer.from(image?.content ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(mail?.html).toContain('<img src="cid:ticket-qr"');
    expect(mail?.html).toContain(`alt="ご予約${rsvno}のチケット（QRコード）"`);
    expect(mail?.body).toContain('■チケット');
    // The same ticket as my page's: one token per booking.
    await myPage(rsvno);
    expect(await t.ctx.db.select().from(tickets).where(eq(tickets.rsvno, rsvno))).toHaveLength(1);
  });

  it('gives each booking its own token, made once however many ask at once', async () => {
    const [a, b] = [await book(), await book()];
    await payBooking(t, a);
    await payBooking(t, b);
    const answers = await Promise.all([myPage(a), myPage(a), myPage(a), myPage(b)]);
    expect(new Set(answers.slice(0, 3).map((x) => x.ticket?.code)).size).toBe(1);
    expect(answers[3]?.ticket?.code).not.toBe(answers[0]?.ticket?.code);
  });
});
