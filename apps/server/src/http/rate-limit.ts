import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters shared by every server instance: Redis when REDIS_URL is set, else PostgreSQL. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createDbRateLimiter(db: Db, clock: Clock): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + windowSeconds * 1000);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt} else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      const count = row?.count ?? 1;
      const retryAfterSeconds = Math.max(1, Math.ceil(((row?.resetAt ?? resetAt).getTime() - now.getTime()) / 1000));
      return { allowed: count <= limit, count, retryAfterSeconds };
    },
    async reset(key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
    async close() {},
  };
}

/**
 * Fixed-window counters in this process's memory: no write to the database, so a limit on the booking's
 * path adds nothing to its commit. Per instance: behind N instances an address gets up to N
 * times the limit, which is why REDIS_URL, when set, takes its place. Expired windows are swept as the
 * map grows, so an address seen once does not stay for ever.
 *
 * The next sweep waits until the map has doubled from what the last one left: with more addresses inside one
 * window than `sweepAbove` (a busy hour, or someone sending from many addresses), sweeping at every new address
 * walked the whole map each time, and every request got slower with each address seen (a third of the server's
 * time in the bench after 30,000 addresses).
 */
export function createMemoryRateLimiter(clock: Clock, sweepAbove = 10_000): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = sweepAbove;
  function sweep(now: number): void {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    sweepAt = Math.max(sweepAbove, 2 * windows.size);
  }
  return {
    async hit(key, limit, windowSeconds) {
      const now = clock.now().getTime();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (windows.size >= sweepAt) sweep(now);
        w = { count: 0, resetAt: now + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
      return { allowed: w.count <= limit, count: w.count, retryAfterSeconds };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(key, limit, windowSeconds) {
      const name = `rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(name).ttl(name).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.expire(name, windowSeconds);
      return { allowed: count <= limit, count, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds };
    },
    async reset(key) {
      await redis.del(`rl:${key}`);
    },
    async close() {
      redis.disconnect();
    },
  };
}
