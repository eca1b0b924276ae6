import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind } from '../test/helper.ts';
import { type Database, executePrepared, rowsOf } from './client.ts';

describe('the database handle', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it.runIf(testDbKind === 'postgres')('runs its statements without JIT compilation on PostgreSQL', async () => {
    const [row] = rowsOf<{ jit: string }>(await database.db.execute(sql`show jit`));
    expect(row?.jit).toBe('off');
  });

  it('answers a prepared statement as it answers any statement, with the values of each run', async () => {
    const plus = (n: number) => sql`select ${n}::int + 1 as n, ${`a${n}`}::text as s`;
    await database.db.transaction(async (tx) => {
      expect(rowsOf(await executePrepared(tx, plus(1)))).toEqual([{ n: 2, s: 'a1' }]);
      expect(rowsOf(await executePrepared(tx, plus(41)))).toEqual(rowsOf(await tx.execute(plus(41))));
    });
  });

  it.runIf(testDbKind === 'postgres')(
    'parses one text once per connection, and two texts under two names',
    async () => {
      await database.db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) await executePrepared(tx, sql`select ${n}::int * 2 as twice`);
        await executePrepared(tx, sql`select ${4}::int * 3 as thrice`);
        const prepared = rowsOf<{ name: string; statement: string }>(
          await tx.execute(
            sql`select name, statement from pg_prepared_statements where statement like 'select $1::int *%'`,
          ),
        );
        expect(prepared.map((p) => p.statement).sort()).toEqual([
          'select $1::int * 2 as twice',
          'select $1::int * 3 as thrice',
        ]);
        expect(new Set(prepared.map((p) => p.name)).size).toBe(2);
      });
    },
  );
});
