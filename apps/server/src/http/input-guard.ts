import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** True when a string anywhere in the value (keys included) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL, so a NUL that reaches a query fails there as a 500. No field of
 * this API has a use for it: any path parameter, query value or body string carrying one is refused
 * up front with errcd 999 (found by the fuzz test, apps/server/src/quality).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw AppError.badRequest();
    }
  });
}
