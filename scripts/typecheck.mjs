// `npm run typecheck`: the four TypeScript projects, two at a time (each tsc uses one core), every error printed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['apps/server', 'apps/web', 'packages/contract', 'e2e'];
const AT_ONCE = 2;

function check(project) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(path.join(root, 'node_modules/.bin/tsc'), ['-p', project], { cwd: root });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      // Each project's errors together, not interleaved with another's.
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) console.log(`tsc -p ${project}: failed`);
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
