import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that names the process using the embedded database there. */
export const LOCK_FILE = 'server.lock';

/** Another live process holds the directory: PGlite on disk admits one process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `データディレクトリ ${dataDir} は別のプロセス（pid ${holderPid}）が使用中のため起動できません。複数のプロセスで動かすには PostgreSQL（DATABASE_URL）を使ってください。` +
        ` / DATA_DIR ${dataDir} is in use by another process (pid ${holderPid}); more than one process needs PostgreSQL (DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DirLock {
  release(): void;
}

/** Directories this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Creates `file` holding our pid only if it does not exist: written aside, then hard-linked (atomic). */
function tryCreate(file: string): boolean {
  const aside = `${file}.${process.pid}.${Date.now()}`;
  const fd = openSync(aside, 'wx');
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Takes DATA_DIR for this process (ADR 0081): a lock file with our pid, created only if absent. A lock left
 * by a process that is gone (killed, crashed, or an earlier run that had our pid, as pid 1 in a container)
 * is taken over; one held by a live process refuses with DataDirLockedError. Released on close and on exit.
 */
export function lockDataDir(dataDir: string): DirLock {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(file)) break;
    const holder = readHolder(file);
    if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dir, holder);
    if (attempt >= 3) throw new DataDirLockedError(dir, holder ?? 0);
    // Stale: remove it only while it still names the dead holder, then race for it like everyone else.
    if (readHolder(file) === holder) {
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first.
      }
    }
  }
  heldHere.add(dir);
  const onExit = () => release();
  process.once('exit', onExit);
  let released = false;
  function release(): void {
    if (released) return;
    released = true;
    heldHere.delete(dir);
    process.removeListener('exit', onExit);
    if (readHolder(file) === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    }
  }
  return { release };
}
