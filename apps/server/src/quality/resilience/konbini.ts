/**
 * The konbini crash scenario (ADR 0213):
 *   i  60 bookings with open sandbox checkouts; their konbini slips asked for at once, half of them paid at the store
 *      as soon as issued, and the server SIGKILLed among them (PostgreSQL: once 50 slips are recorded; PGlite: once 5
 *      were paid); after the restart the reconciler records what the sandbox issued and fulfils what it was
 *      paid. Then the slips' deadline: the sweeper run at an instant 4 days ahead (`POST /api/_test/sweep`,
 *      TEST_ROUTES=1), the server SIGKILLed while it runs (PostgreSQL: once its first lapse is committed, before it
 *      answers; PGlite: 150 ms after it was asked), restarted and asked again: every slip still waiting lapses exactly
 *      once and gives its seats back.
 */
import { killPartway, settleAndStop } from './crash.ts';
import {
  type Check,
  check,
  csrfToken,
  dayFacts,
  freePort,
  type Outcome,
  postJson,
  prepareStore,
  type ScenarioResult,
  type Server,
  type Sql,
  type Store,
  setStock,
  sleep,
  startServer,
  stockCheck,
  stopServer,
  storeEnv,
  testDay,
  waitHealthy,
  withSql,
} from './harness.ts';
import { bookWithCheckouts } from './money.ts';

const BOOKINGS = 60;
const SEEDED = 500;
const RECOVERY_SECONDS = 90;
/** The sweeper's instant: past every slip's deadline (at most the end of the third day from today, Tokyo). */
const SWEEP_AHEAD_MS = 4 * 86_400_000;
/**
 * The embedded database is read once the restarted server has had this long: the reconciler's pass at start and the
 * next a minute later (a checkout is asked about 30 s after it was made).
 */
const PGLITE_SETTLE_MS = 75_000;

/**
 * As crash.ts starts its servers (client addresses believed, so no per-address limit trips), with the tests' own
 * routes: the sweeper at a later instant.
 */
const SERVER_ENV = { LOGIN_IP_LIMIT: '1000000', TRUST_PROXY: 'true', TEST_ROUTES: '1' };

/** Asks the sandbox for a Lawson slip, as its konbini page's form does; the 303 back to the site is its answer. */
async function issueSlip(server: Server, sessionId: string): Promise<Outcome> {
  return sandboxPost(
    server,
    `/sandbox/checkout/${sessionId}/pay/konbini`,
    new URLSearchParams({ decision: 'approve', store: 'lawson' }),
    303,
  );
}

/** Pays the slip at the store (the sandbox's 店頭で支払う); 200 with the paid voucher is its answer. */
async function payAtStore(server: Server, sessionId: string): Promise<Outcome> {
  return sandboxPost(server, `/sandbox/konbini/${sessionId}`, new URLSearchParams(), 200);
}

async function sandboxPost(server: Server, url: string, body: URLSearchParams, okStatus: number): Promise<Outcome> {
  try {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      signal: AbortSignal.timeout(60_000),
    });
    await res.arrayBuffer();
    return {
      ok: true,
      answer: { status: res.status, errcd: res.status === okStatus ? '000' : '', errMsg: '', response: null },
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, error: cause ?? (error as Error).name };
  }
}

interface SlipRow {
  rsvno: string;
  state: string;
  /** The sandbox's record: open (no slip), slip (issued, not paid), complete (paid at the store). */
  sandbox: string;
  seats: number;
  deadline: string | null;
  deadline_ok: boolean | null;
  slips: number;
  slip_mails: number;
  paid_mails: number;
  expired_mails: number;
  payment: string | null;
  paid_payments: number;
}

interface SlipFacts {
  rows: SlipRow[];
  /** Slips the sandbox issued whose booking does not wait for them, once, with its mail and their deadline. */
  issuedWrong: string[];
  /** Slips paid at the store whose booking is not paid once, with its payment and one paid mail. */
  paidWrong: string[];
  /** Checkouts the sandbox holds open (no slip issued) whose booking moved or has a slip. */
  openWrong: string[];
  /** Bookings waiting with no slip recorded, or for a slip the sandbox does not hold as issued. */
  awaitingWithoutSlip: string[];
  /** Bookings with more than one slip, slip mail, paid payment or paid mail. */
  twice: string[];
  /** Slips issued and not recorded, paid and not fulfilled (what the reconciler has left to do). */
  unrecorded: number;
  unfulfilled: number;
}

