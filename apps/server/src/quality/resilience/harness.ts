/**
 * Real processes on loopback for `npm run resilience`: the server (node running its production build, ADR 0194,
 * so that SIGKILL reaches the server itself), a throwaway PostgreSQL cluster that may be stopped and
 * restarted without disturbing anyone else, a small HTTP client with the anti-forgery cookie, and
 * direct SQL for the checks.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { addDays, tokyoYmd } from '@tabi/contract/dates';
import pg from 'pg';
import { systemClock } from '../../clock.ts';
import { openDatabase } from '../../db/client.ts';
import { LOADS_DRIFT_SQL, type LoadDrift } from '../../modules/resources/loads.ts';
import { seedIfEmpty } from '../../seed/seed.ts';
import { SERVER_BUILD } from '../../server-root.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../../../..');
export const workDir = path.join(root, '.resilience');
export const APP_KEY = 'resilience-key';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Where a server keeps its data: an embedded PGlite directory or a PostgreSQL database. */
export type Store = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export function storeEnv(store: Store): Record<string, string> {
  return store.kind === 'pglite' ? { DATA_DIR: store.dataDir, DATABASE_URL: '' } : { DATABASE_URL: store.url };
}

// --- SQL for the checks ---

export interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Direct SQL on a store. PGlite is single-process: only while no server holds it. */
export async function openSql(store: Store): Promise<Sql> {
  if (store.kind === 'postgres') {
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    return {
      async query<T>(text: string, params: unknown[] = []) {
        return (await client.query(text, params)).rows as T[];
      },
      close: () => client.end(),
    };
  }
  const db = new PGlite(path.join(store.dataDir, 'pglite'), { extensions: { pg_trgm } });
  await db.waitReady;
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await db.query<T>(text, params)).rows;
    },
    close: () => db.close(),
  };
}

/** Migrates and seeds the demo data (as `npm start` would), then runs `prepare` on the same store. */
export async function prepareStore(store: Store, prepare?: (sql: Sql) => Promise<void>): Promise<void> {
  const database = await openDatabase(
    store.kind === 'postgres' ? { databaseUrl: store.url, dataDir: 'memory' } : { dataDir: store.dataDir },
  );
  try {
    await seedIfEmpty(database.db, systemClock);
  } finally {
    await database.close();
  }
  if (prepare) {
    const sql = await openSql(store);
    try {
      await prepare(sql);
    } finally {
      await sql.close();
    }
  }
}

// --- the server process ---

export interface Server {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  logFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function nodeBinary(): string {
  const pinned = path.join(root, 'node_modules/node/bin/node');
  return existsSync(pinned) ? pinned : process.execPath;
}

/** Servers started and not exited yet: a scenario that fails half-way leaves none running (`stopStrayServers`). */
const running = new Map<ChildProcess, Promise<unknown>>();

export function startServer(name: string, port: number, env: Record<string, string>): Server {
  mkdirSync(workDir, { recursive: true });
  const logFile = path.join(workDir, `${name}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(nodeBinary(), ['--enable-source-maps', SERVER_BUILD], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APP_KEY,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(workDir, 'no-web'),
      REDIS_URL: '',
      // The bursts come from one address; the per-address booking limit is not what they test.
      BOOKING_IP_LIMIT: '1000000',
      UNPAID_SEATS_PER_CUSTOMER: '1000000',
      UNPAID_SEATS_PER_ADDRESS: '1000000',
      TRUST_PROXY: '',
      // Pictures are not what they test; a start that draws 444 of them first would only be slower (ADR 0208).
      PICTURES_AHEAD: '0',
      ...env,
    },
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      closeSync(log);
      running.delete(child);
      resolve({ code, signal });
    });
  });
  running.set(child, exited);
  return { name, port, baseUrl: `http://127.0.0.1:${port}`, child, logFile, exited };
}

/** Kills what a scenario left running (it stopped its servers itself unless it failed half-way). */
export async function stopStrayServers(): Promise<void> {
  const stray = [...running];
  for (const [child] of stray) child.kill('SIGKILL');
  await Promise.all(stray.map(([, exited]) => exited));
}
process.once('exit', () => {
  for (const child of running.keys()) child.kill('SIGKILL');
});

export async function health(baseUrl: string, timeoutMs = 1_500): Promise<number | 'down'> {
  try {
    const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'down';
  }
}

export async function waitHealthy(server: Server, timeoutMs = 240_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`${server.name} exited before it was ready; see ${server.logFile}`);
    }
    if ((await health(server.baseUrl)) === 200) return Date.now() - started;
    await sleep(250);
  }
  throw new Error(`${server.name} did not become healthy in ${timeoutMs} ms; see ${server.logFile}`);
}

