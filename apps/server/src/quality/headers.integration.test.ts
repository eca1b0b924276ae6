/**
 * Security headers and error answers: every kind of answer (API, the SPA's HTML with its page
 * meta, static assets, images, error answers before and after routing) carries the CSP with
 * frame-ancestors, nosniff, a referrer policy and frame denial; the CSRF cookie has the right flags; no
 * error answer leaks a stack trace; and option texts in the server-rendered meta are escaped.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Msg } from '@tabi/contract/messages';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { FixedClock } from '../clock.ts';
import { createContext } from '../compose.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/helper.ts';
import { addXssFixture, XSS_OPCD } from './xss-fixture.ts';

const INDEX_HTML = `<!doctype html>
<html lang="ja">
  <head>
    <meta charset="UTF-8" />
    <title>オプション一覧 | さくらトラベル オプション予約</title>
    <meta name="description" content="観光ツアー、体験を探して予約できます。" />
    <meta property="og:title" content="オプション一覧 | さくらトラベル オプション予約" />
    <meta property="og:description" content="観光ツアー、体験を探して予約できます。" />
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let dist: string;
let database: Database;
let app: FastifyInstance;
let secureApp: FastifyInstance;
let token = '';

async function build(secureCookies: boolean): Promise<FastifyInstance> {
  const clock = new FixedClock(new Date('2026-11-21T03:00:00Z'));
  const config = {
    ...loadConfig({ APP_KEY: 'test-key', PUBLIC_URL: 'http://localhost:3000' }),
    dataDir: 'memory',
    webDist: dist,
    secureCookies,
  };
  const ctx = createContext({ db: database.db, clock, config });
  const built = await buildApp(ctx, { serveWeb: true });
  await built.ready();
  return built;
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'quality-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  const clock = new FixedClock(new Date('2026-11-21T03:00:00Z'));
  database = await openTestDatabase(clock.now());
  await addXssFixture(database.db, clock);
  app = await build(false);
  secureApp = await build(true);
  const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}, 120_000);

afterAll(async () => {
  await app?.close();
  await secureApp?.close();
  await database?.close();
  rmSync(dist, { recursive: true, force: true });
});

function csp(res: LightMyRequestResponse): Map<string, string> {
  const value = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    value
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...rest] = d.split(/\s+/);
        return [name, rest.join(' ')];
      }),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, label: string): void {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], label).toBe('DENY');
  const policy = csp(res);
  expect(policy.get('frame-ancestors'), label).toBe("'none'");
  expect(policy.get('default-src'), label).toBe("'self'");
  expect(policy.get('script-src'), label).toBe("'self'");
  expect(policy.get('object-src'), label).toBe("'none'");
  expect(policy.get('base-uri'), label).toBe("'self'");
  expect(policy.get('form-action'), label).toBe("'self'");
}

/** What a leaked stack trace or framework internals look like. */
function expectNoLeak(res: LightMyRequestResponse, label: string): void {
  expect(res.body, label).not.toMatch(/\bat [^\n"]*[/\\][^\n"]*:\d+:\d+/);
  expect(res.body, label).not.toMatch(/\b[A-Z][A-Za-z]*Error: |node_modules|FST_ERR|"statusCode"|"stack"/);
}

function expectEnvelope(res: LightMyRequestResponse, status: number, message: string, label: string): void {
  expect(res.statusCode, label).toBe(status);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  expect(res.json(), label).toEqual({ errcd: '999', errMsg: message, response: null });
}

