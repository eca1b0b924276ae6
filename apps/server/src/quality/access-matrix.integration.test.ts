/**
 * The access matrix: every customer call, made with no session, an empty one, a made-up one,
 * an expired one (idle 61 minutes → errcd 001) and a live session of ANOTHER booking, is refused with
 * a 4xx, and the database is exactly as it was. The same calls with the owner's session then succeed,
 * which shows the refusals came from the session check and not from a malformed request.
 */
import { ErrCd, SESSION_IDLE_MINUTES } from '@tabi/contract/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;

/** Tables a customer call could change (sessions and rate-limit counters excepted). */
const WATCHED = [
  'bookings',
  'booking_options',
  'booking_members',
  'booking_rentals',
  'payments',
  'sandbox_checkouts',
  'coupon_uses',
  'outbox',
  'departures',
];

/** A digest of every watched row, computed in the database (the departures table alone has ~16,000 rows). */
async function snapshot(): Promise<string> {
  const digests = WATCHED.map(
    (table) => `select '${table}' as t, count(*) as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
      from ${table} x`,
  ).join(' union all ');
  const result = (await t.ctx.db.execute(sql.raw(digests))) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows);
}

let addressCounter = 0;
async function login(rsvno: string): Promise<string> {
  addressCounter += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/mylogin',
    payload: { rsvno, tel: '090-1234-5678' },
    remoteAddress: `10.77.${addressCounter >> 8}.${addressCounter & 255}`,
  });
  const session = (res.json() as { response: { session: string } | null }).response?.session;
  if (!session) throw new Error(`login ${rsvno}: ${res.body}`);
  return session;
}

interface Answer {
  status: number;
  errcd: string;
  errMsg: string;
  response: unknown;
}

async function call(url: string, payload: Record<string, unknown>): Promise<Answer> {
  const res = await t.request({ method: 'POST', url, payload });
  const body = res.json() as Omit<Answer, 'status'>;
  return { status: res.statusCode, ...body };
}

/** A customer call: the booking it acts on, and the request given a session (undefined = field left out). */
interface CustomerCall {
  name: string;
  owner: string;
  request(session: string | undefined): { url: string; payload: Record<string, unknown> };
}

const withSession = (session: string | undefined, body: Record<string, unknown>) =>
  session === undefined ? body : { session, ...body };

let ownerRefund = 0;

const CALLS: CustomerCall[] = [
  {
    name: 'POST /api/booking/{rsvno}',
    owner: 'AA100001',
    request: (s) => ({ url: '/api/booking/AA100001', payload: withSession(s, { rsvno: 'AA100001' }) }),
  },
  {
    name: 'POST /api/booking/{rsvno} (path only)',
    owner: 'AA100001',
    request: (s) => ({ url: '/api/booking/AA100001', payload: withSession(s, {}) }),
  },
  {
    name: 'POST /api/booking/cancelprice',
    owner: 'AA100001',
    request: (s) => ({ url: '/api/booking/cancelprice', payload: withSession(s, { rsvno: 'AA100001' }) }),
  },
  {
    name: 'POST /api/booking/cancel',
    owner: 'AA100001',
    request: (s) => ({
      url: '/api/booking/cancel',
      payload: withSession(s, { rsvno: 'AA100001', refund: String(ownerRefund) }),
    }),
  },
  {
    name: 'POST /api/booking/withdraw',
    owner: 'AA100005',
    request: (s) => ({ url: '/api/booking/withdraw', payload: withSession(s, { rsvno: 'AA100005' }) }),
  },
  {
    name: 'POST /api/booking/edit',
    owner: 'AA100009',
    request: (s) => ({
      url: '/api/booking/edit',
      payload: withSession(s, {
        rsvno: 'AA100009',
        rentskiList: [
          { seq: '1', model: '2', boots_size: '27.0', wear_size: 'XL', accessory: '' },
          { seq: '2', model: '1', boots_size: '24.0', wear_size: 'M', accessory: '' },
        ],
      }),
    }),
  },
  {
    name: 'POST /api/coopon',
    owner: 'AA100010',
    request: (s) => ({ url: '/api/coopon', payload: withSession(s, { rsvno: 'AA100010' }) }),
  },
  {
    name: 'POST /api/coopon/{opcd}/{pkcd}',
    owner: 'AA100010',
    request: (s) => ({ url: '/api/coopon/OP0011/PK0001', payload: withSession(s, {}) }),
  },
  {
    name: 'POST /api/coopon/use',
    owner: 'AA100010',
    request: (s) => ({
      url: '/api/coopon/use',
      payload: withSession(s, {
        opcd: 'OP0011',
        pkcd: 'PK0001',
        adultqty: '1',
        childqty: '1',
        usekey: '1234',
      }),
    }),
  },
  {
    name: 'POST /api/checkout (my-page payment of a confirmed request)',
    owner: 'AA100004',
    request: (s) => ({
      url: '/api/checkout',
      payload: withSession(s, {
        rsvno: 'AA100004',
        success_path: '/mypage?checkout-processing=0',
        cancel_path: '/mypage?checkout-processing=1',
      }),
    }),
  },
];

