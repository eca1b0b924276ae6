/**
 * Public calendar reads while an admin bulk-edits a year of the same option's stock, all through the
 * real HTTP API:
 * - as many readers as the run's connection count read OP0018's calendar (GET /api/option/OP0018?usedate=…,
 *   every month of the year in turn) with autocannon, each answer checked for errcd 000;
 * - the demo admin, signed in with password and TOTP, bulk-edits the whole year over and over (set the
 *   capacity on every day, remove 8 seats on Monday, Wednesday and Friday, give them back, set a lower capacity
 *   on the other days), and after each accepted edit reads the calendar until it shows what the database holds;
 * - meanwhile {@link BOOKING_CLIENTS} visitors book one adult at a time over the year's days, so edits race
 *   bookings of the same days.
 * At the end every day of the year is checked in the database (GET /api/_bench/stock): seats held + sold never
 * above the capacity the accepted edits give, and left + taken exactly that capacity (bench/stock-audit.ts).
 * The row's req/s are calendar reads; its ratio is to the static ceiling like the catalog rows.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import type { StockEditRequest } from '@tabi/contract/admin-catalog';
import type { OptionDetail } from '@tabi/contract/catalog';
import { ErrCd } from '@tabi/contract/constants';
import { addDays, addMonths, isoDateToYmd, monthStart, tokyoYmd, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import autocannon, { type Result } from 'autocannon';
import { totpCodeAt } from '../modules/staff/totp.ts';
import { DEMO_STAFF } from '../seed/staff.ts';
import { applyEdit, auditSeats, capacityOf, changedMarks, type SeatEdit, staleDays, takenOf } from './stock-audit.ts';
import type { BenchMeasurement, BenchStockDay, BenchSuite, BenchTarget } from './types.ts';
import { benchHeaders, bookingBody, csrf, databaseStock, percentile } from './visitor.ts';

/** A roomy option open every day of the year, not booked by the other suites. */
const OPCD = 'OP0018';
const BOOKING_CLIENTS = 4;
/** How long after an edit's answer the calendar may still disagree with the database before the row fails. */
const STALE_LIMIT_MS = 10_000;
const READ_WARMUP_SECONDS = 1;

interface Year {
  from: string;
  to: string;
  months: Ymd[];
}

interface AdminSession {
  token: string;
  cookie: string;
}

function cookieOf(res: Response, name: string): string {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!raw) throw new Error(`no ${name} cookie`);
  return raw.split(';')[0] ?? '';
}

async function post(baseUrl: string, path: string, headers: Record<string, string>, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { res, answer: (await res.json()) as { errcd: string; errMsg: string; response: unknown } };
}

/** The demo admin's sign-in, password then TOTP, as the console makes it. */
async function signIn(baseUrl: string): Promise<AdminSession> {
  const admin = DEMO_STAFF.find((s) => s.role === 'admin' && s.totpSecret);
  if (!admin?.totpSecret) throw new Error('no demo admin with a second factor');
  const token = await csrf(baseUrl);
  const first = await post(baseUrl, '/api/admin/login', benchHeaders(token), {
    mail: admin.mail,
    password: admin.password,
  });
  if (first.answer.errcd !== ErrCd.success) throw new Error(`admin sign-in: ${first.answer.errMsg}`);
  const pending = cookieOf(first.res, STAFF_COOKIE);
  const second = await post(baseUrl, '/api/admin/login/totp', benchHeaders(token, pending), {
    code: totpCodeAt(admin.totpSecret, new Date()),
  });
  if (second.answer.errcd !== ErrCd.success) throw new Error(`admin second factor: ${second.answer.errMsg}`);
  return { token, cookie: cookieOf(second.res, STAFF_COOKIE) };
}

/** One sign-in per server: a TOTP code is accepted once, and the session outlives the runs. */
const sessions = new Map<string, Promise<AdminSession>>();

function sessionFor(baseUrl: string): Promise<AdminSession> {
  let session = sessions.get(baseUrl);
  if (!session) {
    session = signIn(baseUrl);
    sessions.set(baseUrl, session);
  }
  return session;
}

/** From tomorrow (Tokyo) for a year, within the option's use period, and the calendar months it covers. */
async function yearOf(baseUrl: string): Promise<Year> {
  const res = await fetch(`${baseUrl}/api/option/${OPCD}`);
  const option = ((await res.json()) as { response: OptionDetail }).response;
  const first = addDays(tokyoYmd(new Date()), 1);
  const last = [addDays(first, 364), option.use_to].sort()[0] ?? first;
  const months: Ymd[] = [];
  for (let m = monthStart(first); m <= last; m = addMonths(m, 1)) months.push(m);
  return { from: ymdToIsoDate(first), to: ymdToIsoDate(last), months };
}

