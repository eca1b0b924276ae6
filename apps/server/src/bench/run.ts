/**
 * `npm run bench`: starts the real server (its production build, ADR 0194; BENCH_ROUTES=1, LOG_LEVEL=warn) on a
 * fresh PGlite and on a fresh PostgreSQL database, lets it seed itself, then drives every suite's routes
 * with autocannon and compares each with the static in-memory ceiling. Results go to .bench/results.json.
 *
 * Options: --duration=8 --warmup=2 --connections=10,50,200 --db=pglite,postgres --only=catalog
 * PostgreSQL server: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test); a database
 * bench_<timestamp> is created on it and dropped afterwards (kept with --keep-db, to read its plans after a run).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { SERVER_BUILD } from '../server-root.ts';
import type { BenchRoute, BenchSuite, BenchTarget } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '..');
const root = path.resolve(serverSrc, '../../..');
const outDir = path.join(root, '.bench');

function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

const DURATION = Number(option('duration', '8'));
const CONNECTION_COUNTS = option('connections', '50').split(',').map(Number);
const DBS = option('db', 'pglite,postgres').split(',') as BenchTarget['db'][];
const ONLY = option('only', '');
const WARMUP = Number(option('warmup', '2'));
const KEEP_DB = process.argv.includes('--keep-db');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CEILING: BenchRoute = { name: '/api/_bench/static (ceiling)', path: '/api/_bench/static' };

export interface BenchRow {
  db: BenchTarget['db'];
  suite: string;
  route: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  ratio: number;
  /** The suite's own floor, when it measures one (bookings: bookings/floor). */
  floorRatio?: number;
  non2xx: number;
  errors: number;
  note?: string;
  failed?: boolean;
}

/** Suites: bench/*.bench.ts and modules/<name>/*.bench.ts, each exporting `suite`. */
async function discoverSuites(): Promise<BenchSuite[]> {
  const files: string[] = [];
  for (const f of readdirSync(here)) if (f.endsWith('.bench.ts')) files.push(path.join(here, f));
  const modules = path.join(serverSrc, 'modules');
  for (const m of readdirSync(modules)) {
    const dir = path.join(modules, m);
    try {
      for (const f of readdirSync(dir)) if (f.endsWith('.bench.ts')) files.push(path.join(dir, f));
    } catch {
      // not a directory
    }
  }
  const suites: BenchSuite[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(file).href)) as { suite?: BenchSuite };
    if (mod.suite && (!ONLY || ONLY.split(',').includes(mod.suite.name))) suites.push(mod.suite);
  }
  return suites.sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.name.localeCompare(b.name));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitHealthy(baseUrl: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

/** Servers the runner is stopping itself: their exit is expected. */
const stopping = new WeakSet<ChildProcess>();

function startServer(port: number, env: Record<string, string>, logFile: string): ChildProcess {
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BENCH_ROUTES: '1',
      LOG_LEVEL: 'warn',
      APP_KEY: 'bench-key',
      // The bookings suite sends its bookings from one address, then from many (X-Forwarded-For, believed from
      // the loopback only); the rate limit is not what it measures. The caps stay in the path, out of the way.
      BOOKING_IP_LIMIT: '1000000',
      TRUST_PROXY: '127.0.0.1',
      UNPAID_SEATS_PER_CUSTOMER: '100000000',
      UNPAID_SEATS_PER_ADDRESS: '100000000',
      NODE_ENV: 'production',
      WEB_DIST: path.join(outDir, 'no-web'),
    },
  });
  child.once('exit', (code, signal) => {
    closeSync(log);
    if (code !== 0 && signal !== 'SIGTERM')
      console.error(`server exited (code ${code}, signal ${signal}); see ${logFile}`);
  });
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  stopping.add(child);
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function measure(baseUrl: string, route: BenchRoute, connections: number) {
  const options = {
    url: `${baseUrl}${route.path}`,
    connections,
    method: route.method ?? 'GET',
    ...(route.headers ? { headers: route.headers } : {}),
    ...(route.body ? { body: route.body } : {}),
  } as const;
  await autocannon({ ...options, duration: WARMUP });
  return autocannon({ ...options, duration: DURATION });
}

