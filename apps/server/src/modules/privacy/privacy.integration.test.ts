/**
 * Personal data kept only as long as needed (ADR 0164): the job erases passport numbers, birthdays and diet
 * choices of bookings whose day is long past (canceled ones sooner), from the participants and from the history,
 * once; it never touches a booking still to come; `privacy:erase` erases one at once, `privacy:export` shows it.
 */
import { addDays, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActor } from '../../actor.ts';
import { bookingEvents, bookingMembers, bookings, staffAuditEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { scrub } from '../booking/erase.ts';
import { recordEvent } from '../booking/events.ts';
import { storedColumns } from '../booking/lifecycle.ts';
import { cloneBooking } from '../staff/test-fixtures.ts';
import { erasePersonalData, erasePersonalDataOf, exportPersonalData } from './service.ts';

let t: TestApp;
const PASSPORT = { passport_number: 'TK1234567', vegetarian_meals: true };

/** A copy of a demo booking used `daysAgo` days ago (negative: still to come), its people with passports. */
async function bookingOn(rsvno: string, daysAgo: number, changes: Partial<typeof bookings.$inferInsert> = {}) {
  const day = ymdToIsoDate(addDays(tokyoYmd(t.clock.now()), -daysAgo));
  await cloneBooking(t.ctx.db, 'AA100004', rsvno, { fromdate: day, todate: day, ...changes }, { usedate: day });
  await t.ctx.db.update(bookingMembers).set({ extended: PASSPORT }).where(eq(bookingMembers.rsvno, rsvno));
  // A staff correction whose history holds the people's data as it was.
  await recordEvent(t.ctx.db, t.clock.now(), rsvno, staffActor(1), 'participants_changed', {
    before: { members: [{ seq: 1, sei: 'TAKAHASHI', birthday: '1990-01-01', ...PASSPORT }] },
    after: { members: [{ seq: 1, sei: 'TAKAHASHI', birthday: '1990-01-02', ...PASSPORT }] },
  });
}
async function members(rsvno: string) {
  return t.ctx.db.select().from(bookingMembers).where(eq(bookingMembers.rsvno, rsvno));
}
async function history(rsvno: string) {
  return t.ctx.db.select().from(bookingEvents).where(eq(bookingEvents.rsvno, rsvno)).orderBy(bookingEvents.id);
}

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await bookingOn('PV000001', 91); // used 91 days ago: due
  await bookingOn('PV000002', 89); // used 89 days ago: not yet
  await bookingOn('PV000003', -10, {
    ...storedColumns('canceled'),
    canceledAt: new Date(t.clock.now().getTime() - 31 * 86_400_000),
  });
  await bookingOn('PV000004', -10, {
    ...storedColumns('canceled'),
    canceledAt: new Date(t.clock.now().getTime() - 5 * 86_400_000),
  });
  await bookingOn('PV000005', -30); // still to come
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the erasure job', () => {
  it('erases the due bookings’ people, in their rows and history, with an event and a count in the staff audit', async () => {
    const erased = await erasePersonalData(t.ctx);
    // The seed's own bookings are recent: only the two due here.
    expect(erased).toBe(2);
    for (const rsvno of ['PV000001', 'PV000003']) {
      const people = await members(rsvno);
      expect(people.length).toBeGreaterThan(0);
      for (const m of people) expect(m).toMatchObject({ birthday: null, extended: {} });
      // Names stay (accounting, the customer's own my page).
      expect(people[0]?.sei).toBeTruthy();
      const events = await history(rsvno);
      const text = JSON.stringify(events);
      expect(text).not.toContain('TK1234567');
      expect(text).not.toContain('1990-01-0');
      expect(text).toContain('TAKAHASHI');
      expect(events.at(-1)).toMatchObject({ action: 'personal_data_erased', actorKind: 'system', actor: 'privacy' });
      const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
      expect(row?.personalErasedAt).not.toBeNull();
    }
    const audits = await t.ctx.db.select().from(staffAuditEvents).where(eq(staffAuditEvents.kind, 'privacy_erased'));
    expect(audits.map((a) => a.detail)).toEqual([{ by: 'privacy-job', count: 2 }]);
  });

  it('never touches a booking still to come, one not yet due, or one canceled recently', async () => {
    for (const rsvno of ['PV000002', 'PV000004', 'PV000005']) {
      for (const m of await members(rsvno)) expect(m.extended).toEqual(PASSPORT);
      expect(JSON.stringify(await history(rsvno))).toContain('TK1234567');
    }
  });

  it('is idempotent: a second run erases nothing and writes nothing', async () => {
    const before = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(bookingEvents))[0]?.n;
    expect(await erasePersonalData(t.ctx)).toBe(0);
    const after = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(bookingEvents))[0]?.n;
    expect(after).toBe(before);
    const audits = await t.ctx.db.select().from(staffAuditEvents).where(eq(staffAuditEvents.kind, 'privacy_erased'));
    expect(audits).toHaveLength(1);
  });

  it('leaves the history append-only for everything else', async () => {
    const [event] = await history('PV000002');
    await expect(
      t.ctx.db
        .update(bookingEvents)
        .set({ after: {} })
        .where(eq(bookingEvents.id, event?.id ?? 0)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(bookingEvents).where(eq(bookingEvents.id, event?.id ?? 0))).rejects.toThrow();
  });
});

describe('npm run ops -- privacy:export / privacy:erase', () => {
  it('exports what we hold about a booking’s people', async () => {
    const data = await exportPersonalData(t.ctx, 'PV000005');
    expect(data.applicant).toMatchObject({ tel: expect.any(String), mail: expect.any(String) });
    expect(data.participants[0]).toMatchObject({ extended: PASSPORT, birthday: expect.any(String) });
    expect(data.historyEvents).toBeGreaterThan(0);
    expect(data.erasedAt).toBeNull();
    await expect(exportPersonalData(t.ctx, 'ZZ999999')).rejects.toMatchObject({ message: Msg.bookingNotFound });
  });

  it('erases one booking at once on request, once', async () => {
    expect(await erasePersonalDataOf(t.ctx, 'PV000005')).toEqual({ rsvno: 'PV000005', erased: true });
    for (const m of await members('PV000005')) expect(m).toMatchObject({ birthday: null, extended: {} });
    expect(await erasePersonalDataOf(t.ctx, 'PV000005')).toEqual({ rsvno: 'PV000005', erased: false });
    const events = await t.ctx.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.rsvno, 'PV000005'), inArray(bookingEvents.action, ['personal_data_erased'])));
    expect(events).toHaveLength(1);
    expect((await exportPersonalData(t.ctx, 'PV000005')).erasedAt).not.toBeNull();
  });
});

describe('scrub', () => {
  it('drops the erased keys at any depth and keeps the rest', () => {
    expect(
      scrub({ members: [{ sei: 'A', birthday: '2000-01-01', passport_number: 'X', extra: { vegetarian_meals: 1 } }] }),
    ).toEqual({ members: [{ sei: 'A', extra: {} }] });
  });
});
