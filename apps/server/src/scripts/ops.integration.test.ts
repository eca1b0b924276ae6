/**
 * `npm run ops` finds the server running on its DATA_DIR whatever port it listens on (the
 * server writes it beside its ops key and removes both when it stops), and `npm run ops -- help` lists the verbs.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { opsKeyPath, opsPortPath, readOpsPort } from '../modules/ops/key.ts';
import { migratedDataDir } from '../test/helper.ts';
import { OPS_ENTRY, processTestsHere, SERVER_ENTRY, startProcess } from '../test/processes.ts';

let dataDir = '';
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run ops -- …` as its script runs it (the built dist/ops.js). */
const ops = (...args: string[]) => [OPS_ENTRY, ...args];

/** A process with these variables, on the embedded database (no DATABASE_URL). */
const run = (argv: string[], env: Record<string, string>) =>
  startProcess(argv, { DATABASE_URL: '', LOG_LEVEL: 'warn', PICTURES_AHEAD: '0', ...env });

const VERBS = [
  'request:confirm',
  'request:decline',
  'staff:create',
  'staff:disable',
  'staff:reset-password',
  'staff:reset-totp',
  'staff:list',
  'booking:show',
  'booking:reconcile',
  'privacy:export',
  'privacy:erase',
  'jobs:list',
  'reseller:create',
  'help',
];

describe.runIf(processTestsHere)('npm run ops', () => {
  it.each(['help', '--help', '-h'])('`%s` lists every verb on standard output and exits 0', async (arg) => {
    // Even with a setting the server would refuse: help reads none.
    const { code, stdout } = await run(ops(arg), { PORT: 'abc' }).done;
    expect(code).toBe(0);
    for (const verb of VERBS) expect(stdout).toContain(`npm run ops -- ${verb}`);
  });

  it('finds a server on the same DATA_DIR without being told its PORT, and opens the database after it stopped', async () => {
    dataDir = await migratedDataDir('ops-data-');
    // PORT=0: the system picks a free port, which nothing but the file beside the key can tell.
    const started = run([SERVER_ENTRY], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    server = started.child;
    const deadline = Date.now() + 90_000;
    while (readOpsPort(dataDir) === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const port = readOpsPort(dataDir);
    expect(port).not.toBeNull();
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);

    // The embedded database is the server's: only the way through the server can answer (the default 3000 is
    // not it, and opening the database would be refused as in use).
    const viaServer = await run(ops('booking:show', 'AA100001'), { DATA_DIR: dataDir }).done;
    expect(viaServer.stderr).toBe('');
    expect(viaServer.code).toBe(0);
    expect(viaServer.stdout).toContain('予約番号 AA100001');
    // The background jobs the server registered at its start, as its runner sees them (ADR 0183).
    const jobsNow = await run(ops('jobs:list'), { DATA_DIR: dataDir }).done;
    expect(jobsNow.code).toBe(0);
    for (const job of ['mail', 'reconciler', 'sweeper', 'retention'])
      expect(jobsNow.stdout).toMatch(new RegExp(`^${job} `, 'm'));

    server.kill('SIGTERM');
    expect(await started.done.then((r) => r.code)).toBe(0);
    server = undefined;
    expect(existsSync(opsPortPath(dataDir))).toBe(false);
    expect(existsSync(opsKeyPath(dataDir))).toBe(false);

    const direct = await run(ops('booking:show', 'AA100001'), { DATA_DIR: dataDir }).done;
    expect(direct.code).toBe(0);
    expect(direct.stdout).toContain('予約番号 AA100001');
    // Stopped with SIGTERM, the server freed every job it held.
    const jobsAfter = await run(ops('jobs:list'), { DATA_DIR: dataDir }).done;
    expect(jobsAfter.code).toBe(0);
    expect(jobsAfter.stdout).toMatch(/^mail +待機/m);
    expect(jobsAfter.stdout).not.toContain('実行中');
  }, 180_000);
});
