/**
 * Tests that start the server or a script as a process of its own (start-up errors, the data directory's lock,
 * `npm run ops`). They open no test database (each runs on an embedded one of its own, or on none), so they run on the
 * PGlite tier only: on the PostgreSQL tier they would repeat the very same runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server as production runs it (ADR 0194), built by the global setup before the files run: it starts in about a
 * second, where `tsx src/main.ts` compiled the whole server again for each start (three to eight seconds).
 */
export const SERVER_ENTRY = path.join(serverRoot, 'dist/main.js');

/** `npm run ops` as production runs it: the operator's commands built beside the server (build.mjs). */
export const OPS_ENTRY = path.join(serverRoot, 'dist/ops.js');

/** False on the PostgreSQL tier (see above). */
export const processTestsHere = process.env.TEST_DB !== 'postgres';

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node <argv…>` in the server's directory with these variables over the test's own, its output collected. Never a
 * synchronous spawn: a test fork blocked for a minute misses Vitest's own messages and fails a green run.
 * `--liftoff-only` keeps V8 from optimising the embedded database's WebAssembly in the background: a process that
 * opens it for a few statements spent more CPU there than on its work (`ops booking:show` 4.6 s of CPU and 3.8 s
 * against 2.0 s and 1.7 s; these four files 130 s of CPU against 105 s). It changes how fast the code runs, never what
 * it does; a long-lived process keeps the optimising compiler (Vitest's forks, which run many files each, were 7 s
 * slower with the flag).
 */
export function startProcess(
  argv: string[],
  env: Record<string, string | undefined>,
): { child: ChildProcess; done: Promise<Finished> } {
  const child = spawn(process.execPath, ['--liftoff-only', ...argv], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<Finished>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

/** `npm run ops -- <args…>` on the embedded database of `dataDir`, as production runs it; resolves when it exits. */
export function runOps(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return startProcess([OPS_ENTRY, ...args], { DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env }).done;
}
