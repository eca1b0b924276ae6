/** The four reliability scenarios; each returns its figures and pass/fail checks. */
import path from 'node:path';
import { Redis } from 'ioredis';
import {
  type Answer,
  boatFacts,
  bookingBody,
  burstAndKill,
  type Check,
  check,
  connects,
  createDatabase,
  csrfToken,
  type DayFacts,
  dayFacts,
  existingRsvnos,
  freePort,
  health,
  nextClientIp,
  type Outcome,
  type PgCluster,
  postJson,
  prepareStore,
  type ScenarioResult,
  type Server,
  type Store,
  setStock,
  shareBoat,
  sleep,
  slowPost,
  startServer,
  stopServer,
  storeEnv,
  testDay,
  waitHealthy,
  withSql,
  workDir,
} from './harness.ts';

function rsvnoOf(outcome: Outcome): string | null {
  if (!outcome.ok || outcome.answer.errcd !== '000') return null;
  return (outcome.answer.response as { rsvno?: string } | null)?.rsvno ?? null;
}

/** "errcd 104 ×12, lost ECONNRESET ×3": what came back, grouped. */
function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.ok ? `HTTP ${o.answer.status} errcd ${o.answer.errcd || '-'}` : `no answer (${o.error})`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');
}

function invariantCheck(before: DayFacts, after: DayFacts): Check {
  const start = before.stock + before.heldSeats;
  const end = after.stock + after.heldSeats;
  return check(
    'remaining stock + booked seats = starting stock',
    start === end && after.stock >= 0,
    `before ${before.stock} left + ${before.heldSeats} held = ${start}; after ${after.stock} left + ${after.heldSeats} held = ${end}`,
  );
}

// --- (a) SIGKILL in the middle of 200 concurrent bookings, then restart ---

/**
 * OP0001 sails on a boat (ADR 0209) with fewer seats than the day's stock, so every booking takes units in its
 * statement and the last ones are refused by the boat: after the kill, each booking has its units, none more.
 */
export async function killDuringBookings(store: Store, label: string): Promise<ScenarioResult> {
  const day = testDay(45);
  const STARTING_STOCK = 150;
  const BOAT_SEATS = 120;
  const REQUESTS = 200;
  const KILL_AFTER_ACKS = 40;
  let boat = 0;
  await prepareStore(store, async (sql) => {
    await setStock(sql, day, STARTING_STOCK);
    boat = await shareBoat(sql, BOAT_SEATS);
  });
  const before = await withSql(store, (sql) => dayFacts(sql, day));

  const port = await freePort();
  const env = storeEnv(store);
  const first = startServer(`a-${label}-1`, port, env);
  await waitHealthy(first);
  const token = await csrfToken(first.baseUrl);
  const body = await bookingBody(first.baseUrl, day);

  const { outcomes, answers, killedAt, exit } = await burstAndKill(
    first,
    Array.from({ length: REQUESTS }, () => () => postJson(first.baseUrl, '/api/booking', token, body)),
    { killAfter: KILL_AFTER_ACKS, counts: (o) => rsvnoOf(o) !== null, fallbackMs: 20_000 },
  );
  const acknowledged = outcomes.map(rsvnoOf).filter((r): r is string => r !== null);

  const second = startServer(`a-${label}-2`, port, env);
  let restartMs = -1;
  let restartError = '';
  try {
    restartMs = await waitHealthy(second, 240_000);
  } catch (error) {
    restartError = (error as Error).message;
  }
  let apiAfter = 'not reached';
  if (!restartError) {
    const res = await fetch(`${second.baseUrl}/api/option/OP0001?usedate=${day}`);
    apiAfter = `HTTP ${res.status} errcd ${((await res.json()) as Answer).errcd}`;
  }
  // PGlite is single-process: the checks read it after the restarted server has let go of it.
  if (store.kind === 'pglite') await stopServer(second);
  const { after, present, onBoat } = await withSql(store, async (sql) => ({
    after: await dayFacts(sql, day),
    present: await existingRsvnos(sql, acknowledged),
    onBoat: await boatFacts(sql, boat, day),
  }));
  if (store.kind === 'postgres') await stopServer(second);

  const missing = acknowledged.filter((r) => !present.has(r));
  const newBookings = after.bookings - before.bookings;
  return {
    id: 'a',
    title: 'SIGKILL during 200 concurrent bookings, then restart',
    store: label,
    figures: {
      'concurrent bookings sent': REQUESTS,
      'starting stock of the day': STARTING_STOCK,
      'killed after (ms)': killedAt,
      'acknowledged (errcd 000) before the kill': acknowledged.length,
      'answers received': tally(outcomes),
      'bookings in the database afterwards (new)': newBookings,
      'committed but answer lost': newBookings - acknowledged.length,
      'restart to healthy (ms)': restartMs,
      'seats of the shared boat': BOAT_SEATS,
      'units of the boat held': onBoat.units,
    },
    checks: [
      check(
        'the server was killed mid-way',
        exit.signal === 'SIGKILL' && answers < REQUESTS,
        `exit ${JSON.stringify(exit)}`,
      ),
      check(
        'each live booking holds as many units of the shared boat as seats, and the boat is not oversold',
        onBoat.mismatched.length === 0 && onBoat.units === onBoat.seats && onBoat.units <= BOAT_SEATS,
        onBoat.mismatched.join('; ') || `${onBoat.units} units for ${onBoat.seats} seats, of ${BOAT_SEATS}`,
      ),
      check(
        'it restarts on the same data and answers',
        !restartError && apiAfter.endsWith('000'),
        restartError || apiAfter,
      ),
      check(
        'every acknowledged booking is there',
        missing.length === 0,
        `${acknowledged.length - missing.length}/${acknowledged.length} present${missing.length ? `; missing ${missing.join(' ')}` : ''}`,
      ),
      check(
        'no booking is half-written (one option line, members = seats)',
        after.incomplete.length === 0,
        after.incomplete.join('; ') || `${after.bookings} bookings of the day checked`,
      ),
      invariantCheck(before, after),
    ],
  };
}

