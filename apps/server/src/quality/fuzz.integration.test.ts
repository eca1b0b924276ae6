/**
 * Bad input: every endpoint of the contract (plus the payment webhook and the CSRF cookie) gets
 * at least 200 generated malformed requests. Whatever arrives, the server answers below 500, /api answers
 * are SPEC's envelope with a Japanese message, no answer carries a stack trace, and the server is healthy
 * afterwards. The demo data is seeded, so valid-looking codes reach real rows and the deep checks behind them.
 *
 * Inputs are sampled with fixed seeds (FUZZ_SEED overrides), so a run is repeatable; all problems of an
 * endpoint are collected and reported together instead of stopping at the first.
 */

import { addDays, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { ENDPOINTS } from '@tabi/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departures } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import {
  encodeComponent,
  INVALID_JSON,
  type Json,
  type JsonObject,
  malformedScalar,
  malformedValue,
  mutate,
  mutation,
  OVERSIZED,
  queryString,
  RAW_BAD_QUERIES,
  WRONG_CONTENT_TYPES,
} from './fuzz-inputs.ts';

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 210);
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const HUGE_FIELD = 'z'.repeat(100_001);

type Csrf = 'valid' | 'none' | 'forged' | 'garbage';

interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  csrf: Csrf;
  remoteAddress: string;
}

/** A valid request of one endpoint; the fuzz starts from it and breaks it. */
interface Target {
  name: string;
  method: 'GET' | 'POST';
  /** Path with {param} placeholders, e.g. /api/booking/{rsvno}. */
  path: string;
  params: Record<string, string>;
  query?: JsonObject;
  /** One of these bodies is the starting point of each mutation. */
  bodies?: JsonObject[];
  /** The webhook reads its body raw and has no CSRF check; the CSRF cookie is not under /api. */
  kind: 'api' | 'webhook' | 'csrf';
  /** A call that answers a file when it succeeds (a PDF receipt): that answer is not the envelope. */
  file?: 'pdf';
}

let t: TestApp;
let token = '';
let today = '';
let targets: Target[] = [];

/** Spread over many client addresses (unbiased), so the per-address rate limits rarely cut a run short. */
const remoteAddress = fc
  .noBias(
    fc.tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 })),
  )
  .map(([a, b, c]) => `10.${a}.${b}.${c}`);

async function login(rsvno: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/mylogin',
    payload: { rsvno, tel: '090-1234-5678' },
    remoteAddress: `192.168.200.${rsvno.slice(-2)}`,
  });
  const session = (res.json() as { response: { session: string } | null }).response?.session;
  if (!session) throw new Error(`login ${rsvno}: ${res.body}`);
  return session;
}

async function priceOn(opcd: string, usedate: string) {
  const [row] = await t.ctx.db
    .select()
    .from(departures)
    .where(and(eq(departures.opcd, opcd), eq(departures.usedate, ymdToIsoDate(usedate))));
  if (!row) throw new Error(`no stock ${opcd} ${usedate}`);
  return row;
}

/** A bookable day of an option with at least `seats` left, from `from` on. */
async function bookableDay(opcd: string, from: string, seats: number): Promise<string> {
  for (let d = 0; d < 60; d += 1) {
    const day = addDays(from, d);
    const row = await priceOn(opcd, day).catch(() => null);
    if (row && row.zaikozan >= seats) return day;
  }
  throw new Error(`no bookable day for ${opcd}`);
}

function adult(seq: number, usedate: string, extra: JsonObject = {}): JsonObject {
  return {
    seq: String(seq),
    sei: 'YAMADA',
    mei: seq === 1 ? 'TARO' : 'HANAKO',
    sex: seq % 2 === 1 ? '1' : '2',
    birthday: `${Number(usedate.slice(0, 4)) - 35}0101`,
    ageclass: '1',
    nationality_id: '1',
    ...extra,
  };
}

