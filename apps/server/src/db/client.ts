import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction callback receives; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Session advisory lock held while migrating (found by `npm run resilience`, scenario c). */
const MIGRATION_LOCK = 72_741_000;
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** PostgreSQL when a URL is given, otherwise PGlite on disk under dataDir ('memory' keeps it in memory). */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 20) });
    // An idle client that loses its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor a checked-out one (e.g. inside a transaction when PostgreSQL restarts): its next query fails and
    // the pool drops it on release. Without a listener its 'error' event ends the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Instances starting together on an empty database would race to create the same tables.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (options.dataDir === 'memory') {
    client = new PGlite();
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
