/**
 * A second process on the same DATA_DIR sold the last seat a second time and lost an
 * acknowledged booking. The embedded database now refuses a second holder of its directory, in another
 * process (a real `npm run serve`) or in this one, and takes over the lock of a process that is gone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../test/helper.ts';
import { processTestsHere, SERVER_ENTRY, startProcess } from '../test/processes.ts';
import { openDatabase } from './client.ts';
import { DataDirLockedError, LOCK_FILE } from './dir-lock.ts';

const dirs: string[] = [];
async function tempDataDir(): Promise<string> {
  const dir = await migratedDataDir('dir-lock-');
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function sleeper(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
}

describe.runIf(processTestsHere)('the DATA_DIR lock of the embedded database', () => {
  it('refuses a second open of the same directory and admits it again after close', async () => {
    const dataDir = await tempDataDir();
    const first = await openDatabase({ dataDir });
    try {
      expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('refuses while a live process holds the lock, naming it, and takes over once it is gone', async () => {
    const dataDir = await tempDataDir();
    const holder = sleeper();
    const pid = holder.pid ?? 0;
    writeFileSync(path.join(dataDir, LOCK_FILE), `${pid}\n`);
    try {
      const refused = await openDatabase({ dataDir }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(DataDirLockedError);
      const message = (refused as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toContain(`pid ${pid}`);
      expect(message).toContain('PostgreSQL');
      expect(message).toMatch(/使用中/);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // The holder was killed: its stale lock is taken over.
    const database = await openDatabase({ dataDir });
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });

  it('takes over a lock that names this very pid from an earlier run (pid 1 in a container)', async () => {
    const dataDir = await tempDataDir();
    writeFileSync(path.join(dataDir, LOCK_FILE), `${process.pid}\n`);
    const database = await openDatabase({ dataDir });
    await database.close();
  });

  it('stops a second `npm run serve` on the same DATA_DIR with one line, while the first keeps serving', async () => {
    const dataDir = await tempDataDir();
    const first = await openDatabase({ dataDir });
    try {
      const { code, stderr } = await startProcess([SERVER_ENTRY], {
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        PICTURES_AHEAD: '0',
      }).done;
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`pid ${process.pid}`);
      expect(lines[0]).toContain('DATA_DIR');
      // The first holder still works.
      await first.db.execute('select 1');
    } finally {
      await first.close();
    }
  }, 60_000);
});