export async function stopServer(server: Server, timeoutMs = 30_000): Promise<{ code: number | null }> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

// --- HTTP with the anti-forgery cookie ---

export interface Answer {
  status: number;
  errcd: string;
  errMsg: string;
  response: unknown;
}

export type Outcome = { ok: true; answer: Answer } | { ok: false; error: string };

export async function csrfToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  const token = cookie?.split(';')[0]?.slice('XSRF-TOKEN='.length);
  if (!token) throw new Error(`no XSRF-TOKEN from ${baseUrl}`);
  return decodeURIComponent(token);
}

export async function postJson(
  baseUrl: string,
  url: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<Outcome> {
  try {
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': token,
        cookie: `XSRF-TOKEN=${token}`,
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    try {
      const parsed = JSON.parse(text) as Omit<Answer, 'status'>;
      return { ok: true, answer: { status: res.status, ...parsed } };
    } catch {
      return { ok: true, answer: { status: res.status, errcd: '', errMsg: text.slice(0, 200), response: null } };
    }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, error: cause ?? (error as Error).name };
  }
}

/**
 * A POST whose body arrives slowly (the request is in flight at the server the whole time): the headers
 * at once, then the body in `chunks` pieces over `spreadMs`.
 */
export function slowPost(
  baseUrl: string,
  url: string,
  token: string,
  body: unknown,
  spreadMs: number,
  chunks = 10,
): Promise<Outcome> {
  const payload = Buffer.from(JSON.stringify(body));
  const target = new URL(url, baseUrl);
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'x-xsrf-token': token,
          cookie: `XSRF-TOKEN=${token}`,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          try {
            resolve({
              ok: true,
              answer: { status: res.statusCode ?? 0, ...(JSON.parse(text) as Omit<Answer, 'status'>) },
            });
          } catch {
            resolve({ ok: true, answer: { status: res.statusCode ?? 0, errcd: '', errMsg: text, response: null } });
          }
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ ok: false, error: error.code ?? error.message }));
    req.flushHeaders();
    const size = Math.ceil(payload.length / chunks);
    let sent = 0;
    const tick = setInterval(() => {
      req.write(payload.subarray(sent, sent + size));
      sent += size;
      if (sent >= payload.length) {
        clearInterval(tick);
        req.end();
      }
    }, spreadMs / chunks);
  });
}

/** Whether a new TCP connection to the port is accepted right now. */
export function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/healthz', agent: false, timeout: 1_000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

// --- bookings ---

/** The day the scenarios book on: far enough ahead to hold no demo booking, inside every option's season. */
export function testDay(offset: number): string {
  return addDays(tokyoYmd(new Date()), offset);
}

