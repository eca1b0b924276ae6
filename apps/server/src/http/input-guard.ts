import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** A UTF-16 surrogate without its pair (text that is not valid Unicode). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function forbidden(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** True when a string anywhere in the value (keys included) holds a NUL or a lone surrogate. */
export function containsForbiddenText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (forbidden(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (forbidden(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL, and jsonb refuses an escaped lone surrogate, so either one reaching
 * a query failed there as a 500 (found by the fuzz test, apps/server/src/quality). No field of this API
 * has a use for them: a path parameter, query value or body string carrying one is refused up front
 * with errcd 999.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (
      containsForbiddenText(request.params) ||
      containsForbiddenText(request.query) ||
      containsForbiddenText(request.body)
    ) {
      throw AppError.badRequest();
    }
  });
}