function leftOf(rows: BenchStockDay[]): Map<string, number> {
  return new Map(rows.map((r) => [r.usedate, r.zaikozan]));
}

/** The public calendar's seats left per day of the year, every month read at once; null if a read failed. */
async function calendarLeft(baseUrl: string, year: Year): Promise<Map<string, number> | null> {
  const months = await Promise.all(
    year.months.map(async (month) => {
      const res = await fetch(`${baseUrl}/api/option/${OPCD}?usedate=${month}`);
      const answer = (await res.json()) as { errcd: string; response: OptionDetail | null };
      return res.ok && answer.errcd === ErrCd.success ? answer.response : null;
    }),
  );
  const left = new Map<string, number>();
  for (const option of months) {
    if (!option) return null;
    for (const day of Object.values(option.valueList)) {
      const iso = ymdToIsoDate(day.date);
      if (iso >= year.from && iso <= year.to) left.set(iso, Number(day.zaikozan));
    }
  }
  return left;
}

interface Agreement {
  /** From the edit's answer to the start of the first calendar read that agreed with the database. */
  ms: number;
  /** Calendar reads that disagreed first. */
  retries: number;
  /** The database's seats left when it agreed. */
  left: Map<string, number>;
}

/** Reads the calendar between two database reads until it shows nothing stale, or gives up after the limit. */
async function agreement(baseUrl: string, year: Year, since: number): Promise<Agreement | null> {
  let retries = 0;
  while (performance.now() - since < STALE_LIMIT_MS) {
    const before = leftOf(await databaseStock(baseUrl, OPCD, year.from, year.to));
    const started = performance.now();
    const calendar = await calendarLeft(baseUrl, year);
    const after = leftOf(await databaseStock(baseUrl, OPCD, year.from, year.to));
    if (calendar === null) return null;
    if (staleDays(before, calendar, after).length === 0) return { ms: started - since, retries, left: before };
    retries += 1;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

/** The admin's edits in turn; capacities are set just above the most seats any day has taken. */
function nextEdit(step: number, year: Year, rows: BenchStockDay[]): SeatEdit {
  const taken = Math.max(0, ...rows.map(takenOf));
  const range = { from: year.from, to: year.to };
  switch (step % 4) {
    case 0:
      return { ...range, weekdays: [0, 1, 2, 3, 4, 5, 6], stock: { mode: 'set', seats: taken + 12 } };
    case 1:
      return { ...range, weekdays: [1, 3, 5], stock: { mode: 'add', seats: -8 } };
    case 2:
      return { ...range, weekdays: [1, 3, 5], stock: { mode: 'add', seats: 8 } };
    default:
      return { ...range, weekdays: [0, 2, 4, 6], stock: { mode: 'set', seats: taken + 6 } };
  }
}

interface AdminTally {
  latencies: number[];
  refused: number;
  failures: string[];
  /** Days whose mark changed across an edit, each seen in the calendar afterwards. */
  marksChanged: number;
  slowestAgreementMs: number;
  retries: number;
}

async function administer(
  baseUrl: string,
  session: AdminSession,
  year: Year,
  capacity: Map<string, number>,
  deadline: number,
): Promise<AdminTally> {
  const tally: AdminTally = {
    latencies: [],
    refused: 0,
    failures: [],
    marksChanged: 0,
    slowestAgreementMs: 0,
    retries: 0,
  };
  const headers = benchHeaders(session.token, session.cookie);
  for (let step = 0; performance.now() < deadline && tally.failures.length === 0; step++) {
    const rows = await databaseStock(baseUrl, OPCD, year.from, year.to);
    const edit = nextEdit(step, year, rows);
    const t0 = performance.now();
    const body = { ...edit, prices: null } satisfies StockEditRequest;
    const { res, answer } = await post(baseUrl, `/api/admin/options/${OPCD}/stock`, headers, body);
    const answered = performance.now();
    tally.latencies.push(answered - t0);
    if (answer.errcd === ErrCd.noStock && res.status === 409) {
      tally.refused += 1;
      continue;
    }
    if (answer.errcd !== ErrCd.success) {
      tally.failures.push(`edit answered ${res.status} ${answer.errcd} ${answer.errMsg}`);
      break;
    }
    applyEdit(capacity, edit);
    const agreed = await agreement(baseUrl, year, answered);
    if (!agreed) {
      tally.failures.push(`the calendar did not show edit ${step + 1} within ${STALE_LIMIT_MS} ms`);
      break;
    }
    tally.marksChanged += changedMarks(leftOf(rows), agreed.left);
    tally.slowestAgreementMs = Math.max(tally.slowestAgreementMs, agreed.ms);
    tally.retries += agreed.retries;
  }
  return tally;
}

interface BookingTally {
  booked: number;
  soldOut: number;
  other: number;
}

async function book(baseUrl: string, rows: BenchStockDay[], deadline: number): Promise<BookingTally> {
  const token = await csrf(baseUrl);
  const headers = benchHeaders(token);
  const days = rows.map((r) => ({ date: isoDateToYmd(r.usedate), price: r.adultbaika }));
  const tally: BookingTally = { booked: 0, soldOut: 0, other: 0 };
  let cursor = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const day = days[cursor++ % days.length];
      if (!day) return;
      const { answer } = await post(baseUrl, '/api/booking', headers, bookingBody(OPCD, day));
      if (answer.errcd === ErrCd.success) tally.booked += 1;
      else if (answer.errcd === ErrCd.noStock) tally.soldOut += 1;
      else tally.other += 1;
    }
  };
  await Promise.all(Array.from({ length: BOOKING_CLIENTS }, client));
  return tally;
}