// --- (b) PostgreSQL restart under load ---

export async function postgresRestart(cluster: PgCluster): Promise<ScenarioResult> {
  const store: Store = { kind: 'postgres', url: await createDatabase(cluster.adminUrl, 'resilience_b') };
  const day = testDay(50);
  await prepareStore(store, (sql) => setStock(sql, day, 100_000));
  const before = await withSql(store, (sql) => dayFacts(sql, day));
  const server = startServer('b', await freePort(), storeEnv(store));
  await waitHealthy(server);
  const token = await csrfToken(server.baseUrl);
  const body = await bookingBody(server.baseUrl, day);

  const t0 = Date.now();
  const outcomes: { at: number; outcome: Outcome }[] = [];
  const healthLog: { at: number; status: number | 'down' }[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const outcome = await postJson(server.baseUrl, '/api/booking', token, body, {}, 15_000);
      outcomes.push({ at: Date.now() - t0, outcome });
      if (!outcome.ok || outcome.answer.status >= 500) await sleep(100);
    }
  };
  const poller = async () => {
    while (running) {
      healthLog.push({ at: Date.now() - t0, status: await health(server.baseUrl, 1_000) });
      await sleep(200);
    }
  };
  const load = [...Array.from({ length: 6 }, worker), poller()];

  await sleep(3_000);
  const stoppedAt = Date.now() - t0;
  cluster.stop();
  await sleep(4_000);
  const startedAt = Date.now() - t0;
  cluster.start();
  let recoveredAt = -1;
  while (Date.now() - t0 < startedAt + 60_000) {
    const last = healthLog.at(-1);
    if (last && last.at > startedAt && last.status === 200) {
      recoveredAt = last.at;
      break;
    }
    await sleep(100);
  }
  await sleep(3_000);
  running = false;
  await Promise.all(load);
  const alive = server.child.exitCode === null && server.child.signalCode === null;

  const acknowledged = outcomes.map((o) => rsvnoOf(o.outcome)).filter((r): r is string => r !== null);
  const { after, present } = await withSql(store, async (sql) => ({
    after: await dayFacts(sql, day),
    present: await existingRsvnos(sql, acknowledged),
  }));
  await stopServer(server);
  const missing = acknowledged.filter((r) => !present.has(r));
  const during = outcomes.filter((o) => o.at >= stoppedAt && o.at < (recoveredAt > 0 ? recoveredAt : Infinity));
  const unhealthy = healthLog.filter((h) => h.at >= stoppedAt && h.at <= startedAt + 500 && h.status === 503);
  const afterRecovery = outcomes.filter((o) => recoveredAt > 0 && o.at > recoveredAt && rsvnoOf(o.outcome)).length;
  return {
    id: 'b',
    title: 'PostgreSQL stopped and started again under load',
    store: cluster.describe,
    figures: {
      'restart command': cluster.restartCommand,
      'booking workers': 6,
      'PostgreSQL down (ms)': startedAt - stoppedAt,
      'healthz 503 answers while down': unhealthy.length,
      'healthy again after PostgreSQL started (ms)': recoveredAt > 0 ? recoveredAt - startedAt : 'never',
      'bookings acknowledged in total': acknowledged.length,
      'answers while PostgreSQL was down': tally(during.map((o) => o.outcome)),
      'bookings acknowledged after recovery': afterRecovery,
    },
    checks: [
      check(
        '/healthz reports 503 while PostgreSQL is down',
        unhealthy.length > 0,
        `${unhealthy.length} answers of 503`,
      ),
      check(
        'it recovers by itself (same process, healthy, booking again)',
        alive && recoveredAt > 0 && afterRecovery > 0,
        `process alive: ${alive}; healthy ${recoveredAt > 0 ? `${recoveredAt - startedAt} ms after start` : 'never'}; ${afterRecovery} bookings after`,
      ),
      check(
        'no answer while down was a success that is then missing, and no 5xx leaked a stack trace',
        during.every((o) => !o.outcome.ok || !/\bat .*:\d+:\d+|Error:/.test(o.outcome.answer.errMsg)),
        tally(during.map((o) => o.outcome)),
      ),
      check(
        'every acknowledged booking is there',
        missing.length === 0,
        `${acknowledged.length - missing.length}/${acknowledged.length} present`,
      ),
      check('no booking is half-written', after.incomplete.length === 0, after.incomplete.join('; ') || 'all whole'),
      invariantCheck(before, after),
    ],
  };
}