/** Live sessions of other bookings: a paid tour, a JR ticket, or the coupon package. */
function strangersOf(owner: string): string[] {
  return owner === 'AA100001' ? ['AA100006', 'AA100010'] : ['AA100001', 'AA100006'];
}

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  const owner = await login('AA100001');
  const quote = await call('/api/booking/cancelprice', { session: owner, rsvno: 'AA100001' });
  if (quote.errcd !== ErrCd.success) throw new Error(`cancelprice: ${quote.errMsg}`);
  ownerRefund = (quote.response as { refund: number }).refund;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function expectRefused(answer: Answer, label: string): void {
  expect(answer.status, `${label}: ${JSON.stringify(answer)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, label).toBeLessThan(500);
  expect(answer.errcd, label).not.toBe(ErrCd.success);
  expect(answer.errMsg, label).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  expect(answer.response, label).toBeNull();
}

describe('access matrix: customer calls without a valid session of their own booking are refused', () => {
  for (const c of CALLS) {
    describe(c.name, () => {
      it('no session field', async () => {
        const before = await snapshot();
        const { url, payload } = c.request(undefined);
        expectRefused(await call(url, payload), 'no session');
        expect(await snapshot()).toBe(before);
      });

      it('an empty session', async () => {
        const before = await snapshot();
        const { url, payload } = c.request('');
        expectRefused(await call(url, payload), 'empty session');
        expect(await snapshot()).toBe(before);
      });

      it('a made-up session → errcd 001', async () => {
        const before = await snapshot();
        const { url, payload } = c.request('bm90LWEtcmVhbC1zZXNzaW9uLXRva2VuLWF0LWFsbA');
        const answer = await call(url, payload);
        expectRefused(answer, 'garbage session');
        expect(answer.errcd).toBe(ErrCd.sessionTimeout);
        expect(await snapshot()).toBe(before);
      });

      it(`an expired session (idle ${SESSION_IDLE_MINUTES + 1} minutes) → errcd 001`, async () => {
        const session = await login(c.owner);
        const start = t.clock.now();
        t.clock.advance((SESSION_IDLE_MINUTES + 1) * 60_000);
        try {
          const before = await snapshot();
          const { url, payload } = c.request(session);
          const answer = await call(url, payload);
          expectRefused(answer, 'expired session');
          expect(answer.errcd).toBe(ErrCd.sessionTimeout);
          expect(answer.status).toBe(401);
          expect(await snapshot()).toBe(before);
        } finally {
          t.clock.set(start);
        }
        // The expired session stays dead even when the clock is back within the hour.
        const again = await call(c.request(session).url, c.request(session).payload);
        expect(again.errcd).toBe(ErrCd.sessionTimeout);
      });

      it("a live session of another booking, also when the body names this call's booking", async () => {
        for (const other of strangersOf(c.owner)) {
          const session = await login(other);
          const before = await snapshot();
          const { url, payload } = c.request(session);
          expectRefused(await call(url, payload), `session of ${other}`);
          if (!('rsvno' in payload)) {
            expectRefused(await call(url, { ...payload, rsvno: c.owner }), `session of ${other}, rsvno ${c.owner}`);
          }
          if (url.startsWith(`/api/booking/${c.owner}`)) {
            // The path names this booking, the body the caller's own.
            expectRefused(await call(url, { ...payload, rsvno: other }), `path ${c.owner}, body ${other}`);
          }
          expect(await snapshot()).toBe(before);
        }
      });
    });
  }
});

describe('the same calls with the owner’s live session succeed', () => {
  it('each call answers 000 for its own booking (and the snapshot sees what they change)', async () => {
    const before = await snapshot();
    for (const c of CALLS) {
      const session = await login(c.owner);
      const { url, payload } = c.request(session);
      const answer = await call(url, payload);
      expect(answer, c.name).toMatchObject({ status: 200, errcd: ErrCd.success });
    }
    expect(await snapshot()).not.toBe(before);
  });
});
