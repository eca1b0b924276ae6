import type { Endpoint } from '@tabi/contract/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { parseInput } from '../errors.ts';
import { answerSchemas } from './answer-schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract entry a route was registered from (defineRoute); the start-up check reads it. */
    endpoint?: Endpoint;
  }
}

type Part = 'params' | 'query' | 'body';
/** What the entry's schema for a part parses to; `undefined` when the entry has none (the part is not read). */
type Parsed<E, P extends Part> = E extends Record<P, infer S extends z.ZodType> ? z.output<S> : undefined;

export interface RouteInput<E> {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
}

/** A JSON entry's handler answers its envelope (typed by the entry's response schema); a CSV one sends its reply. */
type Answer<E> = E extends { response: infer R extends z.ZodType } ? z.input<R> : never;

export type RouteHandler<E> = (
  input: RouteInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Answer<E> | FastifyReply>;

/** Checks that run before the input is parsed: the staff role, a rate limit, the operator key. */
export type RouteOptions = Pick<RouteShorthandOptions, 'preHandler'>;

/** `/booking/{rsvno}` → `/booking/:rsvno`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Registers the route of one contract entry (ADR 0150): its method and path, then params, query and body
 * parsed with the entry's schemas before the handler runs (a failure is SPEC §8's errcd 999, HTTP 422, in
 * Japanese: `parseInput`). The handler gets them typed, and its answer is serialised by the entry's response schema
 * (ADR 0200). `app` is the plugin mounted at the entry's prefix.
 */
export function defineRoute<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>): void;
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: RouteHandler<E>,
): void;
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  ...rest: [RouteHandler<E>] | [RouteOptions, RouteHandler<E>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  app.route({
    ...options,
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    config: { endpoint },
    // What goes out is written by the entry's schema per status (answer-schema.ts, ADR 0200).
    schema: { response: answerSchemas(endpoint) },
    handler: async (request, reply) => {
      const input = {
        params: endpoint.params ? parseInput(endpoint.params, request.params) : undefined,
        query: endpoint.query ? parseInput(endpoint.query, request.query) : undefined,
        body: endpoint.body ? parseInput(endpoint.body, request.body) : undefined,
      } as RouteInput<E>;
      return handler(input, request, reply);
    },
  });
}
