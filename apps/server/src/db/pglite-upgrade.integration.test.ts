/**
 * An embedded database written by the PGlite before 0.5 (PostgreSQL 17), with the demo company's catalog and
 * bookings in it, opens on this build with every row and sequence as it was, its old directory kept (ADR 0221); a
 * start stopped before the copy took its place finishes it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGlite as PGlite17 } from 'pglite-postgres17';
import { pg_trgm as trgm17 } from 'pglite-postgres17/contrib/pg_trgm';
import { afterAll, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/seed.ts';
import { testDbKind } from '../test/helper.ts';
import { openDatabase, pgliteDatabase } from './client.ts';
import { upgradePaths } from './pglite-upgrade.ts';
import { dumpRows } from './rows.ts';

const root = mkdtempSync(path.join(tmpdir(), 'pglite-upgrade-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const clock = { now: () => new Date('2026-11-30T03:00:00Z') };
const version = (dir: string) => readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();

/** Opens the data directory as the server does and reads every row and sequence. */
async function rowsOfDataDir(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return await dumpRows(database.db);
  } finally {
    await database.close();
  }
}

it.skipIf(testDbKind === 'postgres')(
  'copies a PostgreSQL 17 directory into PostgreSQL 18 with every row, keeps the old one, and finishes a stopped copy',
  async () => {
    const dataDir = path.join(root, 'data');
    const dir = path.join(dataDir, 'pglite');
    const { next, kept } = upgradePaths(dir);
    mkdirSync(dir, { recursive: true });
    const client = new PGlite17(dir, { extensions: { pg_trgm: trgm17 } });
    const older = await pgliteDatabase(client as unknown as PGlite, () => client.close());
    await seedIfEmpty(older.db, clock);
    const before = await dumpRows(older.db);
    await older.close();
    expect(version(dir)).toBe('17');
    expect(before.tables.find((t) => t.table === 'bookings')?.rows.length).toBeGreaterThan(0);
    // A copy begun by a start that stopped half-way is begun again.
    mkdirSync(next);

    expect(await rowsOfDataDir(dataDir)).toEqual(before);
    expect(version(dir)).toBe('18');
    expect(version(kept)).toBe('17');
    expect(existsSync(next)).toBe(false);

    // Stopped between its two renames: the copy is whole, and takes its place.
    renameSync(dir, next);
    expect(await rowsOfDataDir(dataDir)).toEqual(before);
    expect(version(dir)).toBe('18');
    expect(existsSync(next)).toBe(false);
  },
  120_000,
);
