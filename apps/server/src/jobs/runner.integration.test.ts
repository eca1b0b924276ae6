import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { openTestDatabase } from '../test/helper.ts';
import { retryDelayMs } from './backoff.ts';
import { type JobDefinition, type Runner, startRunner } from './runner.ts';

const quiet = { error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Database;
const runners: Runner[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await database.db.delete(jobs);
});

async function row(name: string) {
  const [found] = await database.db.select().from(jobs).where(eq(jobs.name, name));
  if (!found) throw new Error(`no job ${name}`);
  return found;
}

function start(definitions: JobDefinition[], options: Parameters<typeof startRunner>[3]): Runner {
  const runner = startRunner(database.db, definitions, quiet, { pollMs: 20, ...options });
  runners.push(runner);
  return runner;
}

describe('the job runner (ADR 0183)', () => {
  it('runs a job on one instance at a time, the lease renewed while a run outlasts it', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const job = (): JobDefinition => ({
      name: 'turns',
      everyMs: 5,
      async run() {
        active += 1;
        most = Math.max(most, active);
        runs += 1;
        // Twice the lease: only the renewal keeps the other instance out. The lease is long enough that a loaded
        // machine's event loop does not miss two renewals in a row (a 60 ms lease did once on CI).
        await sleep(600);
        active -= 1;
      },
    });
    const a = start([job()], { instance: 'a', leaseMs: 300 });
    const b = start([job()], { instance: 'b', leaseMs: 300 });
    await sleep(2_000);
    await Promise.all([a.stop(), b.stop()]);
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(await row('turns')).toMatchObject({ runs, lockedBy: null, lockedUntil: null, failures: 0 });
  });

  it('waits the back-off after a run that throws, counts the failures in a row and clears them after a good run', async () => {
    let wall = new Date('2026-12-01T00:00:00Z');
    let calls = 0;
    start(
      [
        {
          name: 'flaky',
          everyMs: 60_000,
          async run() {
            calls += 1;
            if (calls <= 2) throw new Error(`boom ${calls}`);
          },
        },
      ],
      { instance: 'a', wall: () => wall },
    );
    await expect.poll(async () => (await row('flaky')).failures).toBe(1);
    const first = await row('flaky');
    expect(first.lastError).toBe('boom 1');
    expect(first.runAt.getTime() - wall.getTime()).toBe(retryDelayMs(1));
    await sleep(100);
    expect(calls).toBe(1);

    wall = new Date(wall.getTime() + retryDelayMs(1));
    await expect.poll(async () => (await row('flaky')).failures).toBe(2);
    expect((await row('flaky')).runAt.getTime() - wall.getTime()).toBe(retryDelayMs(2));

    wall = new Date(wall.getTime() + retryDelayMs(2));
    await expect.poll(async () => (await row('flaky')).failures).toBe(0);
    const healed = await row('flaky');
    expect(healed).toMatchObject({ lastError: null, runs: 3 });
    expect(healed.lastOkAt?.getTime()).toBe(wall.getTime());
    expect(healed.runAt.getTime() - wall.getTime()).toBe(60_000);
  });

  it('takes a job another instance held once its lease has run out, and at once what its own earlier life held', async () => {
    let wall = new Date('2026-12-01T00:00:00Z');
    const ran: string[] = [];
    const job = (name: string): JobDefinition => ({
      name,
      everyMs: 60_000,
      async run() {
        ran.push(name);
      },
    });
    await database.db.insert(jobs).values([
      {
        name: 'held-by-dead',
        everyMs: 60_000,
        runAt: wall,
        lockedBy: 'dead',
        lockedUntil: new Date(wall.getTime() + 10_000),
      },
      {
        name: 'held-by-me',
        everyMs: 60_000,
        runAt: wall,
        lockedBy: 'me',
        lockedUntil: new Date(wall.getTime() + 10_000),
      },
    ]);
    start([job('held-by-dead'), job('held-by-me')], { instance: 'me', wall: () => wall });
    await expect.poll(() => ran).toEqual(['held-by-me']);
    await sleep(100);
    expect(ran).toEqual(['held-by-me']);
    wall = new Date(wall.getTime() + 10_000);
    await expect.poll(() => ran).toEqual(['held-by-me', 'held-by-dead']);
    expect(await row('held-by-dead')).toMatchObject({ lockedBy: null, runs: 1 });
  });

  it('runs once more soon after a nudge that came during a run, and otherwise waits its interval', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const job = (): JobDefinition => ({
      name: 'nudged',
      everyMs: 600_000,
      async run() {
        runs += 1;
        if (runs === 1) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
      },
    });
    start([job()], { instance: 'a', nudgeMs: 50 });
    await expect.poll(() => runs).toBe(1);
    // On another instance, a burst of commits' notifications arrives while the first run is still going.
    const other = start([job()], { instance: 'b', nudgeMs: 50 });
    await Promise.all(Array.from({ length: 20 }, () => other.nudge('nudged')));
    expect((await row('nudged')).nudged).toBe(true);
    release();
    await expect.poll(() => runs).toBe(2);
    await sleep(300);
    expect(runs).toBe(2);
    const after = await row('nudged');
    expect(after.nudged).toBe(false);
    expect(after.runAt.getTime() - Date.now()).toBeGreaterThan(500_000);
  });

  it('frees its jobs when stopped, so that another instance takes them at once', async () => {
    const runs: string[] = [];
    const job = (instance: string): JobDefinition => ({
      name: 'handover',
      everyMs: 600_000,
      async run() {
        runs.push(instance);
      },
    });
    const a = start([job('a')], { instance: 'a' });
    await expect.poll(() => runs).toEqual(['a']);
    await a.stop();
    expect(await row('handover')).toMatchObject({ lockedBy: null, lockedUntil: null });
    // A new instance starting makes every job due: what a crash left is finished at the next start.
    start([job('b')], { instance: 'b' });
    await expect.poll(() => runs).toEqual(['a', 'b']);
  });
});