/** Autocannon over every month of the year; counts answers that are not errcd 000. */
async function read(baseUrl: string, year: Year, connections: number, seconds: number) {
  let notSuccess = 0;
  const result: Result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: year.months.map((month) => ({
      method: 'GET',
      path: `/api/option/${OPCD}?usedate=${month}`,
      onResponse: (status: number, body: string) => {
        if (status !== 200 || !body.startsWith(`{"errcd":"${ErrCd.success}"`)) notSuccess += 1;
      },
    })),
  });
  return { result, notSuccess };
}

async function run(target: BenchTarget, clients: number, seconds: number): Promise<BenchMeasurement> {
  const { baseUrl } = target;
  const session = await sessionFor(baseUrl);
  const year = await yearOf(baseUrl);
  const start = await databaseStock(baseUrl, OPCD, year.from, year.to);
  const expectedDays = Math.round((Date.parse(year.to) - Date.parse(year.from)) / 86_400_000) + 1;
  if (start.length !== expectedDays) throw new Error(`${OPCD} has ${start.length} stock days of ${expectedDays}`);
  const capacity = new Map(start.map((r) => [r.usedate, capacityOf(r)]));

  await read(baseUrl, year, clients, READ_WARMUP_SECONDS);
  const deadline = performance.now() + seconds * 1000;
  const [reads, admin, bookings] = await Promise.all([
    read(baseUrl, year, clients, seconds),
    administer(baseUrl, session, year, capacity, deadline),
    book(baseUrl, start, deadline),
  ]);
  // Everything has stopped: the calendar must now show exactly the database's marks.
  const settled = await agreement(baseUrl, year, performance.now());
  const audit = auditSeats(capacity, await databaseStock(baseUrl, OPCD, year.from, year.to));

  const { result, notSuccess } = reads;
  const edits = admin.latencies.length;
  const latencies = [...admin.latencies].sort((a, b) => a - b);
  const failures = [...admin.failures];
  if (!settled) failures.push('the calendar disagreed with the database after the run');
  if (edits - admin.refused === 0) failures.push('no edit was accepted');
  else if (admin.failures.length === 0 && admin.marksChanged === 0)
    failures.push('no edit changed what a visitor sees');
  if (bookings.booked === 0) failures.push('no booking was made');
  const readErrors = notSuccess + result.non2xx + result.errors + result.timeouts;
  return {
    name: `GET /api/option/${OPCD} (${year.months.length} months) while an admin bulk-edits the year`,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    note:
      `${edits} bulk edits of ${capacity.size} days (p50 ${Math.round(percentile(latencies, 50))} ms, ` +
      `p99 ${Math.round(percentile(latencies, 99))} ms, ${admin.refused} refused); ` +
      `${bookings.booked} booked, ${bookings.soldOut} sold out, ${bookings.other} other; ` +
      `calendar showed the edits: ${admin.marksChanged} marks changed, ${admin.retries} stale reads, ` +
      `agreeing read ≤ ${Math.round(admin.slowestAgreementMs)} ms after the answer; reads not 000: ${readErrors}; ` +
      `oversold ${audit.oversold}; stock mismatches ${audit.mismatched}` +
      `${audit.example ? ` (${audit.example})` : ''}${failures.length ? `; ${failures.join('; ')}` : ''}`,
    failed: failures.length > 0 || readErrors > 0 || bookings.other > 0 || audit.oversold > 0 || audit.mismatched > 0,
  };
}

export const suite: BenchSuite = {
  name: 'stock-edit',
  order: 60,
  routes: () => [],
  async run(target, { durationSeconds, clients }) {
    return [await run(target, clients, durationSeconds)];
  },
};
