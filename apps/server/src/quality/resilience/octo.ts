/**
 * The reseller's crash scenario (ADR 0170):
 *   h  30 reseller holds made through /octo, then 30 confirmations sent at once and the server SIGKILLed among
 *      them, then a restart: each booking is either still a hold or wholly confirmed (paid on account, the OCTO row
 *      confirmed, one confirmation in its history), never half; confirming again after the restart confirms every
 *      one exactly once, and the day's stock matches the seats the bookings hold.
 */
import { createHash, randomBytes } from 'node:crypto';
import { killPartway, startOnFreshStore } from './crash.ts';
import {
  type Check,
  check,
  type ScenarioResult,
  type Sql,
  type Store,
  stopServer,
  testDay,
  withSql,
} from './harness.ts';

const HOLDS = 30;
const SEEDED = 100;

interface ConfirmFacts {
  confirmed: number;
  held: number;
  /** Bookings whose booking row, OCTO row and history disagree about the confirmation. */
  half: string[];
  /** Bookings with more than one confirmation in their history. */
  twice: string[];
  stock: number;
  heldSeats: number;
}

async function confirmFacts(sql: Sql, rsvnos: string[], iso: string): Promise<ConfirmFacts> {
  const rows = await sql.query<{
    rsvno: string;
    status: number;
    status_payment: number;
    confirmed_at: unknown;
    events: number;
  }>(
    `select b.rsvno, b.status, b.status_payment, o.confirmed_at,
        (select count(*)::int from booking_events e where e.rsvno = b.rsvno and e.action = 'reseller_confirmed') as events
     from bookings b join octo_bookings o on o.rsvno = b.rsvno where b.rsvno = any($1)`,
    [rsvnos],
  );
  const n = (v: unknown) => Number(v);
  const isConfirmed = (r: (typeof rows)[number]) => n(r.status) === 1 && n(r.status_payment) === 1;
  const [day] = await sql.query<{ zaikozan: number }>(
    `select zaikozan from departures where opcd = 'OP0001' and usedate = $1::date`,
    [iso],
  );
  const [held] = await sql.query<{ seats: number }>(
    `select coalesce(sum(bo.seats), 0)::int as seats from booking_options bo join bookings b on b.rsvno = bo.rsvno
     where bo.opcd = 'OP0001' and bo.usedate = $1::date and b.status <> 4`,
    [iso],
  );
  return {
    confirmed: rows.filter(isConfirmed).length,
    held: rows.filter((r) => n(r.status) === 0).length,
    half: rows
      .filter((r) => isConfirmed(r) !== (r.confirmed_at !== null) || isConfirmed(r) !== n(r.events) >= 1)
      .map((r) => r.rsvno),
    twice: rows.filter((r) => n(r.events) > 1).map((r) => r.rsvno),
    stock: n(day?.zaikozan ?? -1),
    heldSeats: n(held?.seats ?? -1),
  };
}

async function octo(baseUrl: string, key: string, url: string, body: unknown) {
  try {
    const res = await fetch(`${baseUrl}/octo${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch (error) {
    return { status: 0, body: { error: (error as Error).name } };
  }
}

export async function killDuringOctoConfirms(store: Store, label: string): Promise<ScenarioResult> {
  const day = testDay(51);
  const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
  const key = `tabi_octo_${randomBytes(24).toString('base64url')}`;
  const { first, restart } = await startOnFreshStore(store, `h-${label}`, { day, stock: SEEDED }, async (sql) => {
    const [reseller] = await sql.query<{ id: number }>(
      `insert into resellers (name, commission_bp, created_at) values ('Resilience OTA', 1500, now()) returning id`,
    );
    await sql.query(
      `insert into reseller_keys (reseller_id, key_hash, prefix, rate_per_minute, created_at) values ($1, $2, $3, 100000, now())`,
      [reseller?.id, createHash('sha256').update(key).digest('hex'), key.slice(0, 16)],
    );
  });
  const uuids = new Map<string, string>();
  for (let i = 0; i < HOLDS; i += 1) {
    const hold = await octo(first.baseUrl, key, '/bookings', {
      productId: 'OP0001',
      optionId: 'DEFAULT',
      availabilityId: `${iso}T00:00:00+09:00`,
      expirationMinutes: 60,
      unitItems: [{ unitId: 'adult' }],
    });
    if (hold.status !== 200) throw new Error(`hold failed: ${JSON.stringify(hold)}`);
    uuids.set(String(hold.body.supplierReference), String(hold.body.uuid));
  }
  const rsvnos = [...uuids.keys()];
  const confirm = (baseUrl: string, uuid: string) =>
    octo(baseUrl, key, `/bookings/${uuid}/confirm`, {
      contact: { fullName: 'Kill Test', emailAddress: 'kill@example.com' },
    });

  // Every confirmation at once; the server killed while they run.
  const started = Date.now();
  const sent = [...uuids.values()].map((uuid) => confirm(first.baseUrl, uuid));
  // Killed once some are confirmed and some are not.
  const { killedAt, exit } = await killPartway(store, first, {
    started,
    partway: async (sql) => (await confirmFacts(sql, rsvnos, iso)).confirmed >= 3,
    everyMs: 5,
    pgliteMs: 250,
  });
  const answers = await Promise.all(sent);
  const atKill = await withSql(store, (sql) => confirmFacts(sql, rsvnos, iso));

  const { second, restartMs } = await restart();
  // The reseller retries every confirmation it did not see answered (and, to be sure, the others too).
  const retried = await Promise.all([...uuids.values()].map((uuid) => confirm(second.baseUrl, uuid)));
  await stopServer(second);
  const facts = await withSql(store, (sql) => confirmFacts(sql, rsvnos, iso));

  const checks: Check[] = [
    check('the server was killed mid-way', exit.signal === 'SIGKILL', `exit ${JSON.stringify(exit)}`),
    check(
      'no booking half confirmed at the kill',
      atKill.half.length === 0,
      `${atKill.confirmed} confirmed, ${atKill.held} on hold${atKill.half.length ? `; half: ${atKill.half.join(' ')}` : ''}`,
    ),
    check(
      'every retried confirmation answered CONFIRMED',
      retried.every((r) => r.status === 200 && r.body.status === 'CONFIRMED'),
      retried.map((r) => r.status).join(','),
    ),
    check(`every booking confirmed (${HOLDS})`, facts.confirmed === HOLDS, `${facts.confirmed} confirmed`),
    check('each confirmed exactly once in its history', facts.twice.length === 0, facts.twice.join(' ') || 'all once'),
    check(
      'the stock matches the seats held',
      facts.stock + facts.heldSeats === SEEDED && facts.heldSeats === HOLDS,
      `${facts.stock} left + ${facts.heldSeats} held of ${SEEDED}`,
    ),
  ];
  return {
    id: 'h',
    title: `SIGKILL during ${HOLDS} concurrent OCTO confirmations, then restart`,
    store: label,
    figures: {
      'holds confirmed at once': HOLDS,
      'killed after (ms)': killedAt,
      'answered before the kill': answers.filter((a) => a.status === 200).length,
      'confirmed at the kill': atKill.confirmed,
      'restart to healthy (ms)': restartMs,
    },
    checks,
  };
}
