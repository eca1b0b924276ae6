/**
 * HSTS behind HTTPS; answers made below Fastify's routing (431 for
 * over-long headers, 400 for what is not HTTP, 503 while closing) in the SPEC §8 envelope with the
 * security headers; one log line per request with its id, duration and status, and no "incoming
 * request" line; GET /metrics only with METRICS_TOKEN and its bearer token.
 */
import { connect } from 'node:net';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createContext } from '../compose.ts';
import type { Config } from '../config.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { HSTS } from './security-headers.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: METRICS_TOKEN } });
});
afterAll(async () => {
  await t.close();
});

async function appWith(
  config: Partial<Config>,
  logStream?: { write(line: string): unknown },
  prepare?: (app: FastifyInstance) => void,
) {
  const ctx = createContext({ db: t.database.db, clock: t.clock, config: { ...t.config, ...config } });
  const app = await buildApp(ctx, logStream ? { logger: true, logStream } : {});
  prepare?.(app);
  await app.ready();
  return app;
}

/** Sends raw bytes to a listening app and reads the whole answer (the server closes the connection). */
async function raw(app: FastifyInstance, request: string): Promise<{ head: string; body: string }> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket = connect(address.port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(request);
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.once('error', () => resolve());
  });
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { head: head.toLowerCase(), body };
}

function expectSecurityHeaders(head: string): void {
  expect(head).toContain('x-content-type-options: nosniff');
  expect(head).toContain('x-frame-options: deny');
  expect(head).toContain("frame-ancestors 'none'");
}

describe('HSTS', () => {
  it('is sent on every answer when SECURE_COOKIES=true, and not on plain HTTP', async () => {
    const secure = await appWith({ secureCookies: true });
    try {
      for (const url of ['/api/nationality', '/api/nope', '/healthz', '/%E0%A4%A']) {
        const res = await secure.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe(HSTS);
      }
    } finally {
      await secure.close();
    }
    const plain = await t.app.inject({ method: 'GET', url: '/api/nationality' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('errors below the routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ secureCookies: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers over-long headers 431 in the envelope with the security headers', async () => {
    const res = await raw(app, `GET /api/nationality HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(res.head).toMatch(/^http\/1\.1 431 /);
    expectSecurityHeaders(res.head);
    expect(res.head).toContain(`strict-transport-security: ${HSTS.toLowerCase()}`);
    expect(JSON.parse(res.body)).toEqual({ errcd: ErrCd.generic, errMsg: Msg.headersTooLarge, response: null });
  });

  it('answers what is not HTTP 400 in the envelope with the security headers', async () => {
    const res = await raw(app, 'HELLO THERE\r\n\r\n');
    expect(res.head).toMatch(/^http\/1\.1 400 /);
    expectSecurityHeaders(res.head);
    expect(JSON.parse(res.body)).toEqual({ errcd: ErrCd.generic, errMsg: Msg.badRequest, response: null });
  });

  it('answers 503 in the envelope while closing', async () => {
    let during: { head: string; body: string } | undefined;
    const closing = await appWith({}, undefined, (app) => {
      app.addHook('preClose', async () => {
        during = await raw(app, 'GET /api/nationality HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
    });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    await closing.close();
    expect(during?.head).toMatch(/^http\/1\.1 503 /);
    expectSecurityHeaders(during?.head ?? '');
    expect(JSON.parse(during?.body ?? '')).toEqual({
      errcd: ErrCd.generic,
      errMsg: Msg.serviceClosing,
      response: null,
    });
  });
});

describe('request logs', () => {
  it('writes no line per request at the default level (info)', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appWith({ logLevel: 'info' }, { write: (line) => lines.push(JSON.parse(line)) });
    try {
      await app.inject({ method: 'GET', url: '/api/nationality' });
      await app.inject({ method: 'POST', url: '/api/booking', payload: {} });
    } finally {
      await app.close();
    }
    expect(lines.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request')).toEqual([]);
  });

  it('writes one line per request at debug with its id, duration and status, and no "incoming request"', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appWith({ logLevel: 'debug' }, { write: (line) => lines.push(JSON.parse(line)) });
    try {
      await app.inject({ method: 'GET', url: '/api/nationality' });
      await app.inject({ method: 'POST', url: '/api/booking', payload: {} });
    } finally {
      await app.close();
    }
    const requests = lines.filter((l) => l.msg === 'request completed');
    expect(requests).toHaveLength(2);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    for (const line of requests) {
      expect(line.level).toBe(20);
      expect(line.reqId).toEqual(expect.any(String));
      expect(line.responseTime).toEqual(expect.any(Number));
    }
    expect(requests.map((l) => l.statusCode)).toEqual([200, 419]);
  });
});

describe('GET /metrics', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const app = await appWith({ metricsToken: undefined });
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('refuses a missing or wrong bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errcd: ErrCd.generic, errMsg: Msg.unauthorized, response: null });
      expect(res.body).not.toContain('tabi_');
    }
  });

  it('answers Prometheus text with per-route latency and the outbox, with the token', async () => {
    await t.app.inject({ method: 'GET', url: '/api/nationality' });
    await t.app.inject({ method: 'GET', url: '/api/option/NOPE' });
    await t.app.inject({ method: 'GET', url: '/no/such/path/123' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/tabi_http_request_duration_seconds_bucket\{[^}]*route="\/api\/nationality"/);
    expect(text).toMatch(/tabi_http_request_duration_seconds_count\{[^}]*route="\/api\/option\/:code"/);
    expect(text).toContain('route="(unmatched)"');
    expect(text).not.toContain('/no/such/path');
    for (const name of [
      'tabi_outbox_backlog',
      'tabi_outbox_failed',
      'tabi_outbox_retrying',
      'tabi_bookings_created_total',
      'tabi_payments_fulfilled_total',
      'tabi_refunds_total',
      'tabi_reconciler_findings_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/^tabi_outbox_backlog \d+$/m);
  });
});
