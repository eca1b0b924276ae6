/**
 * Each table has one module that writes it; the others call that module (DESIGN §5, ADR 0196). Read from the source:
 * every Drizzle `.insert(t)`, `.update(t)`, `.delete(t)` and every SQL `insert into t`, `update t`, `delete from t` in a
 * module's own code (tests, fixtures and benchmarks aside, as they make data of their own), by table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, isTable } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as schema from '../db/schema.ts';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');
const ownCode = (file: string) =>
  file.endsWith('.ts') && !/\.test\.ts$|test-fixtures\.ts$|\.bench\.ts$|bench-routes\.ts$/.test(file);

/** Table names by the name the code imports them by (`bookingOptions` → booking_options). */
const tables = new Map(
  Object.entries(schema).flatMap(([name, value]) => (isTable(value) ? [[name, getTableName(value)] as const] : [])),
);
const tableNames = new Set<string>(tables.values());

function writesOf(source: string): Set<string> {
  const found = new Set<string>();
  // Drizzle's writes, and the one helper that deletes a table's old rows in batches.
  for (const m of source.matchAll(/\.(?:insert|update|delete)\((\w+)\)|deleteBatch\(\s*\w+,\s*(\w+),/g)) {
    const table = tables.get(m[1] ?? m[2] ?? '');
    if (table) found.add(table);
  }
  for (const m of source.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{(\w+)\}|(\w+))/gi)) {
    const table = m[1] ? tables.get(m[1]) : m[2];
    if (table && tableNames.has(table)) found.add(table);
  }
  return found;
}

it('has one writing module per table', () => {
  const writers = new Map<string, Set<string>>();
  for (const module of readdirSync(modules)) {
    const files = readdirSync(path.join(modules, module), { recursive: true, encoding: 'utf8' }).filter(ownCode);
    for (const file of files) {
      for (const table of writesOf(readFileSync(path.join(modules, module, file), 'utf8'))) {
        writers.set(table, (writers.get(table) ?? new Set()).add(module));
      }
    }
  }
  const shared = [...writers].filter(([, by]) => by.size > 1).map(([table, by]) => `${table}: ${[...by].join(', ')}`);
  expect(shared).toEqual([]);
  // The scan sees the writes it is about: the seats of a booking, the console's edits of departures.
  expect([...(writers.get('departures') ?? [])]).toEqual(['departures']);
  expect(writers.get('bookings')).toEqual(new Set(['booking']));
});
