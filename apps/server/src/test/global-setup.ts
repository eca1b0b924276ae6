/**
 * Runs once before the server's integration tests (vitest `globalSetup`): migrates one database that every test
 * file's fresh database starts as a copy of, instead of each file running every migration again.
 * - PGlite: a migrated in-memory database dumped to a tarball file, which a worker loads for each database it makes.
 * - PostgreSQL: a migrated database used as the `template` of each database a worker makes.
 * Both carry `test_support` (below), with which a worker empties a database a file has closed and keeps it for the
 * next file (kept-databases.ts).
 * On the PGlite tier it also builds the server, for the tests that start it as a process (processes.ts).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../db/client.ts';
import { serverRoot } from './processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite image's file, or the migrated PostgreSQL template database's name. */
    testDatabaseTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stamp = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (process.env.TEST_DB !== 'postgres') {
    // The tests that start the server as a process run its build (processes.ts): 1.4 s, on the other core while the
    // template is migrated (1.8 s).
    const [database] = await Promise.all([
      openDatabase({ dataDir: 'memory' }),
      promisify(execFile)(process.execPath, ['build.mjs'], { cwd: serverRoot }),
    ]);
    sweepInterruptedRuns();
    const file = path.join(os.tmpdir(), `${PGLITE_TEMPLATE}${stamp}.tar`);
    try {
      await (database.db as unknown as { $client: PGlite }).$client.exec(TEST_SUPPORT_SQL);
      writeFileSync(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide('testDatabaseTemplate', file);
    return async () => {
      // With it, the data directory the process tests copy (helper.ts), and a worker's copy that lost the race.
      for (const name of readdirSync(os.tmpdir()))
        if (name.startsWith(path.basename(file)))
          rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `t_template_${stamp}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' });
  await database.close();
  await adminQuery(url.toString(), TEST_SUPPORT_SQL);
  project.provide('testDatabaseTemplate', name);
  return async () => {
    // The template and the databases the workers kept (test/kept-databases.ts), named after it.
    const kept = await adminQuery(adminUrl, `select datname from pg_database where datname like '${name}\\_%'`);
    for (const { datname } of kept)
      await adminQuery(adminUrl, `drop database if exists ${String(datname)} with (force)`);
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
}

const PGLITE_TEMPLATE = 'tabi-test-template-';

/**
 * What a run stopped before its teardown left in the temporary directory (an image, the data directory copied from
 * it): removed once a day old, so that no live run, on this checkout or another, loses its own.
 */
function sweepInterruptedRuns(): void {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(PGLITE_TEMPLATE)) continue;
    const entry = path.join(os.tmpdir(), name);
    if ((statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? Number.POSITIVE_INFINITY) < dayAgo)
      rmSync(entry, { recursive: true, force: true });
  }
}

/**
 * One statement (or several, without parameters) on a connection of its own: on the server's maintenance database,
 * where databases are created and dropped, or on a test database; its rows.
 */
export async function adminQuery(url: string, statement: string): Promise<Record<string, unknown>[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const result = await admin.query(statement);
    return Array.isArray(result) ? [] : result.rows;
  } finally {
    await admin.end();
  }
}

/**
 * Written into the migrated template by the global setup: a copy of the rows the migrations wrote, the sequences'
 * values, `reset()` that brings the database back to them, and the fingerprint of the schema it checks.
 */
export const TEST_SUPPORT_SQL = `
create schema test_support;
create table test_support.kept_rows (relname text primary key);
create table test_support.sequences (seq text primary key, last_value bigint, start_value bigint);
-- What reset() brings a database back to: its tables' rows and its sequences as they are now. Called once here, on the
-- migrations' rows; and again by a worker on a database it has just given the demo data (kept-databases.ts).
create function test_support.snapshot() returns void language plpgsql as $$
declare
  r record;
  has boolean;
begin
  for r in select relname from test_support.kept_rows loop
    execute format('drop table test_support.%I', 'rows_' || r.relname);
  end loop;
  delete from test_support.kept_rows;
  for r in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') loop
    execute format('select exists (select 1 from public.%I)', r.relname) into has;
    if has then
      execute format('create table test_support.%I as table public.%I', 'rows_' || r.relname, r.relname);
      insert into test_support.kept_rows values (r.relname);
    end if;
  end loop;
  delete from test_support.sequences;
  insert into test_support.sequences
    select format('public.%I', sequencename), last_value, start_value from pg_sequences where schemaname = 'public';
end $$;
select test_support.snapshot();
create function test_support.schema_fingerprint() returns text language sql stable as $$
  select md5(string_agg(item, ',' order by item)) from (
    select 'r ' || c.oid::regclass::text || ' ' || c.relkind::text as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
    union all
    select 't ' || t.tgrelid::regclass::text || ' ' || t.tgname || ' ' || t.tgenabled::text
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public'
    union all
    select 'f ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) || ' ' || coalesce(array_to_string(p.proconfig, ' '), '')
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
  ) s
$$;
create function test_support.empty_tables() returns text language plpgsql as $$
declare
  r record;
  emptied text[] := '{}';
begin
  -- Without the triggers that would count or announce what goes.
  set local session_replication_role = replica;
  -- The tables a file wrote to have a page; one never written to has none, and is left alone. A large one is left
  -- to reset()'s truncation: deleting its rows costs more.
  for r in select format('public.%I', c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r' and pg_relation_size(c.oid) between 1 and 64 * 8192 loop
    execute format('delete from %s', r.t);
    emptied := emptied || r.t;
  end loop;
  return array_to_string(emptied, ', ');
end $$;
create function test_support.reset() returns text language plpgsql as $$
declare
  r record;
  cols text;
  written text;
begin
  set local session_replication_role = replica;
  -- Every table a file wrote to has pages (one never written to has none, nor has one truncated), and is truncated:
  -- its new files are empty, so the next file's rows are read back in the order they were written, as on a new
  -- database. On PostgreSQL empty_tables() and a vacuum gave most of them back their pages first, for less.
  select string_agg(format('public.%I', c.relname), ', ') into written
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and pg_relation_size(c.oid) > 0;
  if written is not null then
    execute format('truncate %s cascade', written);
  end if;
  -- The migrations' rows go back as they were.
  for r in select relname from test_support.kept_rows loop
    select string_agg(format('%I', a.attname), ', ' order by a.attnum) into cols from pg_attribute a
      where a.attrelid = format('public.%I', r.relname)::regclass and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = '';
    execute format('insert into public.%I (%s) overriding system value select %s from test_support.%I',
                   r.relname, cols, cols, 'rows_' || r.relname);
  end loop;
  for r in select * from test_support.sequences loop
    perform setval(r.seq, coalesce(r.last_value, r.start_value), r.last_value is not null);
  end loop;
  return test_support.schema_fingerprint();
end $$;
`;
