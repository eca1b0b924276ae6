import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response serialised (and UTF-8 encoded) once and served many times, with its validator. */
export interface JsonBody {
  body: Buffer;
  etag: string;
}

export function jsonBody(value: unknown): JsonBody {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Sends a pre-serialised body with Cache-Control and ETag, or 304 when the client already has it. */
export function sendJsonBody(
  request: FastifyRequest,
  reply: FastifyReply,
  json: JsonBody,
  cacheControl: string,
): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', json.etag);
  if (request.headers['if-none-match'] === json.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json.body);
}
