/**
 * What the SIGKILL scenarios (e to h) share: a fresh store and a server on a port of its own, the server killed
 * once its work is partway, restarted on the same port (the address the clients retry), and watched until the work
 * has settled.
 */
import {
  freePort,
  prepareStore,
  type Server,
  type Sql,
  type Store,
  setStock,
  sleep,
  startServer,
  stopServer,
  storeEnv,
  waitHealthy,
  withSql,
} from './harness.ts';

// Each request names its own client address (X-Forwarded-For, believed here), so no per-address limit trips.
const SERVER_ENV = { LOGIN_IP_LIMIT: '1000000', TRUST_PROXY: 'true' };

export interface CrashRun {
  first: Server;
  /** The server again, named `<name>-2`, on the same store and port; resolves once it answers, with how long. */
  restart(): Promise<{ second: Server; restartMs: number }>;
}

/**
 * Seeds the store, gives OP0001 `stock` seats on `day` and lets `prepare` add what else the scenario needs, then
 * starts the server (`<name>-1`) and waits for it.
 */
export async function startOnFreshStore(
  store: Store,
  name: string,
  { day, stock }: { day: string; stock: number },
  prepare?: (sql: Sql) => Promise<void>,
): Promise<CrashRun> {
  await prepareStore(store, async (sql) => {
    await setStock(sql, day, stock);
    await prepare?.(sql);
  });
  const port = await freePort();
  const env = { ...storeEnv(store), ...SERVER_ENV };
  const first = startServer(`${name}-1`, port, env);
  await waitHealthy(first);
  return {
    first,
    async restart() {
      const second = startServer(`${name}-2`, port, env);
      return { second, restartMs: await waitHealthy(second, 240_000) };
    },
  };
}

/**
 * SIGKILLs the server once its work is partway. On PostgreSQL that is seen in the database (`partway`, read every
 * `everyMs` until 30 s after `started`); the embedded database admits one process, so there the kill simply comes
 * `pgliteMs` later. Returns when the kill came (ms after `started`) and how the server exited.
 */
export async function killPartway(
  store: Store,
  server: Server,
  {
    started,
    partway,
    everyMs,
    pgliteMs,
  }: { started: number; partway: (sql: Sql) => Promise<boolean>; everyMs: number; pgliteMs: number },
) {
  if (store.kind === 'postgres') {
    while (Date.now() - started < 30_000) {
      if (await withSql(store, partway).catch(() => false)) break;
      await sleep(everyMs);
    }
  } else {
    await sleep(pgliteMs);
  }
  const killedAt = Date.now() - started;
  server.child.kill('SIGKILL');
  return { killedAt, exit: await server.exited };
}

/**
 * Waits for the restarted server to settle the work, then stops it and reads `facts` once more. On PostgreSQL they
 * are read every `everyMs` until `settled` (up to `withinMs`), and `settledMs` is how long that took (-1: not
 * within); the embedded database admits one process, so there the server is given `pgliteMs` and `settledMs` is -1.
 */
export async function settleAndStop<F>(
  store: Store,
  server: Server,
  {
    facts,
    settled,
    everyMs,
    withinMs,
    pgliteMs,
  }: {
    facts: (sql: Sql) => Promise<F>;
    settled: (facts: F) => boolean;
    everyMs: number;
    withinMs: number;
    pgliteMs: number;
  },
): Promise<{ facts: F; settledMs: number }> {
  const healthyAt = Date.now();
  let settledMs = -1;
  if (store.kind === 'postgres') {
    while (Date.now() - healthyAt < withinMs) {
      if (settled(await withSql(store, facts))) {
        settledMs = Date.now() - healthyAt;
        break;
      }
      await sleep(everyMs);
    }
  } else {
    await sleep(pgliteMs);
  }
  await stopServer(server);
  return { facts: await withSql(store, facts), settledMs };
}
