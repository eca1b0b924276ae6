/**
 * Records the golden answers of db/spec-answers-migration.integration.test.ts with the code as it stood before
 * migration 0037 (ADR 0196: `stock` became `departures`): the demo data seeded at a fixed "now", with a booking in
 * every state the lifecycle had then, and the JSON answer of every read call of SPEC §7 on it. The test loads the
 * same rows into a database of that schema, migrates it to today's and asks the current server the same calls.
 *
 * It runs on the old code only (it writes the old `stock` table, and the answers are the old server's). Again:
 *
 *   git -C /work/main worktree add /tmp/old c037955
 *   # its package-lock is today's: today's node_modules, but the contract package of the worktree
 *   mkdir -p /tmp/old/node_modules/@tabi && ln -s ../../packages/contract /tmp/old/node_modules/@tabi/contract
 *   for e in /work/main/node_modules/* /work/main/node_modules/.bin; do
 *     [ "${e##*\/}" = @tabi ] || ln -s "$e" /tmp/old/node_modules/; done
 *   cd /work/main && cp apps/server/src/scripts/record-spec-answers.ts /tmp/old/apps/server/src/scripts/ &&
 *     cp apps/server/src/db/migrations-before.ts /tmp/old/apps/server/src/db/
 *   cd /tmp/old && TZ=UTC npx tsx apps/server/src/scripts/record-spec-answers.ts /work/main/apps/server/src/db/spec-answers
 *   git -C /work/main worktree remove --force /tmp/old
 *
 * It takes about a minute: the seed, the states below, then the calls answered twice, each time on a fresh load of
 * the rows, which must agree (an answer that depended on anything but the rows and the fixed clock would not).
 *
 * Bookings get random numbers, so a new recording is a new fixture throughout (rows and answers together).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import { addDays, tokyoYmd, type Ymd } from '@tabi/contract/dates';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { customerActor } from '../actor.ts';
import { buildApp } from '../app.ts';
import { FixedClock } from '../clock.ts';
import { createContext } from '../compose.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { type Database, openDatabase, rowsOf } from '../db/client.ts';
import { type DatabaseRows, dumpRows, loadRows } from '../db/migrations-before.ts';
import { resellers } from '../db/schema.ts';
import { beginCancellation } from '../modules/booking/cancel.ts';
import { confirmRequest } from '../modules/booking/service.ts';
import { sweepUnpaidBookings } from '../modules/booking/sweeper.ts';
import { issueResellerKey } from '../modules/reseller/keys.ts';
import { seed } from '../seed/seed.ts';

/** The fixture's "now": 12:00 in Tokyo, the day the demo is dated from (the test helper's default). */
const NOW = new Date('2026-11-21T03:00:00Z');
const TODAY: Ymd = tokyoYmd(NOW);
/** The stock kept: the months the answers read (the demo bookings' days and the calendars asked). */
const STOCK_UNTIL = '2027-02-01';
const MONTHS: Ymd[] = ['20261101', '20261201', '20270101'];
const TEL = '090-1234-5678';
const RESELLER_TEL = '+81 90-2222-3333';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The config both servers run with: the test helper's (createTestApp), and room for the many logins and bookings
 * of one address that making and reading every booking takes.
 */
const CONFIG_OVERRIDES = {
  unpaidSeatsPerCustomer: 1_000_000,
  unpaidSeatsPerAddress: 1_000_000,
  loginLimitPerIp: 1_000_000,
  bookingLimitPerIp: 1_000_000,
} satisfies Partial<Config>;

/** One recorded call: `session` puts the session of the last login into the body, as my page sends it. */
export interface SpecCall {
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  session?: true;
}

export interface SpecAnswer {
  status: number;
  body: unknown;
}

export interface SpecAnswers {
  now: string;
  config: typeof CONFIG_OVERRIDES;
  calls: { call: SpecCall; answer: SpecAnswer }[];
}

/** A login's session is a fresh random token on every run: the answers say where one stood, not which. */
const SESSION_PLACEHOLDER = '<session>';

interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  clock: FixedClock;
  /** inject() with a valid anti-forgery cookie and header, as the test helper's request(). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

async function serverOn(database: Database): Promise<Server> {
  const clock = new FixedClock(NOW);
  const config: Config = {
    ...loadConfig({ APP_KEY: 'test-key', PUBLIC_URL: 'http://localhost:3000' }),
    dataDir: 'memory',
    ...CONFIG_OVERRIDES,
  };
  const ctx = createContext({ db: database.db, clock, config, notifications: database });
  const app = await buildApp(ctx);
  await app.ready();
  const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return {
    app,
    ctx,
    clock,
    request: (opts) =>
      app.inject({
        ...opts,
        headers: { 'x-xsrf-token': token, ...opts.headers },
        cookies: { 'XSRF-TOKEN': token, ...opts.cookies },
      }),
    async close() {
      await app.close();
      await ctx.limiter.close();
    },
  };
}

interface Envelope<T> {
  errcd: string;
  errMsg: string;
  response: T;
}

async function call<T>(s: Server, options: InjectOptions): Promise<T> {
  const res = await s.request(options);
  const body = res.json() as Envelope<T>;
  if (res.statusCode !== 200 || body.errcd !== '000') {
    throw new Error(`${options.method} ${options.url}: ${res.statusCode} ${res.body}`);
  }
  return body.response;
}

function birthday(usedate: Ymd, age: number): Ymd {
  return `${Number(usedate.slice(0, 4)) - age}${usedate.slice(4, 6)}01`;
}

/** A customer's booking on the site: `adults` adults and `children` children, priced by GET /price. */
async function book(s: Server, opcd: string, usedate: Ymd, adults: number, children = 0): Promise<string> {
  const query = `usedate=${usedate}&adultqty=${adults}&middleqty=0&childqty=${children}&infantqty=0`;
  const price = await call<{ valueList: Record<string, { adultbaika: string; childbaika: string }> }>(s, {
    method: 'GET',
    url: `/api/price/${opcd}?${query}`,
  });
  const day = price.valueList[usedate];
  if (!day) throw new Error(`no price for ${opcd} on ${usedate}`);
  const members = [
    ...Array.from({ length: adults }, (_, i) => ({ ageclass: '1', birthday: birthday(usedate, 40 - i) })),
    ...Array.from({ length: children }, (_, i) => ({ ageclass: '2', birthday: birthday(usedate, 8 + i) })),
  ].map((m, i) => ({
    seq: String(i + 1),
    sei: 'KIROKU',
    mei: ['TARO', 'HANAKO', 'JIRO', 'YUKI', 'KENTA'][i] ?? 'SABURO',
    sex: i % 2 === 0 ? '1' : '2',
    nationality_id: '1',
    ...m,
  }));
  const made = await call<{ rsvno: string }>(s, {
    method: 'POST',
    url: '/api/booking',
    payload: {
      opcd,
      usedate,
      md: '',
      sei: 'KIROKU',
      mei: 'TARO',
      tel: TEL,
      mail: 'record@example.jp',
      amountjp: String(adults * Number(day.adultbaika) + children * Number(day.childbaika)),
      lang: 'ja',
      webname_localized: '',
      memberList: members,
      rentskiList: [],
    },
  });
  return made.rsvno;
}

