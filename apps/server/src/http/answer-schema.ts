/**
 * What each route sends, written by its contract schema (ADR 0200): the entry's answer for 200 and SPEC §8's
 * failure envelope for 4xx and 5xx, as Fastify response schemas. Fastify serialises an answer with
 * fast-json-stringify compiled from them, so a field the schema does not name never leaves the server, and the
 * answers are written faster than by JSON.stringify.
 * - The JSON Schema of a contract schema is made once per process (the contract's schemas are module singletons) and
 *   a serialiser is compiled on a route's first answer, not when the app is built: a start, and each test file's
 *   app, pays for neither.
 */
import type { Endpoint } from '@tabi/contract/endpoints';
import { errorEnvelope } from '@tabi/contract/envelope';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();

/** An answer's schema as it is sent (the schema's input side: what a client parses). */
function answerJsonSchema(schema: z.ZodType): JsonSchema {
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    jsonSchemas.set(schema, json);
  }
  return json;
}

/** The response schemas of a contract entry, by status: a file (CSV, PDF) refuses in the envelope like any call. */
export function answerSchemas(endpoint: Endpoint): Record<string, JsonSchema> {
  const failure = answerJsonSchema(errorEnvelope);
  const refusals = { '4xx': failure, '5xx': failure };
  return endpoint.kind === 'csv' || endpoint.kind === 'pdf'
    ? refusals
    : { 200: answerJsonSchema(endpoint.response), ...refusals };
}

const serialisers = new WeakMap<object, (data: unknown) => string>();

/** Each response schema compiled on first use, and once per process for the same schema. */
export function registerAnswerSerialiser(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => (data) => {
    let serialise = serialisers.get(schema);
    if (!serialise) {
      serialise = fastJson(schema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
      serialisers.set(schema, serialise);
    }
    return serialise(data);
  });
}