async function bookingBodies(): Promise<JsonObject[]> {
  const from = addDays(today, 7);
  const applicant = {
    md: '',
    sei: 'YAMADA',
    mei: 'TARO',
    tel: '090-1234-5678',
    mail: 'taro@example.com',
    lang: 'ja',
    webname_localized: '',
  };
  const tourDay = await bookableDay('OP0001', from, 2);
  const tour = await priceOn('OP0001', tourDay);
  const skiDay = await bookableDay('OP0003', from, 1);
  const ski = await priceOn('OP0003', skiDay);
  const passportDay = await bookableDay('OP0007', from, 1);
  const passport = await priceOn('OP0007', passportDay);
  return [
    {
      opcd: 'OP0001',
      usedate: tourDay,
      ...applicant,
      amountjp: String(tour.adultbaika * 2),
      memberList: [adult(1, tourDay), adult(2, tourDay)],
      rentskiList: [],
    },
    {
      opcd: 'OP0003',
      usedate: skiDay,
      ...applicant,
      amountjp: String(ski.adultbaika),
      memberList: [adult(1, skiDay)],
      rentskiList: [{ seq: '1', model: '1', boots_size: '26.5', wear_size: 'L', accessory: '' }],
    },
    {
      opcd: 'OP0007',
      usedate: passportDay,
      ...applicant,
      amountjp: String(passport.adultbaika),
      memberList: [
        adult(1, passportDay, {
          extended_fields: { extended_participant_fields: { passport_number: 'TK1234567', vegetarian_meals: true } },
        }),
      ],
      rentskiList: [],
    },
  ];
}

