/**
 * 催行中止 and a reseller's change of day: a booking that a PATCH moved off a day being stopped is never canceled by
 * the stop (its item is skipped), and no booking is ever moved onto a stopped day; raced, the two land in one order
 * or the other, never both. On PGlite and on PostgreSQL.
 */
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { bookings, dayStops } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption, insertTestStock, stockLeft } from '../booking/test-fixtures.ts';
import { insertResellerKey, octoCaller } from '../octo/test-fixtures.ts';
import { insertStaff } from '../staff/test-fixtures.ts';
import { beginStop, listStops, previewStop, runStop } from './service.ts';

const TODAY: Ymd = '20261121';
const day = (n: number): Ymd => addDays(TODAY, n);
const availabilityOf = (d: Ymd) => `${ymdToIsoDate(d)}T00:00:00+09:00`;

let t: TestApp;
let key = '';
let staffId = 0;

const octo = octoCaller(
  () => t,
  () => key,
);

/** A reseller's booking confirmed on `d`: its uuid and booking number. */
async function sold(d: Ymd): Promise<{ uuid: string; rsvno: string }> {
  const held = await octo('POST', '/bookings', {
    productId: 'MOVE01',
    optionId: 'DEFAULT',
    availabilityId: availabilityOf(d),
    unitItems: [{ unitId: 'adult' }],
  });
  expect(held.statusCode, held.body).toBe(200);
  const { uuid, supplierReference } = held.json();
  const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'Ann Lee' } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { uuid, rsvno: supplierReference };
}

const move = (uuid: string, d: Ymd) => octo('PATCH', `/bookings/${uuid}`, { availabilityId: availabilityOf(d) });

async function stop(d: Ymd): Promise<number> {
  const { stopId } = await beginStop(t.ctx, { id: staffId }, { opcds: ['MOVE01'], from: d, to: d, reason: 'weather' });
  await runStop(t.ctx, stopId);
  return stopId;
}

async function state(rsvno: string): Promise<{ status: number; usedate: string }> {
  const [row] = rowsOf<{ status: number; usedate: string }>(
    await t.ctx.db.execute(sql`select b.status, to_char(bo.usedate, 'YYYYMMDD') as usedate
      from bookings b join booking_options bo on bo.rsvno = b.rsvno where b.rsvno = ${rsvno}`),
  );
  if (!row) throw new Error(`no booking ${rsvno}`);
  return { status: Number(row.status), usedate: row.usedate };
}

