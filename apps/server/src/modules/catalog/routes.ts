import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { registerBenchRoutes } from './bench-routes.ts';
import { sendJsonBody } from './http-cache.ts';
import { catalogService } from './service.ts';

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

  app.get('/option', async (request, reply) =>
    sendJsonBody(request, reply, await catalog.list(request.query), LIST_CACHE),
  );
  app.get('/option/condition', async (request, reply) =>
    sendJsonBody(request, reply, await catalog.conditions(), MASTER_CACHE),
  );
  app.get('/option/:code', async (request, reply) => {
    const body = await catalog.detail(request.params, request.query);
    return reply.header('cache-control', FRESH).type('application/json; charset=utf-8').send(body);
  });
  app.get('/area', async (request, reply) =>
    sendJsonBody(request, reply, await catalog.areas(request.query), MASTER_CACHE),
  );
  app.get('/city', async (request, reply) =>
    sendJsonBody(request, reply, await catalog.cities(request.query), MASTER_CACHE),
  );
  app.get('/nationality', async (request, reply) =>
    sendJsonBody(request, reply, await catalog.nationalities(), NATIONALITY_CACHE),
  );
  const price = async (opcd: string | undefined, query: unknown) => ok(await catalog.price(opcd, query));
  app.get('/price', async (request, reply) =>
    reply.header('cache-control', FRESH).send(await price(undefined, request.query)),
  );
  app.get<{ Params: { opcd: string } }>('/price/:opcd', async (request, reply) =>
    reply.header('cache-control', FRESH).send(await price(request.params.opcd, request.query)),
  );

  if (ctx.config.benchRoutes) registerBenchRoutes(app);
}