async function slipFacts(sql: Sql, rsvnos: string[]): Promise<SlipFacts> {
  const rows = await sql.query<SlipRow>(
    `select b.rsvno, b.state, s.status as sandbox,
        (select coalesce(sum(o.seats), 0)::int from booking_options o where o.rsvno = b.rsvno) as seats,
        b.payment_deadline_date::text as deadline,
        b.payment_deadline_date = (s.slip->>'expiresAt')::timestamptz as deadline_ok,
        (select count(*)::int from konbini_slips k where k.rsvno = b.rsvno) as slips,
        (select count(*)::int from outbox m where m.rsvno = b.rsvno and m.kind = 'konbini_slip') as slip_mails,
        (select count(*)::int from outbox m where m.rsvno = b.rsvno and m.kind = 'booking_paid') as paid_mails,
        (select count(*)::int from outbox m where m.rsvno = b.rsvno and m.kind = 'konbini_expired') as expired_mails,
        (select p.status from payments p where p.checkout_session_id = s.id) as payment,
        (select count(*)::int from payments p where p.rsvno = b.rsvno and p.status = 'paid') as paid_payments
     from bookings b join sandbox_checkouts s on s.rsvno = b.rsvno
     where b.rsvno = any($1)
     order by b.rsvno`,
    [rsvnos],
  );
  const n = (v: unknown) => Number(v);
  const describe = (r: SlipRow) =>
    `${r.rsvno} (${r.state}, sandbox ${r.sandbox}, slips ${r.slips}, slip mails ${r.slip_mails}, paid mails ${r.paid_mails}, payment ${r.payment})`;
  return {
    rows,
    issuedWrong: rows
      .filter(
        (r) =>
          r.sandbox === 'slip' &&
          !(r.state === 'awaiting' && n(r.slips) === 1 && n(r.slip_mails) === 1 && r.deadline_ok === true),
      )
      .map(describe),
    paidWrong: rows
      .filter(
        (r) =>
          r.sandbox === 'complete' &&
          !(r.state === 'paid' && r.payment === 'paid' && n(r.paid_payments) === 1 && n(r.paid_mails) === 1),
      )
      .map(describe),
    openWrong: rows.filter((r) => r.sandbox === 'open' && (r.state !== 'held' || n(r.slips) > 0)).map(describe),
    awaitingWithoutSlip: rows
      .filter((r) => r.state === 'awaiting' && (n(r.slips) === 0 || r.sandbox !== 'slip'))
      .map(describe),
    twice: rows
      .filter((r) => n(r.slips) > 1 || n(r.slip_mails) > 1 || n(r.paid_payments) > 1 || n(r.paid_mails) > 1)
      .map(describe),
    unrecorded: rows.filter((r) => r.sandbox === 'slip' && n(r.slips) === 0).length,
    unfulfilled: rows.filter((r) => r.sandbox === 'complete' && r.state !== 'paid').length,
  };
}

function slipsSettled(f: SlipFacts): boolean {
  return (
    f.issuedWrong.length + f.paidWrong.length + f.openWrong.length + f.awaitingWithoutSlip.length + f.twice.length === 0
  );
}

const count = (rows: SlipRow[], pick: (r: SlipRow) => boolean) => rows.filter(pick).length;
const listed = (items: string[], otherwise: string) => items.join(' ') || otherwise;

