import { addDays, type Ymd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayIn } from '../../clock.ts';
import { nationalities, options } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { forgetPublicReads } from '../admin/catalog.ts';
import { bookingPayload, insertTestOption, insertTestStock } from './test-fixtures.ts';

// The booking's read of its option is kept while the catalog's change feed runs (migration 0030): what is
// kept must be what a booking would read, whichever way the option or the nationalities change.

let t: TestApp;
let day: Ymd;
let nextIp = 1;
/** Notifications come back within milliseconds; generous for a loaded machine. */
const WAIT = { timeout: 5_000 };

function book(opcd: string, nationality = '1') {
  const payload = bookingPayload(opcd, day);
  payload.memberList = payload.memberList.map((m) => ({ ...m, nationality_id: nationality }));
  return t.request({ method: 'POST', url: '/api/booking', payload, remoteAddress: `10.9.0.${nextIp++}` });
}

/** Changes the options table as another instance would, but without the notification that drops the kept reads. */
async function unnotified(change: () => Promise<unknown>): Promise<void> {
  await t.ctx.db.execute(sql`alter table options disable trigger options_changed`);
  try {
    await change();
  } finally {
    await t.ctx.db.execute(sql`alter table options enable trigger options_changed`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 10);
  for (const opcd of ['OR0001', 'OR0002', 'OR0003', 'OR0004']) {
    await insertTestOption(t.ctx.db, opcd);
    await insertTestStock(t.ctx.db, opcd, day, { zaikozan: 50 });
  }
  // The first booking starts the feed; once it runs, the reads are kept.
  await vi.waitFor(async () => {
    expect((await book('OR0001')).statusCode).toBe(200);
    await unnotified(() => t.ctx.db.update(options).set({ published: false }).where(eq(options.opcd, 'OR0001')));
    const kept = await book('OR0001');
    await t.ctx.db.update(options).set({ published: true }).where(eq(options.opcd, 'OR0001'));
    forgetPublicReads(t.ctx);
    expect(kept.statusCode).toBe(200);
  }, WAIT);
});

afterAll(async () => {
  await t.close();
});

describe('the booking’s kept read of its option', () => {
  it('is kept: a second booking does not read the option again', async () => {
    expect((await book('OR0002')).statusCode).toBe(200);
    await unnotified(() => t.ctx.db.update(options).set({ published: false }).where(eq(options.opcd, 'OR0002')));
    // Unpublished underneath, unnotified: the kept read still says published.
    expect((await book('OR0002')).statusCode).toBe(200);
    // A staff edit on this instance forgets it at once.
    forgetPublicReads(t.ctx);
    const refused = await book('OR0002');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errMsg).toBe(Msg.optionNotFound);
  });

  it('is dropped when another instance changes the option (its notification)', async () => {
    expect((await book('OR0003')).statusCode).toBe(200);
    await t.ctx.db.update(options).set({ published: false }).where(eq(options.opcd, 'OR0003'));
    await vi.waitFor(async () => expect((await book('OR0003')).statusCode).toBe(404), WAIT);
  });

  it('is dropped when the nationalities change', async () => {
    expect((await book('OR0004', '3')).json().errMsg).toBe(Msg.nationalityInvalid);
    await t.ctx.db.insert(nationalities).values({ id: 3, nationalityNm: 'フランス' });
    await vi.waitFor(async () => expect((await book('OR0004', '3')).statusCode).toBe(200), WAIT);
  });

  it('is dropped when the option is created (an unknown code was kept as unknown)', async () => {
    expect((await book('OR9999')).statusCode).toBe(404);
    await insertTestOption(t.ctx.db, 'OR9999');
    await insertTestStock(t.ctx.db, 'OR9999', day, { zaikozan: 5 });
    await vi.waitFor(async () => expect((await book('OR9999')).statusCode).toBe(200), WAIT);
  });
});
