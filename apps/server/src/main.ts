import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { createContext } from './compose.ts';
import { type Config, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { preparePrivateDir } from './data-dir.ts';
import { type Database, openDatabase } from './db/client.ts';
import { drawPicturesAhead } from './modules/catalog/image-routes.ts';
import { removeOpsFiles, writeOpsKey, writeOpsPort } from './modules/ops/key.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { describeStartupError } from './startup-error.ts';
import { startWorkers, type Workers } from './workers.ts';

interface Running {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  workers: Workers;
  opsKey: string;
}

let config: Config | undefined;
let running: Running | undefined;

async function start(): Promise<Running> {
  config = loadConfig();
  await portFree(config.port, config.host);
  preparePrivateDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.pgPoolMax,
  });
  await seedIfEmpty(database.db, systemClock);
  const ctx = createContext({ db: database.db, clock: systemClock, config, notifications: database });
  const opsKey = writeOpsKey(config.dataDir);
  const app = await buildApp(ctx, { logger: true, serveWeb: true, opsKey });
  const workers = startWorkers(ctx, app.log);
  running = { app, ctx, database, workers, opsKey };
  await warmUp(app);
  if (config.picturesAhead) await drawPicturesAhead(app);
  await app.listen({ port: config.port, host: config.host });
  // Beside the ops key: the port it got (PORT=0 lets the system choose), so `npm run ops` finds this server.
  const address = app.server.address();
  writeOpsPort(config.dataDir, typeof address === 'object' && address ? address.port : config.port);
  app.log.info(`さくらトラベル booking site: ${config.publicUrl} (database: ${database.kind})`);
  return running;
}

/**
 * A port in use is told before the database is opened, migrated and seeded, in a second rather than after a first
 * start's demo data (ten seconds and more); the listen at the end of the start still decides.
 */
async function portFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * The first visitors are served as fast as the next (ADR 0194): before it listens, the server answers the pages and
 * calls a visit starts with once, in-process, so the page renderer, the catalog's caches and the code on their way are
 * loaded and compiled. A page that fails here fails the same way for its visitor; the start goes on.
 */
async function warmUp(app: FastifyInstance): Promise<void> {
  for (const url of ['/', '/en/', '/login', '/api/option', '/api/option/condition']) {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/json' } });
    if (res.statusCode >= 500) app.log.warn({ url, status: res.statusCode }, 'warm-up request failed');
  }
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing || !running) return;
  closing = true;
  const { app, workers, ctx, database, opsKey } = running;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // Stop accepting first, let requests in flight finish, then stop the background work.
  await app.close();
  await workers.stop();
  await ctx.limiter.close();
  await database.close();
  // The database is free: `npm run ops` opens it itself from now on.
  if (config) removeOpsFiles(config.dataDir, opsKey);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await start();
} catch (error) {
  // One clear line instead of a query dump or a stack; the DATA_DIR lock goes on exit.
  process.stderr.write(
    `${describeStartupError(error, { port: config?.port, dataDir: config?.dataDir, databaseUrl: config?.databaseUrl })}\n`,
  );
  process.exit(1);
}
