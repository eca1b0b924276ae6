/**
 * The server tests' databases, kept between files (ADR 0219). Each file starts on an empty migrated database, as
 * before; but where every file made one (an in-memory PGlite loaded from the migrated image, 1.3–2 s of a file on
 * this machine; or a PostgreSQL database copied from the template and dropped after, 0.6–0.9 s), a worker now keeps
 * the ones its files closed and empties them: every table a file wrote to truncated (on PostgreSQL its rows deleted
 * and its pages vacuumed away), so the next file's rows are read back in the order written, as on a new database;
 * the migrations' own rows written again, the sequences set back (`test_support.reset()`). A file whose tests changed
 * the schema (a trigger disabled and not enabled again, a function of its own) leaves a database whose fingerprint
 * differs: it is thrown away, never kept.
 *
 * A file that starts on the demo data (`createTestApp({ seeded: true })`) gets a database that already has it: the
 * first such file of a worker seeds an emptied one and takes a new snapshot of its rows for `reset()`, which from then
 * on brings it back to the demo data instead of to nothing. Writing the demo data took 0.85–0.9 s a file (2.3 s the
 * first in a worker) for the two dozen files that use it; bringing it back, a fraction of that.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { FixedClock } from '../clock.ts';
import { type Database, openDatabase, pgliteDatabase } from '../db/client.ts';
import { seed } from '../seed/seed.ts';
import { adminQuery } from './global-setup.ts';

/** A kept database: its PGlite client or PostgreSQL name, and the fingerprint of its schema as it was made. */
interface Kept<T> {
  handle: T;
  fingerprint: string;
}

/**
 * A worker's idle databases by what `reset()` brings them back to: '' for nothing but the migrations' rows, or the
 * instant of the clock the demo data was written at.
 */
class Idle<T> {
  private readonly byContents = new Map<string, Kept<T>[]>();

  put(contents: string, kept: Kept<T>): void {
    const list = this.byContents.get(contents) ?? [];
    list.push(kept);
    this.byContents.set(contents, list);
  }

  /** One with these contents, else an empty one to seed (`reseed`), else none. */
  take(contents: string): { kept: Kept<T>; reseed: boolean } | undefined {
    const same = this.byContents.get(contents)?.pop();
    if (same) return { kept: same, reseed: false };
    const empty = contents === '' ? undefined : this.byContents.get('')?.pop();
    return empty && { kept: empty, reseed: true };
  }
}

const idlePglite = new Idle<PGlite>();
const idlePostgres = new Idle<string>();

/** What a kept database holds once reset: the demo data as at `seedAt`, or nothing. */
function contentsOf(seedAt: Date | undefined): string {
  return seedAt?.toISOString() ?? '';
}

/** The demo data written as at `seedAt`, and kept as what `reset()` brings this database back to. */
async function seedAndSnapshot(database: Database, seedAt: Date): Promise<void> {
  await seed(database.db, new FixedClock(seedAt));
  await database.db.execute(sql`select test_support.snapshot()`);
}

/** The migrated PGlite image of the global setup, read once per worker. */
let pgliteImage: Blob | undefined;

export function migratedImage(): Blob {
  pgliteImage ??= new Blob([readFileSync(inject('testDatabaseTemplate'))]);
  return pgliteImage;
}

export async function keptPglite(seedAt?: Date): Promise<Database> {
  const contents = contentsOf(seedAt);
  const taken = idlePglite.take(contents);
  let kept = taken?.kept;
  if (!kept) {
    const client = breathing(new PGlite({ extensions: { pg_trgm }, loadDataDir: migratedImage() }));
    kept = { handle: client, fingerprint: await pgliteFingerprint(client) };
  }
  const { handle: client, fingerprint } = kept;
  const channels = new Set<string>();
  const database = await pgliteDatabase(client, async () => {
    for (const channel of channels) await client.unlisten(channel);
    if (client.isInTransaction()) await client.exec('rollback');
    // What a file's session may have set: settings, session locks.
    await client.exec('reset all; set search_path to public; select pg_advisory_unlock_all();');
    const reset = await client.query<{ fingerprint: string }>('select test_support.reset() as fingerprint');
    if (reset.rows[0]?.fingerprint === fingerprint) idlePglite.put(contents, { handle: client, fingerprint });
    else await client.close();
  });
  if (seedAt && taken?.reseed !== false) await seedAndSnapshot(database, seedAt);
  return {
    ...database,
    subscribe(channel, handlers) {
      channels.add(channel);
      database.subscribe(channel, handlers);
    },
  };
}

async function pgliteFingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(
    'select test_support.schema_fingerprint() as fingerprint',
  );
  return rows[0]?.fingerprint ?? '';
}

/**
 * PGlite answers in the test's own process, so a file's queries never wait for I/O, and the event loop never reaches
 * its poll phase while they run. A file that works a minute without such a pause (a slow day of this machine) leaves
 * the reply to Vitest's own `onTaskUpdate` unread until the call's 60 s timer has fired: every test passes and the run
 * fails ("Timeout calling onTaskUpdate"). Each query therefore lets the loop turn first, at most once a second.
 */
function breathing(client: PGlite): PGlite {
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
  return client;
}

export async function keptPostgres(adminUrl: string, seedAt?: Date): Promise<Database> {
  const template = inject('testDatabaseTemplate');
  const contents = contentsOf(seedAt);
  const taken = idlePostgres.take(contents);
  let kept = taken?.kept;
  if (!kept) {
    // Named after the template, so that the global setup's teardown drops what the workers kept.
    const name = `${template}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name} template ${template}`);
    // A test database outlives no crash, so its commits need not wait for the disk: the same SQL, the same locks and
    // isolation, without a WAL flush per commit (a third off the PostgreSQL tier's time on this machine).
    await adminQuery(adminUrl, `alter database ${name} set synchronous_commit = off`);
    const [row] = await adminQuery(urlOf(adminUrl, name), 'select test_support.schema_fingerprint() as fingerprint');
    kept = { handle: name, fingerprint: String(row?.fingerprint) };
  }
  const { handle: name, fingerprint } = kept;
  const database = await openDatabase({ databaseUrl: urlOf(adminUrl, name), dataDir: 'memory' });
  if (seedAt && taken?.reseed !== false) await seedAndSnapshot(database, seedAt);
  return {
    ...database,
    async close() {
      // Every connection of the file ends here, and with them its sessions' settings and locks.
      await database.close();
      const admin = new pg.Client({ connectionString: urlOf(adminUrl, name) });
      await admin.connect();
      let row: { fingerprint?: string } | undefined;
      try {
        await emptyTables(admin);
        [row] = (await admin.query('select test_support.reset() as fingerprint')).rows;
      } finally {
        await admin.end();
      }
      if (row?.fingerprint === fingerprint) idlePostgres.put(contents, { handle: name, fingerprint });
      else await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * On PostgreSQL a kept database's tables are emptied by deleting their rows and vacuuming their pages away before
 * `reset()`, in a fifth of the time of truncating them: there TRUNCATE gives each table and index new files, and must
 * take every table that refers to one. In PGlite's memory the vacuum saved nothing measurable (ADR 0219).
 */
async function emptyTables(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ emptied: string }>('select test_support.empty_tables() as emptied');
  // Its own statement: VACUUM runs outside a transaction. Index clean-up on, so that every dead row's line goes and
  // the pages can be given back.
  if (rows[0]?.emptied) await client.query(`vacuum (index_cleanup on) ${rows[0].emptied}`);
}

function urlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
