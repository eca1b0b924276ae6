/**
 * The statements one booking sends (ADR 0110), counted with a Drizzle logger on the test database's
 * own client: the SQL is what the bench's floor runs, so fewer statements here is a faster floor and server.
 */
import { createBookingRequest } from '@tabi/contract/booking';
import { addDays, type Ymd } from '@tabi/contract/dates';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/helper.ts';
import { placeBooking } from './service.ts';
import { bookingPayload, insertTestOption, insertTestStock } from './test-fixtures.ts';

let t: TestApp;
let day: Ymd;

beforeAll(async () => {
  t = await createTestApp();
  day = addDays(todayIn(t.clock), 10);
  await insertTestOption(t.ctx.db, 'RT0001');
  await insertTestStock(t.ctx.db, 'RT0001', day, { zaikozan: 5 });
  await insertTestOption(t.ctx.db, 'RT0000');
  await insertTestStock(t.ctx.db, 'RT0000', day, { zaikozan: 0 });
});

afterAll(async () => {
  await t.close();
});

/** The first words of every statement one booking sends, through a logger on the test database's client. */
async function statementsOf(opcd: string): Promise<string[]> {
  const seen: string[] = [];
  const logger: Logger = { logQuery: (query) => seen.push(query.trim().split(/\s+/).slice(0, 3).join(' ')) };
  const client = (t.ctx.db as unknown as { $client: never }).$client;
  const db = (testDbKind === 'pglite'
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Db;
  const input = createBookingRequest.parse(bookingPayload(opcd, day));
  await placeBooking({ db, clock: t.clock, config: t.ctx.config }, input, '192.0.2.10', null).catch(() => undefined);
  return seen;
}

describe('one booking, statement by statement', () => {
  it('a card booking: one read, then one statement outside any transaction that takes the seats, checks the unpaid-seats cap and writes every row', async () => {
    const statements = await statementsOf('RT0001');
    expect(statements).toEqual([
      // The option and the nationalities typed.
      'select "opcd", "webname",',
      // The seats, the holds of the customer and of the address on this option and day (ADR 0172, 0189), and the
      // rows, only when the seats were taken and both holders stay within their caps; no begin, no commit.
      'with taken as',
    ]);
  });

  it('a sold-out answer: the one read and the one statement that takes nothing and says why', async () => {
    const statements = await statementsOf('RT0000');
    expect(statements).toEqual(['select "opcd", "webname",', 'with taken as']);
  });
});
