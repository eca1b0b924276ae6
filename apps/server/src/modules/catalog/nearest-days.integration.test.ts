/**
 * A searched use date on which nothing has room: GET /api/option answers SPEC's (empty) list and, beside it, the
 * nearest days on which an option matching the other conditions has a seat, so that the page can offer them.
 * Days past an option's sales cutoff (ADR 0191) have no room, in the list as in these days.
 */
import { optionListResponse } from '@tabi/contract/catalog';
import type { Ymd } from '@tabi/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { catalogService } from './service.ts';

// Saturday 21 November 2026, 12:00 in Tokyo.
const NOW = new Date('2026-11-21T03:00:00Z');

let t: TestApp;

async function stockDays(opcd: string, days: Record<Ymd, number>) {
  for (const [day, zaikozan] of Object.entries(days)) await insertTestStock(t.ctx.db, opcd, day, { zaikozan });
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertTestOption(t.ctx.db, 'ND1');
  await t.ctx.db.insert(cities).values([
    { citycd: 'TC2', areacd: 'TA', citynm: 'テスト町' },
    { citycd: 'TC3', areacd: 'TA', citynm: 'テスト村' },
  ]);
  await insertTestOption(t.ctx.db, 'ND2', { citycd: 'TC2' });
  // Sales of a day close at 17:00 three days before it: at NOW the first day on sale is 24 November.
  await insertTestOption(t.ctx.db, 'ND3', { citycd: 'TC3', salesCutoffDaysBefore: 3, salesCutoffTime: '17:00' });
  // Ends on 15 December: a stock row after it is not a day of use.
  await insertTestOption(t.ctx.db, 'ND4', { citycd: 'TC3', useTo: '2026-12-15' });
  await stockDays('ND1', {
    '20261120': 9,
    '20261205': 5,
    '20261208': 2,
    '20261209': 0,
    '20261210': 0,
    '20261212': 3,
    '20261220': 4,
  });
  await stockDays('ND2', { '20261211': 1 });
  await stockDays('ND3', { '20261121': 5, '20261122': 5, '20261123': 5, '20261126': 5 });
  await stockDays('ND4', { '20261210': 0, '20261218': 6 });
});
afterAll(async () => {
  await t?.close();
});

async function answer(query: string) {
  catalogService(t.ctx).clearCaches();
  const res = await t.app.inject({ method: 'GET', url: `/api/option?${query}` });
  expect(res.statusCode).toBe(200);
  return optionListResponse.parse(res.json()).response!;
}

describe('GET /api/option — the nearest days with room beside an empty use date', () => {
  it('answers up to 3 days nearest the searched one, before and after, in date order', async () => {
    const body = await answer('citycd=TC&usedate=20261210');
    expect(body.optionList.total).toBe(0);
    expect(body.optionList.data).toEqual([]);
    // 8 and 12 December are 2 days away, the 5th 5 days, the 20th 10: the three nearest, in date order.
    expect(body.nearest_days).toEqual(['20261205', '20261208', '20261212']);
  });

  it('follows the other conditions: a wider search finds a nearer day in another city', async () => {
    expect((await answer('homencd=TR&usedate=20261210')).nearest_days).toEqual(['20261208', '20261211', '20261212']);
    expect((await answer('citycd=TC2&usedate=20261210')).nearest_days).toEqual(['20261211']);
    expect((await answer('citycd=TC&keycd=K99&usedate=20261210')).nearest_days).toEqual([]);
  });

  it('offers no day before today, past its sales cutoff or outside the use period', async () => {
    // ND1's 20 November is past; ND3's 21 to 23 November are past their cutoff; ND4's 18 December after its end.
    expect((await answer('homencd=TR&usedate=20261118')).nearest_days).toEqual(['20261126', '20261205', '20261208']);
    expect((await answer('citycd=TC3&usedate=20261210')).nearest_days).toEqual(['20261126']);
  });

  it('lists no option on a day past its sales cutoff, though its stock has seats', async () => {
    const closed = await answer('citycd=TC3&usedate=20261123');
    expect(closed.optionList.total).toBe(0);
    expect(closed.nearest_days).toEqual(['20261126']);
    expect((await answer('citycd=TC3&usedate=20261126')).optionList.data.map((o) => o.opcd)).toEqual(['ND3']);
    // Two days later, 17:00 on the 23rd has passed for the 26th.
    t.clock.set(new Date('2026-11-23T08:00:00Z'));
    try {
      expect((await answer('citycd=TC3&usedate=20261126')).optionList.total).toBe(0);
    } finally {
      t.clock.set(NOW);
    }
  });

  it("keeps SPEC's answer as it is when the day has room or no day was searched", async () => {
    const found = await answer('citycd=TC&usedate=20261212');
    expect(found.optionList.data.map((o) => o.opcd)).toEqual(['ND1']);
    expect(Object.keys(found)).toEqual(['optionList']);
    expect(Object.keys(await answer('citycd=TC'))).toEqual(['optionList']);
  });
});
