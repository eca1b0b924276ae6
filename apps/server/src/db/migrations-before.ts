/**
 * For migration tests: a copy of the migrations folder as it stood before one migration (its journal cut there), and
 * a database's rows read out and written back, to bring a database of an older schema into a test.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from './client.ts';

export const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The folder, and a function that removes it. Throws when `tag` is not a migration after the first. */
export function migrationsBefore(tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), `migrations-before-${tag}-`));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`no migration ${tag} after the first`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** The rows of one table of the public schema, its generated columns left out (the database makes them). */
export interface TableRows {
  table: string;
  columns: string[];
  rows: Record<string, unknown>[];
}

/** A database's contents, as `dumpRows` reads them and `loadRows` writes them back. */
export interface DatabaseRows {
  tables: TableRows[];
  sequences: { name: string; value: number | null }[];
}

/** What the dump and the load ask of a handle: raw SQL answered with `{ rows }` (either driver, as `rowsOf` reads). */
interface Execute {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * Every row of every table of the public schema (ordered by its text, so that two dumps of one database are one
 * file), and where each sequence stands. Drizzle's own bookkeeping is in its schema and not read.
 */
export async function dumpRows(db: Execute): Promise<DatabaseRows> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`),
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const tables: TableRows[] = [];
  for (const [table, names] of byTable) {
    const list = sql.join(
      names.map((n) => sql.identifier(n)),
      sql`, `,
    );
    const [found] = rowsOf<{ rows: Record<string, unknown>[] }>(
      await db.execute(sql`
        select coalesce(json_agg(x order by x::text), '[]'::json) as rows
        from (select ${list} from ${sql.identifier(table)}) x`),
    );
    tables.push({ table, columns: names, rows: found?.rows ?? [] });
  }
  const sequences = rowsOf<{ name: string; value: string | null }>(
    await db.execute(sql`
      select sequencename as name, last_value::text as value from pg_sequences
      where schemaname = 'public' order by sequencename`),
  );
  return {
    tables,
    sequences: sequences.map((s) => ({ name: s.name, value: s.value === null ? null : Number(s.value) })),
  };
}

/**
 * Writes `dump` into a database of the same schema, in place of what its tables held. As pg_dump's
 * --disable-triggers restores data (the session as a replica, which takes a superuser): no trigger rewrites a row
 * being restored (a derived row such as an option's price range is restored as it was) and no foreign key asks
 * for an order of the tables.
 */
export async function loadRows(
  db: Execute & { transaction<T>(run: (tx: Execute) => Promise<T>): Promise<T> },
  dump: DatabaseRows,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const all = sql.join(
      dump.tables.map((t) => sql.identifier(t.table)),
      sql`, `,
    );
    await tx.execute(sql`truncate ${all}`);
    for (const { table, columns, rows } of dump.tables) {
      if (rows.length === 0) continue;
      const list = sql.join(
        columns.map((n) => sql.identifier(n)),
        sql`, `,
      );
      await tx.execute(sql`
        insert into ${sql.identifier(table)} (${list}) overriding system value
        select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`);
    }
    for (const { name, value } of dump.sequences) {
      await tx.execute(
        value === null
          ? sql`select setval(format('public.%I', ${name}::text)::regclass, 1, false)`
          : sql`select setval(format('public.%I', ${name}::text)::regclass, ${value}, true)`,
      );
    }
  });
}
