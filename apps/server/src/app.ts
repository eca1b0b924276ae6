import type { Duplex } from 'node:stream';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { CONSOLE_ENDPOINTS } from '@tabi/contract/console-endpoints';
import { ErrCd } from '@tabi/contract/constants';
import { ENDPOINTS, type Endpoint } from '@tabi/contract/endpoints';
import { Msg } from '@tabi/contract/messages';
import { say } from '@tabi/contract/said';
import { WALLET_PASS_PATH } from '@tabi/contract/tickets';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { registerAnswerSerialiser } from './http/answer-schema.ts';
import { registerCsrf } from './http/csrf.ts';
import { fail } from './http/envelope.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { messageFor, registerMessageLanguage } from './http/message-language.ts';
import { registerMetrics } from './http/metrics-route.ts';
import { registerNetworkCut, TEST_NETWORK_ROUTE } from './http/network-cut.ts';
import { registerOpenApi } from './http/openapi.ts';
import { siteOrigin } from './http/origin.ts';
import { checkRoutes, type OtherRoute, recordRoutes } from './http/route-check.ts';
import {
  applySecurityHeaders,
  registerSecurityHeaders,
  type SecurityHeaderOptions,
  securityHeaders,
} from './http/security-headers.ts';
import { type PageMetaResolver, registerSpa, sendCompressed } from './http/spa.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { bookingRoutes } from './modules/booking/routes.ts';
import { catalogImageRoutes } from './modules/catalog/image-routes.ts';
import { catalogPageMeta } from './modules/catalog/page-meta.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { checkinRoutes } from './modules/checkin/routes.ts';
import { couponRoutes } from './modules/coupon/routes.ts';
import { discountAdminRoutes } from './modules/discount/admin-routes.ts';
import { discountRoutes } from './modules/discount/routes.ts';
import { mediaRoutes, photoRoutes } from './modules/media/routes.ts';
import { mypageRoutes } from './modules/mypage/routes.ts';
import {
  OCTO_BENCH_ROUTE,
  OCTO_PREFIX,
  OCTO_ROUTES,
  octoRoutes,
  registerOctoBenchRoute,
} from './modules/octo/routes.ts';
import { OPS_ENDPOINTS, opsRoutes } from './modules/ops/routes.ts';
import { paymentRoutes } from './modules/payment/routes.ts';
import { SANDBOX_PATH } from './modules/payment/sandbox.ts';
import { CHECKOUT_SCRIPT_PATH, SANDBOX_VOUCHER_PATH } from './modules/payment/sandbox-page.ts';
import { sandboxRoutes } from './modules/payment/sandbox-routes.ts';
import { rentalStockRoutes } from './modules/rental-stock/routes.ts';
import { resourceRoutes } from './modules/resources/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { registerStaffTestRoutes, TEST_STAFF_SESSION_ROUTE } from './modules/staff/test-routes.ts';
import { ticketRoutes, walletPassRoutes } from './modules/ticket/routes.ts';
import { waitlistRoutes } from './modules/waitlist/routes.ts';
import { registerSeedTestRoutes, TEST_BOOKINGS_ROUTE, TEST_SWEEP_ROUTE } from './seed/test-routes.ts';

export interface BuildOptions {
  logger?: boolean;
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  /** Accept operator commands from loopback with this key (the running server's `npm run ops` path). */
  opsKey?: string;
  /** Where the log lines go (standard output unless told); tests read them. */
  logStream?: { write(line: string): unknown };
}

