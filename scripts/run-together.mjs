// Runs commands at the same time, each one's output printed whole as it ends (not interleaved with another's), and
// exits with the first failure's code. The builds use it: Vite's bundling is mostly one thread, so the browser build,
// the server renderer's build and the server's own run side by side on this machine's two cores (ADR 0221).
import { spawn } from 'node:child_process';

/** Each command as [program, ...args]; resolves to true when all of them succeeded. */
export function runTogether(commands, { cwd = process.cwd() } = {}) {
  return Promise.all(
    commands.map(
      ([program, ...args]) =>
        new Promise((resolve) => {
          const output = [];
          const child = spawn(program, args, { cwd, env: process.env });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            process.stdout.write(Buffer.concat(output));
            if (code !== 0) console.log(`${[program, ...args].join(' ')}: failed (${code})`);
            resolve(code === 0);
          });
        }),
    ),
  ).then((results) => results.every(Boolean));
}