// --- (c) two instances on one PostgreSQL and Redis ---

async function redisUsable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.flushdb();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function loginAttempt(server: Server, token: string, rsvno: string, tel: string, ip?: string) {
  return postJson(server.baseUrl, '/api/mylogin', token, { rsvno, tel }, ip ? { 'x-forwarded-for': ip } : {});
}

/** Attempts until the first 429; returns how many were made (0 when none was refused within `max`). */
async function attemptsUntilLimited(attempt: (i: number) => Promise<Outcome>, max: number): Promise<number> {
  for (let i = 1; i <= max; i += 1) {
    const o = await attempt(i);
    if (o.ok && o.answer.status === 429) return i;
  }
  return 0;
}

export async function twoInstances(adminUrl: string, describe: string, redisUrl: string): Promise<ScenarioResult> {
  const store: Store = { kind: 'postgres', url: await createDatabase(adminUrl, 'resilience_c') };
  const haveRedis = await redisUsable(redisUrl);
  const env = { ...storeEnv(store), LOGIN_IP_LIMIT: '30', ...(haveRedis ? { REDIS_URL: redisUrl } : {}) };
  // Both start at once on the empty database: migrations and the demo seed race.
  const a = startServer('c-a', await freePort(), env);
  const b = startServer('c-b', await freePort(), env);
  const startErrors: string[] = [];
  for (const server of [a, b]) {
    try {
      await waitHealthy(server);
    } catch (error) {
      startErrors.push((error as Error).message);
    }
  }
  const servers = [a, b];
  for (const [i, server] of servers.entries()) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      const again = startServer(`${server.name}-retry`, server.port, env);
      await waitHealthy(again);
      servers[i] = again;
    }
  }
  const [one, two] = servers as [Server, Server];

  const day = testDay(60);
  const STOCK = 20;
  const REQUESTS = 200;
  await withSql(store, (sql) => setStock(sql, day, STOCK));
  const before = await withSql(store, (sql) => dayFacts(sql, day));
  const tokens = [await csrfToken(one.baseUrl), await csrfToken(two.baseUrl)] as const;
  const body = await bookingBody(one.baseUrl, day);
  const outcomes = await Promise.all(
    Array.from({ length: REQUESTS }, (_, i) => {
      const server = i % 2 === 0 ? one : two;
      return postJson(server.baseUrl, '/api/booking', tokens[i % 2] ?? '', body);
    }),
  );
  const sold = outcomes.filter((o) => rsvnoOf(o) !== null).length;
  const after = await withSql(store, (sql) => dayFacts(sql, day));
  const oversold = Math.max(0, after.heldSeats - before.heldSeats - STOCK);

  // Each login test starts from clean counters, so that one test's attempts do not count in the next.
  const resetLimits = async () => {
    if (haveRedis) await redisUsable(redisUrl);
    else await withSql(store, (sql) => sql.query('delete from rate_limits'));
  };
  // Login brute force on one booking, alternating instances.
  await resetLimits();
  const perBooking = await attemptsUntilLimited(
    (i) => loginAttempt(i % 2 ? one : two, tokens[i % 2] ?? '', 'AA100005', '000-0000-0000'),
    20,
  );
  const rightPhoneWhileLocked = await loginAttempt(one, tokens[0], 'AA100005', '090-1234-5678');
  // From one address, alternating instances, a different booking number each time.
  await resetLimits();
  const perAddress = await attemptsUntilLimited(
    (i) => loginAttempt(i % 2 ? one : two, tokens[i % 2] ?? '', `ZZ${String(900000 + i)}`, '000-0000-0000'),
    60,
  );
  // The same from a client that sets its own X-Forwarded-For each time: not believed (TRUST_PROXY is off).
  await resetLimits();
  const spoofed = await attemptsUntilLimited(
    (i) =>
      loginAttempt(i % 2 ? one : two, tokens[i % 2] ?? '', `ZY${String(900000 + i)}`, '000-0000-0000', nextClientIp()),
    60,
  );
  await Promise.all([stopServer(one), stopServer(two)]);

  return {
    id: 'c',
    title: 'two instances on one PostgreSQL (+ Redis for the limits)',
    store: `${describe}; limits in ${haveRedis ? `Redis ${redisUrl}` : 'PostgreSQL (Redis not reachable)'}`,
    figures: {
      'started together on an empty database': startErrors.length === 0 ? 'both healthy' : startErrors.join(' | '),
      'concurrent bookings over both instances': REQUESTS,
      'stock of the day': STOCK,
      'bookings acknowledged': sold,
      answers: tally(outcomes),
      'seats oversold': oversold,
      'wrong-phone logins on one booking until 429 (alternating instances)': perBooking || 'never',
      'logins from one address until 429 (alternating instances)': perAddress || 'never',
      'logins until 429 when the client sets its own X-Forwarded-For': spoofed || 'never (60 tried)',
      'per-address limits (LOGIN_IP_LIMIT, TRUST_PROXY)': '30 per 15 min; proxy header not believed',
    },
    checks: [
      check(
        'both instances start at once on an empty database',
        startErrors.length === 0,
        startErrors.join(' | ') || 'ok',
      ),
      check(
        'oversell across both instances = 0',
        oversold === 0 && sold === STOCK && after.stock === 0,
        `${sold} sold of ${STOCK}; stock now ${after.stock}; oversold ${oversold}`,
      ),
      check('no booking is half-written', after.incomplete.length === 0, after.incomplete.join('; ') || 'all whole'),
      invariantCheck(before, after),
      check(
        'login brute force on one booking is limited across instances (429 after 5 failures)',
        perBooking === 6,
        `429 at attempt ${perBooking}`,
      ),
      check(
        'the right phone is refused too while that booking is locked',
        rightPhoneWhileLocked.ok && rightPhoneWhileLocked.answer.status === 429,
        rightPhoneWhileLocked.ok ? `HTTP ${rightPhoneWhileLocked.answer.status}` : rightPhoneWhileLocked.error,
      ),
      check(
        'logins from one address are limited across instances (429 after 30)',
        perAddress === 31,
        `429 at attempt ${perAddress}`,
      ),
      check(
        'a client cannot escape that limit with its own X-Forwarded-For',
        spoofed === 31,
        `429 at attempt ${spoofed || 'never'}`,
      ),
    ],
  };
}

