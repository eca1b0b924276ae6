import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { DataDirLockedError } from './db/dir-lock.ts';
import { describeStartupError } from './startup-error.ts';

function errno(code: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${code} something`), { code, ...extra });
}

/** Drizzle wraps the driver's error in one whose message is the whole failed query. */
function drizzleWrapped(cause: Error): Error {
  return Object.assign(
    new Error(`Failed query: CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (\n id SERIAL)`),
    {
      cause,
    },
  );
}

const db = 'postgres://app:secret@base:5432/tabi';

describe('describeStartupError', () => {
  it.each([
    ['a port in use', errno('EADDRINUSE', { syscall: 'listen' }), {}, /ポート 3000.*port 3000 \(already in use\)/],
    ['an unknown database host', drizzleWrapped(errno('ENOTFOUND')), { databaseUrl: db }, /base:5432\/tabi: ENOTFOUND/],
    ['a refused connection', errno('ECONNREFUSED'), { databaseUrl: db }, /cannot reach the database/],
    ['a wrong password', drizzleWrapped(errno('28P01')), { databaseUrl: db }, /authentication failed/],
    ['a missing database', errno('3D000'), { databaseUrl: db }, /does not exist/],
    [
      'an unwritable DATA_DIR',
      errno('EACCES', { syscall: 'mkdir', path: '/srv/data' }),
      {},
      /DATA_DIR \/srv\/data is not writable/,
    ],
    ['a DATA_DIR under a file', errno('ENOTDIR', { syscall: 'mkdir' }), {}, /not writable \(ENOTDIR/],
    ['PGlite aborting', new Error('RuntimeError: Aborted(). Build with -sASSERTIONS'), {}, /embedded database/],
    ['anything else', drizzleWrapped(new Error('boom\n    at x')), {}, /start-up failed: boom$/],
  ])('%s: one line, Japanese and English, no query, no password', (_label, error, facts, pattern) => {
    const line = describeStartupError(error, { port: 3000, dataDir: '/srv/data', ...facts });
    expect(line).not.toContain('\n');
    expect(line).not.toContain('secret');
    expect(line).not.toContain('CREATE TABLE');
    expect(line).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect(line).toMatch(pattern);
  });

  it('passes the messages of configuration and DATA_DIR lock errors through', () => {
    expect(describeStartupError(new ConfigError(['PORT: x']))).toBe(new ConfigError(['PORT: x']).message);
    const locked = new DataDirLockedError('/srv/data', 42);
    expect(describeStartupError(locked)).toBe(locked.message);
  });
});
