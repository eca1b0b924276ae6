// Starts the real server for the end-to-end tests on a fresh embedded database with the demo data.
// `--prepare <dir>` only writes that database into <dir>; with E2E_DATA_TEMPLATE (such a directory) the server starts
// on a copy of it, and with E2E_PREBUILT=1 on the server already built: `npm test` prepares and builds once for both
// of its servers, where each server's start did both on the same two cores at the same time.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_ENTRY } from '../apps/server/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
const prepareOnly = process.argv[2] === '--prepare' ? process.argv[3] : undefined;
if (process.argv[2] === '--prepare' && !prepareOnly) throw new Error('--prepare needs a directory');
const dataDir = prepareOnly ? path.resolve(prepareOnly) : path.join(root, `.data-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const template = process.env.E2E_DATA_TEMPLATE;

const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_KEY: 'e2e-key',
  // Every spec signs in, books and pays from this one address; the per-address limits have their own server tests.
  LOGIN_IP_LIMIT: '1000',
  BOOKING_IP_LIMIT: '1000',
  CHECKOUT_IP_LIMIT: '1000',
  LOG_LEVEL: 'warn',
  // The specs open a few dozen of the 444 demo pictures: drawn when first asked for, not all before the start.
  PICTURES_AHEAD: '0',
  // The specs' way into the console without the sign-in form (ADR 0199); never set outside the e2e server.
  TEST_ROUTES: '1',
};
// The production build of the server (ADR 0194), built here so that a run of the specs alone tests today's code.
if (process.env.E2E_PREBUILT !== '1') await buildServer();
if (template && !prepareOnly && existsSync(template)) {
  cpSync(template, dataDir, { recursive: true });
} else {
  // Demo data plus the XSS fixture of e2e/security.spec.ts, written before the server holds the database, by the
  // server's build of the script (2–3 s less than compiling its sources with tsx at each run), its WebAssembly left
  // unoptimised (apps/server/src/test/processes.ts: 11.8 s of CPU against 8.3 s for this short process).
  const prepared = spawnSync(
    process.execPath,
    ['--liftoff-only', path.join(path.dirname(SERVER_ENTRY), 'prepare-e2e-db.js')],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  );
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
}
if (prepareOnly) process.exit(0);
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
