import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { PaymentProvider } from './modules/payment/provider.ts';

export interface AppContextBase {
  db: Db;
  clock: Clock;
  config: Config;
  limiter: RateLimiter;
  /** The database's change notifications; without them, caches that depend on them stay off. */
  notifications?: Pick<Database, 'subscribe'> | undefined;
}

/** Everything a route or service needs, built once and passed down explicitly. */
export interface AppContext extends AppContextBase {
  payment: PaymentProvider;
  /**
   * The booking rate limit (POST /booking): Redis when REDIS_URL is set (the same client as `limiter`),
   * else this instance's memory, never a committed write before every booking (issue 15, ADR 0110).
   */
  bookingLimiter: RateLimiter;
}
