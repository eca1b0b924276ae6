import { API } from '@tabi/contract/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { answerLang } from '../../http/content-language.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { registerBenchRoutes } from './bench-routes.ts';
import { sendJsonBody } from './http-cache.ts';
import { catalogService, noOperationCode } from './service.ts';

/**
 * Catalog reads are cacheable by clients (DESIGN §9). Stock and prices are never cached by clients: the server
 * serves a month calendar from memory only until the database notifies a change of its option (ADR 0015).
 */
const LIST_CACHE = 'public, max-age=5';
const MASTER_CACHE = 'public, max-age=60';
const NATIONALITY_CACHE = 'public, max-age=3600';
const FRESH = 'no-store';

export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const catalog = catalogService(ctx);

  // The catalog's texts in the call's language: SPEC's Japanese unless `lang` or Accept-Language asks.
  defineRoute(app, API['GET /option'], async ({ query }, request, reply) =>
    sendJsonBody(request, reply, await catalog.list(query, answerLang(request, reply, query.lang)), LIST_CACHE),
  );
  defineRoute(app, API['GET /option/condition'], async ({ query }, request, reply) =>
    sendJsonBody(request, reply, await catalog.conditions(answerLang(request, reply, query.lang)), MASTER_CACHE),
  );
  defineRoute(app, API['GET /option/{code}'], async ({ params, query }, request, reply) => {
    const body = await catalog.detail(params.code, query, answerLang(request, reply, query.lang));
    return reply.header('cache-control', FRESH).type('application/json; charset=utf-8').send(body);
  });
  defineRoute(app, API['GET /option/{code}/departures'], async ({ params, query }, _request, reply) => {
    reply.header('cache-control', FRESH);
    return ok(await catalog.departures(params.code, query));
  });
  defineRoute(app, API['GET /option/{code}/rental-stock'], async ({ params, query }, _request, reply) => {
    reply.header('cache-control', FRESH);
    return ok(await catalog.rentalStock(params.code, query));
  });
  defineRoute(app, API['GET /area'], async ({ query }, request, reply) =>
    sendJsonBody(request, reply, await catalog.areas(query, answerLang(request, reply, query.lang)), MASTER_CACHE),
  );
  defineRoute(app, API['GET /city'], async ({ query }, request, reply) =>
    sendJsonBody(request, reply, await catalog.cities(query, answerLang(request, reply, query.lang)), MASTER_CACHE),
  );
  defineRoute(app, API['GET /nationality'], async ({ query }, request, reply) => {
    const lang = answerLang(request, reply, query.lang);
    return sendJsonBody(request, reply, await catalog.nationalities(lang), NATIONALITY_CACHE);
  });
  // Prices are never cached, refusals included.
  const fresh = {
    preHandler: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', FRESH),
  };
  defineRoute(app, API['GET /price'], fresh, async () => {
    throw noOperationCode();
  });
  defineRoute(app, API['GET /price/{opcd}'], fresh, async ({ params, query }) =>
    ok(await catalog.price(params.opcd, query)),
  );

  if (ctx.config.benchRoutes) registerBenchRoutes(app);
}
