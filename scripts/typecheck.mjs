// `npm run typecheck`: the four TypeScript projects, two at a time, every error printed, by TypeScript's native compiler
// (`tsgo`, TypeScript 7's preview, ADR 0216). Each in one thread: on this 2-core machine its own threads made a project
// take half as long again, and two projects at once use both cores.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['apps/server', 'apps/web', 'packages/contract', 'e2e'];
const AT_ONCE = 2;

function check(project) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(path.join(root, 'node_modules/.bin/tsgo'), ['-p', project, '--singleThreaded'], { cwd: root });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      // Each project's errors together, not interleaved with another's.
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) console.log(`tsgo -p ${project}: failed`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const lanes = Array.from({ length: AT_ONCE }, async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
  return ok;
});
process.exit((await Promise.all(lanes)).every(Boolean) ? 0 : 1);
