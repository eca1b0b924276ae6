/**
 * An embedded database written before PGlite 0.5 (PostgreSQL 17) cannot be opened by this one (PostgreSQL 18): a
 * major version's files are its own. At its first start on this build it is copied into a new directory, once, and
 * kept beside it as it was (ADR 0221).
 */
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { dumpRows, loadRows } from './rows.ts';

/** The major version whose directories are copied; the older PGlite that reads them is kept for this alone. */
const OLD_MAJOR = '17';

/** Where the copy is written until it is whole, and where the old directory is kept after. */
export function upgradePaths(dir: string): { next: string; kept: string } {
  return { next: `${dir}.postgres18`, kept: `${dir}.postgres${OLD_MAJOR}` };
}

/** A database over a PGlite client, migrated (client.ts's `pgliteDatabase`). */
interface Opened {
  db: Parameters<typeof loadRows>[0];
  close(): Promise<void>;
}

function majorVersion(dir: string): string | undefined {
  const file = `${dir}/PG_VERSION`;
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * Brings the PGlite directory `dir` of PostgreSQL 17 to this build's PostgreSQL: opened with the older PGlite and
 * migrated to this build's schema by `open`, its rows read out, written into a new directory migrated the same way,
 * which then takes its place; the old one is kept, renamed. Any other directory, or none, is left as it is. A start
 * stopped on the way begins the copy again, or makes the last rename, so nothing is lost or read half-written.
 * Answers whether it copied.
 */
export async function upgradePgliteDir(dir: string, open: (client: PGlite) => Promise<Opened>): Promise<boolean> {
  const { next, kept } = upgradePaths(dir);
  if (!existsSync(dir) && existsSync(kept) && majorVersion(next) !== undefined) {
    renameSync(next, dir);
    return true;
  }
  if (majorVersion(dir) !== OLD_MAJOR) return false;
  if (existsSync(kept)) throw new Error(`${kept} exists: move it away to upgrade ${dir}`);
  rmSync(next, { recursive: true, force: true });

  const older = await import('pglite-postgres17');
  const olderTrgm = await import('pglite-postgres17/contrib/pg_trgm');
  // The older client answers the same calls; its types are its own package's.
  const source = await open(new older.PGlite(dir, { extensions: { pg_trgm: olderTrgm.pg_trgm } }) as unknown as PGlite);
  const rows = await dumpRows(source.db).finally(() => source.close());

  const target = await open(new PGlite(next, { extensions: { pg_trgm } }));
  await loadRows(target.db, rows).finally(() => target.close());

  renameSync(dir, kept);
  renameSync(next, dir);
  return true;
}
