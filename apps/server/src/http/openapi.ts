import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ENDPOINTS } from '@tabi/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** OpenAPI 3.1 for the whole API, generated from the contract's schemas. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const params = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const query = endpoint.query ? jsonSchema(endpoint.query) : null;
    const queryParams = query
      ? Object.entries((query.properties ?? {}) as Record<string, unknown>).map(([name, schema]) => ({
          name,
          in: 'query',
          required: ((query.required ?? []) as string[]).includes(name),
          schema,
        }))
      : [];
    paths[`/api${endpoint.path}`] = {
      ...paths[`/api${endpoint.path}`],
      [endpoint.method.toLowerCase()]: {
        summary: endpoint.summary,
        parameters: [...params, ...queryParams],
        ...(endpoint.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } } }
          : {}),
        responses: {
          '200': {
            description: 'SPEC §7 envelope',
            content: { 'application/json': { schema: jsonSchema(endpoint.response) } },
          },
        },
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
