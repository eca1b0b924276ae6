/**
 * The crash scenarios of payments and refunds (ADR 0101): SIGKILL during concurrent card payments and during concurrent
 * cancellations with refunds, then a restart; within 90 seconds the reconciler must leave no money and
 * booking disagreeing.
 *   e  80 sandbox checkouts paid at once, killed after 25 answers
 *   f  60 paid bookings canceled at once, killed after 15 answers
 */
import { bookingCapabilityCookie } from '../../modules/payment/capability.ts';
import { settleAndStop, startOnFreshStore } from './crash.ts';
import {
  APP_KEY,
  bookingBody,
  burstAndKill,
  type Check,
  check,
  csrfToken,
  dayFacts,
  nextClientIp,
  type Outcome,
  postJson,
  type ScenarioResult,
  type Server,
  type Sql,
  type Store,
  stockCheck,
  testDay,
  withSql,
} from './harness.ts';

const RECOVERY_SECONDS = 90;

/** Books `count` one-adult card bookings and opens a checkout for each; returns rsvno → sandbox session id. */
export async function bookWithCheckouts(server: Server, token: string, day: string, count: number) {
  const body = await bookingBody(server.baseUrl, day);
  const sessions = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    const booked = await postJson(server.baseUrl, '/api/booking', token, body);
    if (!booked.ok || booked.answer.errcd !== '000') throw new Error(`booking failed: ${JSON.stringify(booked)}`);
    const rsvno = (booked.answer.response as { rsvno: string }).rsvno;
    const capability = Object.entries(bookingCapabilityCookie(APP_KEY, rsvno))
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const checkout = await postJson(
      server.baseUrl,
      '/api/checkout',
      token,
      {
        rsvno,
        success_path: '/reservation/complete?processing=success',
        cancel_path: '/reservation/complete?processing=failed',
      },
      { cookie: `XSRF-TOKEN=${token}; ${capability}`, 'x-forwarded-for': nextClientIp() },
    );
    if (!checkout.ok || checkout.answer.errcd !== '000')
      throw new Error(`checkout failed: ${JSON.stringify(checkout)}`);
    const url = (checkout.answer.response as { url: string }).url;
    sessions.set(rsvno, url.slice(url.lastIndexOf('/') + 1));
  }
  return sessions;
}

