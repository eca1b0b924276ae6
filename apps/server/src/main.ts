import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { writeOpsKey } from './modules/ops/key.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { startWorkers } from './workers.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await seedIfEmpty(database.db, systemClock);
const ctx = createContext({ db: database.db, clock: systemClock, config, notifications: database });
const app = await buildApp(ctx, { logger: true, serveWeb: true, opsKey: writeOpsKey(config.dataDir) });
const workers = startWorkers(ctx, app.log);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
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

await app.listen({ port: config.port, host: config.host });
app.log.info(`さくらトラベル booking site: ${config.publicUrl} (database: ${database.kind})`);
