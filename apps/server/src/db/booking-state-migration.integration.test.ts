/**
 * Migration 0035 (ADR 0193): a database of the schema before it, with bookings in every state as the SPEC's fields
 * stored them, migrated, holds each booking's state as `lifecycleOf` read it from those fields; afterwards the
 * database refuses SPEC fields that are no state.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS, migrationsBefore } from './migrations-before.ts';

const before = migrationsBefore('0035_booking_state');
afterAll(() => before.remove());

// status, status_payment, flg_request_rsv, canceled_at set, cancel_reason → the state lifecycleOf read from them.
const STORED: [number, number, number, boolean, string | null, string][] = [
  [1, 0, 0, false, null, 'held'],
  [1, 1, 0, false, null, 'paid'],
  [1, 1, 1, false, null, 'paid'],
  [1, 1, 0, true, 'customer', 'cancelling'],
  [1, 0, 0, true, 'staff', 'cancelling'],
  [6, 0, 0, false, null, 'requested'],
  [0, 0, 1, false, null, 'offered'],
  [0, 0, 0, false, null, 'reserved'],
  [4, 1, 0, true, 'customer', 'canceled'],
  [4, 0, 1, true, 'declined', 'canceled'],
  [4, 0, 0, false, null, 'canceled'],
  [4, 0, 0, true, 'expired', 'expired'],
];

it('gives every booking the state its SPEC fields stored, and refuses fields that are no state', async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before.folder });
  for (const [i, [status, paid, request, canceled, reason]] of STORED.entries()) {
    await client.query(
      `insert into bookings (rsvno, status, status_payment, flg_request_rsv, rsvdate, fromdate, todate, sei, mei, tel,
         tel_normalized, mail, amountjp, cancel_policy, canceled_at, cancel_reason)
       values ($1, $2, $3, $4, now(), '2026-12-01', '2026-12-01', 'YAMADA', 'TARO', '090', '090', 'a@example.jp', 1000,
         '[]', $5, $6)`,
      [`MG${String(i).padStart(6, '0')}`, status, paid, request, canceled ? new Date() : null, reason],
    );
  }

  await migrate(db, { migrationsFolder: MIGRATIONS });
  const rows = await client.query<{ rsvno: string; state: string }>('select rsvno, state from bookings order by rsvno');
  expect(rows.rows.map((r) => r.state)).toEqual(STORED.map((s) => s[5]));

  // A claimed cancellation written as final without its state, or a state the SPEC's fields do not show: refused.
  await expect(client.query(`update bookings set status = 4 where rsvno = 'MG000003'`)).rejects.toThrow(
    /bookings_state_agrees/,
  );
  await expect(client.query(`update bookings set state = 'paid' where rsvno = 'MG000000'`)).rejects.toThrow(
    /bookings_state_agrees/,
  );
  await expect(client.query(`update bookings set state = 'lost' where rsvno = 'MG000000'`)).rejects.toThrow(
    /bookings_state_(known|agrees)/,
  );
  await client.close();
});