/** Pays on the sandbox's hosted page with the test card that succeeds; a 303 is the provider's answer. */
export async function payOnPage(server: Server, sessionId: string): Promise<Outcome> {
  try {
    const res = await fetch(`${server.baseUrl}/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
    });
    return {
      ok: true,
      answer: { status: res.status, errcd: res.status === 303 ? '000' : '', errMsg: '', response: null },
    };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** A payment or cancellation counts as answered once the server said it was done (303 or errcd 000). */
const done = { counts: (o: Outcome) => o.ok && o.answer.errcd === '000', fallbackMs: 30_000 };

interface MoneyFacts {
  /** Sandbox charges whose booking is not paid (and whose money was not given back). */
  chargedUnpaid: string[];
  /** Bookings with money refunded that are still active (status ≠ 4, no duplicate refund). */
  refundedActive: string[];
  /** Cancellations claimed and not final. */
  stuck: string[];
  /** Canceled bookings with a refund whose cancellation mail count is not exactly 1. */
  mailedWrong: string[];
  /** Paid bookings whose paid mail count is not exactly 1. */
  paidMailWrong: string[];
  paid: number;
  canceled: number;
}

async function moneyFacts(sql: Sql, rsvnos: string[]): Promise<MoneyFacts> {
  const rows = await sql.query<{
    rsvno: string;
    status: number;
    status_payment: number;
    canceled_at: string | null;
    charged: number;
    refunded: number;
    cancel_mails: number;
    paid_mails: number;
  }>(
    `select b.rsvno, b.status, b.status_payment, b.canceled_at,
        (select coalesce(sum(s.amount), 0)::int from sandbox_checkouts s where s.rsvno = b.rsvno and s.status = 'complete') as charged,
        (select coalesce(sum(s.refunded_amount), 0)::int from sandbox_checkouts s where s.rsvno = b.rsvno) as refunded,
        (select count(*)::int from outbox m where m.rsvno = b.rsvno and m.kind = 'cancellation') as cancel_mails,
        (select count(*)::int from outbox m where m.rsvno = b.rsvno and m.kind = 'booking_paid') as paid_mails
     from bookings b where b.rsvno = any($1)`,
    [rsvnos],
  );
  const n = (v: unknown) => Number(v);
  return {
    chargedUnpaid: rows.filter((r) => n(r.charged) > n(r.refunded) && n(r.status_payment) !== 1).map((r) => r.rsvno),
    refundedActive: rows.filter((r) => n(r.refunded) > 0 && n(r.status) !== 4).map((r) => r.rsvno),
    stuck: rows.filter((r) => n(r.status) === 1 && r.canceled_at !== null).map((r) => r.rsvno),
    mailedWrong: rows
      .filter((r) => n(r.status) === 4 && n(r.refunded) > 0 && n(r.cancel_mails) !== 1)
      .map((r) => `${r.rsvno} (${r.cancel_mails})`),
    paidMailWrong: rows
      .filter((r) => n(r.status_payment) === 1 && n(r.paid_mails) !== 1)
      .map((r) => `${r.rsvno} (${r.paid_mails})`),
    paid: rows.filter((r) => n(r.status) === 1 && n(r.status_payment) === 1).length,
    canceled: rows.filter((r) => n(r.status) === 4).length,
  };
}

function settled(facts: MoneyFacts): boolean {
  return facts.chargedUnpaid.length + facts.refundedActive.length + facts.stuck.length === 0;
}

function moneyChecks(facts: MoneyFacts): Check[] {
  return [
    check('0 bookings charged and unpaid', facts.chargedUnpaid.length === 0, facts.chargedUnpaid.join(' ') || 'none'),
    check(
      '0 bookings refunded and still active',
      facts.refundedActive.length === 0,
      facts.refundedActive.join(' ') || 'none',
    ),
    check('0 cancellations stuck', facts.stuck.length === 0, facts.stuck.join(' ') || 'none'),
    check(
      'every refunded booking mailed once',
      facts.mailedWrong.length === 0,
      facts.mailedWrong.join(' ') || `${facts.canceled} canceled`,
    ),
    check(
      'every paid booking mailed once',
      facts.paidMailWrong.length === 0,
      facts.paidMailWrong.join(' ') || `${facts.paid} paid`,
    ),
  ];
}

const SEEDED = 500;

/**
 * A money scenario: `count` paid-by-card bookings on a fresh server, `workOf` them sent at once and the server
 * SIGKILLed after `killAfter` answers, then a restart and the reconciler's 90 seconds. Returns the figures
 * around the kill and the checks every such scenario must pass.
 */
async function killAndSettle(
  store: Store,
  name: string,
  day: string,
  { count, killAfter }: { count: number; killAfter: number },
  workOf: (server: Server, token: string, sessions: Map<string, string>) => Promise<(() => Promise<Outcome>)[]>,
) {
  const { first, restart } = await startOnFreshStore(store, name, { day, stock: SEEDED });
  const token = await csrfToken(first.baseUrl);
  const sessions = await bookWithCheckouts(first, token, day, count);
  const burst = await burstAndKill(first, await workOf(first, token, sessions), { ...done, killAfter });
  const rsvnos = [...sessions.keys()];
  const atKill = await withSql(store, (sql) => moneyFacts(sql, rsvnos)).catch(() => undefined);
  // The reconciler's time: on the embedded database, which admits one process, the facts are read after it.
  const { second, restartMs } = await restart();
  const settling = await settleAndStop(store, second, {
    facts: (sql) => moneyFacts(sql, rsvnos),
    settled,
    everyMs: 2_000,
    withinMs: RECOVERY_SECONDS * 1000,
    pgliteMs: RECOVERY_SECONDS * 1000,
  });
  const { facts } = settling;
  // Settled only when read at the end (the embedded database's one reading): within the whole time, no sooner known.
  const settledMs = settling.settledMs < 0 && settled(facts) ? RECOVERY_SECONDS * 1000 : settling.settledMs;
  const after = await withSql(store, (sql) => dayFacts(sql, day));
  const checks = [
    check('the server was killed mid-way', burst.exit.signal === 'SIGKILL', `exit ${JSON.stringify(burst.exit)}`),
    check(`settled within ${RECOVERY_SECONDS} s of the restart`, settledMs >= 0, `${settledMs} ms`),
    ...moneyChecks(facts),
    stockCheck(SEEDED, after),
  ];
  return { burst, atKill, facts, restartMs, settledMs, checks };
}

export async function killDuringPayments(store: Store, label: string): Promise<ScenarioResult> {
  const PAYMENTS = 80;
  const run = await killAndSettle(
    store,
    `e-${label}`,
    testDay(47),
    { count: PAYMENTS, killAfter: 25 },
    async (first, _token, sessions) => [...sessions.values()].map((id) => () => payOnPage(first, id)),
  );
  return {
    id: 'e',
    title: `SIGKILL during ${PAYMENTS} concurrent card payments, then restart`,
    store: label,
    figures: {
      'payments sent at once': PAYMENTS,
      'killed after (ms)': run.burst.killedAt,
      'paid answers (303) before the kill': run.burst.answers,
      'charged but not fulfilled right after the kill': run.atKill
        ? run.atKill.chargedUnpaid.length
        : 'n/a (PGlite held)',
      'restart to healthy (ms)': run.restartMs,
      'restart to all settled (ms)': run.settledMs,
      'paid bookings afterwards': run.facts.paid,
    },
    checks: run.checks,
  };
}

export async function killDuringCancellations(store: Store, label: string): Promise<ScenarioResult> {
  const CANCELS = 60;
  const run = await killAndSettle(
    store,
    `f-${label}`,
    testDay(48),
    { count: CANCELS, killAfter: 15 },
    async (first, token, sessions) => {
      const logins = new Map<string, { session: string; refund: string }>();
      for (const [rsvno, sessionId] of sessions) {
        const paid = await payOnPage(first, sessionId);
        if (!paid.ok || paid.answer.status !== 303) throw new Error(`payment of ${rsvno} failed`);
        const login = await postJson(first.baseUrl, '/api/mylogin', token, { rsvno, tel: '090-1234-5678' });
        const session = (login.ok && (login.answer.response as { session?: string } | null)?.session) || '';
        const price = await postJson(first.baseUrl, '/api/booking/cancelprice', token, { session, rsvno });
        const refund = price.ok ? (price.answer.response as { refund: number } | null)?.refund : undefined;
        if (!session || refund === undefined) throw new Error(`login or cancel price of ${rsvno} failed`);
        logins.set(rsvno, { session, refund: String(refund) });
      }
      return [...logins].map(
        ([rsvno, l]) =>
          () =>
            postJson(first.baseUrl, '/api/booking/cancel', token, { session: l.session, rsvno, refund: l.refund }),
      );
    },
  );
  return {
    id: 'f',
    title: `SIGKILL during ${CANCELS} concurrent cancellations with refunds, then restart`,
    store: label,
    figures: {
      'cancellations sent at once': CANCELS,
      'killed after (ms)': run.burst.killedAt,
      'answered 000 before the kill': run.burst.answers,
      'refunded but still active right after the kill': run.atKill
        ? run.atKill.refundedActive.length
        : 'n/a (PGlite held)',
      'claimed and not final right after the kill': run.atKill ? run.atKill.stuck.length : 'n/a (PGlite held)',
      'restart to healthy (ms)': run.restartMs,
      'restart to all settled (ms)': run.settledMs,
      'canceled afterwards': run.facts.canceled,
    },
    checks: run.checks,
  };
}