describe('security headers on every kind of answer', () => {
  const cases: [string, () => Promise<LightMyRequestResponse>][] = [
    ['API list', () => app.inject({ method: 'GET', url: '/api/option' })],
    ['API detail', () => app.inject({ method: 'GET', url: '/api/option/OP0001' })],
    ['SPA index', () => app.inject({ method: 'GET', url: '/' })],
    ['SPA detail', () => app.inject({ method: 'GET', url: '/detail?opcd=OP0001' })],
    ['SPA my page (history fallback)', () => app.inject({ method: 'GET', url: '/mypage' })],
    ['SPA unknown path', () => app.inject({ method: 'GET', url: '/no/such/page' })],
    ['static asset', () => app.inject({ method: 'GET', url: '/assets/index-abc123.js' })],
    ['demo image', () => app.inject({ method: 'GET', url: '/images/OP0001-1.svg' })],
    ['CSRF cookie', () => app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' })],
    ['health', () => app.inject({ method: 'GET', url: '/healthz' })],
    ['API 404', () => app.inject({ method: 'GET', url: '/api/nothing-here' })],
    ['API 419', () => app.inject({ method: 'POST', url: '/api/mylogin', payload: {} })],
    ['bad URL (before routing)', () => app.inject({ method: 'GET', url: '/api/option/%E0%A4%A' })],
    ['sandbox checkout 404 page', () => app.inject({ method: 'GET', url: '/sandbox/checkout/cs_nothing' })],
  ];
  for (const [label, request] of cases) {
    it(label, async () => {
      const res = await request();
      expect(res.statusCode, label).toBeLessThan(500);
      expectSecurityHeaders(res, label);
      expectNoLeak(res, label);
    });
  }

  it('lets the console, and only the console, use this site’s camera (its scanner, ADR 0215)', async () => {
    for (const url of ['/admin', '/admin/checkin', '/admin/checkin?date=20261201']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe('camera=(self), microphone=(), geolocation=()');
    }
    for (const url of ['/', '/mypage', '/administrator', '/api/admin/me']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe('camera=(), microphone=(), geolocation=()');
    }
  });

  it('the SPA HTML is not cached by shared caches and is served as UTF-8 HTML; assets are immutable', async () => {
    const html = await app.inject({ method: 'GET', url: '/detail?opcd=OP0001' });
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('a page answers HEAD as it answers GET, without the body; an unknown API path is still 404', async () => {
    for (const url of ['/', '/detail?opcd=OP0001', '/login', '/en/', '/mypage', '/admin']) {
      const headers = { 'accept-encoding': 'br' };
      const [get, head] = await Promise.all([
        app.inject({ method: 'GET', url, headers }),
        app.inject({ method: 'HEAD', url, headers }),
      ]);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['content-encoding'], url).toBe('br');
      expect(head.body, url).toBe('');
    }
    const api = await app.inject({ method: 'HEAD', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
  });

  it('a file that is not there, or a path of the server, is 404 in the envelope, never the page', async () => {
    for (const url of [
      '/assets/detail-0ld8uild.js',
      '/assets/index-0ld8uild.css',
      '/favicon.ico',
      '/sitemap.xml',
      '/.env',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      }
    }
    expect((await app.inject({ method: 'GET', url: '/assets/nothing-here.js' })).json()).toMatchObject({
      response: null,
    });
    // Nor a path of the server's own: the metrics without their token, the anti-forgery cookie's, the sandbox's.
    for (const url of ['/metrics', '/sanctum/nothing', '/sandbox/nothing', '/api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    const page = await app.inject({ method: 'GET', url: '/mypage/AA100001?from=mail.example' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('the CSRF cookie (Sanctum style)', () => {
  it('is readable by the page, SameSite=Lax, Path=/, not Secure on plain HTTP', async () => {
    const res = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBeGreaterThan(0);
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('is Secure when SECURE_COOKIES is on', async () => {
    const res = await secureApp.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/XSRF-TOKEN=[^;]+;/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/HttpOnly/i);
  });

  it('no other answer sets a cookie (sessions travel in the body, never in cookies)', async () => {
    for (const url of ['/', '/api/option', '/api/option/OP0001', '/healthz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/mylogin',
      payload: { rsvno: 'AA100001', tel: '090-1234-5678' },
      headers: { 'x-xsrf-token': token },
      cookies: { 'XSRF-TOKEN': token },
    });
    expect(login.json()).toMatchObject({ errcd: '000' });
    expect(login.headers['set-cookie']).toBeUndefined();
  });
});

describe('error answers: the envelope in Japanese, never a stack trace', () => {
  const post = (payload: string, contentType: string) =>
    app.inject({
      method: 'POST',
      url: '/api/mylogin',
      payload,
      headers: { 'content-type': contentType, 'x-xsrf-token': token },
      cookies: { 'XSRF-TOKEN': token },
    });

  it('404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/call' });
    expectEnvelope(res, 404, Msg.notFound, '404');
    expectNoLeak(res, '404');
  });

  it('413 (body over the limit)', async () => {
    const res = await post(JSON.stringify({ rsvno: 'x'.repeat(300_000), tel: '1' }), 'application/json');
    expectEnvelope(res, 413, Msg.bodyTooLarge, '413');
    expectNoLeak(res, '413');
    expectSecurityHeaders(res, '413');
  });

  it('415 (unsupported content type)', async () => {
    const res = await post('rsvno=AA100001&tel=1', 'application/xml');
    expectEnvelope(res, 415, Msg.badRequest, '415');
    expectNoLeak(res, '415');
    expectSecurityHeaders(res, '415');
  });

  it('400 (invalid JSON, prototype pollution, empty JSON body)', async () => {
    for (const body of ['{"rsvno":', '{"__proto__":{"x":1}}', '']) {
      const res = await post(body, 'application/json');
      expectEnvelope(res, 400, Msg.badRequest, body);
      expectNoLeak(res, body);
    }
  });

  it('400 / 414 for URLs that cannot be routed (bad escape, over-long parameter)', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/option/%E0%A4%A' });
    expectEnvelope(bad, 400, Msg.badRequest, 'bad escape');
    const long = await app.inject({ method: 'GET', url: `/api/option/${'x'.repeat(200)}` });
    expectEnvelope(long, 414, Msg.badRequest, 'long parameter');
    expectNoLeak(long, 'long parameter');
  });

  it('400 for NUL and lone surrogates anywhere in the input', async () => {
    const nul = await app.inject({ method: 'GET', url: '/api/area?homencd=%00' });
    expectEnvelope(nul, 400, Msg.badRequest, 'NUL in query');
    const surrogate = await post('{"rsvno":"AA100001","tel":"\\ud800"}', 'application/json');
    expectEnvelope(surrogate, 400, Msg.badRequest, 'lone surrogate');
  });

  it('419 for a malformed anti-forgery header', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/mylogin',
      payload: { rsvno: 'AA100001', tel: '1' },
      headers: { 'x-xsrf-token': '%E0%A4%A%' },
      cookies: { 'XSRF-TOKEN': '%E0%A4%A%' },
    });
    expectEnvelope(res, 419, Msg.csrfMismatch, '419');
  });
});

/** The markup with every quoted attribute value and all text between tags blanked: what a parser would build. */
function markupOf(html: string): string {
  return html.replace(/"[^"]*"/g, '""').replace(/>[^<]*</g, '><');
}
/** The payloads' tags and handlers, as markup (escaped text is harmless and is blanked by markupOf). */
const DANGEROUS_MARKUP = /<(img|svg|iframe|object|embed|math|details|input|form|base)\b|\son\w+\s*=/i;

describe('page meta in the server-rendered HTML', () => {
  it('/detail?opcd=OP0001 carries the option title and description', async () => {
    const detail = (await app.inject({ method: 'GET', url: '/api/option/OP0001' })).json() as {
      response: { webname: string };
    };
    const res = await app.inject({ method: 'GET', url: '/detail?opcd=OP0001' });
    const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1] ?? '';
    const description = /<meta name="description" content="([^"]*)"/.exec(res.body)?.[1] ?? '';
    expect(title).toContain(detail.response.webname.replace(/&/g, '&amp;'));
    expect(title).toContain('さくらトラベル');
    expect(description.length).toBeGreaterThan(10);
    expect(description).not.toContain('観光ツアー、体験を探して予約できます。');
    expect(res.body).toContain(`<meta property="og:title" content="${title}" />`);
  });

  it('pages are sent compressed as the browser accepts, and API answers too', async () => {
    const plain = await app.inject({ method: 'GET', url: '/login' });
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    const api = await app.inject({ method: 'GET', url: '/api/option', headers: { 'accept-encoding': 'gzip' } });
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(api.rawPayload).toString('utf8')).errcd).toBe('000');
  });

  it('an unknown option or another page falls back to the route meta', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/detail?opcd=NOPE' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toMatch(/<title>[^<]+<\/title>/);
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toMatch(/<title>[^<]*ログイン[^<]*<\/title>/);
  });

  it('script payloads in an option name and introduction are escaped in the head', async () => {
    const res = await app.inject({ method: 'GET', url: `/detail?opcd=${XSS_OPCD}` });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('XSS検証オプション &lt;img src=x onerror=');
    // Only the page's own two: its module and the inert legal data of the footer (JSON).
    expect(markupOf(head).match(/<script/g)).toHaveLength(2);
    expect(head).toMatch(/<script type="application\/json" id="[^"]+">/);
    expect(markupOf(head)).not.toMatch(DANGEROUS_MARKUP);
  });

  it('the generated image of that option escapes its title (an SVG opened directly runs no script)', async () => {
    const res = await app.inject({ method: 'GET', url: `/images/${XSS_OPCD}-1.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    // The picture carries the name's first 14 characters, escaped (captions are not drawn on pictures).
    expect(res.body).toContain('XSS検証オプション &lt;im');
    expect(markupOf(res.body)).not.toMatch(/<script|<img|<foreignObject|<iframe|\son\w+\s*=/i);
    expectSecurityHeaders(res, 'xss image');
  });
});
