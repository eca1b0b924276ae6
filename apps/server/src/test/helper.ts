import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { FixedClock } from '../clock.ts';
import { createContext } from '../compose.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { loadsDrift } from '../modules/resources/loads.ts';
import { adminQuery } from './global-setup.ts';
import { keptPglite, keptPostgres, migratedImage } from './kept-databases.ts';

/** Which database the integration tests run on: PGlite, or PostgreSQL when TEST_DB=postgres. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * An empty migrated database for one test file, as the global setup migrated it (global-setup.ts), or with the demo
 * data as written at `seedAt`: a PGlite in memory, or a PostgreSQL database on the server at TEST_DATABASE_URL; kept
 * by the worker for its next file once closed, brought back to what it was (kept-databases.ts), so files and runs
 * never share state.
 */
export async function openTestDatabase(seedAt?: Date): Promise<Database> {
  if (testDbKind === 'pglite') return keptPglite(seedAt);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return keptPostgres(adminUrl, seedAt);
}

/**
 * A new DATA_DIR whose embedded database is already migrated: a copy of the global setup's image as the server keeps
 * it (DATA_DIR/pglite). A process started on it checks the migrations and runs none; running all of them on an
 * empty directory took each such test three to eight seconds of the tier, and is what the global setup and every
 * end-to-end server's first start do anyway.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(await migratedDataDirTemplate(), dataDir, { recursive: true });
  return dataDir;
}

/**
 * The image as a data directory, written once per run (beside the image, which the global setup's teardown removes
 * with it) and then copied in a few milliseconds: writing the image's files through the embedded database took 0.5–1
 * s each time. Two workers may write it at once; the first to rename its copy into place wins.
 */
async function migratedDataDirTemplate(): Promise<string> {
  // On the PostgreSQL tier the provided template is a database's name, not an image.
  if (testDbKind !== 'pglite') throw new Error('a migrated DATA_DIR is made on the PGlite tier only');
  const template = `${inject('testDatabaseTemplate')}.d`;
  if (existsSync(template)) return template;
  const mine = mkdtempSync(`${template}-`);
  const client = new PGlite(path.join(mine, 'pglite'), { extensions: { pg_trgm }, loadDataDir: migratedImage() });
  await client.waitReady;
  await client.close();
  try {
    renameSync(mine, template);
  } catch {
    rmSync(mine, { recursive: true, force: true });
  }
  return template;
}

/** A PostgreSQL database of a test's own, dropped once closed. */
export function droppedOnClose(database: Database, adminUrl: string, name: string): Database {
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: FixedClock;
  config: Config;
  database: Database;
  /** inject() with a valid anti-forgery cookie and header on every call. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    now?: Date;
    config?: Partial<Config>;
    context?: Partial<AppContext>;
    /** The database to start on instead of a fresh copy of the migrated one (a migration test's); closed with the app. */
    database?: Database;
    /** Start on the demo data (seed/seed.ts) as written at `now`, instead of an empty database. */
    seeded?: boolean;
  } = {},
): Promise<TestApp> {
  const clock = new FixedClock(options.now ?? new Date('2026-11-21T03:00:00Z'));
  const database = options.database ?? (await openTestDatabase(options.seeded ? clock.now() : undefined));
  const config: Config = {
    ...loadConfig({ APP_KEY: 'test-key', PUBLIC_URL: 'http://localhost:3000' }),
    dataDir: 'memory',
    // The unpaid-seat caps (ADR 0172) bound what one customer and one address book unpaid per option and day; test
    // files book many times with the fixtures' one phone number on one day, so the caps are out of the way unless a
    // test sets them (lifecycle.integration.test.ts does, to the defaults).
    unpaidSeatsPerCustomer: 1_000_000,
    unpaidSeatsPerAddress: 1_000_000,
    ...options.config,
  };
  const ctx = createContext({ db: database.db, clock, config, notifications: database }, options.context);
  const app = await buildApp(ctx);
  await app.ready();
  const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return {
    app,
    ctx,
    clock,
    config,
    database,
    request(opts) {
      return app.inject({
        ...opts,
        headers: { 'x-xsrf-token': token, ...opts.headers },
        cookies: { 'XSRF-TOKEN': token, ...opts.cookies },
      });
    },
    async close() {
      // Every test that wrote bookings proves on its way out that the rows counting resources and sizes still say
      // what their units, rentals and stock say (ADR 0217).
      const drift = await loadsDrift(database.db);
      await app.close();
      await ctx.limiter.close();
      await database.close();
      if (drift.length > 0)
        throw new Error(`resource or rental loads disagree with their source: ${JSON.stringify(drift)}`);
    },
  };
}