async function itemState(stopId: number, rsvno: string): Promise<string | undefined> {
  const [row] = rowsOf<{ state: string }>(
    await t.ctx.db.execute(sql`select state from day_stop_items where stop_id = ${stopId} and rsvno = ${rsvno}`),
  );
  return row?.state;
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T03:00:00Z') });
  staffId = await insertStaff(t.ctx.db, { mail: 'clerk-move@example.jp', role: 'operator' });
  await insertTestOption(t.ctx.db, 'MOVE01', { maxPeople: 20 });
  for (let n = 5; n <= 40; n += 1) await insertTestStock(t.ctx.db, 'MOVE01', day(n), { zaikozan: 30 });
  key = await insertResellerKey(t, 'Mover');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a stop and a change of day', () => {
  it('does not cancel a booking moved off the day after the stop began; its item is skipped', async () => {
    const stays = await sold(day(5));
    const leaves = await sold(day(5));
    const { stopId, bookings: listed } = await beginStop(
      t.ctx,
      { id: staffId },
      { opcds: ['MOVE01'], from: day(5), to: day(5), reason: 'weather' },
    );
    expect(listed).toBe(2);
    // The reseller moves one booking off the day before the stop's run reaches it.
    const moved = await move(leaves.uuid, day(6));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await runStop(t.ctx, stopId)).toBe(true);

    expect(await state(leaves.rsvno)).toEqual({ status: 1, usedate: day(6) });
    expect((await octo('GET', `/bookings/${leaves.uuid}`)).json().status).toBe('CONFIRMED');
    expect(await stockLeft(t.ctx.db, 'MOVE01', day(6))).toBe(29);
    expect(await itemState(stopId, leaves.rsvno)).toBe('skipped');
    expect(await state(stays.rsvno)).toEqual({ status: 4, usedate: day(5) });
    expect(await itemState(stopId, stays.rsvno)).toBe('done');
    expect(await stockLeft(t.ctx.db, 'MOVE01', day(5))).toBe(0);
    // The stop is done, and counts only what it canceled.
    const [row] = await t.ctx.db.select().from(dayStops).where(eq(dayStops.id, stopId));
    expect(row?.state).toBe('done');
    expect((await listStops(t.ctx)).find((s) => s.id === stopId)).toMatchObject({ bookings: 1, done: 1 });
  });

  it('never moves a booking onto a stopped day', async () => {
    const elsewhere = await sold(day(8));
    await stop(day(7));
    const refused = await move(elsewhere.uuid, day(7));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY', errorMessage: expect.any(String) });
    expect(await state(elsewhere.rsvno)).toEqual({ status: 1, usedate: day(8) });
    expect(await stockLeft(t.ctx.db, 'MOVE01', day(8))).toBe(29);
  });

  it('raced: a booking moved off is never canceled, none lands on the stopped day, every answer is what happened', async () => {
    for (let round = 0; round < 5; round += 1) {
      const stopped = day(10 + round * 5);
      const open = day(11 + round * 5);
      const other = day(12 + round * 5);
      const leaving = [await sold(stopped), await sold(stopped), await sold(stopped)];
      const arriving = [await sold(other), await sold(other)];
      const patches = [...leaving.map((b) => move(b.uuid, open)), ...arriving.map((b) => move(b.uuid, stopped))];
      const [, ...answers] = await Promise.all([stop(stopped), ...patches]);
      for (const [i, b] of [...leaving, ...arriving].entries()) {
        const answer = answers[i];
        if (!answer) throw new Error('no answer');
        const now = await state(b.rsvno);
        const what = `round ${round} booking ${i}: ${answer.statusCode} ${answer.body.slice(0, 200)} → ${JSON.stringify(now)}`;
        // Whatever happened, nothing is left alive on the stopped day, and nothing canceled is off it.
        if (now.usedate === stopped) expect(now.status, what).toBe(4);
        if (now.status === 4) expect(now.usedate, what).toBe(stopped);
        if (answer.statusCode === 200) {
          // A move answered 200 stands: off the stopped day and alive; onto it only before the stop began (then
          // canceled with the day).
          const target = i < leaving.length ? open : stopped;
          if (target === open) expect(now, what).toEqual({ status: 1, usedate: open });
          else expect(now, what).toEqual({ status: 4, usedate: stopped });
        } else {
          expect(answer.statusCode, what).toBe(400);
          expect(answer.json().error, what).toBe('UNPROCESSABLE_ENTITY');
        }
      }
      expect(await stockLeft(t.ctx.db, 'MOVE01', stopped), `round ${round}`).toBe(0);
      const alive = rowsOf<{ n: number }>(
        await t.ctx.db.execute(sql`select count(*)::int as n from bookings b join booking_options bo on bo.rsvno = b.rsvno
          where bo.opcd = 'MOVE01' and bo.usedate = ${ymdToIsoDate(stopped)}::date and b.status <> 4`),
      );
      expect(Number(alive[0]?.n), `round ${round}`).toBe(0);
      const stillSold = await t.ctx.db.select().from(bookings).where(eq(bookings.status, 1));
      expect(stillSold.length).toBeGreaterThan(0);
    }
  });
});

describe('a stop of a day a reseller sold', () => {
  it('previews what really happens to its booking: no card refund, no mail, the reseller not invoiced', async () => {
    const d = day(38);
    const { rsvno } = await sold(d);
    const [booking] = await t.ctx.db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
    const preview = await previewStop(t.ctx, { opcds: ['MOVE01'], from: d, to: d, reason: 'weather' });
    expect(preview.bookings).toEqual([
      expect.objectContaining({ rsvno, refund: 0, notice: 'reseller', onAccount: booking?.netAmount }),
    ]);
    expect(preview.totals).toMatchObject({ bookings: 1, refund: 0, mails: 0, resellerBookings: 1 });
    expect(preview.totals.onAccount).toBe(booking?.netAmount);
  });
});
