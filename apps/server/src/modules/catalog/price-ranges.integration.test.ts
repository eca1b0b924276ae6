/**
 * Each option's lowest and highest adult price from today on is kept in option_price_ranges by the stock
 * triggers (migration 0016), so the list sorted by price reads one row per option. On PGlite and PostgreSQL. The
 * app's clock is the real one here: the triggers compute "today" from the database's own clock.
 */
import { addDays, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departures, optionPriceRanges } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { refreshStalePriceRanges } from './repository.ts';
import { LIST_TTL_MS } from './service.ts';

/** The list's answers are cached for LIST_TTL_MS (DESIGN §9): a change shows once they lapse. */
const listCacheExpiry = () => new Promise((resolve) => setTimeout(resolve, LIST_TTL_MS + 100));

let t: TestApp;
const today = tokyoYmd(new Date());

async function range(opcd: string) {
  const [row] = await t.ctx.db.select().from(optionPriceRanges).where(eq(optionPriceRanges.opcd, opcd));
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date() });
  await insertTestOption(t.ctx.db, 'PR1');
  await insertTestOption(t.ctx.db, 'PR2');
  // A past day cheaper than any to come: it must not count.
  await insertTestStock(t.ctx.db, 'PR1', addDays(today, -2), { zaikozan: 5, adultbaika: 1000 });
  for (const [offset, price] of [
    [0, 9000],
    [3, 7000],
    [9, 12000],
  ] as const) {
    await insertTestStock(t.ctx.db, 'PR1', addDays(today, offset), { zaikozan: 5, adultbaika: price });
  }
  await insertTestStock(t.ctx.db, 'PR2', addDays(today, 4), { zaikozan: 5, adultbaika: 8000 });
});

afterAll(async () => {
  await t?.close();
});

describe('option_price_ranges', () => {
  it('holds the lowest and highest adult price from today on, kept as prices change', async () => {
    expect(await range('PR1')).toEqual({ opcd: 'PR1', fromDay: ymdToIsoDate(today), minAdult: 7000, maxAdult: 12000 });
    expect(await range('PR2')).toMatchObject({ minAdult: 8000, maxAdult: 8000 });

    await t.ctx.db
      .update(departures)
      .set({ adultbaika: 6500 })
      .where(and(eq(departures.opcd, 'PR1'), eq(departures.usedate, ymdToIsoDate(addDays(today, 9)))));
    expect(await range('PR1')).toMatchObject({ minAdult: 6500, maxAdult: 9000 });

    await t.ctx.db
      .delete(departures)
      .where(and(eq(departures.opcd, 'PR1'), eq(departures.usedate, ymdToIsoDate(addDays(today, 9)))));
    expect(await range('PR1')).toMatchObject({ minAdult: 7000, maxAdult: 9000 });
  });

  it('is not computed again when only the seats move (a booking), and moves to a new day once a day', async () => {
    await t.ctx.db.execute(sql`update option_price_ranges set from_day = from_day - 1 where opcd = 'PR2'`);
    await t.ctx.db.execute(sql`update departures set zaikozan = zaikozan - 1 where opcd = 'PR2'`);
    expect((await range('PR2'))?.fromDay).toBe(ymdToIsoDate(addDays(today, -1)));
    expect(await refreshStalePriceRanges(t.ctx.db)).toBe(1);
    expect(await range('PR2')).toMatchObject({ fromDay: ymdToIsoDate(today), minAdult: 8000 });
    expect(await refreshStalePriceRanges(t.ctx.db)).toBe(0);
  });

  it('is what the list sorted by price reads for today, and a stale one falls back to the days', async () => {
    const order = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/option?sort=price_asc' });
      return (res.json().response.optionList.data as { opcd: string }[])
        .map((o) => o.opcd)
        .filter((o) => o.startsWith('PR'));
    };
    expect(await order()).toEqual(['PR1', 'PR2']);
    // The kept row decides: made dearer by hand, PR1 sorts after PR2.
    await t.ctx.db.execute(sql`update option_price_ranges set min_adult = 99000 where opcd = 'PR1'`);
    await listCacheExpiry();
    expect(await order()).toEqual(['PR2', 'PR1']);
    // Stale (computed for another day): the days themselves are read again.
    await t.ctx.db.execute(sql`update option_price_ranges set from_day = from_day - 1 where opcd = 'PR1'`);
    await listCacheExpiry();
    expect(await order()).toEqual(['PR1', 'PR2']);
  });
});