/** A valid POST /booking body for one adult of OP0001 on `usedate`, priced from the server's own answer. */
export async function bookingBody(baseUrl: string, usedate: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api/price/OP0001?usedate=${usedate}&adultqty=1`);
  const body = (await res.json()) as { errcd: string; response: { valueList: Record<string, { adultbaika: string }> } };
  const price = body.response?.valueList?.[usedate]?.adultbaika;
  if (body.errcd !== '000' || !price) throw new Error(`no price for OP0001 on ${usedate}: ${JSON.stringify(body)}`);
  return {
    opcd: 'OP0001',
    usedate,
    md: '',
    sei: 'TAIKYU',
    mei: 'TESUTO',
    tel: '090-1234-5678',
    mail: 'resilience@example.jp',
    amountjp: price,
    lang: 'ja',
    webname_localized: '',
    memberList: [
      {
        seq: '1',
        sei: 'TAIKYU',
        mei: 'TESUTO',
        sex: '1',
        birthday: '19850412',
        ageclass: '1',
        nationality_id: '1',
      },
    ],
    rentskiList: [],
  };
}

let ipCounter = 0;
/** A made-up client address for an X-Forwarded-For header (believed only with TRUST_PROXY). */
export function nextClientIp(): string {
  ipCounter += 1;
  return `198.18.${(ipCounter >> 8) & 255}.${ipCounter & 255 || 1}`;
}

export async function setStock(sql: Sql, usedate: string, zaikozan: number): Promise<void> {
  const iso = `${usedate.slice(0, 4)}-${usedate.slice(4, 6)}-${usedate.slice(6)}`;
  await sql.query(`update departures set zaikozan = $1 where opcd = 'OP0001' and usedate = $2`, [zaikozan, iso]);
}

/**
 * Puts OP0001 on a boat of its own (ADR 0209) with `capacity` seats a day, one unit per traveller: its bookings then
 * take units in the statement that takes their seats. Answers the boat's id.
 */
export async function shareBoat(sql: Sql, capacity: number): Promise<number> {
  const [boat] = await sql.query<{ id: number }>(
    `insert into resources (name, kind, capacity, per) values ('耐障害テストの船', 'vehicle', $1, 'day') returning id`,
    [capacity],
  );
  if (!boat) throw new Error('the boat was not written');
  await sql.query(`insert into option_resources (opcd, resource_id, usage) values ('OP0001', $1, 'traveller')`, [
    boat.id,
  ]);
  return Number(boat.id);
}

/**
 * A boat's units on a day against its bookings: the units live bookings hold, the seats they hold, and the live
 * bookings whose units are not their seats (a booking written without its units, units without their booking, units
 * whose `live` flag disagrees with their booking's state, or a day's count that disagrees with its units).
 */
export async function boatFacts(
  sql: Sql,
  boat: number,
  usedate: string,
): Promise<{ units: number; seats: number; mismatched: string[] }> {
  const iso = `${usedate.slice(0, 4)}-${usedate.slice(4, 6)}-${usedate.slice(6)}`;
  const rows = await sql.query<{ rsvno: string; seats: number; units: number }>(
    `select b.rsvno,
        (select coalesce(sum(o.seats), 0)::int from booking_options o where o.rsvno = b.rsvno) as seats,
        (select coalesce(sum(r.units), 0)::int from booking_resources r where r.rsvno = b.rsvno and r.resource_id = $1)
          as units
     from bookings b
     where b.fromdate = $2 and b.state not in ('canceled', 'expired')
       and exists (select 1 from booking_options o where o.rsvno = b.rsvno and o.opcd = 'OP0001')`,
    [boat, iso],
  );
  const [orphans] = await sql.query<{ n: number }>(
    `select count(*)::int as n from booking_resources r where r.resource_id = $1
       and not exists (select 1 from bookings b where b.rsvno = r.rsvno)`,
    [boat],
  );
  // What the counts read (migration 0046's flag) against the bookings' own state.
  const [misflagged] = await sql.query<{ n: number }>(
    `select count(*)::int as n from booking_resources r join bookings b on b.rsvno = r.rsvno
     where r.resource_id = $1 and r.live <> (b.state not in ('canceled', 'expired'))`,
    [boat],
  );
  return {
    units: rows.reduce((n, r) => n + Number(r.units), 0),
    seats: rows.reduce((n, r) => n + Number(r.seats), 0),
    mismatched: [
      ...rows
        .filter((r) => Number(r.units) !== Number(r.seats))
        .map((r) => `${r.rsvno} (seats ${r.seats}, units ${r.units})`),
      ...(Number(orphans?.n ?? 0) > 0 ? [`${orphans?.n} units without their booking`] : []),
      ...(Number(misflagged?.n ?? 0) > 0 ? [`${misflagged?.n} units counted against their booking's state`] : []),
      // The rows that count each resource's day (ADR 0217) against the units they stand for.
      ...(await sql.query<LoadDrift>(LOADS_DRIFT_SQL)).map((d) => `${d.row} holds ${d.held}, its units ${d.heldNow}`),
    ],
  };
}

export interface DayFacts {
  stock: number;
  heldSeats: number;
  bookings: number;
  /** Bookings of the day whose option line or members are missing or do not match the seats. */
  incomplete: string[];
}

/** The stock of OP0001 on a day, the seats its live bookings hold, and bookings that are not whole. */
export async function dayFacts(sql: Sql, usedate: string): Promise<DayFacts> {
  const iso = `${usedate.slice(0, 4)}-${usedate.slice(4, 6)}-${usedate.slice(6)}`;
  const [stockRow] = await sql.query<{ zaikozan: number }>(
    `select zaikozan from departures where opcd = 'OP0001' and usedate = $1`,
    [iso],
  );
  const rows = await sql.query<{ rsvno: string; status: number; lines: number; seats: number; members: number }>(
    `select b.rsvno, b.status,
        (select count(*)::int from booking_options o where o.rsvno = b.rsvno) as lines,
        (select coalesce(sum(o.seats), 0)::int from booking_options o where o.rsvno = b.rsvno) as seats,
        (select count(*)::int from booking_members m where m.rsvno = b.rsvno) as members
     from bookings b
     where b.fromdate = $1
       and (exists (select 1 from booking_options o where o.rsvno = b.rsvno and o.opcd = 'OP0001')
         or not exists (select 1 from booking_options o where o.rsvno = b.rsvno))`,
    [iso],
  );
  return {
    stock: Number(stockRow?.zaikozan ?? Number.NaN),
    heldSeats: rows.filter((r) => Number(r.status) !== 4).reduce((sum, r) => sum + Number(r.seats), 0),
    bookings: rows.length,
    incomplete: rows
      .filter((r) => Number(r.lines) !== 1 || Number(r.members) !== Number(r.seats) || Number(r.seats) < 1)
      .map((r) => `${r.rsvno} (lines ${r.lines}, seats ${r.seats}, members ${r.members})`),
  };
}

