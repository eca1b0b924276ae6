// `npm run bench`: runs apps/server/src/bench/run.ts (TypeScript, through tsx). Arguments pass through,
// e.g. `npm run bench -- --duration=4 --db=postgres --only=catalog`. Suites: apps/server/src/bench/types.ts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../apps/server/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The servers it starts run the production build (ADR 0194).
await buildServer();
const child = spawn(
  path.join(root, 'node_modules/.bin/tsx'),
  ['apps/server/src/bench/run.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
