import { chmodSync, mkdirSync } from 'node:fs';

/**
 * DATA_DIR holds the embedded database, the ops key, the outbox's mails (names, phones, booking numbers) and
 * the uploads: it is made owner-only (0700), and tightened to that when it exists already.
 * A directory this user does not own keeps the mode its owner gave it.
 */
export function preparePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/** A file only this user may read and write: the ops key, an outbox mail. */
export const PRIVATE_FILE_MODE = 0o600;
