import type { Endpoint, Method } from '@tabi/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { fastifyPath } from './define-route.ts';

/** A route as Fastify registered it: method, full path with its prefix, and the entry defineRoute gave it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  endpoint: Endpoint | undefined;
}

/**
 * A route with no contract entry, on purpose: not a JSON call of the contract (a page, a picture, a raw
 * webhook, the OpenAPI viewer) or present only in a benchmark run. `url` ending in `*` is a prefix.
 */
export interface OtherRoute {
  /** PATCH only outside the contract: OCTO's booking update (ADR 0170). */
  method: Method | 'PATCH';
  url: string;
  why: string;
}

/** Every route registered on `app` from now on (HEAD twins of GET routes left out). */
export function recordRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, endpoint: route.config?.endpoint });
    }
  });
  return routes;
}

export class RouteContractError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `ルートと契約（packages/contract のエンドポイント一覧）が一致しないため起動できません / routes and the contract differ (ADR 0150): ${problems.join('; ')}`,
    );
    this.name = 'RouteContractError';
  }
}

function allowed(route: RegisteredRoute, others: readonly OtherRoute[]): boolean {
  return others.some(
    (o) =>
      o.method === route.method &&
      (o.url.endsWith('*') ? route.url.startsWith(o.url.slice(0, -1)) : o.url === route.url),
  );
}

/**
 * ADR 0150: every entry of `contract` is registered once, through defineRoute, at its prefix and path; every
 * other route is on the `others` list. Throws a RouteContractError naming each difference.
 */
export function checkRoutes(
  routes: readonly RegisteredRoute[],
  contract: readonly Endpoint[],
  others: readonly OtherRoute[],
): void {
  const where = (e: Endpoint) => `${e.method} ${e.prefix}${fastifyPath(e.path)}`;
  const entries = new Map(contract.map((e) => [where(e), e]));
  const registered = new Set<Endpoint>();
  const problems: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    const entry = entries.get(name);
    if (entry && route.endpoint === entry) registered.add(entry);
    else if (entry) problems.push(`${name} is an entry of the contract but was not registered with defineRoute`);
    else if (route.endpoint && !allowed(route, others)) {
      problems.push(`${name} was registered from the entry ${where(route.endpoint)}, at another path`);
    } else if (!allowed(route, others)) problems.push(`${name} has no contract entry`);
  }
  for (const entry of contract) {
    if (!registered.has(entry)) problems.push(`the entry ${where(entry)} has no route`);
  }
  if (problems.length > 0) throw new RouteContractError(problems);
}
