/**
 * キャンセル待ち (ADR 0167) on both databases: seats that come back are offered in the order the entries
 * came, whole parties only, a passed-over group collects; never more seats held than came back (also with
 * workers racing each other and bookings); an offer that lapses gives its seats back and the next is offered;
 * the booking from the link uses the held seats, once; the day stays sold out for everyone else meanwhile.
 * After every step: seats left + seats of live bookings + seats held = what the day was given (0 oversold).
 */
import { type CreateBookingRequest, createBookingRequest } from '@tabi/contract/booking';
import { BookingStatus, ErrCd } from '@tabi/contract/constants';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { WaitlistMsg } from '@tabi/contract/waitlist';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import { bookingOptions, bookings, departures, outbox, waitlistEntries } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import * as bookingRepo from '../booking/repository.ts';
import { cancelUnpaid, createBooking } from '../booking/service.ts';
import { bookingPayload, insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { runDay, runWaitlist } from './service.ts';

let t: TestApp;
let today: Ymd;
let ip = 1;
const OPCD = 'OPWL01';

function nextIp(): string {
  ip += 1;
  return `10.27.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
}

async function book(usedate: Ymd, adults: number, overrides: Partial<CreateBookingRequest> = {}) {
  return createBooking(
    t.ctx,
    createBookingRequest.parse(bookingPayload(OPCD, usedate, { adults }, overrides)),
    nextIp(),
  );
}

async function bookHttp(usedate: Ymd, adults: number, overrides: Partial<CreateBookingRequest> = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(OPCD, usedate, { adults }, overrides),
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, body: res.json() as { errcd: string; errMsg: string; response: unknown } };
}

/** Gives a booking's seats back as the sweeper or a cancellation does. */
async function cancel(rsvno: string): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    const row = await bookingRepo.lockBooking(tx, rsvno);
    if (!row) throw new Error(rsvno);
    await cancelUnpaid(t.ctx, tx, row, 'expired', systemActor('ops'));
  });
}

async function join(usedate: Ymd, party: number | string, mail = `w${ip}@example.com`) {
  const res = await t.request({
    method: 'POST',
    url: '/api/waitlist',
    payload: { opcd: OPCD, usedate, mail, party },
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, body: res.json() as { errcd: string; errMsg: string; response: unknown } };
}

async function entries(usedate: Ymd) {
  return t.ctx.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.opcd, OPCD), eq(waitlistEntries.usedate, ymdToIsoDate(usedate))))
    .orderBy(asc(waitlistEntries.id));
}

/** The link of the last mail sent about the entry (its registration, or its offer once offered). */
async function tokenOf(id: number): Promise<string> {
  const [row] = await t.ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!row) throw new Error(String(id));
  const [mail] = await t.ctx.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.to, row.mail), sql`${outbox.kind} like 'waitlist%'`))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = /waitlist=([\w-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${row.mail}`);
  return token;
}

