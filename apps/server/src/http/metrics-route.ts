import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrCd } from '@tabi/contract/constants';
import { say } from '@tabi/contract/said';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { listJobs } from '../jobs/repository.ts';
import {
  httpRequestDuration,
  jobSecondsSinceOk,
  outboxBacklog,
  outboxFailed,
  outboxOldestPendingSeconds,
  outboxRetrying,
  registry,
} from '../metrics.ts';
import { outboxStats } from '../modules/mail/outbox-stats.ts';
import { fail } from './envelope.ts';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Constant-time comparison of the presented bearer token with METRICS_TOKEN (hashing evens the lengths). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Records every answer's latency under its matched route pattern (unmatched paths share one label, so a
 * scanner cannot grow the series), and, when METRICS_TOKEN is set, serves `GET /metrics` to that bearer
 * token only. Without the token the path is an ordinary 404.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const token = ctx.config.metricsToken;
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(fail(ErrCd.generic, say('unauthorized')));
    }
    const stats = await outboxStats(ctx.db, ctx.clock.now());
    outboxBacklog.set(stats.backlog);
    outboxRetrying.set(stats.retrying);
    outboxFailed.set(stats.failed);
    outboxOldestPendingSeconds.set(stats.oldestPendingSeconds);
    // A job that has never ended well counts from when it is due.
    const now = Date.now();
    for (const job of await listJobs(ctx.db)) {
      const since = job.lastOkAt ? (now - job.lastOkAt.getTime()) / 1000 : (now - job.runAt.getTime()) / 1000;
      jobSecondsSinceOk.set({ job: job.name }, Math.max(0, Math.round(since)));
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
