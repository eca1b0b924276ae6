/**
 * Files follow the database. An upload writes its variants, then commits the photo's row; a
 * delete commits the row's removal, then removes the files no row names any more. A crash or a failed commit
 * between the two leaves files no row names (an upload that never committed, a delete whose removal never ran)
 * — never a listed photo without its files. The sweeper removes those files once they are older than a grace
 * period (longer than any upload takes), holding the hash's media lock so that it never crosses an upload of
 * the same photo. It runs at start and then periodically in the server's worker loop (workers.ts).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { mediaFileName } from './pictures.ts';
import { listMediaFiles, type MediaFile, modifiedAt, removeMediaFile } from './store.ts';

/** A file no row names is kept this long: an upload in flight has written its files but not committed yet. */
export const MEDIA_GRACE_MS = 60 * 60_000;

/** Held while a photo's files are written, checked or removed, so an upload and a removal of one file never cross. */
export async function lockMedia(tx: Tx, hash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${hash}`}))`);
}

async function named(tx: Tx, hash: string): Promise<boolean> {
  const rows = rowsOf<{ found: boolean }>(
    await tx.execute(sql`select exists (select 1 from option_images where media = ${hash}) as found`),
  );
  return rows[0]?.found === true;
}

/**
 * After a delete has committed: the photo's files go unless a row (another option's) still names the hash. Under
 * the media lock, so an upload of the same photo waits or is seen. A failure here leaves them to the sweeper.
 */
export async function removeUnnamedVariants(ctx: AppContext, hash: string, widths: readonly number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockMedia(tx, hash);
    if (await named(tx, hash)) return;
    for (const width of widths) await removeMediaFile(ctx, mediaFileName(hash, width));
  });
}

export interface MediaSweep {
  /** The files removed: variants no row names, and temporary files of interrupted writes. */
  removed: string[];
}

/** One pass over the media directory: every file older than the grace period that no row names goes. */
export async function sweepMedia(
  ctx: AppContext,
  { now = ctx.clock.now(), graceMs = MEDIA_GRACE_MS }: { now?: Date; graceMs?: number } = {},
): Promise<MediaSweep> {
  const cutoff = now.getTime() - graceMs;
  const old = (await listMediaFiles(ctx)).filter((f) => f.modifiedAt.getTime() < cutoff);
  const removed: string[] = [];
  const byHash = new Map<string, MediaFile[]>();
  for (const file of old) {
    if (file.hash === null) {
      await removeMediaFile(ctx, file.name);
      removed.push(file.name);
    } else {
      byHash.set(file.hash, [...(byHash.get(file.hash) ?? []), file]);
    }
  }
  for (const [hash, files] of byHash) {
    await ctx.db.transaction(async (tx) => {
      await lockMedia(tx, hash);
      if (await named(tx, hash)) return;
      for (const file of files) {
        // Listed before the lock: an upload of this photo may have rewritten it since, and then it stays.
        const modified = (await modifiedAt(ctx, file.name))?.getTime();
        if (modified === undefined || modified >= cutoff) continue;
        await removeMediaFile(ctx, file.name);
        removed.push(file.name);
      }
    });
  }
  return { removed };
}
