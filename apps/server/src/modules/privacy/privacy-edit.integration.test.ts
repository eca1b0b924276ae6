/**
 * An erasure stays done: once a booking's passport numbers, birthdays and diet choices are erased, 参加者を修正 in
 * the console still corrects names, sex and nationality, but refuses to write any of the erased data back, into the
 * participants or into the history, also when the edit and the erasure job run at the same moment.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import type { BookingDetail } from '@tabi/contract/admin-bookings';
import { ErrCd } from '@tabi/contract/constants';
import { addDays, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookingMembers, bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { cloneBooking, insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { erasePersonalData, erasePersonalDataOf } from './service.ts';

let t: TestApp;
let cookie = '';
const PASSPORT = { passport_number: 'TK1234567', vegetarian_meals: true };

/** A copy of a demo booking used `daysAgo` days ago (due for the erasure after 90), its people with passports. */
async function bookingOn(rsvno: string, daysAgo: number) {
  const day = ymdToIsoDate(addDays(tokyoYmd(t.clock.now()), -daysAgo));
  await cloneBooking(t.ctx.db, 'AA100004', rsvno, { fromdate: day, todate: day }, { usedate: day });
  await t.ctx.db.update(bookingMembers).set({ extended: PASSPORT }).where(eq(bookingMembers.rsvno, rsvno));
}

async function detail(rsvno: string): Promise<BookingDetail> {
  const res = await t.request({
    method: 'GET',
    url: `/api/admin/bookings/${rsvno}`,
    cookies: { [STAFF_COOKIE]: cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response as BookingDetail;
}

function editParticipants(rsvno: string, memberList: Record<string, unknown>[]) {
  return t.request({
    method: 'POST',
    url: `/api/admin/bookings/${rsvno}/participants`,
    payload: { memberList },
    cookies: { [STAFF_COOKIE]: cookie },
  });
}

/** The participants as the dialog sends them, with the given given name and birthdays (YYYYMMDD, or '' once erased). */
function memberListOf(d: BookingDetail, mei: string, birthdays: Map<string, string>) {
  return d.booking.memberList.map((m) => ({
    seq: m.seq,
    sei: m.sei,
    mei: m.seq === '1' ? mei : m.mei,
    sex: m.sex,
    birthday: birthdays.get(m.seq) ?? '',
    ageclass: m.ageclass,
    nationality_id: String(m.nationality_id),
  }));
}

/** What is kept of the booking's people and history: nothing erased may be in it. */
async function expectErasedStaysErased(rsvno: string, original: Map<string, string>) {
  const [booking] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  expect(booking?.personalErasedAt).not.toBeNull();
  for (const m of await t.ctx.db.select().from(bookingMembers).where(eq(bookingMembers.rsvno, rsvno))) {
    expect(m).toMatchObject({ birthday: null, extended: {} });
  }
  const history = JSON.stringify(
    await t.ctx.db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, rsvno)).orderBy(bookingEvents.id),
  );
  expect(history).not.toContain('TK1234567');
  expect(history, history).not.toContain('"birthday":');
  expect(history).not.toContain('vegetarian_meals":true');
  for (const ymd of original.values()) expect(history).not.toContain(`${ymd.slice(0, 4)}-${ymd.slice(4, 6)}`);
}

/**
 * Starts the calls together: their first queries wait behind a transaction held open for a moment, so that on
 * PGlite (one connection) they interleave from the start as they would on a pool of PostgreSQL connections.
 */
async function together<T>(start: () => Promise<T>[]): Promise<T[]> {
  const started = await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    const all = start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { all };
  });
  return Promise.all(started.all);
}

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await insertStaff(t.ctx.db, { mail: 'desk@example.jp', role: 'operator' });
  cookie = await staffSession(t, 'desk@example.jp');
  await bookingOn('PE000001', 91);
  await bookingOn('PE000002', 91);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('参加者を修正 after the erasure', () => {
  it('refuses birthdays typed in again (409), writing nothing, and corrects a name without bringing anything back', async () => {
    const d = await detail('PE000001');
    const birthdays = new Map(d.booking.memberList.map((m) => [m.seq, m.birthday]));
    expect([...birthdays.values()].every((b) => /^\d{8}$/.test(b))).toBe(true);
    await erasePersonalDataOf(t.ctx, 'PE000001');
    const written = (await t.ctx.db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, 'PE000001'))).length;

    const typedAgain = await editParticipants('PE000001', memberListOf(d, 'ゆみ', birthdays));
    expect(typedAgain.statusCode).toBe(409);
    expect(typedAgain.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.staffParticipantsErased, response: null });
    const withPassport = memberListOf(d, 'ゆみ', new Map()).map((m) => ({
      ...m,
      extended_fields: { extended_participant_fields: { passport_number: 'TK1234567' } },
    }));
    expect((await editParticipants('PE000001', withPassport)).json().errMsg).toBe(Msg.staffParticipantsErased);
    expect((await t.ctx.db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, 'PE000001'))).length).toBe(
      written,
    );
    await expectErasedStaysErased('PE000001', birthdays);

    // The dialog of an erased booking sends no birthday: the name is corrected, and the event holds names only.
    const named = await editParticipants('PE000001', memberListOf(d, 'ゆみ', new Map()));
    expect(named.statusCode, named.body).toBe(200);
    const [first] = await t.ctx.db.select().from(bookingMembers).where(eq(bookingMembers.rsvno, 'PE000001'));
    expect(first?.mei).toBe('ゆみ');
    const [event] = await t.ctx.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.rsvno, 'PE000001'))
      .orderBy(sql`${bookingEvents.id} desc`)
      .limit(1);
    expect(event).toMatchObject({ action: 'participants_changed', actorKind: 'staff' });
    expect(JSON.stringify(event?.after)).toContain('ゆみ');
    await expectErasedStaysErased('PE000001', birthdays);
  });

  it('leaves nothing erased behind when edits with birthdays race the erasure job', async () => {
    const d = await detail('PE000002');
    const birthdays = new Map(d.booking.memberList.map((m) => [m.seq, m.birthday]));
    const edits = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) =>
        editParticipants('PE000002', memberListOf(d, `修正${from + i}`, birthdays)),
      );
    const answers = await together(() => [...edits(0, 5), erasePersonalData(t.ctx).then(() => null), ...edits(5, 10)]);
    // An edit that ran first held the booking: the job, which skips locked bookings, takes it on its next run.
    await erasePersonalData(t.ctx);
    for (const res of answers) {
      if (res === null) continue;
      expect([200, 409]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().errMsg).toBe(Msg.staffParticipantsErased);
    }
    await expectErasedStaysErased('PE000002', birthdays);
  });
});
