import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { RateLimiter } from './http/rate-limit.ts';

/** What every module may use: the database, the clock, the configuration, the rate limiter. */
export interface AppContextBase {
  db: Db;
  clock: Clock;
  config: Config;
  limiter: RateLimiter;
  /** The database's change notifications; without them, caches that depend on them stay off. */
  notifications?: Pick<Database, 'subscribe'> | undefined;
}