/** zaikozan + seats of bookings not canceled + seats held by active entries: the day's seats, always. */
async function seatsAccountedFor(usedate: Ymd): Promise<{ left: number; booked: number; held: number; total: number }> {
  const day = ymdToIsoDate(usedate);
  const left = (await stockLeft(t.ctx.db, OPCD, usedate)) ?? 0;
  const [b] = await t.ctx.db
    .select({ n: sql<number>`coalesce(sum(${bookingOptions.seats}), 0)::int` })
    .from(bookingOptions)
    .innerJoin(bookings, eq(bookings.rsvno, bookingOptions.rsvno))
    .where(
      and(eq(bookingOptions.opcd, OPCD), eq(bookingOptions.usedate, day), ne(bookings.status, BookingStatus.canceled)),
    );
  const [h] = await t.ctx.db
    .select({ n: sql<number>`coalesce(sum(${waitlistEntries.held}), 0)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.opcd, OPCD),
        eq(waitlistEntries.usedate, day),
        sql`${waitlistEntries.state} in ('waiting', 'offered')`,
      ),
    );
  const booked = Number(b?.n ?? 0);
  const held = Number(h?.n ?? 0);
  return { left, booked, held, total: left + booked + held };
}

beforeAll(async () => {
  t = await createTestApp();
  today = todayIn(t.clock);
  await insertTestOption(t.ctx.db, OPCD);
  for (const offset of [5, 6, 7, 8, 9, 10, 11, 12])
    await insertTestStock(t.ctx.db, OPCD, addDays(today, offset), { zaikozan: 4 });
});
afterAll(async () => {
  await t.close();
});

describe('joining', () => {
  it('is refused while the party still fits, and for the same mail twice; said in Japanese', async () => {
    const day = addDays(today, 10);
    expect(await join(day, 2)).toMatchObject({ status: 409, body: { errMsg: WaitlistMsg.seatsLeft } });
    await book(day, 3);
    // 1 seat left: a party of 2 may wait, a party of 1 books.
    expect(await join(day, 1)).toMatchObject({ status: 409, body: { errMsg: WaitlistMsg.seatsLeft } });
    expect(await join(day, 2, 'Same@Example.com')).toMatchObject({ status: 200, body: { errcd: ErrCd.success } });
    expect(await join(day, 3, 'same@example.com')).toMatchObject({
      status: 409,
      body: { errMsg: WaitlistMsg.alreadyWaiting },
    });
    const bad = await join(day, 2, 'not-a-mail');
    expect(bad.status).toBe(422);
    expect(bad.body.errMsg).toContain(WaitlistMsg.mailInvalid);
    expect((await join(day, 0, 'zero@example.com')).body.errMsg).toContain(WaitlistMsg.partyRange);
    expect((await join(day, 9, 'nine@example.com')).body.errMsg).toBe(WaitlistMsg.partyOutOfOption(1, 8));
    // The confirmation mail carries the link with the entry's token.
    const [entry] = await entries(day);
    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.kind, 'waitlist_joined'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('Same@Example.com');
    const token = await tokenOf(entry?.id ?? 0);
    const lookup = await t.request({ method: 'POST', url: '/api/waitlist/offer', payload: { token } });
    expect(lookup.json().response).toMatchObject({ opcd: OPCD, usedate: day, state: 'waiting', party: 2 });
  });
});

describe('the language of an entry', () => {
  it('is stored as one of ours whatever the browser sent, and its mail follows it', async () => {
    const day = addDays(today, 12);
    await book(day, 4);
    for (const [lang, stored] of [
      ['EN-gb', 'en'],
      ['xx', 'ja'],
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/waitlist',
        payload: { opcd: OPCD, usedate: day, mail: `lang-${lang}@example.com`, party: 2, lang },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = await t.ctx.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.mail, `lang-${lang}@example.com`));
      expect(entry?.lang).toBe(stored);
      const [mail] = await t.ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, `lang-${lang}@example.com`));
      expect(mail?.body).toContain(stored === 'en' ? '/en/detail?' : '/detail?');
    }
  });
});

describe('the links mailed', () => {
  it('work until the entry ends, whatever the application key is when a later mail is sent (a restart)', async () => {
    const day = addDays(today, 11);
    const a = await book(day, 4);
    expect((await join(day, 2, 'restart@example.com')).status).toBe(200);
    const [entry] = await entries(day);
    const joinToken = await tokenOf(entry?.id ?? 0);
    // A restart without APP_KEY draws a new random key.
    const config = t.ctx.config as { appKey: string };
    const key = config.appKey;
    config.appKey = 'a-key-drawn-after-a-restart';
    try {
      await cancel(a.rsvno);
      expect((await runWaitlist(t.ctx)).offered).toEqual([entry?.id]);
      const offerToken = await tokenOf(entry?.id ?? 0);
      expect(offerToken).not.toBe(joinToken);
      for (const token of [joinToken, offerToken]) {
        const lookup = await t.request({ method: 'POST', url: '/api/waitlist/offer', payload: { token } });
        expect(lookup.statusCode, lookup.body).toBe(200);
        expect(lookup.json().response).toMatchObject({ state: 'offered', held: 2 });
      }
      expect((await bookHttp(day, 2, { waitlist_token: offerToken })).status).toBe(200);
    } finally {
      config.appKey = key;
    }
  });
});

describe('offering seats that came back', () => {
  it('offers in order, whole parties only, never more than came back; a passed-over group collects', async () => {
    const day = addDays(today, 5);
    const a = await book(day, 2);
    const b = await book(day, 2);
    expect(await stockLeft(t.ctx.db, OPCD, day)).toBe(0);
    for (const party of [3, 1, 2, 1]) expect((await join(day, party)).status).toBe(200);
    const [e1, e2, e3, e4] = (await entries(day)).map((e) => e.id);
    expect(await runWaitlist(t.ctx)).toMatchObject({ offered: [], collected: 0 });

    await cancel(a.rsvno); // 2 seats back: the 3 does not fit, the 1 behind it does, the 2 not, the last 1 does.
    expect(await runWaitlist(t.ctx)).toMatchObject({ offered: [e2, e4], collected: 0 });
    expect((await entries(day)).map((e) => [e.state, e.held])).toEqual([
      ['waiting', 0],
      ['offered', 1],
      ['waiting', 0],
      ['offered', 1],
    ]);
    expect(await seatsAccountedFor(day)).toEqual({ left: 0, booked: 2, held: 2, total: 4 });
    // The day stays sold out for everyone else while the seats are held.
    expect(await bookHttp(day, 1)).toMatchObject({ status: 409, body: { errcd: ErrCd.noStock, errMsg: Msg.noStock } });

    await cancel(b.rsvno); // 2 more: the 3 was passed over once, so it collects them and nobody behind gets any.
    expect(await runWaitlist(t.ctx)).toMatchObject({ offered: [], collected: 2 });
    expect((await entries(day)).map((e) => [e.state, e.held])).toEqual([
      ['waiting', 2],
      ['offered', 1],
      ['waiting', 0],
      ['offered', 1],
    ]);
    expect(await seatsAccountedFor(day)).toEqual({ left: 0, booked: 0, held: 4, total: 4 });

    // Both offers lapse: their 2 seats go back, the 3 is completed and offered, the 2 (passed over) collects 1.
    t.clock.advance((t.config.waitlistOfferMinutes + 1) * 60_000);
    const run = await runWaitlist(t.ctx);
    expect(run.expired.sort()).toEqual([e2, e4].sort());
    expect(run.offered).toEqual([e1]);
    expect(run.collected).toBe(1);
    expect((await entries(day)).map((e) => [e.id, e.state, e.held])).toEqual([
      [e1, 'offered', 3],
      [e2, 'expired', 0],
      [e3, 'waiting', 1],
      [e4, 'expired', 0],
    ]);
    expect(await seatsAccountedFor(day)).toEqual({ left: 0, booked: 0, held: 4, total: 4 });
    const offers = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'waitlist_offered'))
      .orderBy(asc(outbox.id));
    expect(offers.length).toBeGreaterThanOrEqual(3);
    expect(offers.at(-1)?.body).toContain(`waitlist=${await tokenOf(e1 ?? 0)}`);
    expect(offers.at(-1)?.body).toContain('3名分');
  });

  it('books from the link with the held seats, gives back what a smaller party leaves, and only once', async () => {
    const day = addDays(today, 6);
    const a = await book(day, 4);
    expect((await join(day, 3, 'offer@example.com')).status).toBe(200);
    const [entry] = await entries(day);
    const token = await tokenOf(entry?.id ?? 0);
    // Not offered yet.
    expect(await bookHttp(day, 2, { waitlist_token: token })).toMatchObject({
      status: 409,
      body: { errMsg: WaitlistMsg.offerNotOffered },
    });
    await cancel(a.rsvno);
    expect((await runWaitlist(t.ctx)).offered).toEqual([entry?.id]);
    expect(await seatsAccountedFor(day)).toEqual({ left: 1, booked: 0, held: 3, total: 4 });

    // Refused: larger than held, another day, an unknown token; nothing moves.
    expect(await bookHttp(day, 4, { waitlist_token: token })).toMatchObject({
      status: 409,
      body: { errMsg: WaitlistMsg.offerPartyTooLarge(3) },
    });
    expect(await bookHttp(addDays(today, 7), 2, { waitlist_token: token })).toMatchObject({
      status: 409,
      body: { errMsg: WaitlistMsg.offerMismatch },
    });
    expect(await bookHttp(day, 2, { waitlist_token: 'x'.repeat(43) })).toMatchObject({
      status: 404,
      body: { errMsg: WaitlistMsg.tokenUnknown },
    });
    expect(await seatsAccountedFor(day)).toEqual({ left: 1, booked: 0, held: 3, total: 4 });

    // The offer lookup the landing page reads.
    const lookup = await t.request({ method: 'POST', url: '/api/waitlist/offer', payload: { token } });
    expect(lookup.json().response).toMatchObject({ opcd: OPCD, usedate: day, state: 'offered', party: 3, held: 3 });

    // Two of the three book: the third seat goes back to the day.
    const made = await bookHttp(day, 2, { waitlist_token: token });
    expect(made.status).toBe(200);
    const rsvno = (made.body.response as { rsvno: string }).rsvno;
    expect(await seatsAccountedFor(day)).toEqual({ left: 2, booked: 2, held: 0, total: 4 });
    expect((await entries(day))[0]).toMatchObject({ state: 'booked', held: 0, rsvno });

    // The link cannot be used again.
    expect(await bookHttp(day, 1, { waitlist_token: token })).toMatchObject({
      status: 409,
      body: { errMsg: WaitlistMsg.offerUsed },
    });
    expect(await seatsAccountedFor(day)).toEqual({ left: 2, booked: 2, held: 0, total: 4 });
  });

  it('refuses a lapsed offer, gives its seats back and offers the next; leaving gives back what is held', async () => {
    const day = addDays(today, 7);
    const a = await book(day, 4);
    expect((await join(day, 2, 'first@example.com')).status).toBe(200);
    expect((await join(day, 2, 'second@example.com')).status).toBe(200);
    const [first, second] = await entries(day);
    await cancel(a.rsvno);
    expect((await runWaitlist(t.ctx)).offered).toEqual([first?.id, second?.id]);
    const firstToken = await tokenOf(first?.id ?? 0);
    const secondToken = await tokenOf(second?.id ?? 0);

    // The second declines: its seats go back to the day (nobody else waits).
    const left = await t.request({ method: 'POST', url: '/api/waitlist/leave', payload: { token: secondToken } });
    expect(left.json()).toEqual({ errcd: ErrCd.success, errMsg: '', response: { state: 'canceled' } });
    expect(await seatsAccountedFor(day)).toEqual({ left: 2, booked: 0, held: 2, total: 4 });
    const again = await t.request({ method: 'POST', url: '/api/waitlist/leave', payload: { token: secondToken } });
    expect(again.statusCode).toBe(409);

    t.clock.advance((t.config.waitlistOfferMinutes + 1) * 60_000);
    // Lapsed before the worker looked: refused all the same.
    expect(await bookHttp(day, 2, { waitlist_token: firstToken })).toMatchObject({
      status: 409,
      body: { errMsg: WaitlistMsg.offerExpired },
    });
    expect((await runWaitlist(t.ctx)).expired).toContain(first?.id);
    expect(await seatsAccountedFor(day)).toEqual({ left: 4, booked: 0, held: 0, total: 4 });
  });

  it('never holds more than came back with workers racing each other and bookings', async () => {
    const day = addDays(today, 8);
    const a = await book(day, 2);
    const b = await book(day, 2);
    for (let i = 0; i < 6; i += 1) expect((await join(day, 1 + (i % 2), `race${i}@example.com`)).status).toBe(200);
    await Promise.all([cancel(a.rsvno), cancel(b.rsvno)]);
    const iso = ymdToIsoDate(day);
    await Promise.all([
      runWaitlist(t.ctx),
      runWaitlist(t.ctx),
      runDay(t.ctx, { opcd: OPCD, usedate: iso, startTime: '' }),
      runDay(t.ctx, { opcd: OPCD, usedate: iso, startTime: '' }),
      bookHttp(day, 1),
      bookHttp(day, 2),
    ]);
    await runWaitlist(t.ctx);
    const after = await seatsAccountedFor(day);
    expect(after.total).toBe(4);
    expect(after.left).toBeGreaterThanOrEqual(0);
    const rows = await entries(day);
    const heldSum = rows.reduce((sum, e) => sum + e.held, 0);
    expect(heldSum).toBe(after.held);
    // Whole parties are offered, each at most once.
    for (const e of rows.filter((r) => r.state === 'offered')) expect(e.held).toBe(e.party);
    const [row] = await t.ctx.db
      .select()
      .from(departures)
      .where(and(eq(departures.opcd, OPCD), eq(departures.usedate, iso)));
    expect(row?.zaikozan).toBeGreaterThanOrEqual(0);
  });

  it('offers what a stock edit adds, and ends the entries of a day that has passed', async () => {
    const day = addDays(today, 9);
    await book(day, 4);
    expect((await join(day, 2, 'edit@example.com')).status).toBe(200);
    await t.ctx.db
      .update(departures)
      .set({ zaikozan: 3 })
      .where(and(eq(departures.opcd, OPCD), eq(departures.usedate, ymdToIsoDate(day))));
    expect((await runWaitlist(t.ctx)).offered).toHaveLength(1);
    expect(await stockLeft(t.ctx.db, OPCD, day)).toBe(1);
    t.clock.advance(10 * 86_400_000);
    await runWaitlist(t.ctx);
    expect((await entries(day)).map((e) => [e.state, e.held])).toEqual([['expired', 0]]);
  });
});