/** Pays a booking through the sandbox's hosted checkout, as a customer from my page with the test card. */
async function pay(s: Server, rsvno: string): Promise<void> {
  const checkout = await call<{ url: string }>(s, {
    method: 'POST',
    url: '/api/checkout',
    payload: {
      session: await login(s, rsvno),
      rsvno,
      success_path: '/mypage?checkout-processing=0',
      cancel_path: '/mypage?checkout-processing=1',
    },
  });
  const res = await s.app.inject({
    method: 'POST',
    url: new URL(checkout.url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'number=4242424242424242&expiry=12%2F30&cvc=123',
  });
  if (res.statusCode !== 303) throw new Error(`sandbox payment of ${rsvno}: ${res.statusCode}`);
}

async function login(s: Server, rsvno: string): Promise<string> {
  return (await call<{ session: string }>(s, { method: 'POST', url: '/api/mylogin', payload: { rsvno, tel: TEL } }))
    .session;
}

function octo(s: Server, key: string, method: 'POST' | 'GET', url: string, body?: unknown) {
  return s.app.inject({
    method,
    url: `/octo${url}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'octo-capabilities': '' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** A reseller's hold through OCTO for two adults, as OCTO answers it. */
async function resellerHold(s: Server, key: string, opcd: string, usedate: Ymd, minutes?: number) {
  const iso = `${usedate.slice(0, 4)}-${usedate.slice(4, 6)}-${usedate.slice(6)}`;
  const res = await octo(s, key, 'POST', '/bookings', {
    productId: opcd,
    optionId: 'DEFAULT',
    availabilityId: `${iso}T00:00:00+09:00`,
    unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
    ...(minutes === undefined ? {} : { expirationMinutes: minutes }),
  });
  if (res.statusCode !== 200) throw new Error(`OCTO hold: ${res.statusCode} ${res.body}`);
  return res.json() as { uuid: string; supplierReference: string; unitItems: { uuid: string; unitId: string }[] };
}

/**
 * The demo seed has one booking per state it shows; these add the states it lacks, each made as the old code made
 * it (the site's calls, the sandbox's checkout, OCTO, the sweeper, the operator's confirmation):
 * expired by the sweeper, held past its hour, paid by card (a month ahead), canceled with a refund, cancelling (its
 * refund not yet sent), a request withdrawn, a request confirmed and paid, a confirmation past its deadline, and a
 * reseller's hold, expired hold, confirmed booking and cancellation.
 */
async function addStates(s: Server): Promise<void> {
  const at = (ms: number) => s.clock.set(new Date(NOW.getTime() + ms));
  // Expired: a card booking left unpaid, swept two hours after its hour.
  at(-5 * HOUR);
  await book(s, 'OP0001', addDays(TODAY, 12), 2);
  at(-3 * HOUR);
  await sweepUnpaidBookings(s.ctx);
  // Paid by card, then canceled by the customer with the policy's refund.
  at(-3 * DAY);
  const canceled = await book(s, 'OP0001', addDays(TODAY, 6), 2, 1);
  await pay(s, canceled);
  at(-1 * DAY);
  const session = await login(s, canceled);
  const quote = await call<{ refund: number }>(s, {
    method: 'POST',
    url: '/api/booking/cancelprice',
    payload: { session, rsvno: canceled },
  });
  await call(s, {
    method: 'POST',
    url: '/api/booking/cancel',
    payload: { session, rsvno: canceled, refund: String(quote.refund) },
  });
  // Cancelling: claimed, its refund planned and not yet sent.
  at(-2 * DAY);
  const cancelling = await book(s, 'OP0026', addDays(TODAY, 15), 1);
  await pay(s, cancelling);
  at(-10 * MINUTE);
  await beginCancellation(s.ctx, cancelling, { actor: customerActor });
  // A request withdrawn by the customer before it was answered.
  at(-1 * DAY);
  const withdrawn = await book(s, 'OP0002', addDays(TODAY, 18), 2);
  await call(s, {
    method: 'POST',
    url: '/api/booking/withdraw',
    payload: { session: await login(s, withdrawn), rsvno: withdrawn },
  });
  // A request confirmed and paid in time.
  at(-4 * DAY);
  const confirmedPaid = await book(s, 'OP0002', addDays(TODAY, 9), 2, 1);
  at(-3 * DAY);
  await confirmRequest(s.ctx, confirmedPaid, { kind: 'system', name: 'ops' });
  at(-2 * DAY);
  await pay(s, confirmedPaid);
  // A confirmed request whose deadline (72 hours) is now: expired as the server reads it, not yet swept.
  at(-4 * DAY);
  const lapsed = await book(s, 'OP0002', addDays(TODAY, 8), 1);
  at(-3 * DAY);
  await confirmRequest(s.ctx, lapsed, { kind: 'system', name: 'ops' });
  // Paid by card a month ahead: free to cancel, so today's server offers a change of its day (ADR 0197).
  at(-2 * DAY);
  await pay(s, await book(s, 'OP0001', addDays(TODAY, 30), 2));
  // Held, past its hour and not yet swept.
  at(-90 * MINUTE);
  await book(s, 'OP0001', addDays(TODAY, 11), 1);
  // A reseller's bookings: a hold, a hold past its expiry, one confirmed on account, and one confirmed then canceled.
  at(-2 * DAY);
  const [reseller] = await s.ctx.db
    .insert(resellers)
    .values({ name: 'Record Travel', commissionBp: 1000, createdAt: s.clock.now() })
    .returning();
  if (!reseller) throw new Error('no reseller');
  const { key } = await issueResellerKey(s.ctx.db, reseller.id, s.clock.now(), 1_000);
  for (const [day, cancel] of [
    [10, false],
    [13, true],
  ] as const) {
    const hold = await resellerHold(s, key, 'OP0001', addDays(TODAY, day));
    const confirmed = await octo(s, key, 'POST', `/bookings/${hold.uuid}/confirm`, {
      contact: { fullName: 'Jane Doe', emailAddress: 'jane@example.com', phoneNumber: RESELLER_TEL, locales: ['en'] },
      unitItems: hold.unitItems.map((u, i) => ({
        uuid: u.uuid,
        unitId: u.unitId,
        ...(i === 0 ? { contact: { firstName: 'Jane', lastName: 'Doe' } } : {}),
      })),
    });
    if (confirmed.statusCode !== 200) throw new Error(`OCTO confirm: ${confirmed.body}`);
    if (cancel) {
      at(-1 * DAY);
      const res = await octo(s, key, 'POST', `/bookings/${hold.uuid}/cancel`, { reason: 'Customer changed plans' });
      if (res.statusCode !== 200) throw new Error(`OCTO cancel: ${res.body}`);
    }
  }
  at(-2 * HOUR);
  await resellerHold(s, key, 'OP0026', addDays(TODAY, 16), 30);
  at(-10 * MINUTE);
  await resellerHold(s, key, 'OP0026', addDays(TODAY, 17));
  s.clock.set(NOW);
}

/** Every read call of SPEC §7 the answers hold, in order, from what the database holds. */
async function specCalls(database: Database): Promise<SpecCall[]> {
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const regions = await q<{ homencd: string }>(sql`select homencd from regions order by homencd`);
  const areas = await q<{ homencd: string; areacd: string }>(sql`select homencd, areacd from areas order by areacd`);
  const cities = await q<{ citycd: string }>(sql`select citycd from cities order by citycd`);
  const keywords = await q<{ keycd: string }>(sql`select keycd from keywords order by keycd`);
  const spots = await q<{ fromspotcd: string }>(sql`select fromspotcd from fromspots order by fromspotcd`);
  const opcds = (await q<{ opcd: string }>(sql`select opcd from options order by opcd`)).map((o) => o.opcd);
  const booked = await q<{ rsvno: string; pkcd: string; tel: string; opcd: string; reseller: boolean }>(sql`
    select b.rsvno, b.pkcd, b.tel, min(o.opcd) as opcd, b.reseller_id is not null as reseller from bookings b
    join booking_options o on o.rsvno = b.rsvno group by b.rsvno order by b.rsvno`);
  const coupons = await q<{ rsvno: string; opcd: string; pkcd: string }>(sql`
    select l.rsvno, l.opcd, l.pkcd from booking_options l join options o on o.opcd = l.opcd
    where o.is_coupon order by l.rsvno, l.opcd`);

  const get = (url: string): SpecCall => ({ method: 'GET', url });
  const calls: SpecCall[] = [
    get('/api/option/condition'),
    get('/api/option/condition?lang=en'),
    get('/api/nationality'),
    get('/api/nationality?lang=en'),
    get('/api/area?is_valid=true'),
    get('/api/city?is_valid=true'),
    get('/api/price'),
  ];
  for (const r of regions) calls.push(get(`/api/area?homencd=${r.homencd}&is_valid=true`));
  calls.push(get('/api/area?homencd=01&is_valid=true&lang=en'));
  for (const a of areas) calls.push(get(`/api/city?homencd=${a.homencd}&areacd=${a.areacd}&is_valid=true`));
  calls.push(get('/api/city?homencd=03&areacd=0301&is_valid=true&lang=en'));

  // The list: every page, each filter alone, a few together, each order, English.
  for (let page = 1; page <= Math.ceil(opcds.length / 10) + 1; page += 1) {
    calls.push(get(page === 1 ? '/api/option' : `/api/option?page=${page}`));
  }
  for (const r of regions) calls.push(get(`/api/option?homencd=${r.homencd}`));
  for (const a of areas) calls.push(get(`/api/option?homencd=${a.homencd}&areacd=${a.areacd}`));
  for (const c of cities) calls.push(get(`/api/option?citycd=${c.citycd}`));
  for (const f of spots) calls.push(get(`/api/option?fromspotcd=${f.fromspotcd}`));
  for (const k of keywords) calls.push(get(`/api/option?keycd=${k.keycd}`));
  calls.push(get(`/api/option?keycd=${keywords.map((k) => k.keycd).join(',')}`));
  for (const days of [0, 1, 3, 10, 25, 45, 75]) calls.push(get(`/api/option?usedate=${addDays(TODAY, days)}`));
  calls.push(get(`/api/option?usedate=${addDays(TODAY, 10)}&page=2`));
  calls.push(get(`/api/option?homencd=01&usedate=${addDays(TODAY, 30)}`));
  calls.push(get(`/api/option?homencd=03&keycd=${keywords[0]?.keycd ?? ''}`));
  for (const sort of ['recommended', 'price_asc', 'price_desc']) {
    calls.push(get(`/api/option?sort=${sort}`), get(`/api/option?sort=${sort}&page=2`));
  }
  calls.push(get('/api/option?lang=en'), get('/api/option?lang=en&page=3'));

  // Each option's detail and its calendar: this month from today, and each month whose stock is kept.
  for (const opcd of opcds) {
    calls.push(get(`/api/option/${opcd}`));
    for (const month of MONTHS) calls.push(get(`/api/option/${opcd}?usedate=${month}`));
  }
  for (const opcd of opcds.slice(0, 5)) calls.push(get(`/api/option/${opcd}?lang=en&usedate=${MONTHS[1]}`));
  calls.push(get('/api/option/NOSUCH'));

  // Prices: two days and parties of each option, a day without stock, and SPEC §8's refusals.
  const parties = ['adultqty=1&middleqty=0&childqty=0&infantqty=0', 'adultqty=2&middleqty=1&childqty=1&infantqty=1'];
  for (const [i, opcd] of opcds.entries()) {
    calls.push(get(`/api/price/${opcd}?usedate=${addDays(TODAY, 3 + (i % 7))}&${parties[0]}`));
    calls.push(get(`/api/price/${opcd}?usedate=${addDays(TODAY, 20 + (i % 11))}&${parties[1]}`));
  }
  calls.push(
    get(`/api/price/OP0001?usedate=20270301&${parties[0]}`),
    get(`/api/price/OP0001?usedate=${TODAY}&adultqty=99&middleqty=0&childqty=0&infantqty=0`),
    get(`/api/price/OP0001?usedate=${addDays(TODAY, 5)}&adultqty=0&middleqty=0&childqty=0&infantqty=0`),
    get(`/api/price/OP0001?${parties[0]}`),
    get(`/api/price/NOSUCH?usedate=${addDays(TODAY, 5)}&${parties[0]}`),
  );

  // My page, for each booking: login, the booking, its options as my page reads them, cancel price, receipts, coupons.
  const post = (url: string, body: Record<string, unknown>, session?: true): SpecCall => ({
    method: 'POST',
    url,
    body,
    ...(session ? { session } : {}),
  });
  for (const b of booked) {
    // My page does not open a reseller's booking (the reseller manages it): its login's refusal is all there is.
    if (b.reseller) {
      calls.push(post('/api/mylogin', { rsvno: b.rsvno, tel: RESELLER_TEL }));
      continue;
    }
    calls.push(post('/api/mylogin', { rsvno: b.rsvno, tel: b.tel }));
    calls.push(post(`/api/booking/${b.rsvno}`, { rsvno: b.rsvno }, true));
    calls.push(get(`/api/option/${b.pkcd === 'X' ? b.opcd : b.pkcd}`));
    calls.push(post('/api/booking/cancelprice', { rsvno: b.rsvno }, true));
    calls.push(post('/api/booking/receipts', { rsvno: b.rsvno }, true));
    calls.push(post('/api/coopon', {}, true));
    for (const line of coupons.filter((l) => l.rsvno === b.rsvno)) {
      calls.push(post(`/api/coopon/${line.opcd}/${line.pkcd}`, {}, true));
    }
  }
  const first = booked[0];
  if (first) {
    calls.push(post('/api/mylogin', { rsvno: first.rsvno, tel: first.tel }));
    calls.push({
      ...post(`/api/booking/${first.rsvno}`, { rsvno: first.rsvno }, true),
      headers: { 'accept-language': 'en' },
    });
    calls.push(post('/api/mylogin', { rsvno: first.rsvno, tel: '090-0000-0000' }));
    calls.push(post('/api/mylogin', { rsvno: 'ZZ999999', tel: first.tel }));
  }
  return calls;
}

/** Replays `calls` on a server, as the test does: the session of each login goes into the calls after it. */
export async function replay(
  request: (options: InjectOptions) => PromiseLike<{ statusCode: number; body: string }>,
  calls: SpecCall[],
): Promise<SpecAnswer[]> {
  const answers: SpecAnswer[] = [];
  let session = '';
  for (const c of calls) {
    const res = await request({
      method: c.method,
      url: c.url,
      ...(c.headers ? { headers: c.headers } : {}),
      ...(c.body ? { payload: c.session ? { ...c.body, session } : c.body } : {}),
    });
    const body = JSON.parse(res.body) as unknown;
    if (c.url === '/api/mylogin') {
      const login = body as { response?: { session?: string } };
      session = login.response?.session ?? '';
      if (login.response?.session) login.response.session = SESSION_PLACEHOLDER;
    }
    answers.push({ status: res.statusCode, body });
  }
  return answers;
}

async function main(outDir: string): Promise<void> {
  // The data: the demo and the states it lacks, made on the old code, then its stock cut to the months read.
  const source = await openDatabase({ dataDir: 'memory' });
  await seed(source.db, new FixedClock(NOW));
  const maker = await serverOn(source);
  await addStates(maker);
  await maker.close();
  await source.db.execute(sql`delete from stock where usedate >= ${STOCK_UNTIL}::date`);
  // Each option's kept price range as the daily refresh leaves it on the fixture's day (the triggers date it by the
  // real clock), so that the list sorted by price reads it as it does in service.
  await source.db.execute(sql`
    update option_price_ranges r set from_day = ${TODAY}::date, min_adult = s.min_adult, max_adult = s.max_adult
    from (select o.opcd, min(s.adultbaika) as min_adult, max(s.adultbaika) as max_adult from options o
      left join stock s on s.opcd = o.opcd and s.usedate >= ${TODAY}::date group by o.opcd) s
    where s.opcd = r.opcd`);
  const rows = await dumpRows(source.db);
  await source.close();

  // The answers, from a database loaded from those rows (as the test loads them), never from the one they came from;
  // twice, each on its own load, so that an answer that does not follow from the rows and the clock alone (the real
  // time, a random value) is found here rather than taken for a change by the test.
  const answersOf = async (calls?: SpecCall[]) => {
    const loaded = await openDatabase({ dataDir: 'memory' });
    await loadRows(loaded.db, rows);
    const asked = calls ?? (await specCalls(loaded));
    const server = await serverOn(loaded);
    const answered = await replay(server.request, asked);
    await server.close();
    await loaded.close();
    return { calls: asked, answers: answered };
  };
  const { calls, answers } = await answersOf();
  const again = await answersOf(calls);
  const unstable = calls.filter((_, i) => !isDeepStrictEqual(answers[i], again.answers[i]));
  if (unstable.length > 0) {
    throw new Error(`answers that differ between two loads: ${unstable.map((c) => `${c.method} ${c.url}`).join(', ')}`);
  }

  const recorded: SpecAnswers = {
    now: NOW.toISOString(),
    config: CONFIG_OVERRIDES,
    calls: calls.map((c, i) => ({ call: c, answer: answers[i] ?? { status: 0, body: null } })),
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'rows.json.gz'), gzipSync(JSON.stringify(rows satisfies DatabaseRows)));
  writeFileSync(path.join(outDir, 'answers.json.gz'), gzipSync(JSON.stringify(recorded)));
  const states = summarise(rows);
  console.log(`${calls.length} calls recorded in ${outDir}; bookings by state: ${states}`);
}

function summarise(rows: DatabaseRows): string {
  const bookings = rows.tables.find((t) => t.table === 'bookings')?.rows ?? [];
  const count = new Map<string, number>();
  for (const b of bookings) count.set(String(b.state), (count.get(String(b.state)) ?? 0) + 1);
  return [...count].map(([state, n]) => `${state} ${n}`).join(', ');
}

// Run as a script; the test imports the replay and the types without recording anything.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: record-spec-answers.ts <fixture directory>');
    process.exit(1);
  }
  await main(path.resolve(out));
}
