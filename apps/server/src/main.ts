import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { createContext } from './compose.ts';
import { type Config, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { preparePrivateDir } from './data-dir.ts';
import { type Database, openDatabase } from './db/client.ts';
import { writeOpsKey } from './modules/ops/key.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { describeStartupError } from './startup-error.ts';
import { startWorkers, type Workers } from './workers.ts';

interface Running {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  workers: Workers;
}

let config: Config | undefined;
let running: Running | undefined;

async function start(): Promise<Running> {
  config = loadConfig();
  preparePrivateDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.pgPoolMax,
  });
  await seedIfEmpty(database.db, systemClock);
  const ctx = createContext({ db: database.db, clock: systemClock, config, notifications: database });
  const app = await buildApp(ctx, { logger: true, serveWeb: true, opsKey: writeOpsKey(config.dataDir) });
  const workers = startWorkers(ctx, app.log);
  running = { app, ctx, database, workers };
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`さくらトラベル booking site: ${config.publicUrl} (database: ${database.kind})`);
  return running;
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing || !running) return;
  closing = true;
  const { app, workers, ctx, database } = running;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // Stop accepting first, let requests in flight finish, then stop the background work.
  await app.close();
  await workers.stop();
  await ctx.limiter.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await start();
} catch (error) {
  // One clear line instead of a query dump or a stack (issue 11, item 7); the DATA_DIR lock goes on exit.
  process.stderr.write(
    `${describeStartupError(error, { port: config?.port, dataDir: config?.dataDir, databaseUrl: config?.databaseUrl })}\n`,
  );
  process.exit(1);
}
