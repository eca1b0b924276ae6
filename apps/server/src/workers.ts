import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';

export interface Workers {
  stop(): Promise<void>;
}

/** Background work (expiry sweep, mail outbox) on every instance; rows are claimed with SKIP LOCKED. */
export function startWorkers(_ctx: AppContext, _log: FastifyBaseLogger): Workers {
  return { stop: async () => {} };
}
