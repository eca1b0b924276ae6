import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { SERVER_ROOT } from '../server-root.ts';
import { type DirLock, lockDataDir } from './dir-lock.ts';
import * as schema from './schema.ts';
import { StockChangeBroadcast, trackStockChanges } from './stock-changes.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction callback receives; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Both drivers answer raw SQL (`db.execute`) with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/**
 * Runs `query` as a named statement (ADR 0187), answering as `db.execute`: PostgreSQL parses it once per
 * connection and, after a few runs, keeps one plan for it. For the statements every booking runs, whose text is the
 * same for every booking of a shape and whose plan does not depend on the values (a key, a day). Not for searches: a
 * kept plan cannot use an index for a `like` whose pattern it has not seen. The name is the text's hash, so that two
 * texts never share one. PGlite runs it as any statement.
 */
export function executePrepared(db: DbOrTx, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  const name = `s_${createHash('sha256').update(built.sql).digest('base64url').slice(0, 24)}`;
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}

/**
 * Notified with the option code (or `*`) by a trigger when a committed change of `stock` changes what the
 * calendar shows (migrations 0004, 0006), and after every committed move of seats (db/stock-changes.ts).
 */
export const STOCK_CHANGED_CHANNEL = 'stock_changed';

/**
 * Notified with the option code (or `*`) by triggers (migration 0030) when a committed change touches an option or
 * the nationalities: the booking's kept reads of them are dropped.
 */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

/** Notified by a trigger (migration 0020) when a transaction that queued mail commits: the mail loop runs soon. */
export const OUTBOX_QUEUED_CHANNEL = 'outbox_queued';

/** What a listener of a NOTIFY channel is told. */
export interface ChannelHandlers {
  /** A notification, delivered after the notifying transaction committed. */
  notify(payload: string): void;
  /**
   * Whether notifications flow: true once LISTEN is acknowledged (again after a reconnect), false when the
   * listening connection is lost. Notifications may have been missed around either, so a cache starts over.
   */
  live(listening: boolean): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Listens on a NOTIFY channel for as long as the database is open. */
  subscribe(channel: string, handlers: ChannelHandlers): void;
  close(): Promise<void>;
}

/** This process's listeners, told at once of the seats its own transactions moved (db/stock-changes.ts). */
class LocalChannels {
  private readonly channels = new Map<string, ChannelHandlers[]>();

  subscribe(channel: string, handlers: ChannelHandlers): void {
    this.channels.set(channel, [...(this.channels.get(channel) ?? []), handlers]);
  }

  tell(channel: string, payloads: string[]): void {
    for (const handlers of this.channels.get(channel) ?? []) for (const payload of payloads) handlers.notify(payload);
  }
}

/** Session advisory lock held while migrating (found by `npm run resilience`, scenario c). */
const MIGRATION_LOCK = 72_741_000;
const migrationsFolder = path.join(SERVER_ROOT, 'drizzle');

/**
 * The pool's settings for a DATABASE_URL: its own, with PostgreSQL's JIT compilation off (ADR 0185). Every
 * statement of ours reads a page or a day through an index; at a million bookings the planner's estimate for a
 * name search or the manifest passes jit_above_cost, and compiling the plan took 20–31 ms of statements that run in
 * 2–7 ms. Options the URL gives (`?options=-c …`) are kept.
 */
export function poolConfig(databaseUrl: string, max: number): pg.PoolConfig {
  const config = parseIntoClientConfig(databaseUrl);
  return { ...config, options: [config.options, '-c jit=off'].filter(Boolean).join(' '), max };
}

