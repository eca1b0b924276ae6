import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, preparePrivateDir } from '../../data-dir.ts';

/** Where a running server leaves the key that lets `npm run ops` reach it (DATA_DIR, owner-only). */
export function opsKeyPath(dataDir: string): string {
  return path.join(dataDir, 'ops.key');
}

export function writeOpsKey(dataDir: string): string {
  const key = randomBytes(32).toString('base64url');
  preparePrivateDir(dataDir);
  writeFileSync(opsKeyPath(dataDir), key, { mode: PRIVATE_FILE_MODE });
  return key;
}

export function readOpsKey(dataDir: string): string | null {
  try {
    return readFileSync(opsKeyPath(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
