/**
 * The composition root: builds the AppContext (rate limiter, payment provider, the booking's answers to payments) once for the server, the
 * operator commands and the tests. Modules only see the context's types (context.ts), never this file.
 */
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database, Db } from './db/client.ts';
import { createDbRateLimiter, createMemoryRateLimiter, createRedisRateLimiter } from './http/rate-limit.ts';
import { bookingPaymentOutcomes } from './modules/booking/payment-outcomes.ts';
import { createPaymentProvider } from './modules/payment/create-provider.ts';

export function createContext(
  base: { db: Db; clock: Clock; config: Config; notifications?: Pick<Database, 'subscribe'> },
  overrides: Partial<AppContext> = {},
): AppContext {
  const limiter =
    overrides.limiter ??
    (base.config.redisUrl ? createRedisRateLimiter(base.config.redisUrl) : createDbRateLimiter(base.db, base.clock));
  // Bookings: Redis when set (shared by the instances), else this instance's memory (ADR 0110).
  const bookingLimiter =
    overrides.bookingLimiter ?? (base.config.redisUrl ? limiter : createMemoryRateLimiter(base.clock));
  const withLimiter = { ...base, limiter };
  return {
    ...withLimiter,
    bookingLimiter,
    payment: overrides.payment ?? createPaymentProvider(withLimiter),
    onPayment: overrides.onPayment ?? bookingPaymentOutcomes,
  };
}
