import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { FixedClock } from '../clock.ts';
import { createContext } from '../compose.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { loadsDrift } from '../modules/resources/loads.ts';
import { adminQuery } from './global-setup.ts';

/** Which database the integration tests run on: PGlite, or PostgreSQL when TEST_DB=postgres. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The migrated PGlite image of the global setup, read once per worker. */
let pgliteImage: Blob | undefined;

/**
 * A fresh database for one test file, a copy of the one the global setup migrated (global-setup.ts): an in-memory
 * PGlite loaded from its image, or a new PostgreSQL database made from its template on the server at
 * TEST_DATABASE_URL (dropped again on close), so files and runs never share state.
 */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('testDatabaseTemplate');
  if (testDbKind === 'pglite') {
    pgliteImage ??= new Blob([readFileSync(template)]);
    return breathing(await openDatabase({ dataDir: 'memory', pgliteImage }));
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  // A test database outlives no crash, so its commits need not wait for the disk: the same SQL, the same locks and
  // isolation, without a WAL flush per commit (a third off the PostgreSQL tier's time on this machine).
  await adminQuery(adminUrl, `alter database ${name} set synchronous_commit = off`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return droppedOnClose(await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' }), adminUrl, name);
}

/**
 * PGlite answers in the test's own process, so a file's queries never wait for I/O, and the event loop never reaches
 * its poll phase while they run. A file that works a minute without such a pause (a slow day of this machine) leaves
 * the reply to Vitest's own `onTaskUpdate` unread until the call's 60 s timer has fired: every test passes and the run
 * fails ("Timeout calling onTaskUpdate"). Each query therefore lets the loop turn first, at most once a second.
 */
function breathing(database: Database): Database {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  let turned = performance.now();
  const turn = async () => {
    if (performance.now() - turned < 1000) return;
    await new Promise((resolve) => setImmediate(resolve));
    turned = performance.now();
  };
  const protocol = client.execProtocol.bind(client);
  client.execProtocol = async (...args) => {
    await turn();
    return protocol(...args);
  };
  const stream = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (...args) => {
    await turn();
    return stream(...args);
  };
  return database;
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
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const clock = new FixedClock(options.now ?? new Date('2026-11-21T03:00:00Z'));
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
