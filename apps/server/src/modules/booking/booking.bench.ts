/**
 * Bookings per second against the real server, and proof that no seat is oversold: as many clients as the
 * run's connection count create one-adult bookings as fast as they can, first spread over many days
 * of a roomy option (throughput), then all on the few seats of OP0016 (contention, counted in answers per
 * second: almost all of them are "sold out"). Each day's stock is read from the database before and after
 * (GET /_bench/stock: the calendar is refreshed only when what a visitor sees changes); oversold = seats
 * booked beyond what the day had.
 *
 * Right before the throughput rows, the floor: on PostgreSQL `pgbench` running the statements of one
 * booking on the same database ({@link pgbenchFloor}); PGlite, embedded, has no pgbench, so there the floor is the
 * booking's own function inside the process without HTTP (POST /_bench/booking-floor). The throughput rows book
 * as many different customers, first all from one address (a carrier's CGNAT, an office), then each from its own
 * (X-Forwarded-For); their `÷ floor` is bookings/floor.
 */
import http from 'node:http';
import type { OptionDetail } from '@tabi/contract/catalog';
import { addDays, addMonths, isoDateToYmd, monthStart, tokyoYmd, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { analyzeBookingTables, pgbenchFloor } from '../../bench/pgbench.ts';
import type { BenchMeasurement, BenchSuite, BenchTarget } from '../../bench/types.ts';
import { benchHeaders, bookingBody, csrf, databaseStock, percentile, postJson } from '../../bench/visitor.ts';

interface Day {
  date: Ymd;
  stock: number;
  price: number;
}

/** A departure booked: a day of the calendar at a start time ('' for the whole day). */
interface Slot extends Day {
  startTime: string;
}

const slotKey = (date: Ymd, startTime: string) => `${date} ${startTime}`;

/** Each departure's stock as the database holds it (not the cached calendar). */
async function exactStock(baseUrl: string, opcd: string, dates: Ymd[]): Promise<Map<string, number>> {
  const sorted = [...dates].sort();
  const rows = await databaseStock(baseUrl, opcd, ymdToIsoDate(sorted[0] ?? ''), ymdToIsoDate(sorted.at(-1) ?? ''));
  return new Map(rows.map((r) => [slotKey(isoDateToYmd(r.usedate), r.start_time), r.zaikozan]));
}

interface FloorAnswer {
  booked: number;
  soldOut: number;
  failures: number;
  seconds: number;
  p50: number;
  p99: number;
}

/** The floor, `clients` at once, on the days the next rows book. */
async function floor(target: BenchTarget, opcd: string, clients: number, seconds: number): Promise<BenchMeasurement> {
  const open = await days(target.baseUrl, opcd, 12, 0);
  if (target.databaseUrl) {
    // pgbench picks a day among consecutive ones: the first run of days with stock.
    let count = 1;
    while (open[count] && open[count]?.date === addDays(open[0]?.date ?? '', count)) count++;
    const first = open[0];
    if (!first) throw new Error(`${opcd} has no stock left for the floor`);
    return pgbenchFloor(
      target.databaseUrl,
      { opcd, first: ymdToIsoDate(first.date), dayCount: count, price: first.price },
      clients,
      seconds,
    );
  }
  const token = await csrf(target.baseUrl);
  const res = await fetch(`${target.baseUrl}/api/_bench/booking-floor`, {
    method: 'POST',
    headers: benchHeaders(token),
    body: JSON.stringify({ clients, seconds, bodies: open.map((d) => bookingBody(opcd, d)) }),
  });
  const answer = ((await res.json()) as { response: FloorAnswer }).response;
  return {
    name: 'floor: the booking function in the process (PGlite has no pgbench)',
    rps: answer.booked / answer.seconds,
    p50: answer.p50,
    p99: answer.p99,
    note: `${answer.booked} booked, ${answer.soldOut} sold out, ${answer.failures} other`,
    failed: answer.failures > 0,
  };
}

async function detail(baseUrl: string, opcd: string, month: Ymd): Promise<OptionDetail> {
  const res = await fetch(`${baseUrl}/api/option/${opcd}?usedate=${month}`);
  return ((await res.json()) as { response: OptionDetail }).response;
}

/** Bookable days of an option in `months` calendar months, starting `offset` months after tomorrow's. */
async function days(baseUrl: string, opcd: string, months: number, offset = 0): Promise<Day[]> {
  const tomorrow = addDays(tokyoYmd(new Date()), 1);
  const out: Day[] = [];
  for (let i = offset; i < offset + months; i++) {
    const month = i === 0 ? monthStart(tomorrow) : addMonths(tomorrow, i);
    const option = await detail(baseUrl, opcd, month);
    for (const d of Object.values(option.valueList)) {
      if (d.date >= tomorrow && Number(d.zaikozan) > 0) {
        out.push({ date: d.date, stock: Number(d.zaikozan), price: Number(d.adultbaika) });
      }
    }
  }
  return out;
}

/** What one stretch of bookings did, before it is summed up as a row. */
interface Tally {
  successes: number;
  attempts: number;
  soldOut: number;
  failures: number;
  oversold: number;
  mismatched: number;
  /** The first answer that was neither a booking nor "sold out", to say what it was. */
  firstFailure: string;
  latencies: number[];
  seconds: number;
}

async function run(
  target: BenchTarget,
  opcd: string,
  clients: number,
  until: { seconds: number; maxAttempts: number; answers?: boolean; addresses?: 'one' | 'many' },
  label: string,
  months: { count: number; offset: number },
  /** The option's start times, booked in turn; none: whole days. */
  times: string[] = [''],
  /** A boot size each traveller rents (an option with a rental shop), or none. */
  boots = '',
): Promise<BenchMeasurement> {
  return rowOf(label, [await book(target, opcd, clients, until, months, times, boots)], until.answers);
}

/** One row from one or more stretches of the same bookings: their successes (or answers) over their time. */
function rowOf(label: string, tallies: Tally[], answers = false): BenchMeasurement {
  const sum = (pick: (t: Tally) => number) => tallies.reduce((a, t) => a + pick(t), 0);
  const latencies = tallies.flatMap((t) => t.latencies).sort((a, b) => a - b);
  const [successes, attempts, soldOut, failures] = [
    sum((t) => t.successes),
    sum((t) => t.attempts),
    sum((t) => t.soldOut),
    sum((t) => t.failures),
  ];
  const [oversold, mismatched] = [sum((t) => t.oversold), sum((t) => t.mismatched)];
  return {
    name: label,
    // The contention row counts every answer (nearly all "sold out"): how cheap saying no is.
    rps: (answers ? successes + soldOut : successes) / sum((t) => t.seconds),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    note: `${successes} booked of ${attempts} tries, ${soldOut} sold out, ${failures} other; oversold ${oversold}; stock mismatches ${mismatched}${tallies.map((t) => t.firstFailure).join('')}`,
    failed: oversold > 0 || mismatched > 0 || failures > 0,
  };
}

async function book(
  target: BenchTarget,
  opcd: string,
  clients: number,
  until: { seconds: number; maxAttempts: number; answers?: boolean; addresses?: 'one' | 'many' },
  months: { count: number; offset: number },
  times: string[],
  boots: string,
): Promise<Tally> {
  const token = await csrf(target.baseUrl);
  const listed = await days(target.baseUrl, opcd, months.count, months.offset);
  const exact = await exactStock(
    target.baseUrl,
    opcd,
    listed.map((d) => d.date),
  );
  const before: Slot[] = listed
    .flatMap((d) => times.map((startTime) => ({ ...d, startTime, stock: exact.get(slotKey(d.date, startTime)) ?? 0 })))
    .filter((d) => d.stock > 0 || until.answers);
  if (before.length === 0) throw new Error(`${opcd} has no stock left to book in the months measured`);
  const booked = new Map<string, number>();
  const latencies: number[] = [];
  let attempts = 0;
  let soldOut = 0;
  let failures = 0;
  /** The first answer that was neither a booking nor "sold out", to say what it was. */
  let firstFailure = '';
  let cursor = 0;
  // One kept-alive connection per client, as a browser keeps its own.
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const deadline = performance.now() + until.seconds * 1000;
  const started = performance.now();

  async function client(): Promise<void> {
    while (performance.now() < deadline && attempts < until.maxAttempts) {
      const day = before[cursor++ % before.length];
      if (!day) return;
      const n = attempts++;
      // Every booking a different customer; from many addresses each has its own.
      const headers = benchHeaders(token);
      if (until.addresses === 'many') headers['x-forwarded-for'] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const t0 = performance.now();
      const body = bookingBody(opcd, day, `090${String(n).padStart(8, '0')}`, boots);
      const res = await postJson(
        `${target.baseUrl}/api/booking`,
        headers,
        day.startTime ? { ...body, start_time: day.startTime } : body,
        agent,
      );
      const answer = res.answer as { errcd: string; errMsg?: string };
      latencies.push(performance.now() - t0);
      const key = slotKey(day.date, day.startTime);
      if (answer.errcd === '000') booked.set(key, (booked.get(key) ?? 0) + 1);
      else if (answer.errcd === '104') soldOut++;
      else {
        failures++;
        firstFailure ||= `; the first: HTTP ${res.status} errcd ${answer.errcd} ${answer.errMsg ?? ''}`.trimEnd();
      }
    }
  }

  await Promise.all(Array.from({ length: clients }, () => client())).finally(() => agent.destroy());
  const elapsed = (performance.now() - started) / 1000;
  const after = await exactStock(
    target.baseUrl,
    opcd,
    before.map((d) => d.date),
  );
  let oversold = 0;
  let mismatched = 0;
  for (const day of before) {
    const key = slotKey(day.date, day.startTime);
    const sold = booked.get(key) ?? 0;
    oversold += Math.max(0, sold - day.stock);
    if ((after.get(key) ?? 0) !== day.stock - sold) mismatched++;
  }
  const successes = [...booked.values()].reduce((a, b) => a + b, 0);
  return { successes, attempts, soldOut, failures, oversold, mismatched, firstFailure, latencies, seconds: elapsed };
}

const contendedRuns = new Map<string, number>();

/** Bookings a server makes before its bookings are timed: by then their rate no longer rises (session 23). */
const WARM_UP_BOOKINGS = 6_000;
/** ...or this long, on a machine too slow to make them. */
const WARM_UP_MAX_SECONDS = 20;
/**
 * Options like OP0001 (one adult, card, a year of stock, 11,000 to 14,000 seats): each run of a server (10, 50, 200
 * clients) books one for its rows and warms up on the next, so that no row runs into days an earlier run sold out.
 */
const BOOKABLE = ['OP0001', 'OP0008', 'OP0031', 'OP0009', 'OP0039', 'OP0046', 'OP0048'];

/**
 * An option as roomy as those (OP0018: 20–60 seats a day), its days made into three departures each with the day's
 * seats (POST /_bench/timed), for the rows of bookings by start time: the demo's own timed options are too small.
 */
const TIMED = { opcd: 'OP0018', times: ['09:00', '13:00', '16:00'], minutes: 90 };
const timedMade = new Set<string>();

async function makeTimed(target: BenchTarget): Promise<void> {
  if (timedMade.has(target.baseUrl)) return;
  const res = await fetch(`${target.baseUrl}/api/_bench/timed`, {
    method: 'POST',
    headers: benchHeaders(await csrf(target.baseUrl)),
    body: JSON.stringify(TIMED),
  });
  if (!res.ok) throw new Error(`POST /_bench/timed: HTTP ${res.status} ${await res.text()}`);
  timedMade.add(target.baseUrl);
}

/**
 * A copy of `like` that takes a shared resource and a boot size (POST /_bench/shared), or with `resources` false the
 * same rental option taking neither; once per server and option.
 */
async function makeShared(target: BenchTarget, like: string, resources: boolean): Promise<string> {
  const opcd = `${resources ? 'BR' : 'BN'}${like}`;
  if (sharedMade.has(`${target.baseUrl} ${opcd}`)) return opcd;
  const res = await fetch(`${target.baseUrl}/api/_bench/shared`, {
    method: 'POST',
    headers: benchHeaders(await csrf(target.baseUrl)),
    body: JSON.stringify({ opcd, like, resources }),
  });
  if (!res.ok) throw new Error(`POST /_bench/shared: HTTP ${res.status} ${await res.text()}`);
  sharedMade.add(`${target.baseUrl} ${opcd}`);
  return opcd;
}
const sharedMade = new Set<string>();

/** The floor measured before and after the rows: a checkpoint or autovacuum during one five-second floor halves it. */
function meanFloor(before: BenchMeasurement, after: BenchMeasurement): BenchMeasurement {
  return {
    name: before.name,
    rps: (before.rps + after.rps) / 2,
    p50: Math.round((before.p50 + after.p50) / 2),
    p99: Math.max(before.p99, after.p99),
    note: `mean of ${Math.round(before.rps)}/s before the rows and ${Math.round(after.rps)}/s after; ${before.note}`,
    failed: before.failed || after.failed,
  };
}

export const suite: BenchSuite = {
  name: 'bookings',
  order: 50,
  routes: () => [],
  async run(target, { durationSeconds, warmupSeconds, clients }) {
    // Each run of a server contends on a month of OP0016 that earlier runs have not sold out.
    const offset = contendedRuns.get(target.baseUrl) ?? 0;
    contendedRuns.set(target.baseUrl, offset + 1);
    // As the routes are warmed up before they are timed, and for longer: a new server's first few thousand bookings
    // are slower (V8 still optimising the booking's code, the pages' pictures drawn after the start), about 450 a
    // second at ten clients against 600-680 after (docs/quality.md, session 23). On an option of its own, so that the
    // rows' option keeps its seats.
    const booked = BOOKABLE[(2 * offset) % BOOKABLE.length] ?? 'OP0001';
    if (warmupSeconds > 0) {
      await run(
        target,
        BOOKABLE[(2 * offset + 1) % BOOKABLE.length] ?? 'OP0008',
        clients,
        { seconds: Math.max(warmupSeconds, WARM_UP_MAX_SECONDS), maxAttempts: WARM_UP_BOOKINGS, addresses: 'many' },
        'warm-up',
        { count: 12, offset: 0 },
      );
    }
    // PostgreSQL keeps each connection's plan of a foreign key's check. Planned on the demo's eleven bookings it reads
    // the whole bookings table, for every row a booking writes elsewhere, and costs more with each booking (184
    // million rows read in one run). Production's autovacuum analyses a table within a minute of such growth; the
    // bench does it now, as the floor's clean-up does after it.
    if (target.databaseUrl) await analyzeBookingTables(target.databaseUrl);
    const floorBefore = await floor(target, booked, clients, durationSeconds);
    // Over the whole year of the option's stock: on a fast machine one run at 10 or 50 clients books a few months out.
    const throughput: BenchMeasurement[] = [];
    for (const addresses of ['one', 'many'] as const) {
      const row = await run(
        target,
        booked,
        clients,
        { seconds: durationSeconds, maxAttempts: 1_000_000, addresses },
        `POST /api/booking, ${addresses === 'one' ? 'all from one address' : 'each from its own address'}`,
        { count: 12, offset: 0 },
      );
      throughput.push(row);
    }
    // The same booking on a departure at a start time (ADR 0196): the seat update names one more key column.
    await makeTimed(target);
    throughput.push(
      await run(
        target,
        TIMED.opcd,
        clients,
        { seconds: durationSeconds, maxAttempts: 1_000_000, addresses: 'many' },
        'POST /api/booking at a start time, each from its own address',
        { count: 12, offset: 0 },
        TIMED.times,
      ),
    );
    // The same booking taking a unit of a shared boat and a pair of boots (ADR 0209), on a copy of the option, and the
    // same rental booking on a copy made at the same moment taking neither (every day of both with seats for any
    // bench): the two rows differ by the resource and the size alone. Each is measured in two halves, in the order
    // without, with, with, without, so that a run's drift (more rows, a checkpoint, autovacuum) falls on both alike.
    const rental = await makeShared(target, booked, false);
    const shared = await makeShared(target, booked, true);
    const halves = new Map<string, Tally[]>([
      [rental, []],
      [shared, []],
    ]);
    // Both copies booked a moment first, then the tables analysed: a new option's first bookings write the first rows of
    // a boat's units, and a plan made while `booking_resources` was empty reads it whole (production's autovacuum
    // analyses a table within a minute of such growth).
    for (const opcd of [rental, shared]) {
      await book(
        target,
        opcd,
        clients,
        { seconds: 2, maxAttempts: 1_000_000, addresses: 'many' },
        { count: 12, offset: 0 },
        [''],
        '26.5',
      );
    }
    if (target.databaseUrl) await analyzeBookingTables(target.databaseUrl);
    for (const opcd of [rental, shared, shared, rental]) {
      const half = await book(
        target,
        opcd,
        clients,
        { seconds: durationSeconds / 2, maxAttempts: 1_000_000, addresses: 'many' },
        { count: 12, offset: 0 },
        [''],
        '26.5',
      );
      halves.get(opcd)?.push(half);
    }
    const rentalRow = rowOf(
      'POST /api/booking with a boot size, no resource and no stock counted, each from its own address',
      halves.get(rental) ?? [],
    );
    const sharedRow = rowOf(
      'POST /api/booking with a shared resource and a boot size, each from its own address',
      halves.get(shared) ?? [],
    );
    if (rentalRow.rps > 0) {
      sharedRow.note = `${(sharedRow.rps / rentalRow.rps).toFixed(2)} of the same rental booking without; ${sharedRow.note}`;
    }
    throughput.push(rentalRow, sharedRow);
    const floorRow = meanFloor(floorBefore, await floor(target, booked, clients, durationSeconds));
    for (const row of throughput) row.floorRatio = floorRow.rps > 0 ? row.rps / floorRow.rps : 0;
    const contention = await run(
      target,
      'OP0016',
      clients,
      { seconds: durationSeconds, maxAttempts: 1_000_000, answers: true },
      'POST /api/booking, 2 seats a day (answers/s)',
      { count: 1, offset },
    );
    return [floorRow, ...throughput, contention];
  },
};
