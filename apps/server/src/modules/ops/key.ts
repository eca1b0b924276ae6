import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, preparePrivateDir } from '../../data-dir.ts';

/** Where a running server leaves the key that lets `npm run ops` reach it (DATA_DIR, owner-only). */
export function opsKeyPath(dataDir: string): string {
  return path.join(dataDir, 'ops.key');
}

/** Beside the key, the port the server listens on, so `npm run ops` finds it without being told PORT. */
export function opsPortPath(dataDir: string): string {
  return path.join(dataDir, 'ops.port');
}

export function writeOpsKey(dataDir: string): string {
  const key = randomBytes(32).toString('base64url');
  preparePrivateDir(dataDir);
  writeFileSync(opsKeyPath(dataDir), key, { mode: PRIVATE_FILE_MODE });
  return key;
}

function readTrimmed(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function readOpsKey(dataDir: string): string | null {
  return readTrimmed(opsKeyPath(dataDir));
}

/** Written once the server listens (the port it got, also when PORT=0 let the system choose). */
export function writeOpsPort(dataDir: string, port: number): void {
  writeFileSync(opsPortPath(dataDir), `${port}\n`, { mode: PRIVATE_FILE_MODE });
}

export function readOpsPort(dataDir: string): number | null {
  const port = Number(readTrimmed(opsPortPath(dataDir)));
  return Number.isInteger(port) && port > 0 && port <= 65_535 ? port : null;
}

/**
 * On stop: the key and the port go, unless another server on the same DATA_DIR has written its own since (a
 * second instance on PostgreSQL), whose files stay.
 */
export function removeOpsFiles(dataDir: string, key: string): void {
  if (readOpsKey(dataDir) !== key) return;
  rmSync(opsPortPath(dataDir), { force: true });
  rmSync(opsKeyPath(dataDir), { force: true });
}

export function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