export async function existingRsvnos(sql: Sql, rsvnos: string[]): Promise<Set<string>> {
  if (rsvnos.length === 0) return new Set();
  const rows = await sql.query<{ rsvno: string }>('select rsvno from bookings where rsvno = any($1)', [rsvnos]);
  return new Set(rows.map((r) => r.rsvno));
}

// --- a throwaway PostgreSQL cluster ---

export interface PgCluster {
  /** Admin URL (database postgres). */
  adminUrl: string;
  describe: string;
  stop(): void;
  start(): void;
  /** The command that restarts it, for the report. */
  restartCommand: string;
  destroy(): void;
}

function pgBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

/**
 * A PostgreSQL cluster of our own in a temporary directory on a free port, run as the postgres user:
 * stopping it disturbs no other test. Null when this machine cannot make one (no binaries, no permission).
 */
export async function createPgCluster(): Promise<PgCluster | null> {
  const bin = pgBinDir();
  if (!bin) return null;
  const isRoot = process.getuid?.() === 0;
  const as = (args: string[]) =>
    (isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]) as [string, string[]];
  const run = (args: string[]) => {
    const [cmd, rest] = as(args);
    execFileSync(cmd, rest, { stdio: 'pipe' });
  };
  const port = await freePort();
  const dir = path.join('/tmp', `tabi-resilience-pg-${Date.now()}`);
  try {
    mkdirSync(dir, { recursive: true });
    if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
    run([path.join(bin, 'initdb'), '-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  } catch (error) {
    console.warn(`cannot create a PostgreSQL cluster: ${(error as Error).message.split('\n')[0]}`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const pgCtl = path.join(bin, 'pg_ctl');
  const start = () => run([pgCtl, '-D', dir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const stop = () => run([pgCtl, '-D', dir, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    describe: `PostgreSQL ${path.basename(path.dirname(bin))} (throwaway cluster on loopback)`,
    start,
    stop,
    restartCommand: `pg_ctl -D <cluster> -m fast stop; pg_ctl -D <cluster> start`,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` on a connection of its own to the store, closed afterwards. */
export async function withSql<T>(store: Store, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = await openSql(store);
  try {
    return await fn(sql);
  } finally {
    await sql.close();
  }
}

/**
 * Sends every request at once and SIGKILLs the server once `killAfter` of them were answered as `counts`
 * (or after `fallbackMs`, should too few be); returns each request's outcome, the counted answers, when the
 * kill came (ms from the start) and how the server exited.
 */
export async function burstAndKill<T>(
  server: Server,
  work: (() => Promise<T>)[],
  { killAfter, counts, fallbackMs }: { killAfter: number; counts: (outcome: T) => boolean; fallbackMs: number },
) {
  let answers = 0;
  let killedAt = 0;
  const started = Date.now();
  const kill = () => {
    if (killedAt) return;
    killedAt = Date.now() - started;
    server.child.kill('SIGKILL');
  };
  const fallback = setTimeout(kill, fallbackMs);
  const outcomes = await Promise.all(
    work.map((w) =>
      w().then((o) => {
        if (counts(o)) {
          answers += 1;
          if (answers >= killAfter) kill();
        }
        return o;
      }),
    ),
  );
  clearTimeout(fallback);
  kill();
  const exit = await server.exited;
  return { outcomes, answers, killedAt, exit };
}

/** A scenario's outcome as `npm run resilience` prints it and docs/quality.md records it. */
export interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

export interface ScenarioResult {
  id: string;
  title: string;
  store: string;
  figures: Record<string, string | number>;
  checks: Check[];
  skipped?: string;
}

/** One pass/fail line of a scenario, with what was seen. */
export const check = (name: string, pass: boolean, detail: string): Check => ({ name, pass, detail });

/** No seat lost or made: what is left and what is held add up to what was seeded. */
export function stockCheck(seeded: number, after: { stock: number; heldSeats: number }): Check {
  const total = after.stock + after.heldSeats;
  return check(
    'stock left + seats held = stock seeded',
    total === seeded,
    `${after.stock} left + ${after.heldSeats} held = ${total}; seeded ${seeded}`,
  );
}
