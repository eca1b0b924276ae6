import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { CONSOLE_ENDPOINTS } from '@tabi/contract/console-endpoints';
import { ENDPOINTS, type Endpoint } from '@tabi/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** A schema as a client writes its input; a `searchQuery`/`optionalBody` preprocessor is documented as its schema. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const documented = schema instanceof z.ZodPipe && schema.in instanceof z.ZodTransform ? schema.out : schema;
  return z.toJSONSchema(documented, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

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
  return {
    description: 'SPEC §7 envelope',
    content: { 'application/json': { schema: jsonSchema(endpoint.response) } },
  };
}

/** OpenAPI 3.1 for the whole API (SPEC §7's calls and the console's), generated from the contract's entries. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of [...ENDPOINTS, ...CONSOLE_ENDPOINTS]) {
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
        responses: { '200': answer(endpoint) },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'さくらトラベル オプション予約 API', version: '1.0.0' },
    paths,
  };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: openApiDocument() as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
