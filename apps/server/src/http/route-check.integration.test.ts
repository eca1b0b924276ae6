/**
 * ADR 0150: the server starts only when its routes and the contract's entries are the same, both ways.
 * The apps below are built from the real route registration, with one route too many or too few.
 */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { API } from '@tabi/contract/endpoints';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, contractEndpoints, OTHER_ROUTES, registerRoutes } from '../app.ts';
import { ok } from '../http/envelope.ts';
import { sessionRoutes } from '../modules/session/routes.ts';
import { describeStartupError } from '../startup-error.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { defineRoute } from './define-route.ts';
import { checkRoutes, RouteContractError, recordRoutes } from './route-check.ts';

let t: TestApp;
const built: FastifyInstance[] = [];

/** A bare Fastify app recording its routes, as buildApp makes one. */
function bareApp() {
  const app = Fastify();
  built.push(app);
  return { app, routes: recordRoutes(app) };
}

function problemsOf(run: () => void): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof RouteContractError) return error.problems;
    throw error;
  }
  return [];
}

beforeAll(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await Promise.all(built.splice(0).map((app) => app.close()));
});

afterAll(async () => {
  await t?.close();
});

describe('routes and the contract (ADR 0150)', () => {
  it('the app registers every entry and nothing else, with the operator and benchmark routes too', async () => {
    const { app, routes } = bareApp();
    await registerRoutes(app, t.ctx);
    expect(problemsOf(() => checkRoutes(routes, contractEndpoints(), OTHER_ROUTES))).toEqual([]);

    const full = await buildApp({ ...t.ctx, config: { ...t.ctx.config, benchRoutes: true } }, { opsKey: 'k' });
    built.push(full);
    expect((await full.inject({ method: 'GET', url: '/api/_bench/static' })).statusCode).toBe(200);
    const ops = { method: 'POST', url: '/internal/ops/staff/list' } as const;
    const listed = await full.inject({ ...ops, headers: { 'x-ops-key': 'k' } });
    expect(listed.json()).toMatchObject({ errcd: '000' });
    expect((await full.inject({ ...ops, headers: { 'x-ops-key': 'wrong' } })).statusCode).toBe(403);
  });

  it('refuses a route without an entry', async () => {
    const { app, routes } = bareApp();
    await registerRoutes(app, t.ctx);
    await app.register(
      async (api) => {
        api.get('/extra', async () => ok({}));
      },
      { prefix: '/api' },
    );
    expect(problemsOf(() => checkRoutes(routes, contractEndpoints(), OTHER_ROUTES))).toEqual([
      'GET /api/extra has no contract entry',
    ]);
  });

  it('refuses an entry without a route', async () => {
    const { app, routes } = bareApp();
    await app.register(async (api) => sessionRoutes(api, t.ctx), { prefix: '/api' });
    const problems = problemsOf(() => checkRoutes(routes, contractEndpoints(), []));
    expect(problems).toContain('the entry POST /api/coopon/use has no route');
    expect(problems).toContain('the entry GET /api/admin/dashboard has no route');
    expect(problems).not.toContain('the entry POST /api/mylogin has no route');
    expect(problems).not.toContain('the entry POST /api/mylogin/booked has no route');
    expect(problems).toHaveLength(contractEndpoints().length - 3);
  });

  it('refuses an entry registered without defineRoute, or under another prefix', async () => {
    const { app, routes } = bareApp();
    await app.register(
      async (api) => {
        api.post('/mylogin', async () => ok({}));
        defineRoute(api, CONSOLE['GET /dashboard'], async () => {
          throw new Error('never called');
        });
      },
      { prefix: '/api' },
    );
    const problems = problemsOf(() => checkRoutes(routes, [API['POST /mylogin'], CONSOLE['GET /dashboard']], []));
    expect(problems).toEqual([
      'POST /api/mylogin is an entry of the contract but was not registered with defineRoute',
      'GET /api/dashboard was registered from the entry GET /api/admin/dashboard, at another path',
      'the entry POST /api/mylogin has no route',
      'the entry GET /api/admin/dashboard has no route',
    ]);
  });

  it('stops the start-up with one line naming each difference', () => {
    const error = new RouteContractError([
      'GET /api/extra has no contract entry',
      'the entry GET /api/area has no route',
    ]);
    const line = describeStartupError(error);
    expect(line).not.toContain('\n');
    expect(line).toContain('GET /api/extra has no contract entry; the entry GET /api/area has no route');
  });
});
