// `npm run typecheck`: the four TypeScript projects, two at a time, every error printed, by TypeScript's native compiler
// (`tsgo`, TypeScript 7's preview, ADR 0216). Each in one thread: on this 2-core machine its own threads made a project
// take half as long again, and two projects at once use both cores.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTogether } from './run-together.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsgo = path.join(root, 'node_modules/.bin/tsgo');
const projects = ['apps/server', 'apps/web', 'packages/contract', 'e2e'];
const ok = await runTogether(
  projects.map((project) => [tsgo, '-p', project, '--singleThreaded']),
  { cwd: root, atOnce: 2 },
);
process.exit(ok ? 0 : 1);
