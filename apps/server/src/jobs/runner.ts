/**
 * The one runner of the background work (ADR 0183). Every instance runs it; the `jobs` table decides which instance
 * runs which job when: a job is due at its `run_at`, taken by one instance at a time under a lease that instance
 * renews while the job runs, and due again after its interval, or after the back-off of its failures in a row.
 * A notification (a commit that queued a mail or moved seats) brings a job forward on every instance at once.
 */
import type { DbOrTx } from '../db/client.ts';
import { jobFailures } from '../metrics.ts';
import { retryDelayMs } from './backoff.ts';
import { claimJobs, endRun, nextDueAt, nudgeJob, registerJobs, releaseLocks, renewLease } from './repository.ts';

export interface JobDefinition {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

export interface JobLog {
  error(obj: object, msg?: string): void;
}

export interface RunnerOptions {
  /** This instance's name in `locked_by`: the same across its restarts, so a restart takes back what a kill left. */
  instance: string;
  /** How long a job is this instance's without a renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** The longest wait between two looks at the table (another instance's nudge, a lease that ran out). */
  pollMs?: number;
  /** How long after a nudge the job runs, so that a burst of commits makes one run. */
  nudgeMs?: number;
  /** Wall time: the schedule is the machine's, not the business clock tests move. */
  wall?: () => Date;
}

export interface Runner {
  /** `name` has new work: it runs within `nudgeMs`, here or on another instance. */
  nudge(name: string): Promise<void>;
  /** Waits for the runs in flight and frees their jobs. */
  stop(): Promise<void>;
}

export const JOB_LEASE_MS = 30_000;
export const JOB_POLL_MS = 5_000;
export const NUDGE_MS = 300;
/** Notifications of one job within this long make one update of its row. */
export const NUDGE_BATCH_MS = 100;
/** A job that keeps failing is tried again at least this often (a sweep stays at most ten minutes late). */
export const JOB_RETRY_CAP_MS = 10 * 60_000;

export function startRunner(db: DbOrTx, definitions: JobDefinition[], log: JobLog, options: RunnerOptions): Runner {
  const { instance } = options;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  const nudgeMs = options.nudgeMs ?? NUDGE_MS;
  const wall = options.wall ?? (() => new Date());
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const running = new Map<string, Promise<void>>();
  const pendingNudges = new Map<string, Promise<void>>();
  let stopped = false;
  let woken = false;
  let endSleep: (() => void) | undefined;

  const after = (ms: number) => new Date(wall().getTime() + ms);
  const idle = () => [...byName.keys()].filter((name) => !running.has(name));

  function wake(): void {
    woken = true;
    endSleep?.();
  }

  /** Waits `ms`, or less when woken (a nudge, a run that ended, stop); a wake that came while awake is not lost. */
  function sleep(ms: number): Promise<void> {
    if (woken || stopped) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(end, ms);
      timer.unref();
      function end() {
        clearTimeout(timer);
        endSleep = undefined;
        woken = false;
        resolve();
      }
      endSleep = end;
    });
  }

  function launch(definition: JobDefinition, failures: number): void {
    const heartbeat = setInterval(() => {
      renewLease(db, definition.name, instance, after(leaseMs)).catch((err: unknown) =>
        log.error({ err, job: definition.name }, 'job lease not renewed'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    const run = definition
      .run()
      .then(
        () =>
          endRun(db, definition.name, instance, wall(), {
            ok: true,
            nextAt: after(definition.everyMs),
            nudgedAt: after(nudgeMs),
          }),
        (err: unknown) => {
          log.error({ err, worker: definition.name }, 'background work failed');
          jobFailures.inc({ job: definition.name });
          const error = err instanceof Error ? err.message : String(err);
          const retryAt = after(retryDelayMs(failures + 1, JOB_RETRY_CAP_MS));
          return endRun(db, definition.name, instance, wall(), { ok: false, error, retryAt });
        },
      )
      .catch((err: unknown) => log.error({ err, job: definition.name }, 'job end not recorded'))
      .finally(() => {
        clearInterval(heartbeat);
        running.delete(definition.name);
        wake();
      });
    running.set(definition.name, run);
  }

  const main = (async () => {
    try {
      await releaseLocks(db, instance);
      await registerJobs(db, definitions, wall());
    } catch (err) {
      log.error({ err }, 'jobs not registered');
    }
    while (!stopped) {
      try {
        const claimed = await claimJobs(db, idle(), instance, wall(), after(leaseMs));
        for (const row of claimed) {
          const definition = byName.get(row.name);
          if (definition && !stopped) launch(definition, row.failures);
        }
        const next = await nextDueAt(db, idle());
        const wait = next ? next.getTime() - wall().getTime() : pollMs;
        await sleep(Math.min(Math.max(wait, 0), pollMs));
      } catch (err) {
        log.error({ err }, 'job runner could not read its table');
        await sleep(pollMs);
      }
    }
  })();

  return {
    nudge(name) {
      if (stopped || !byName.has(name)) return Promise.resolve();
      // A burst of commits (every booking queues a mail) makes one update of the job's row per NUDGE_BATCH_MS, not
      // one per commit: the update made after a notification covers it, and the pending one is cleared before it is
      // made, so a notification that comes later schedules another.
      const pending = pendingNudges.get(name);
      if (pending) return pending;
      const update = new Promise<void>((resolve) => setTimeout(resolve, NUDGE_BATCH_MS).unref()).then(async () => {
        pendingNudges.delete(name);
        if (stopped) return;
        await nudgeJob(db, name, after(nudgeMs));
        wake();
      });
      pendingNudges.set(name, update);
      return update;
    },
    async stop() {
      stopped = true;
      wake();
      await main;
      await Promise.allSettled(running.values());
      await releaseLocks(db, instance).catch(() => undefined);
    },
  };
}
