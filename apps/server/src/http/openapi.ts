import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { CONSOLE_ENDPOINTS } from '@tabi/contract/console-endpoints';
import { ENDPOINTS, type Endpoint } from '@tabi/contract/endpoints';
import { errorEnvelope } from '@tabi/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { staffToken } from '../modules/staff/guard.ts';
import { requireStaff } from '../modules/staff/service.ts';
import { jsonSchema } from './json-schema.ts';

/** The properties of an object schema as OpenAPI parameters `in` the path or the query. */
function parameters(schema: z.ZodType, where: 'path' | 'query') {
  const object = jsonSchema(schema);
  const required = (object.required ?? []) as string[];
  return Object.entries((object.properties ?? {}) as Record<string, unknown>).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
  }));
}

function answer(endpoint: Endpoint) {
  if (endpoint.kind === 'csv') {
    return { description: 'CSV (UTF-8)', content: { 'text/csv': { schema: { type: 'string' } } } };
  }
  if (endpoint.kind === 'pdf') {
    return {
      description: 'PDF (A4)',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  return {
    description: 'SPEC §7 envelope',
    content: { 'application/json': { schema: jsonSchema(endpoint.response) } },
  };
}

function refusal() {
  return {
    description: 'SPEC §8 envelope: errcd, errMsg, response null',
    content: { 'application/json': { schema: jsonSchema(errorEnvelope) } },
  };
}

/**
 * OpenAPI 3.1 generated from the contract's entries: SPEC §7's calls, and with `staff` the console's too (their
 * paths are shown only to a signed-in staff member).
 */
export function openApiDocument({ staff = false }: { staff?: boolean } = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of staff ? [...ENDPOINTS, ...CONSOLE_ENDPOINTS] : ENDPOINTS) {
    const path = `${endpoint.prefix}${endpoint.path}`;
    paths[path] = {
      ...paths[path],
      [endpoint.method.toLowerCase()]: {
        summary: endpoint.summary,
        parameters: [
          ...(endpoint.params ? parameters(endpoint.params, 'path') : []),
          ...(endpoint.query ? parameters(endpoint.query, 'query') : []),
        ],
        ...(endpoint.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } } }
          : {}),
        // The answers by status, as the route writes them (answer-schema.ts): SPEC §8's envelope for every refusal.
        responses: { '200': answer(endpoint), '4XX': refusal(), '5XX': refusal() },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'さくらトラベル オプション予約 API', version: '1.0.0' },
    paths,
  };
}

/** Whether the request carries a live, fully signed-in staff session (checked without prolonging it). */
async function fromStaff(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const token = staffToken(request);
  if (!token) return false;
  return requireStaff(ctx, token, 'operator', { background: true, allowMustChange: true }).then(
    () => true,
    () => false,
  );
}

/**
 * /api/docs: the viewer and the document (json, yaml). Anyone gets SPEC §7's calls; the console's paths are added
 * only for a request with a valid staff session, and the answer is never cached (it depends on the cookie).
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const publicDocument = openApiDocument();
  const staffDocument = openApiDocument({ staff: true });
  const staffRequests = new WeakSet<FastifyRequest>();
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: publicDocument as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      preHandler: async (request) => {
        if (/\/(json|yaml)$/.test(request.url.split('?')[0] ?? '') && (await fromStaff(ctx, request))) {
          staffRequests.add(request);
        }
      },
    },
    transformSpecificationClone: false,
    transformSpecification: (_document, request, reply) => {
      reply.header('cache-control', 'no-store').header('vary', 'cookie');
      return (staffRequests.has(request) ? staffDocument : publicDocument) as never;
    },
  });
}
