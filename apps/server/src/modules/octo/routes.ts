/**
 * OCTO core at /octo (DESIGN §13, ADR 0170): a Bearer key per reseller, OCTO's own answers and errors
 * (not SPEC §8's envelope), JSON bodies accepted with or without content (resellers' clients send
 * `Content-Type: application/json` on every request, GETs and empty POSTs included), `Octo-Capabilities` honoured.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requestLang, varyByLanguage } from '../../http/content-language.ts';
import type { OtherRoute } from '../../http/route-check.ts';
import { findKeyHolder, issueResellerKey, type KeyHolder, touchKey } from '../reseller/keys.ts';
import { insertReseller } from '../reseller/repository.ts';
import { OctoError } from './errors.ts';
import * as octo from './service.ts';

export const OCTO_PREFIX = '/octo';
const PRICING = 'octo/pricing';
const CONTENT = 'octo/content';
/** A key's last use is written at most this often (not on every call). */
const TOUCH_EVERY_MS = 60_000;

/** The routes, for the server's route check (they answer OCTO's format, so they are no contract entries). */
export const OCTO_ROUTES: readonly OtherRoute[] = (
  [
    ['GET', '/supplier'],
    ['GET', '/products'],
    ['GET', '/products/:productId'],
    ['POST', '/availability/calendar'],
    ['POST', '/availability'],
    ['POST', '/bookings'],
    ['GET', '/bookings'],
    ['GET', '/bookings/:uuid'],
    ['PATCH', '/bookings/:uuid'],
    ['POST', '/bookings/:uuid/confirm'],
    ['POST', '/bookings/:uuid/extend'],
    ['POST', '/bookings/:uuid/cancel'],
  ] as const
).map(([method, url]) => ({ method, url: `${OCTO_PREFIX}${url}`, why: 'OCTO supplier API for resellers (ADR 0170)' }));

declare module 'fastify' {
  interface FastifyRequest {
    octoCaller?: octo.OctoCaller;
  }
}

/** The capabilities asked for in `Octo-Capabilities` (comma-separated; empty or absent: none). */
function capabilitiesOf(request: FastifyRequest): Set<string> {
  const header = request.headers['octo-capabilities'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return new Set(
    text
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  );
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = header.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * BENCH_ROUTES=1 only (scripts/bench.mjs): a reseller with a key for the benchmark's /octo rows, made on the
 * server itself (the embedded database admits one process).
 */
export const OCTO_BENCH_ROUTE = '/api/_bench/octo-key';

export function registerOctoBenchRoute(app: FastifyInstance, ctx: AppContext): void {
  app.post(OCTO_BENCH_ROUTE, async () => {
    const now = ctx.clock.now();
    const row = await insertReseller(ctx.db, { name: `Bench ${now.getTime()}`, commissionBp: 1500, createdAt: now });
    return { key: (await issueResellerKey(ctx.db, row.id, now, 100_000_000)).key };
  });
}

export async function octoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const touched = new Map<number, number>();

  // Bodies: JSON, and an empty body with a JSON content type reads as none (OCTO's clients send the header always).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(OctoError.badRequest('The request body is not valid JSON'), undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const key = bearer(request);
    if (!key) {
      throw new OctoError(
        'UNAUTHORIZED',
        "You didn't send the API Key in the Authorization header to an endpoint that requires authentication",
      );
    }
    const holder: KeyHolder | undefined = await findKeyHolder(ctx.db, key);
    if (!holder || !holder.reseller.enabled) {
      throw new OctoError(
        'FORBIDDEN',
        'You sent an API Key that was invalid or has been revoked by the backend system',
      );
    }
    const limit = await ctx.bookingLimiter.hit(`octo:key:${holder.key.id}`, holder.key.ratePerMinute, 60);
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfterSeconds));
      throw new OctoError(
        'TOO_MANY_REQUESTS',
        `Too many requests for this API key: at most ${holder.key.ratePerMinute} a minute`,
      );
    }
    const now = ctx.clock.now().getTime();
    if (now - (touched.get(holder.key.id) ?? 0) >= TOUCH_EVERY_MS) {
      touched.set(holder.key.id, now);
      await touchKey(ctx.db, [holder.key.id], new Date(now));
    }
    const asked = capabilitiesOf(request);
    const pricing = asked.has(PRICING);
    // octo/content: the texts in the first of our languages Accept-Language prefers, else Japanese.
    const content = asked.has(CONTENT) ? requestLang(request) : null;
    request.octoCaller = { reseller: holder.reseller, pricing, content };
    reply.header('octo-capabilities', [pricing ? PRICING : '', content ? CONTENT : ''].filter(Boolean).join(', '));
    if (content) {
      reply.header('content-language', content);
      varyByLanguage(reply);
    }
  });

  app.setErrorHandler((error: FastifyError | OctoError | AppError, request, reply: FastifyReply) => {
    if (error instanceof OctoError) return reply.code(error.httpStatus).send(error.body);
    // The server's own guards (a NUL in a field, a body too large) speak OCTO here too.
    if (error instanceof AppError && error.httpStatus < 500)
      return reply.code(400).send(OctoError.badRequest(error.message).body);
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(400).send(OctoError.badRequest(error.message).body);
    request.log.error({ err: error }, 'OCTO call failed');
    return reply
      .code(500)
      .send(new OctoError('INTERNAL_SERVER_ERROR', 'There was an un-recoverable error, please try again').body);
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(OctoError.badRequest('No such OCTO endpoint').body));

  const caller = (request: FastifyRequest): octo.OctoCaller => {
    if (!request.octoCaller) throw new OctoError('UNAUTHORIZED', 'No API key');
    return request.octoCaller;
  };
  type WithUuid = { Params: { uuid: string } };

  app.get('/supplier', async () => octo.supplier(ctx));
  app.get('/products', async (request) => octo.listProducts(ctx, caller(request)));
  app.get<{ Params: { productId: string } }>('/products/:productId', async (request) =>
    octo.getProduct(ctx, caller(request), request.params.productId),
  );
  app.post('/availability/calendar', async (request) => octo.availabilityCalendar(ctx, caller(request), request.body));
  app.post('/availability', async (request) => octo.availability(ctx, caller(request), request.body));
  app.post('/bookings', async (request) => octo.reserve(ctx, caller(request), request.body));
  app.get('/bookings', async (request) => octo.listBookings(ctx, caller(request), request.query));
  app.get<WithUuid>('/bookings/:uuid', async (request) => octo.getBooking(ctx, caller(request), request.params.uuid));
  app.patch<WithUuid>('/bookings/:uuid', async (request) =>
    octo.update(ctx, caller(request), request.params.uuid, request.body),
  );
  app.post<WithUuid>('/bookings/:uuid/confirm', async (request) =>
    octo.confirm(ctx, caller(request), request.params.uuid, request.body),
  );
  app.post<WithUuid>('/bookings/:uuid/extend', async (request) =>
    octo.extend(ctx, caller(request), request.params.uuid, request.body),
  );
  app.post<WithUuid>('/bookings/:uuid/cancel', async (request) =>
    octo.cancel(ctx, caller(request), request.params.uuid, request.body),
  );
}