async function benchDatabase(db: BenchTarget['db'], suites: BenchSuite[], stamp: string): Promise<BenchRow[]> {
  const env: Record<string, string> = {};
  let dropDatabase: (() => Promise<void>) | null = null;
  let dataDir: string | null = null;
  if (db === 'postgres') {
    const name = `bench_${stamp}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch (err) {
      console.warn(`PostgreSQL (${PG_URL}) is not reachable; skipping: ${(err as Error).message}`);
      return [];
    }
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    dataDir = path.join(outDir, `pglite-${stamp}`);
    rmSync(dataDir, { recursive: true, force: true });
    env.DATA_DIR = dataDir;
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(`\n[${db}] starting the server on ${baseUrl} (migrate + seed)…`);
  const started = performance.now();
  const logFile = path.join(outDir, `server-${db}.log`);
  const child = startServer(port, env, logFile);
  const rows: BenchRow[] = [];
  try {
    await waitHealthy(baseUrl, child);
    console.log(`[${db}] ready in ${Math.round(performance.now() - started)} ms`);
    const target: BenchTarget = { baseUrl, db, ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}) };
    for (const connections of CONNECTION_COUNTS) rows.push(...(await measureAt(db, target, suites, connections)));
  } finally {
    await stopServer(child);
    if (dropDatabase && !KEEP_DB) await dropDatabase();
    else if (dropDatabase) console.log(`[${db}] kept ${env.DATABASE_URL}`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** Every suite at one concurrency: each route beside a ceiling measured just before it, then the custom runs. */
async function measureAt(
  db: BenchTarget['db'],
  target: BenchTarget,
  suites: BenchSuite[],
  connections: number,
): Promise<BenchRow[]> {
  const { baseUrl } = target;
  const rows: BenchRow[] = [];
  const measured: { suite: string; route: BenchRoute; result: Result; ceiling: number }[] = [];
  // Each route is paired with a ceiling measured just before it, so a machine whose load changes during the
  // run still gives comparable ratios; the ceiling row shows the mean of those measurements.
  const ceilings: Result[] = [];
  for (const suite of suites) {
    for (const route of await suite.routes(target)) {
      const ceiling = await measure(baseUrl, CEILING, connections);
      ceilings.push(ceiling);
      measured.push({
        suite: suite.name,
        route,
        result: await measure(baseUrl, route, connections),
        ceiling: ceiling.requests.average,
      });
    }
  }
  if (ceilings.length === 0) ceilings.push(await measure(baseUrl, CEILING, connections));
  const ceilingRps = ceilings.reduce((sum, c) => sum + c.requests.average, 0) / ceilings.length;
  const last = ceilings.at(-1) as Result;
  const merged: Result = {
    ...last,
    requests: { ...last.requests, average: ceilingRps },
    latency: {
      ...last.latency,
      p50: Math.max(...ceilings.map((c) => c.latency.p50)),
      p99: Math.max(...ceilings.map((c) => c.latency.p99)),
    },
  };
  for (const { suite, route, result, ceiling } of [
    { suite: 'ceiling', route: CEILING, result: merged, ceiling: ceilingRps },
    ...measured,
  ]) {
    const row: BenchRow = {
      db,
      suite,
      route: route.name,
      connections,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      ratio: Math.round((result.requests.average / ceiling) * 100) / 100,
      non2xx: route.allowNon2xx ? 0 : result.non2xx,
      errors: result.errors + result.timeouts,
    };
    rows.push(row);
    console.log(
      `[${db} ×${connections}] ${route.name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ×${row.ratio}${row.non2xx || row.errors ? ` (non-2xx ${row.non2xx}, errors ${row.errors})` : ''}`,
    );
  }
  for (const suite of suites) {
    if (!suite.run) continue;
    for (const m of await suite.run(target, {
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      clients: connections,
    })) {
      const row: BenchRow = {
        db,
        suite: suite.name,
        route: m.name,
        connections,
        rps: Math.round(m.rps),
        p50: m.p50,
        p99: m.p99,
        ratio: Math.round((m.rps / ceilingRps) * 100) / 100,
        non2xx: 0,
        errors: 0,
        note: m.note,
        failed: m.failed,
        ...(m.floorRatio === undefined ? {} : { floorRatio: Math.round(m.floorRatio * 100) / 100 }),
      };
      rows.push(row);
      console.log(
        `[${db} ×${connections}] ${m.name}: ${row.rps}/s, p50 ${m.p50} ms, p99 ${m.p99} ms${row.floorRatio === undefined ? '' : `, ÷ floor ${row.floorRatio}`} — ${m.note}`,
      );
    }
  }
  return rows;
}

function printTable(rows: BenchRow[]): void {
  const header = ['db', 'conns', 'route', 'req/s', 'p50 ms', 'p99 ms', '× ceiling', '÷ floor', 'note'];
  const body = rows.map((r) => [
    r.db,
    String(r.connections),
    r.route,
    String(r.rps),
    String(r.p50),
    String(r.p99),
    r.ratio.toFixed(2),
    r.floorRatio === undefined ? '' : r.floorRatio.toFixed(2),
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 3 && i < 8 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const b of body) console.log(line(b));
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const suites = await discoverSuites();
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  console.log(
    `Benchmark: ${DURATION}s per route at ${CONNECTION_COUNTS.join(', ')} connections; suites: ${suites.map((s) => s.name).join(', ')}; databases: ${DBS.join(', ')}`,
  );
  const rows: BenchRow[] = [];
  for (const db of DBS) rows.push(...(await benchDatabase(db, suites, stamp)));
  printTable(rows);
  const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0 || r.failed);
  writeFileSync(
    path.join(outDir, 'results.json'),
    `${JSON.stringify({ at: new Date().toISOString(), duration: DURATION, connections: CONNECTION_COUNTS, rows }, null, 2)}\n`,
  );
  console.log(`\nResults written to ${path.relative(root, path.join(outDir, 'results.json'))}`);
  if (failed.length > 0) {
    console.error(
      `${failed.length} route(s) missed their target: errors, non-2xx answers, or the suite's own bound (scale: more ` +
        'than 2× from 100,000 to 1,000,000 bookings, or slower than 200 ms; a floor that failed):',
    );
    for (const row of failed) console.error(`  - ${row.db} ${row.route}`);
    process.exitCode = 1;
  }
}

await main();
