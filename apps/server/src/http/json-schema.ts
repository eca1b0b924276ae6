/**
 * A contract schema as JSON Schema, the one conversion of the server: for the routes' response schemas
 * (answer-schema.ts) and the OpenAPI document (openapi.ts). Made once per schema per process (the contract's schemas
 * are module singletons), so every app built after the first, each test file's included, converts nothing again.
 */
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

export type JsonSchema = Record<string, unknown>;

const converted = new WeakMap<$ZodType, JsonSchema>();

/**
 * A schema as a client writes it (its input side: what a client sends, and what it parses of an answer); a
 * `searchQuery`/`optionalBody` preprocessor is written as the schema it feeds.
 */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  const documented = schema instanceof z.ZodPipe && schema.in instanceof z.ZodTransform ? schema.out : schema;
  let json = converted.get(documented);
  if (!json) {
    json = z.toJSONSchema(documented, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    converted.set(documented, json);
  }
  return json;
}
