// Runs commands side by side, each one's output printed whole as it ends (not interleaved with another's). The builds
// run theirs all at once (Vite's bundling is mostly one thread, ADR 0221); the typecheck two at a time (ADR 0216).
import { spawn } from 'node:child_process';

/** Runs [program, ...args] with its output held, prints it whole at the end; resolves to whether it succeeded. */
function runWhole([program, ...args], cwd) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(program, args, { cwd, env: process.env });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) console.log(`${[program, ...args].join(' ')}: failed (${code})`);
      resolve(code === 0);
    });
  });
}

/**
 * Each command as [program, ...args], at most `atOnce` at a time (all by default), each started as one ends; every
 * command runs whatever another's outcome. Resolves to true when all of them succeeded.
 */
export async function runTogether(commands, { cwd = process.cwd(), atOnce = commands.length } = {}) {
  const queue = [...commands];
  const lanes = Array.from({ length: atOnce }, async () => {
    let ok = true;
    for (let command = queue.shift(); command; command = queue.shift()) ok = (await runWhole(command, cwd)) && ok;
    return ok;
  });
  return (await Promise.all(lanes)).every(Boolean);
}
