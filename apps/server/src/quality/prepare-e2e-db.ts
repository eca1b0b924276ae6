/**
 * Run by scripts/e2e-server.mjs before the server starts: migrates and seeds the e2e database under
 * DATA_DIR (PGlite) and adds the XSS fixture (OPXSS1, booking XS000001) for e2e/security.spec.ts.
 * The server then finds the data in place and does not seed again.
 */
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { addXssFixture } from './xss-fixture.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await seedIfEmpty(database.db, systemClock);
  await addXssFixture(database.db, systemClock);
} finally {
  await database.close();
}
