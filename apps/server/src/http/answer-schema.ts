/**
 * What each route sends, written by its contract schema (ADR 0200): the entry's answer for 200 and SPEC §8's
 * failure envelope for 4xx and 5xx, as Fastify response schemas. Fastify serialises an answer with
 * fast-json-stringify compiled from them, so a field the schema does not name never leaves the server, and the
 * answers are written faster than by JSON.stringify.
 * - The JSON Schemas are made when the first app of a process is built (json-schema.ts: about 12 ms for every entry)
 *   and kept; a serialiser is compiled on a route's first answer, not when the app is built.
 */
import type { Endpoint } from '@tabi/contract/endpoints';
import { errorEnvelope } from '@tabi/contract/envelope';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { type JsonSchema, jsonSchema } from './json-schema.ts';

/** The response schemas of a contract entry, by status: a file (CSV, PDF) refuses in the envelope like any call. */
export function answerSchemas(endpoint: Endpoint): Record<string, JsonSchema> {
  const failure = jsonSchema(errorEnvelope);
  const refusals = { '4xx': failure, '5xx': failure };
  return endpoint.kind === 'csv' || endpoint.kind === 'pdf'
    ? refusals
    : { 200: jsonSchema(endpoint.response), ...refusals };
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
