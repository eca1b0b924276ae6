/**
 * Migration 0037 (ADR 0196): a database of the schema before it, with days of stock and bookings on them, migrated,
 * holds each day as its all-day departure with every figure kept, each booking line on it, and SPEC §7's month of the
 * catalog reads exactly the days it read before.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { insertTestOption } from '../modules/booking/test-fixtures.ts';
import { stockBetween } from '../modules/catalog/repository.ts';
import type { DbOrTx } from './client.ts';
import { MIGRATIONS, migrationsBefore } from './migrations-before.ts';

const before = migrationsBefore('0037_departures');
afterAll(() => before.remove());

const DAYS: [string, number, number, number][] = [
  ['2026-12-01', 12, 8000, 4000],
  ['2026-12-02', 0, 8800, 4400],
  ['2026-12-03', 3, 9600, 4800],
];

it('keeps every day as its all-day departure, every booking on it, and the month as SPEC §7 read it', async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  // The app's handle type, over this database of its own (the migrator takes the plain one).
  const plain = drizzle(client);
  const db = plain as unknown as DbOrTx;
  await migrate(plain, { migrationsFolder: before.folder });
  await insertTestOption(db, 'MG0001');
  for (const [day, left, adult, child] of DAYS) {
    await client.query(
      `insert into stock (opcd, usedate, zaikozan, adultbaika, middlebaika, childbaika, infantbaika)
       values ('MG0001', $1, $2, $3, 0, $4, 0)`,
      [day, left, adult, child],
    );
  }
  await client.query(
    `insert into bookings (rsvno, state, status, status_payment, rsvdate, fromdate, todate, sei, mei, tel, tel_normalized,
       mail, amountjp, cancel_policy)
     values ('MG000001', 'paid', 1, 1, now(), '2026-12-03', '2026-12-03', 'YAMADA', 'TARO', '090', '090',
       'a@example.jp', 9600, '[]')`,
  );
  await client.query(
    `insert into booking_options (rsvno, opcd, usedate, adultqty, adultbaika, seats)
     values ('MG000001', 'MG0001', '2026-12-03', 1, 9600, 1)`,
  );
  const month = async () =>
    (await stockBetween(db, 'MG0001', '2026-12-01', '2026-12-31')).map((d) => ({
      usedate: d.usedate,
      zaikozan: d.zaikozan,
      adultbaika: d.adultbaika,
      childbaika: d.childbaika,
    }));

  await migrate(plain, { migrationsFolder: MIGRATIONS });
  const departures = await client.query<{ usedate: string; start_time: string; end_time: string; zaikozan: number }>(
    `select to_char(usedate, 'YYYY-MM-DD') as usedate, start_time, end_time, zaikozan from departures order by usedate`,
  );
  expect(departures.rows).toEqual(
    DAYS.map(([usedate, zaikozan]) => ({ usedate, start_time: '', end_time: '', zaikozan })),
  );
  expect(await month()).toEqual(
    DAYS.map(([usedate, zaikozan, adultbaika, childbaika]) => ({ usedate, zaikozan, adultbaika, childbaika })),
  );
  const line = await client.query(`select start_time, end_time from booking_options where rsvno = 'MG000001'`);
  expect(line.rows).toEqual([{ start_time: '', end_time: '' }]);
  // A day is now one departure among others: a second all-day row of a day is refused, a malformed time too.
  await expect(
    client.query(`insert into departures (opcd, usedate, zaikozan, adultbaika) values ('MG0001', '2026-12-01', 1, 1)`),
  ).rejects.toThrow(/departures_opcd_usedate_start_time_pk|duplicate key/);
  await expect(
    client.query(
      `insert into departures (opcd, usedate, start_time, zaikozan, adultbaika) values ('MG0001', '2026-12-01', '24:00', 1, 1)`,
    ),
  ).rejects.toThrow(/departures_start_time_format/);
  await client.close();
});
