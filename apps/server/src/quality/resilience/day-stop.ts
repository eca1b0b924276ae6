/**
 * The day stop's crash scenario (ADR 0165):
 *   g  a day with 40 paid bookings stopped (催行中止) by an operator, the server SIGKILLed while the stop's bookings
 *      are being canceled and refunded, then a restart: the worker finishes the stop, each booking canceled by the
 *      company, refunded in full exactly once and mailed once, the day closed.
 */
import { killPartway, settleAndStop, startOnFreshStore } from './crash.ts';
import {
  type Check,
  check,
  csrfToken,
  postJson,
  type ScenarioResult,
  type Sql,
  type Store,
  testDay,
  withSql,
} from './harness.ts';
import { bookWithCheckouts, payOnPage } from './money.ts';

const BOOKINGS = 40;
const SEEDED = 200;
const RECOVERY_SECONDS = 60;
// apps/server/src/seed/staff.ts: the demo operator signs in with a password alone.
const OPERATOR = { mail: 'operator@example.co.jp', password: 'sakura-operator-demo' };

interface StopFacts {
  canceled: number;
  byCompany: number;
  /** Paid bookings whose refunds at the provider do not add up to exactly what was charged, once. */
  refundWrong: string[];
  /** Bookings whose 催行中止 mail count is not exactly 1. */
  mailWrong: string[];
  pendingItems: number;
  doneItems: number;
  stopState: string;
  stock: number;
}

async function stopFacts(sql: Sql, rsvnos: string[], usedate: string): Promise<StopFacts> {
  const rows = await sql.query<{
    rsvno: string;
    status: number;
    cancel_reason: string | null;
    charged: number;
    refunded: number;
    refunds: number;
    mails: number;
  }>(
    `select b.rsvno, b.status, b.cancel_reason,
        (select coalesce(sum(s.amount), 0)::int from sandbox_checkouts s where s.rsvno = b.rsvno and s.status = 'complete') as charged,
        (select coalesce(sum(s.refunded_amount), 0)::int from sandbox_checkouts s where s.rsvno = b.rsvno) as refunded,
        (select count(*)::int from sandbox_refunds r join sandbox_checkouts s on s.charge_id = r.charge_id where s.rsvno = b.rsvno) as refunds,
        (select count(*)::int from outbox m where m.rsvno = b.rsvno and m.kind = 'day_stopped') as mails
     from bookings b where b.rsvno = any($1)`,
    [rsvnos],
  );
  const items = await sql.query<{ state: string; n: number }>(
    'select state, count(*)::int as n from day_stop_items group by state',
  );
  const [stop] = await sql.query<{ state: string }>('select state from day_stops order by id desc limit 1');
  const [day] = await sql.query<{ zaikozan: number }>(
    `select zaikozan from departures where opcd = 'OP0001' and usedate = to_date($1, 'YYYYMMDD')`,
    [usedate],
  );
  const n = (v: unknown) => Number(v);
  return {
    canceled: rows.filter((r) => n(r.status) === 4).length,
    byCompany: rows.filter((r) => r.cancel_reason === 'company').length,
    refundWrong: rows
      .filter((r) => n(r.refunded) !== n(r.charged) || n(r.refunds) !== 1)
      .map((r) => `${r.rsvno} (${r.refunded}/${r.charged}, ${r.refunds}×)`),
    mailWrong: rows.filter((r) => n(r.mails) !== 1).map((r) => `${r.rsvno} (${r.mails})`),
    pendingItems: n(items.find((i) => i.state === 'pending')?.n ?? 0),
    doneItems: n(items.find((i) => i.state === 'done')?.n ?? 0),
    stopState: stop?.state ?? 'none',
    stock: n(day?.zaikozan ?? -1),
  };
}

/** Signs the demo operator in (a password alone) and answers the console's cookie header. */
async function operatorCookie(baseUrl: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
    body: JSON.stringify(OPERATOR),
  });
  const staff = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('tabi_staff='));
  if (!staff) throw new Error(`operator sign-in failed: ${res.status} ${await res.text()}`);
  return `XSRF-TOKEN=${token}; ${staff}`;
}

export async function killDuringDayStop(store: Store, label: string): Promise<ScenarioResult> {
  const day = testDay(49);
  const { first, restart } = await startOnFreshStore(store, `g-${label}`, { day, stock: SEEDED });
  const token = await csrfToken(first.baseUrl);
  const sessions = await bookWithCheckouts(first, token, day, BOOKINGS);
  for (const [rsvno, id] of sessions) {
    const paid = await payOnPage(first, id);
    if (!paid.ok || paid.answer.status !== 303) throw new Error(`payment of ${rsvno} failed`);
  }
  const rsvnos = [...sessions.keys()];
  const cookie = await operatorCookie(first.baseUrl, token);

  // The stop is asked for; the server is killed while it cancels and refunds (its request runs the items).
  const started = Date.now();
  const asked = postJson(
    first.baseUrl,
    '/api/admin/day-stops',
    token,
    { opcds: ['OP0001'], from: day, to: day, reason: 'weather' },
    { cookie },
  );
  // Killed once some bookings are done and some are not.
  const { killedAt, exit } = await killPartway(store, first, {
    started,
    partway: async (sql) => (await stopFacts(sql, rsvnos, day)).doneItems >= 5,
    everyMs: 20,
    pgliteMs: 400,
  });
  await asked;
  const atKill = await withSql(store, (sql) => stopFacts(sql, rsvnos, day));

  const { second, restartMs } = await restart();
  const { facts, settledMs } = await settleAndStop(store, second, {
    facts: (sql) => stopFacts(sql, rsvnos, day),
    settled: (f) => f.stopState === 'done',
    everyMs: 1_000,
    withinMs: RECOVERY_SECONDS * 1000,
    // The embedded database is read once the restarted server has had its time.
    pgliteMs: 20_000,
  });
  const checks: Check[] = [
    check('the server was killed mid-way', exit.signal === 'SIGKILL', `exit ${JSON.stringify(exit)}`),
    check(
      'the stop was cut with bookings left to cancel',
      atKill.pendingItems > 0,
      `${atKill.doneItems} done, ${atKill.pendingItems} pending at the kill`,
    ),
    check('the stop finished after the restart', facts.stopState === 'done', facts.stopState),
    check(
      `every booking canceled by the company (${BOOKINGS})`,
      facts.canceled === BOOKINGS && facts.byCompany === BOOKINGS,
      `${facts.canceled} canceled, ${facts.byCompany} by the company`,
    ),
    check(
      'every paid booking refunded in full exactly once',
      facts.refundWrong.length === 0,
      facts.refundWrong.join(' ') || 'all',
    ),
    check('every booking mailed 催行中止 once', facts.mailWrong.length === 0, facts.mailWrong.join(' ') || 'all'),
    check('the day stays closed', facts.stock === 0, `${facts.stock} seats left`),
  ];
  return {
    id: 'g',
    title: `SIGKILL during 催行中止 of a day with ${BOOKINGS} paid bookings, then restart`,
    store: label,
    figures: {
      'paid bookings on the day': BOOKINGS,
      'killed after (ms)': killedAt,
      'bookings done at the kill': atKill.doneItems,
      'bookings pending at the kill': atKill.pendingItems,
      'restart to healthy (ms)': restartMs,
      'restart to stop done (ms)':
        store.kind === 'postgres' ? settledMs : 'within 20 s (the embedded database is read once the server stops)',
    },
    checks,
  };
}
