/**
 * `npm run serve` with a wrong setting stops with one clear line (Japanese and English)
 * and exit code 1 — not NaN, not a Drizzle query dump, not `ENOTFOUND base` with a stack.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processTestsHere, SERVER_ENTRY, startProcess } from './test/processes.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function serve(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const { child, done } = startProcess([SERVER_ENTRY], {
    DATABASE_URL: '',
    DATA_DIR: path.join(scratch, 'data'),
    LOG_LEVEL: 'warn',
    // Drawing the demo pictures ahead (ADR 0208) is not what these starts are about.
    PICTURES_AHEAD: '0',
    ...env,
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 80_000);
  const { code, stderr } = await done;
  clearTimeout(timer);
  return { code, lines: stderr.trim().split('\n') };
}

function expectOneLine(result: { code: number | null; lines: string[] }, pattern: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.lines).toHaveLength(1);
  expect(result.lines[0]).toMatch(/[ぁ-んァ-ン一-龥]/);
  expect(result.lines[0]).toMatch(pattern);
  expect(result.lines[0]).not.toMatch(/\bat \S+ \(|Failed query|NaN/);
}

describe.runIf(processTestsHere)('start-up errors', () => {
  it('PORT=abc', async () => {
    expectOneLine(await serve({ PORT: 'abc' }), /PORT: .*integer/);
  });

  it('PG_POOL_MAX=0 and BENCH_ROUTES=yes', async () => {
    expectOneLine(await serve({ PG_POOL_MAX: '0', BENCH_ROUTES: 'yes' }), /PG_POOL_MAX: .*BENCH_ROUTES: /);
  });

  it('a DATABASE_URL that is not one', async () => {
    expectOneLine(await serve({ DATABASE_URL: 'base' }), /DATABASE_URL: /);
  });

  it('an unreachable DATABASE_URL', async () => {
    expectOneLine(
      await serve({ DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/tabi' }),
      /cannot reach the database of DATABASE_URL \(127\.0\.0\.1:1\/tabi: ECONNREFUSED\)/,
    );
  });

  it('a DATABASE_URL naming a database that does not exist', async () => {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) return;
    const url = new URL(admin);
    url.pathname = '/no_such_database_h1';
    expectOneLine(await serve({ DATABASE_URL: url.toString() }), /the database does not exist/);
  });

  it('a DATA_DIR that cannot be written', async () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'x');
    expectOneLine(await serve({ DATA_DIR: path.join(file, 'data') }), /DATA_DIR .* is not writable \(ENOTDIR/);
  });

  it('a port in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      expectOneLine(
        await serve({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(scratch, 'port') }),
        new RegExp(`port ${port} \\(already in use\\)`),
      );
    } finally {
      blocker.close();
    }
  }, 90_000);
});