/**
 * One log line per request, when it is answered, with its id (reqId), method, URL, status and duration in
 * milliseconds — instead of Fastify's "incoming request" and "request completed" pair.
 * At `debug`: the default level (`info`) writes no line per request (ADR 0110); an answer
 * of 5xx is still written at `warn`, and a request that failed at `error`. Counts and durations: /metrics.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.warn(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}

/** Builds the app apart from the server that listens (fastify/demo); tests call it with inject. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const headerOptions = { hsts: ctx.config.secureCookies };
  const app = Fastify({
    logger: options.logger
      ? { level: ctx.config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) }
      : false,
    logController: new OneLineRequestLog(),
    bodyLimit: 256 * 1024,
    trustProxy: ctx.config.trustProxy,
    // A URL that cannot be decoded or a too long path parameter: answered before any hook or route.
    frameworkErrors: (error, request, reply) => {
      const answer = reply as FastifyReply;
      applySecurityHeaders(request, answer, headerOptions);
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      // No hook runs here: the message is written in the caller's language now.
      return answer.code(status).send(fail(ErrCd.generic, messageFor(request, answer, say('badRequest'))));
    },
    // Requests Node's parser refuses (headers over 16 KB, timeouts, garbage) never reach Fastify's reply.
    clientErrorHandler: (error, socket) => writeClientError(error, socket, headerOptions),
    // Answered by the onRequest hook below instead, in the envelope.
    return503OnClosing: false,
  });

  const routes = recordRoutes(app);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send(fail(ErrCd.generic, say('serviceClosing')));
  });

  registerAnswerSerialiser(app);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.httpStatus).send(fail(error.errcd, error.said));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send(fail(ErrCd.generic, say('bodyTooLarge')));
    if (status >= 400 && status < 500) {
      return reply.code(status === 415 ? 415 : 400).send(fail(ErrCd.generic, say('badRequest')));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(fail(ErrCd.generic, say('serverError')));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail(ErrCd.generic, say('serverError')));
  });

  await app.register(fastifyCookie);
  // Pages and API answers of 1 KB or more, gzip or brotli (quality 4) as the browser accepts; built files are
  // sent from their precompressed twins (http/spa.ts), which this leaves alone.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerSecurityHeaders(app, headerOptions);
  registerMetrics(app, ctx);
  registerCsrf(app, { appKey: ctx.config.appKey, secureCookies: ctx.config.secureCookies });
  registerInputGuard(app);
  registerMessageLanguage(app);

  await registerRoutes(app, ctx, options);
  // Every route but the SPA's files is registered: they must match the contract's entries (ADR 0150).
  checkRoutes(routes, contractEndpoints(options), OTHER_ROUTES);

  const resolveMeta: PageMetaResolver = (pathname, query) => catalogPageMeta(ctx, pathname, query);
  if (options.serveWeb) await registerSpa(app, ctx.config.webDist, resolveMeta, ctx.config.legal);

  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    // HEAD as GET (RFC 9110 §9.3.2): uptime monitors and link checkers ask a page's HEAD; Node sends no body for it.
    const reads = request.method === 'GET' || request.method === 'HEAD';
    // A file that is not there (a script of the build before a deploy, /favicon.ico, /sitemap.xml) is 404, never the
    // page: a page open since before a deploy then sees its next step's script missing and loads itself again
    // (apps/web/src/lib/new-build.ts), where HTML as the script broke the step. No page's path has a file extension.
    // Nor is a page what the server's own paths answer (/api, /metrics without its token, /sanctum, /sandbox…).
    const file = /\.[a-z0-9]+$/i.test(url.pathname);
    const serverOwn = SERVER_SEGMENTS.has(url.pathname.split('/')[1] ?? '');
    if (reads && !file && !serverOwn && app.renderSpa) {
      const html = await app.renderSpa(url.pathname, url.searchParams, siteOrigin(ctx.config, request));
      return sendCompressed(request, reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache'), html);
    }
    return reply.code(404).send(fail(ErrCd.generic, say('notFound')));
  });

  return app;
}

/**
 * The routes with no contract entry (ADR 0150), each for its reason. Anything else the server answers is an
 * entry of packages/contract (`ENDPOINTS`, `CONSOLE_ENDPOINTS`) or the operator's `OPS_ENDPOINTS`, registered
 * with defineRoute; the SPA's files are registered after the check.
 */
export const OTHER_ROUTES: readonly OtherRoute[] = [
  { method: 'GET', url: '/healthz', why: 'the health probe, plain JSON' },
  { method: 'GET', url: '/metrics', why: 'Prometheus text' },
  { method: 'GET', url: '/sanctum/csrf-cookie', why: 'sets the anti-forgery cookie, answers 204' },
  { method: 'GET', url: '/api/docs*', why: 'the OpenAPI document and its viewer' },
  { method: 'POST', url: '/api/stripe/webhook', why: "Stripe's event, read raw and verified by its signature" },
  { method: 'GET', url: '/images/:name', why: 'demo pictures and their WebP twins' },
  { method: 'GET', url: '/media/:name', why: 'uploaded photos (WebP variants)' },
  { method: 'GET', url: `${WALLET_PASS_PATH}/:file`, why: "a ticket's Wallet pass, by my page's link (ADR 0214)" },
  { method: 'GET', url: `${SANDBOX_PATH}/:id`, why: "the sandbox provider's checkout page (HTML)" },
  { method: 'GET', url: CHECKOUT_SCRIPT_PATH, why: "the sandbox checkout page's typing help (JavaScript)" },
  {
    method: 'POST',
    url: `${SANDBOX_PATH}/:id`,
    why: "the sandbox checkout's card form (urlencoded): a redirect, or the page again with a refusal",
  },
  { method: 'GET', url: `${SANDBOX_PATH}/:id/pay/:method`, why: "a wallet's stand-in approval page (HTML, ADR 0211)" },
  {
    method: 'POST',
    url: `${SANDBOX_PATH}/:id/pay/:method`,
    why: "a wallet's approval or refusal (urlencoded): paid and back to the site, or back to the checkout",
  },
  { method: 'GET', url: `${SANDBOX_VOUCHER_PATH}/:id`, why: "the sandbox's konbini slip page (HTML, ADR 0213)" },
  { method: 'POST', url: `${SANDBOX_VOUCHER_PATH}/:id`, why: "the sandbox's stand-in for paying a slip at the store" },
  { method: 'GET', url: '/api/_bench/static', why: 'BENCH_ROUTES=1 only (scripts/bench.mjs)' },
  { method: 'POST', url: '/api/_bench/booking-floor', why: 'BENCH_ROUTES=1 only (scripts/bench.mjs)' },
  { method: 'POST', url: '/api/_bench/shared', why: 'BENCH_ROUTES=1 only (scripts/bench.mjs)' },
  { method: 'POST', url: '/api/_bench/timed', why: 'BENCH_ROUTES=1 only (scripts/bench.mjs)' },
  { method: 'GET', url: '/api/_bench/stock', why: 'BENCH_ROUTES=1 only (scripts/bench.mjs)' },
  { method: 'POST', url: OCTO_BENCH_ROUTE, why: 'BENCH_ROUTES=1 only (scripts/bench.mjs)' },
  { method: 'POST', url: TEST_STAFF_SESSION_ROUTE, why: 'TEST_ROUTES=1 only (the end-to-end tests, ADR 0199)' },
  { method: 'POST', url: TEST_BOOKINGS_ROUTE, why: 'TEST_ROUTES=1 only (the end-to-end tests, ADR 0204)' },
  { method: 'POST', url: TEST_NETWORK_ROUTE, why: "TEST_ROUTES=1 only: a device's network cut for a journey" },
  { method: 'POST', url: TEST_SWEEP_ROUTE, why: 'TEST_ROUTES=1 only: the sweeper at a later instant (ADR 0213)' },
  ...OCTO_ROUTES,
];

