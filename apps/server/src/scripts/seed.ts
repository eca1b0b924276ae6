/**
 * `npm run seed`: loads the demo data into DATABASE_URL (or the PGlite under DATA_DIR) when it has none,
 * and prints the demo logins. `npm run seed -- --reset` empties the tables first, re-dating the demo to today.
 */
import { sql } from 'drizzle-orm';
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { preparePrivateDir } from '../data-dir.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/dir-lock.ts';
import { demoSummary, seed, seedIfEmpty } from '../seed/seed.ts';
import { describeStartupError } from '../startup-error.ts';

// The root script forwards `-- --reset` through a nested `npm run`, which turns it into npm_config_reset.
const reset =
  process.argv.includes('--reset') || process.env.npm_config_reset === 'true' || process.env.SEED_RESET === '1';
const config = loadConfig();
const database = await Promise.resolve()
  .then(() => {
    // The embedded database's directory is owner-only, as the server makes it.
    if (!config.databaseUrl) preparePrivateDir(config.dataDir);
    return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  })
  .catch((error: unknown) => {
    console.error(describeStartupError(error, config));
    // A server running on the embedded database holds it; the demo logins are the same either way.
    if (error instanceof DataDirLockedError && !reset) console.log(demoSummary(systemClock));
    return process.exit(error instanceof DataDirLockedError && !reset ? 0 : 1);
  });
const started = performance.now();
try {
  let seeded: boolean;
  if (reset) {
    // Every table of the public schema except drizzle's own bookkeeping, in one statement.
    await database.db.execute(sql`
      do $$ declare names text; begin
        select string_agg(format('%I', tablename), ', ') into names from pg_tables where schemaname = 'public';
        if names is not null then execute 'truncate table ' || names || ' restart identity cascade'; end if;
      end $$`);
    await seed(database.db, systemClock);
    seeded = true;
  } else {
    seeded = await seedIfEmpty(database.db, systemClock);
  }
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`;
  const elapsed = Math.round(performance.now() - started);
  console.log(
    seeded
      ? `デモデータを投入しました: ${where}（${elapsed} ms）`
      : `既にデータがあるため投入しませんでした: ${where}（作り直すには npm run seed -- --reset）`,
  );
  console.log(demoSummary(systemClock));
} finally {
  await database.close();
}
