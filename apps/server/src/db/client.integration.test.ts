import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind } from '../test/helper.ts';
import { type Database, rowsOf } from './client.ts';

describe.runIf(testDbKind === 'postgres')('the pool on PostgreSQL (issue 30)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('runs its statements without JIT compilation', async () => {
    const [row] = rowsOf<{ jit: string }>(await database.db.execute(sql`show jit`));
    expect(row?.jit).toBe('off');
  });
});