/** PostgreSQL when a URL is given, otherwise PGlite on disk under dataDir ('memory' keeps it in memory). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL pool size (config PG_POOL_MAX). */
  poolMax?: number;
  /**
   * An in-memory PGlite starts as a copy of this data directory (`dumpPglite`): the test files start from one
   * migrated image instead of running every migration again.
   */
  pgliteImage?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool(poolConfig(options.databaseUrl, options.poolMax ?? 20));
    // An idle client that loses its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor a checked-out one (e.g. inside a transaction when PostgreSQL restarts): its next query fails and
    // the pool drops it on release. Without a listener its 'error' event ends the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const plain = drizzlePg(pool, { schema }) as unknown as Db;
    const local = new LocalChannels();
    const broadcast = new StockChangeBroadcast((query) => plain.execute(query), STOCK_CHANGED_CHANNEL);
    const db = trackStockChanges(plain, (opcds) => {
      local.tell(STOCK_CHANGED_CHANNEL, opcds);
      broadcast.add(opcds);
    });
    // Instances starting together on an empty database would race to create the same tables.
    try {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(plain as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    } catch (error) {
      // Unreachable, refused or failed to migrate: nothing is left open that would keep the process alive.
      await pool.end().catch(() => undefined);
      throw error;
    }
    const listener = new PgListener(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      subscribe: (channel, handlers) => {
        local.subscribe(channel, handlers);
        listener.subscribe(channel, handlers);
      },
      close: async () => {
        await broadcast.close();
        await listener.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  let dirLock: DirLock | undefined;
  if (options.dataDir === 'memory') {
    client = new PGlite({
      extensions: { pg_trgm },
      ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
    });
  } else {
    // Two processes on one PGlite directory both write it and lose acknowledged data.
    mkdirSync(options.dataDir, { recursive: true });
    dirLock = lockDataDir(options.dataDir);
    try {
      const dir = path.join(options.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
      client = new PGlite(dir, { extensions: { pg_trgm } });
    } catch (error) {
      dirLock.release();
      throw error;
    }
  }
  return pgliteDatabase(client, async () => {
    try {
      await client.close();
    } finally {
      dirLock?.release();
    }
  }).catch(async (error: unknown) => {
    // Failed to migrate: nothing is left open or locked.
    await client.close().catch(() => undefined);
    dirLock?.release();
    throw error;
  });
}

/**
 * A database over an open PGlite client, migrated: its own listeners are all there are (one process). `close` ends
 * it; the server tests keep their clients between files and close one by emptying its tables (test/helper.ts).
 */
export async function pgliteDatabase(client: PGlite, close: () => Promise<void>): Promise<Database> {
  const local = new LocalChannels();
  const plain = drizzlePglite(client, { schema }) as unknown as Db;
  const db = trackStockChanges(plain, (opcds) => local.tell(STOCK_CHANGED_CHANNEL, opcds));
  await migratePglite(plain as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    subscribe(channel, handlers) {
      local.subscribe(channel, handlers);
      // One in-process database: notifications arrive as the committing statement returns, and never stop.
      client
        .listen(channel, (payload) => handlers.notify(payload))
        .then(
          () => handlers.live(true),
          () => handlers.live(false),
        );
    },
    close,
  };
}

/** The data directory of an open PGlite database, as a tarball `openDatabase({ pgliteImage })` starts from. */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('dumpPglite: not a PGlite database');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}

/**
 * One dedicated PostgreSQL connection (outside the pool) that LISTENs on every subscribed channel, and
 * reconnects with backoff when it is lost (PostgreSQL restarted, network cut), telling the handlers each time.
 */
class PgListener {
  private readonly channels = new Map<string, ChannelHandlers[]>();
  private client: pg.Client | undefined;
  private connecting = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelayMs = 250;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  subscribe(channel: string, handlers: ChannelHandlers): void {
    const list = this.channels.get(channel) ?? [];
    list.push(handlers);
    this.channels.set(channel, list);
    const client = this.client;
    if (client) {
      client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).then(
        () => handlers.live(this.client === client),
        () => this.lost(client),
      );
    } else {
      void this.connect();
    }
  }

  private async connect(): Promise<void> {
    if (this.closed || this.connecting || this.client) return;
    this.connecting = true;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      for (const handlers of this.channels.get(message.channel) ?? []) handlers.notify(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      this.connecting = false;
      this.lost(client);
      return;
    }
    this.connecting = false;
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryDelayMs = 250;
    for (const list of this.channels.values()) for (const handlers of list) handlers.live(true);
  }

  private lost(client: pg.Client): void {
    if (this.client === client) {
      this.client = undefined;
      for (const list of this.channels.values()) for (const handlers of list) handlers.live(false);
    }
    client.end().catch(() => undefined);
    if (this.closed || this.connecting || this.client || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, this.retryDelayMs);
    this.retryTimer.unref();
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, 5_000);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
