/** What the benchmark suites do as a visitor of the real server: the CSRF token, a booking, the database's stock. */
import http from 'node:http';
import type { Ymd } from '@tabi/contract/dates';
import type { BenchStockDay } from './types.ts';

export async function csrf(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  return decodeURIComponent(cookie?.split(';')[0]?.slice('XSRF-TOKEN='.length) ?? '');
}

/** The headers of a state-changing call: JSON, the CSRF token echoed, and any other cookie given. */
export function benchHeaders(token: string, cookie = ''): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-xsrf-token': token,
    cookie: `XSRF-TOKEN=${token}${cookie ? `; ${cookie}` : ''}`,
  };
}

/**
 * POSTs `body` as JSON on one of `agent`'s kept-alive connections and reads the JSON answer: the bookings rows' client
 * (ADR 0187). `fetch` builds a request, a response and their streams for every call, and on two cores the client's
 * own work is taken from the server and the database it measures (pgbench's client is C).
 */
export function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  agent: http.Agent,
): Promise<{ status: number; answer: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(payload)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, answer: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A one-adult booking of an option's day at its adult price, as POST /api/booking takes it. */
export function bookingBody(opcd: string, day: { date: Ymd; price: number }, tel = '09000000000', boots = '') {
  return {
    opcd,
    usedate: day.date,
    md: 'bench',
    sei: 'BENCH',
    mei: 'TARO',
    tel,
    mail: 'bench@example.com',
    amountjp: String(day.price),
    lang: 'ja',
    webname_localized: '',
    memberList: [
      { seq: '1', sei: 'BENCH', mei: 'TARO', sex: '1', birthday: '19900101', ageclass: '1', nationality_id: '1' },
    ],
    rentskiList: boots ? [{ seq: '1', model: '', boots_size: boots, wear_size: '', accessory: '' }] : [],
  };
}

/** Each day's stock row from `from` to `to` (YYYY-MM-DD) as the database holds it (GET /api/_bench/stock). */
export async function databaseStock(baseUrl: string, opcd: string, from: string, to: string): Promise<BenchStockDay[]> {
  const res = await fetch(`${baseUrl}/api/_bench/stock?opcd=${opcd}&from=${from}&to=${to}`);
  if (!res.ok) throw new Error(`GET /api/_bench/stock answered ${res.status}`);
  return ((await res.json()) as { response: { stock: BenchStockDay[] } }).response.stock;
}

/** The value at percentile `p` of ascending `sorted` (0 when empty). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