async function buildTargets(): Promise<Target[]> {
  const paid = await login('AA100001');
  const payable = await login('AA100004');
  const rental = await login('AA100009');
  const coupons = await login('AA100010');
  // A paid booking whose receipt is issued (and reissued) by the valid starting requests of POST /booking/receipt.
  const receipt = await login('AA100006');
  // A session of its own: the valid starting request of POST /mylogout ends it.
  const leaving = await login('AA100005');
  // The request AA100005, withdrawn by the valid starting request of POST /booking/withdraw.
  const requested = await login('AA100005');
  const month = today.slice(0, 6);
  const priceDay = await bookableDay('OP0001', addDays(today, 3), 1);
  const byEndpoint: Record<string, Omit<Target, 'name' | 'method' | 'path' | 'kind'>> = {
    'POST /mylogin': { params: {}, bodies: [{ rsvno: 'AA100002', tel: '090-1234-5678' }] },
    'POST /mylogin/booked': { params: {}, bodies: [{ rsvno: 'AA100002' }] },
    'POST /mylogout': { params: {}, bodies: [{ session: leaving }] },
    'POST /coopon': { params: {}, bodies: [{ session: coupons }, { session: coupons, rsvno: 'AA100010' }] },
    'POST /coopon/{opcd}/{pkcd}': { params: { opcd: 'OP0011', pkcd: 'PK0001' }, bodies: [{ session: coupons }] },
    'POST /coopon/use': {
      params: {},
      bodies: [
        { session: coupons, opcd: 'OP0011', pkcd: 'PK0001', adultqty: '1', childqty: '0', usekey: '0000' },
        { session: coupons, opcd: 'OP0012', pkcd: 'PK0001', adultqty: '1', childqty: '1', usekey: '1234' },
      ],
    },
    'POST /booking/{rsvno}': { params: { rsvno: 'AA100001' }, bodies: [{ session: paid, rsvno: 'AA100001' }] },
    'GET /option/{code}': { params: { code: 'OP0001' }, query: { usedate: `${month}01` } },
    'GET /option/{code}/departures': { params: { code: 'OP0001' }, query: { usedate: `${month}10` } },
    'GET /option/{code}/rental-stock': { params: { code: 'OP0003' }, query: { usedate: `${month}10` } },
    'POST /booking/cancelprice': { params: {}, bodies: [{ session: paid, rsvno: 'AA100001' }] },
    'POST /booking/cancel': { params: {}, bodies: [{ session: paid, rsvno: 'AA100001', refund: '1' }] },
    'POST /booking/withdraw': { params: {}, bodies: [{ session: requested, rsvno: 'AA100005' }] },
    'POST /booking/change': {
      params: {},
      bodies: [{ session: paid, rsvno: 'AA100001', usedate: `${month}20`, start_time: '', amountjp: '8000' }],
    },
    'POST /booking/edit': {
      params: {},
      bodies: [
        {
          session: rental,
          rsvno: 'AA100009',
          rentskiList: [
            { seq: '1', model: '1', boots_size: '26.5', wear_size: 'L', accessory: '' },
            { seq: '2', model: '2', boots_size: '23.5', wear_size: 'S', accessory: '' },
          ],
        },
      ],
    },
    'POST /booking': { params: {}, bodies: await bookingBodies() },
    'POST /booking/revise': {
      params: {},
      bodies: (await bookingBodies()).map((body) => ({ ...body, rsvno: 'AA100002' })),
    },
    'POST /checkout/result': {
      params: {},
      bodies: [{ session_id: 'cs_sandbox_demo_AA100001' }, { session_id: 'cs_sandbox_nosuchsessionnosuchsession00' }],
    },
    'POST /checkout': {
      params: {},
      bodies: [
        {
          session: payable,
          rsvno: 'AA100004',
          success_path: '/mypage?checkout-processing=0',
          cancel_path: '/mypage?checkout-processing=1',
        },
        {
          rsvno: 'AA100002',
          success_path: '/reservation/complete?processing=success',
          cancel_path: '/reservation/complete?processing=failed',
        },
      ],
    },
    'GET /price/{opcd}': {
      params: { opcd: 'OP0001' },
      query: { usedate: priceDay, adultqty: '1', middleqty: '0', childqty: '1', infantqty: '0' },
    },
    'GET /nationality': { params: {}, query: {} },
    'GET /option': {
      params: {},
      query: {
        homencd: '01',
        areacd: '0101',
        citycd: '010101',
        fromspotcd: '1302',
        usedate: priceDay,
        keycd: '1,2',
        page: '1',
      },
    },
    'GET /option/condition': { params: {}, query: {} },
    'GET /area': { params: {}, query: { homencd: '01', is_valid: 'true' } },
    'GET /city': { params: {}, query: { homencd: '01', areacd: '0101', is_valid: 'true' } },
    'GET /price': {
      params: {},
      query: { usedate: priceDay, adultqty: '1', middleqty: '0', childqty: '1', infantqty: '0' },
    },
    'POST /booking/receipts': { params: {}, bodies: [{ session: receipt, rsvno: 'AA100006' }] },
    'POST /booking/receipt': {
      params: {},
      bodies: [
        { session: receipt, rsvno: 'AA100006', kind: 'payment', addressee: '株式会社テスト' },
        { session: receipt, rsvno: 'AA100006' },
        { session: requested, rsvno: 'AA100005', kind: 'cancel_fee', addressee: '田中 誠' },
      ],
    },
    // The ticket (ADR 0214) of the paid AA100006: its PDF, and the Wallet link (404: no WALLET_* in the tests).
    'POST /booking/ticket': { params: {}, bodies: [{ session: receipt, rsvno: 'AA100006' }] },
    'POST /booking/ticket/wallet': { params: {}, bodies: [{ session: receipt, rsvno: 'AA100006' }] },
    // キャンセル待ち (ADR 0167): a join (answered 409 while the day has seats), and tokens no entry has.
    'POST /waitlist': {
      params: {},
      bodies: [
        { opcd: 'OP0001', usedate: priceDay, mail: 'wait@example.com', party: 2 },
        { opcd: 'OP0001', usedate: priceDay, mail: 'wait@example.com', party: '8', lang: 'ja' },
      ],
    },
    'POST /waitlist/leave': { params: {}, bodies: [{ token: 'A'.repeat(43) }] },
    // 割引コード (ADR 0210): a code no one has, for a real option and day.
    'POST /discount': {
      params: {},
      bodies: [{ code: 'WINTER', opcd: 'OP0001', usedate: priceDay, amountjp: '12000', tel: '09012345678' }],
    },
    'POST /waitlist/offer': { params: {}, bodies: [{ token: 'b'.repeat(43) }] },
  };
  const fromContract = ENDPOINTS.map((endpoint): Target => {
    const key = `${endpoint.method} ${endpoint.path}`;
    const base = byEndpoint[key];
    if (!base) throw new Error(`the fuzz test has no starting input for ${key}: add one`);
    return {
      name: key,
      method: endpoint.method,
      path: `/api${endpoint.path}`,
      kind: 'api',
      ...(endpoint.kind === 'pdf' ? { file: 'pdf' as const } : {}),
      ...base,
    };
  });
  return [
    ...fromContract,
    {
      name: 'POST /stripe/webhook',
      method: 'POST',
      path: '/api/stripe/webhook',
      params: {},
      kind: 'webhook',
      bodies: [{ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_x' } } }],
    },
    { name: 'GET /sanctum/csrf-cookie', method: 'GET', path: '/sanctum/csrf-cookie', params: {}, kind: 'csrf' },
  ];
}

function pathWith(target: Target, params: Record<string, string>): string {
  return target.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '');
}

const csrfFor = (target: Target) =>
  target.kind === 'api' && target.method === 'POST'
    ? fc.oneof(
        { weight: 17, arbitrary: fc.constant<Csrf>('valid') },
        { weight: 1, arbitrary: fc.constantFrom<Csrf>('none', 'forged', 'garbage') },
      )
    : fc.constant<Csrf>('valid');

/** Path parameters: valid ones, or a malformed one (encoded, or raw percent garbage). */
function pathArb(target: Target): fc.Arbitrary<string> {
  const names = Object.keys(target.params);
  if (names.length === 0) return fc.constant(target.path);
  const bad = fc.oneof(
    malformedScalar.map((v) => encodeComponent(String(v))),
    fc.constantFrom('%', '%E0%A4%A', '%FF', '%00', '..%2F..%2F', '%2F', 'x'.repeat(5_000)),
  );
  return fc
    .record({ which: fc.nat(names.length - 1), value: bad, valid: fc.boolean() })
    .map(({ which, value, valid }) =>
      pathWith(target, valid ? target.params : { ...target.params, [names[which] ?? '']: value }),
    );
}

function getArb(target: Target): fc.Arbitrary<Omit<FuzzRequest, 'csrf' | 'remoteAddress'>> {
  const base = target.query ?? {};
  const plain = (kind: string, url: string, headers: Record<string, string> = {}) => ({
    kind,
    method: 'GET',
    url,
    headers,
  });
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(pathArb(target), fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([path, ms]) => plain('query mutation', `${path}${queryString(mutate(base, ms))}`)),
    },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(fc.constantFrom(...Object.keys(base), 'page', 'usedate', 'x'), malformedValue, { maxKeys: 5 })
        .map((query) => plain('random query', `${pathWith(target, target.params)}${queryString(query)}`)),
    },
    {
      weight: 2,
      arbitrary: pathArb(target).map((path) => plain('path parameter', `${path}${queryString(base)}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_BAD_QUERIES)
        .map((raw) => plain('raw query', `${pathWith(target, target.params)}${raw}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          accept: fc.constantFrom('text/html', '*/*', 'application/xml', '\u00ff'),
          etag: fc.constantFrom('"x"', '*', 'W/"a"', ''),
          ct: fc.constantFrom(...WRONG_CONTENT_TYPES),
        })
        .map(({ accept, etag, ct }) => ({
          ...plain('odd headers', `${pathWith(target, target.params)}${queryString(base)}`, {
            accept,
            'if-none-match': etag,
            'content-type': ct,
          }),
          payload: '{"a":',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('POST', 'PUT', 'DELETE', 'PATCH')
        .map((method) => ({ ...plain('wrong method', pathWith(target, target.params)), method })),
    },
  );
}

function postArb(target: Target): fc.Arbitrary<Omit<FuzzRequest, 'csrf' | 'remoteAddress'>> {
  const bodies = target.bodies ?? [{}];
  const keys = [...new Set(bodies.flatMap((b) => Object.keys(b)))];
  const json = (kind: string, url: string, body: Json) => ({
    kind,
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const url = pathWith(target, target.params);
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(pathArb(target), fc.constantFrom(...bodies), fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([path, body, ms]) => json('body mutation', path, mutate(body, ms))),
    },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(fc.constantFrom(...keys, 'x'), malformedValue, { maxKeys: keys.length + 1 })
        .map((body) => json('random body', url, body)),
    },
    { weight: 1, arbitrary: malformedValue.map((body) => json('top-level value', url, body)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...INVALID_JSON).map((raw) => ({
        kind: 'invalid JSON',
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: raw,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), fc.constantFrom(...bodies)).map(([ct, body]) => ({
        kind: 'wrong content type',
        method: 'POST',
        url,
        headers: { 'content-type': ct },
        payload: ct.includes('urlencoded') ? 'session=a&rsvno=b' : JSON.stringify(body),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...bodies).map((body) => ({
        kind: 'no content type',
        method: 'POST',
        url,
        headers: {},
        payload: JSON.stringify(body),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...bodies)
        .map((body) => json('oversized body', url, { ...body, padding: OVERSIZED } as JsonObject)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE').map((method) => ({
        kind: 'wrong method',
        method,
        url,
        headers: {},
      })),
    },
  );
}

function requestArb(target: Target): fc.Arbitrary<FuzzRequest> {
  const shape = target.method === 'GET' ? getArb(target) : postArb(target);
  const webhookHeaders = fc.constantFrom(
    {},
    { 'stripe-signature': 't=1,v1=deadbeef' },
    { 'stripe-signature': '\u00ff'.repeat(10) },
    { 'stripe-signature': 'x'.repeat(10_000) },
  );
  return fc
    .tuple(shape, csrfFor(target), remoteAddress, target.kind === 'webhook' ? webhookHeaders : fc.constant({}))
    .map(([req, csrf, ip, extra]) => ({ ...req, headers: { ...req.headers, ...extra }, csrf, remoteAddress: ip }));
}

function send(req: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...req.headers };
  const cookies: Record<string, string> = {};
  if (req.csrf === 'valid') {
    headers['x-xsrf-token'] = token;
    cookies['XSRF-TOKEN'] = token;
  } else if (req.csrf === 'forged') {
    headers['x-xsrf-token'] = 'forged.token';
    cookies['XSRF-TOKEN'] = 'forged.token';
  } else if (req.csrf === 'garbage') {
    headers['x-xsrf-token'] = '%E0%A4%A%';
    cookies['XSRF-TOKEN'] = '%E0%A4%A%';
  }
  return t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    cookies,
    remoteAddress: req.remoteAddress,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
/** What a leaked stack trace or framework error looks like. */
const LEAKS: RegExp[] = [
  /\bat [^\n"]*[/\\][^\n"]*:\d+:\d+/,
  /\b[A-Z][A-Za-z]*Error: /,
  /node_modules/,
  /\/work\/|\/home\/|file:\/\//,
  /FST_ERR/,
  /"statusCode"\s*:/,
  /\bstack\b"?\s*:/,
];

/** Everything wrong with one answer (empty when it is fine). */
function problemsOf(target: Target, req: FuzzRequest, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`HTTP ${res.statusCode}`);
  // A receipt that was issued: a PDF, and nothing else (its compressed bytes are no text to search for leaks).
  const pdfAnswer = target.file === 'pdf' && res.statusCode === 200;
  if (!pdfAnswer) for (const leak of LEAKS) if (leak.test(res.body)) problems.push(`leak ${leak}`);
  const isApi = req.url.startsWith('/api/');
  const csrfChecked = isApi && target.kind === 'api' && !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
  // A URL that cannot be routed at all (bad escapes, over-long parameter) is refused before the CSRF check.
  const unroutable = res.statusCode === 400 || res.statusCode === 414;
  // The check runs on the matched route (ADR 0082): a method no route has is answered 404 before any handler.
  const unmatched = res.statusCode === 404 && req.method !== target.method;
  if (csrfChecked && req.csrf !== 'valid' && res.statusCode !== 419 && !unroutable && !unmatched) {
    problems.push(`HTTP ${res.statusCode} without a valid CSRF token (expected 419)`);
  }
  if (pdfAnswer) {
    if (res.headers['content-type'] !== 'application/pdf') problems.push(`content-type ${res.headers['content-type']}`);
    if (!res.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-'))) problems.push('a 200 that is not a PDF');
  }
  if (isApi && !pdfAnswer && req.method !== 'HEAD' && res.statusCode !== 204 && res.statusCode !== 304) {
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
      problems.push(`content-type ${res.headers['content-type']}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      problems.push('body is not JSON');
    }
    if (body !== undefined) {
      const env = body as Record<string, unknown>;
      if (typeof env !== 'object' || env === null || !('errcd' in env) || !('errMsg' in env) || !('response' in env)) {
        problems.push(`not the envelope: ${res.body.slice(0, 120)}`);
      } else if (typeof env.errcd !== 'string' || typeof env.errMsg !== 'string') {
        problems.push('errcd/errMsg are not strings');
      } else if (env.errcd !== '000') {
        if (!JAPANESE.test(env.errMsg)) problems.push(`errMsg not Japanese: ${env.errMsg}`);
        if (res.statusCode < 400) problems.push(`errcd ${env.errcd} with HTTP ${res.statusCode}`);
      } else if (res.statusCode >= 400) {
        problems.push(`errcd 000 with HTTP ${res.statusCode}`);
      }
    }
  }
  return problems;
}

function describeRequest(req: FuzzRequest): string {
  const payload = req.payload === undefined ? '' : ` ${JSON.stringify(req.payload.slice(0, 900))}`;
  return `[${req.kind}, csrf ${req.csrf}] ${req.method} ${req.url.slice(0, 160)}${payload}`;
}

/** Hand-picked inputs every endpoint also gets, on top of the generated ones. */
function fixedCases(target: Target): FuzzRequest[] {
  const url = pathWith(target, target.params);
  const base = { csrf: 'valid' as Csrf, remoteAddress: '', headers: {} };
  const cases: FuzzRequest[] = [];
  // Each from its own address, so that the per-address limits do not turn them into 429s.
  const push = (req: FuzzRequest) =>
    cases.push({ ...req, remoteAddress: `172.16.${cases.length >> 8}.${cases.length & 255}` });
  push({ ...base, kind: 'fixed', method: target.method, url: `${url}?%00=%00` });
  push({ ...base, kind: 'fixed', method: 'HEAD', url });
  push({ ...base, kind: 'fixed', method: 'OPTIONS', url });
  for (const body of target.bodies ?? []) {
    for (const key of Object.keys(body)) {
      for (const value of ['a\u0000b', '20261341', '\uD800', HUGE_FIELD, -1, 1e308, [], {}, null] as Json[]) {
        push({
          ...base,
          kind: 'fixed',
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ ...body, [key]: value }),
        });
      }
    }
  }
  for (const key of Object.keys(target.query ?? {})) {
    for (const value of ['a\u0000b', '20261341', '-1', '1e308', 'NaN', '%FF']) {
      push({ ...base, kind: 'fixed', method: 'GET', url: `${url}${queryString({ ...target.query, [key]: value })}` });
    }
  }
  return cases;
}

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  today = tokyoYmd(t.clock.now());
  const csrf = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  targets = await buildTargets();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const counted = new Map<string, number>();

describe('fuzz: malformed input never breaks the server', () => {
  const names = [...ENDPOINTS.map((e) => `${e.method} ${e.path}`), 'POST /stripe/webhook', 'GET /sanctum/csrf-cookie'];
  names.forEach((name, index) => {
    it(`${name}: ≥200 malformed requests, no 5xx, envelope, no leaks`, async () => {
      const target = targets.find((x) => x.name === name);
      if (!target) throw new Error(`no target ${name}`);
      const generated = fc.sample(requestArb(target), { numRuns: RUNS_PER_ENDPOINT, seed: BASE_SEED + index });
      const requests = [...generated, ...fixedCases(target)];
      const found = new Map<string, string>();
      const statuses = new Map<number, number>();
      for (const req of requests) {
        const res = await send(req);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        for (const problem of problemsOf(target, req, res)) {
          const key = `${problem} ← ${req.kind}`;
          if (!found.has(key)) found.set(key, `${describeRequest(req)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      counted.set(name, requests.length);
      const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([code, n]) => `${code}×${n}`);
      console.info(`fuzz ${name}: ${requests.length} requests → ${histogram.join(' ')}`);
      expect(requests.length).toBeGreaterThanOrEqual(200);
      expect([...found.entries()].map(([k, v]) => `${k}\n    ${v}`)).toEqual([]);
    });
  });

  it('is healthy afterwards and still answers valid calls', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const list = await t.request({ method: 'GET', url: '/api/option' });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { errcd: string }).errcd).toBe('000');
    const detail = await t.request({ method: 'GET', url: '/api/option/OP0001' });
    expect((detail.json() as { errcd: string }).errcd).toBe('000');
    const total = [...counted.values()].reduce((a, b) => a + b, 0);
    console.info(`fuzz: ${total} requests over ${counted.size} endpoints`);
  });
});