/** The first segments of the paths the server answers itself (`api`, `metrics`, `sandbox`, …): never a page's. */
const SERVER_SEGMENTS = new Set(OTHER_ROUTES.map((route) => route.url.split('/')[1] ?? ''));

/** The entries the server registers a route for: SPEC §7's, the console's, and the operator's when given a key. */
export function contractEndpoints(options: BuildOptions = {}): Endpoint[] {
  return [...ENDPOINTS, ...CONSOLE_ENDPOINTS, ...(options.opsKey ? OPS_ENDPOINTS : [])];
}

/** Every route but the SPA's: the health probe, the OpenAPI document, the API and the console, pictures, checkout. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext, options: BuildOptions = {}): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    try {
      await ctx.db.execute('select 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await registerOpenApi(app, ctx);

  await app.register(
    async (api) => {
      await catalogRoutes(api, ctx);
      await bookingRoutes(api, ctx);
      await paymentRoutes(api, ctx);
      await sessionRoutes(api, ctx);
      await mypageRoutes(api, ctx);
      await couponRoutes(api, ctx);
      await waitlistRoutes(api, ctx);
      await discountRoutes(api, ctx);
      await ticketRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  // The staff console's calls (DESIGN §11): their own plugin, so the staff session decoration stays inside it.
  await app.register(
    async (staffApi) => {
      await staffRoutes(staffApi, ctx);
      await adminRoutes(staffApi, ctx);
      await photoRoutes(staffApi, ctx);
      await resourceRoutes(staffApi, ctx);
      await rentalStockRoutes(staffApi, ctx);
      await discountAdminRoutes(staffApi, ctx);
      await checkinRoutes(staffApi, ctx);
    },
    { prefix: '/api/admin' },
  );
  // A server that serves the pages draws their pictures ahead (the first visitor waited for them).
  await catalogImageRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  await walletPassRoutes(app, ctx);
  await app.register(async (root) => sandboxRoutes(root, ctx));
  // Resellers' OCTO calls (ADR 0170): their own plugin, with their own key check, body parser and error format.
  await app.register(async (resellerApi) => octoRoutes(resellerApi, ctx), { prefix: OCTO_PREFIX });
  if (ctx.config.benchRoutes) registerOctoBenchRoute(app, ctx);
  if (ctx.config.testRoutes) {
    registerStaffTestRoutes(app, ctx);
    registerSeedTestRoutes(app, ctx);
    registerNetworkCut(app);
  }
  const { opsKey } = options;
  if (opsKey) await app.register(async (ops) => opsRoutes(ops, ctx, opsKey), { prefix: '/internal/ops' });
}

/**
 * The answer to a request Node's HTTP parser refused, written on the socket in the envelope with the
 * security headers (Fastify's default answers bare JSON of its own): 431 for headers over the limit,
 * 408 for a request that took too long to arrive, 400 for anything else that is not HTTP.
 */
function writeClientError(error: NodeJS.ErrnoException, socket: Duplex, headerOptions: SecurityHeaderOptions): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', Msg.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', Msg.requestTimeout]
        : [400, 'Bad Request', Msg.badRequest];
  const body = JSON.stringify(fail(ErrCd.generic, message));
  const headers = {
    ...securityHeaders(headerOptions),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${text}\r\n${head}\r\n\r\n${body}`);
  socket.destroy(error);
}

/** The database is down or restarting (connection refused or reset, PostgreSQL's class 08 and 57P0x): 503, not 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code) || /^(08|57P0)/.test(code);
}