export async function killDuringKonbini(store: Store, label: string): Promise<ScenarioResult> {
  const day = testDay(52);
  const name = `i-${label}`;
  await prepareStore(store, (sql) => setStock(sql, day, SEEDED));
  const port = await freePort();
  const env = { ...storeEnv(store), ...SERVER_ENV };
  const start = async (n: number) => {
    const server = startServer(`${name}-${n}`, port, env);
    return { server, readyMs: await waitHealthy(server, 240_000) };
  };

  // --- the slips, issued and paid at once, and the kill among them ---
  const { server: first } = await start(1);
  const token = await csrfToken(first.baseUrl);
  const sessions = await bookWithCheckouts(first, token, day, BOOKINGS);
  const rsvnos = [...sessions.keys()];
  let issuedAnswers = 0;
  let paidAnswers = 0;
  const started = Date.now();
  const burst = Promise.all(
    [...sessions.values()].map(async (id, i) => {
      const issued = await issueSlip(first, id);
      if (!(issued.ok && issued.answer.errcd === '000')) return;
      issuedAnswers += 1;
      if (i % 2 !== 0) return;
      const paid = await payAtStore(first, id);
      if (paid.ok && paid.answer.errcd === '000') paidAnswers += 1;
    }),
  );
  // The embedded database admits one process, so there the kill follows the answers: 5 slips paid at the store.
  if (store.kind === 'pglite') {
    while (paidAnswers < 5 && issuedAnswers < BOOKINGS - 5 && Date.now() - started < 30_000) await sleep(5);
  }
  const killed = await killPartway(store, first, {
    started,
    // Killed once five sixths of the slips were recorded: the rest in flight, the first being paid at the store.
    partway: async (sql) => {
      const [row] = await sql.query<{ n: number }>(
        `select count(*)::int as n from konbini_slips where rsvno = any($1)`,
        [rsvnos],
      );
      return Number(row?.n) >= 50;
    },
    everyMs: 20,
    pgliteMs: 0,
  });
  await burst;
  const answeredBeforeKill = { issued: issuedAnswers, paid: paidAnswers };
  // Read once the server is gone (the embedded database admits one process).
  const offered = await withSql(store, (sql) =>
    sql.query<{ n: number }>(
      `select count(*)::int as n from sandbox_checkouts where rsvno = any($1) and 'konbini' = any(methods)`,
      [rsvnos],
    ),
  );
  if (Number(offered[0]?.n) !== BOOKINGS) throw new Error(`konbini offered on ${offered[0]?.n} of ${BOOKINGS}`);
  const atKill = await withSql(store, (sql) => slipFacts(sql, rsvnos));

  const { server: second, readyMs: restartMs } = await start(2);
  const settling = await settleAndStop(store, second, {
    facts: (sql) => slipFacts(sql, rsvnos),
    settled: slipsSettled,
    everyMs: 2_000,
    withinMs: RECOVERY_SECONDS * 1000,
    pgliteMs: PGLITE_SETTLE_MS,
  });
  const facts = settling.facts;
  const settledMs = settling.settledMs;
  const afterSlips = await withSql(store, (sql) => dayFacts(sql, day));
  const awaiting = facts.rows.filter((r) => r.state === 'awaiting').map((r) => r.rsvno);
  const paid = facts.rows.filter((r) => r.state === 'paid');
  const paidSeats = paid.reduce((s, r) => s + Number(r.seats), 0);

  // --- the deadline: the sweeper 4 days ahead, killed right after it was asked, then asked again ---
  const { server: third } = await start(3);
  const at = new Date(Date.now() + SWEEP_AHEAD_MS).toISOString();
  const sweepStarted = Date.now();
  const firstSweep = postJson(third.baseUrl, '/api/_test/sweep', await csrfToken(third.baseUrl), { at });
  const sweepKill = await killPartway(store, third, {
    started: sweepStarted,
    // PostgreSQL: as soon as the sweep's first lapse is committed, before it answers. The embedded database: 150 ms
    // after it was asked, while it asks about each booking's checkout ahead of its transaction.
    partway: async (sql) => {
      const [row] = await sql.query<{ n: number }>(
        `select count(*)::int as n from outbox where rsvno = any($1) and kind = 'konbini_expired'`,
        [rsvnos],
      );
      return Number(row?.n) > 0;
    },
    everyMs: 5,
    pgliteMs: 150,
  });
  const firstSweepOutcome = await firstSweep;
  const atSweepKill = await withSql(store, (sql) => slipFacts(sql, rsvnos));
  const { server: fourth } = await start(4);
  const secondSweep = await postJson(fourth.baseUrl, '/api/_test/sweep', await csrfToken(fourth.baseUrl), { at });
  await stopServer(fourth);
  const swept = secondSweep.ok ? (secondSweep.answer.response as { expired: string[]; lapsed: string[] } | null) : null;
  const end = await withSql(store, (sql) => slipFacts(sql, rsvnos));
  const afterSweep = await withSql(store, (sql) => dayFacts(sql, day));
  const awaitingSet = new Set(awaiting);
  const lapsedWrong = end.rows
    .filter((r) => awaitingSet.has(r.rsvno) && !(r.state === 'expired' && Number(r.expired_mails) === 1))
    .map((r) => `${r.rsvno} (${r.state}, ${r.expired_mails} mails)`);
  const strayMails = end.rows
    .filter((r) => !awaitingSet.has(r.rsvno) && Number(r.expired_mails) > 0)
    .map((r) => `${r.rsvno} (${r.state}, ${r.expired_mails} mails)`);
  const paidLost = paid.filter((p) => end.rows.find((r) => r.rsvno === p.rsvno)?.state !== 'paid').map((r) => r.rsvno);
  const left = end.rows
    .filter((r) => r.state === 'awaiting' || r.state === 'held')
    .map((r) => `${r.rsvno} (${r.state})`);

  const checks: Check[] = [
    check(
      'the server was killed among the slips',
      killed.exit.signal === 'SIGKILL' && answeredBeforeKill.issued < BOOKINGS,
      `exit ${JSON.stringify(killed.exit)}; ${answeredBeforeKill.issued} of ${BOOKINGS} slips answered`,
    ),
    check(
      `settled within ${RECOVERY_SECONDS} s of the restart`,
      slipsSettled(facts),
      store.kind === 'postgres' ? `${settledMs} ms` : `read ${PGLITE_SETTLE_MS / 1000} s after the restart`,
    ),
    check(
      'every slip the sandbox issued: booking awaiting, one slip, one slip mail, deadline = the slip’s',
      facts.issuedWrong.length === 0,
      listed(facts.issuedWrong, `${count(facts.rows, (r) => r.sandbox === 'slip')} issued`),
    ),
    check(
      'every slip paid at the store: booking and payment paid, one paid mail',
      facts.paidWrong.length === 0,
      listed(facts.paidWrong, `${count(facts.rows, (r) => r.sandbox === 'complete')} paid`),
    ),
    check(
      'no booking awaiting without its slip',
      facts.awaitingWithoutSlip.length === 0,
      listed(facts.awaitingWithoutSlip, 'none'),
    ),
    check(
      'every checkout with no slip: booking still held, no slip recorded',
      facts.openWrong.length === 0,
      listed(facts.openWrong, `${count(facts.rows, (r) => r.sandbox === 'open')} without a slip`),
    ),
    check('nothing recorded, mailed or paid twice', facts.twice.length === 0, listed(facts.twice, 'none')),
    stockCheck(SEEDED, afterSlips),
    check(
      'the server was killed while the sweep ran',
      sweepKill.exit.signal === 'SIGKILL',
      `exit ${JSON.stringify(sweepKill.exit)}; the sweep's answer: ${
        firstSweepOutcome.ok
          ? `${firstSweepOutcome.answer.status} ${firstSweepOutcome.answer.errcd}`
          : firstSweepOutcome.error
      }`,
    ),
    check(
      'the sweep asked again after the restart answered',
      secondSweep.ok && secondSweep.answer.errcd === '000',
      secondSweep.ok ? `${secondSweep.answer.status} ${secondSweep.answer.errcd}` : secondSweep.error,
    ),
    check(
      `every slip waiting lapsed exactly once (${awaiting.length})`,
      lapsedWrong.length === 0,
      listed(lapsedWrong, `${awaiting.length} expired, one konbini_expired mail each`),
    ),
    check('no other booking mailed a lapsed slip', strayMails.length === 0, listed(strayMails, 'none')),
    check('no booking left unpaid on the day', left.length === 0, listed(left, 'none')),
    check('every paid booking still paid', paidLost.length === 0, listed(paidLost, `${paid.length} paid`)),
    check(
      'stock left = stock seeded − seats of the paid bookings',
      afterSweep.stock === SEEDED - paidSeats && afterSweep.heldSeats === paidSeats,
      `${afterSweep.stock} left, ${afterSweep.heldSeats} held; seeded ${SEEDED}, ${paidSeats} paid seats`,
    ),
  ];
  const pgliteHeld = 'n/a (the embedded database is read once the server stops)';
  return {
    id: 'i',
    title: `SIGKILL during ${BOOKINGS} konbini slips issued and paid at the store, then restart`,
    store: label,
    figures: {
      'slips asked for at once': BOOKINGS,
      'of them paid at the store as soon as issued': BOOKINGS / 2,
      'killed after (ms)': killed.killedAt,
      'slips issued (303) before the kill': answeredBeforeKill.issued,
      'paid at the store (200) before the kill': answeredBeforeKill.paid,
      'at the kill: issued, not recorded': atKill.unrecorded,
      'at the kill: paid at the store, not fulfilled': atKill.unfulfilled,
      'at the kill: no slip issued': count(atKill.rows, (r) => r.sandbox === 'open'),
      'restart to healthy (ms)': restartMs,
      'restart to all settled (ms)': store.kind === 'postgres' ? settledMs : pgliteHeld,
      'afterwards: awaiting / paid / held without a slip': `${awaiting.length} / ${paid.length} / ${count(
        facts.rows,
        (r) => r.state === 'held',
      )}`,
      'sweep at': '4 days ahead',
      'sweep killed after (ms)': sweepKill.killedAt,
      'expired at the sweep’s kill': count(atSweepKill.rows, (r) => r.state === 'expired'),
      'expired by the sweep after the restart': swept
        ? [...swept.expired, ...swept.lapsed].filter((rsvno) => sessions.has(rsvno)).length
        : 'n/a',
      'lapsed slips afterwards': count(end.rows, (r) => r.state === 'expired' && awaitingSet.has(r.rsvno)),
    },
    checks,
  };
}