// --- (d) graceful shutdown on SIGTERM ---

export async function gracefulShutdown(store: Store, label: string): Promise<ScenarioResult> {
  const day = testDay(70);
  await prepareStore(store, (sql) => setStock(sql, day, 50));
  const server = startServer(`d-${label}`, await freePort(), storeEnv(store));
  await waitHealthy(server);
  const token = await csrfToken(server.baseUrl);
  const body = await bookingBody(server.baseUrl, day);

  const SLOW = 5;
  const SPREAD_MS = 4_000;
  const slow = Array.from({ length: SLOW }, () => slowPost(server.baseUrl, '/api/booking', token, body, SPREAD_MS));
  await sleep(1_200);
  const t0 = Date.now();
  server.child.kill('SIGTERM');
  // A connection made at the very moment of the signal may still be served; once the listener is
  // closed, no later one may be.
  let refusedAt = -1;
  let acceptedBeforeClose = 0;
  let acceptedAfterClose = 0;
  let probes = 0;
  let settled = 0;
  void Promise.all(slow).then(() => {
    settled = Date.now() - t0;
  });
  while (!settled && Date.now() - t0 < 20_000) {
    probes += 1;
    if (await connects(server.port)) {
      if (refusedAt < 0) acceptedBeforeClose += 1;
      else acceptedAfterClose += 1;
    } else if (refusedAt < 0) {
      refusedAt = Date.now() - t0;
    }
    await sleep(50);
  }
  const outcomes = await Promise.all(slow);
  const exit = await server.exited;
  const exitMs = Date.now() - t0;
  const acknowledged = outcomes.map(rsvnoOf).filter((r): r is string => r !== null);
  const present = await withSql(store, (sql) => existingRsvnos(sql, acknowledged));
  return {
    id: 'd',
    title: 'graceful shutdown on SIGTERM with slow requests in flight',
    store: label,
    figures: {
      'slow bookings in flight (body sent over 4 s)': SLOW,
      'SIGTERM sent after (ms)': 1_200,
      'new connections refused from (ms after SIGTERM)': refusedAt,
      'probes answered before the listener closed': acceptedBeforeClose,
      'probes answered after it closed': `${acceptedAfterClose} of ${probes - acceptedBeforeClose}`,
      'in-flight requests finished (ms after SIGTERM)': settled,
      'in-flight answers': tally(outcomes),
      'process exit': `code ${exit.code} after ${exitMs} ms`,
    },
    checks: [
      check(
        'requests in flight finish with 200 and errcd 000',
        outcomes.every((o) => o.ok && o.answer.status === 200 && o.answer.errcd === '000'),
        tally(outcomes),
      ),
      check(
        'their bookings are stored',
        present.size === acknowledged.length && acknowledged.length === SLOW,
        `${present.size}/${SLOW}`,
      ),
      check(
        'nothing new is accepted: the listener closes at once and stays closed',
        refusedAt >= 0 && refusedAt <= 1_000 && acceptedAfterClose === 0 && refusedAt < settled,
        `refused from ${refusedAt} ms (in-flight done at ${settled} ms); answered after close: ${acceptedAfterClose}`,
      ),
      check('the process exits cleanly (code 0)', exit.code === 0, `code ${exit.code}, signal ${exit.signal}`),
    ],
  };
}

export function pgliteStore(name: string): Store {
  return { kind: 'pglite', dataDir: path.join(workDir, `${name}-${Date.now()}`) };
}
