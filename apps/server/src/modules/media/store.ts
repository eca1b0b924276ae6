/**
 * The media directory (MEDIA_DIR, default `DATA_DIR/media`): the WebP variants of uploaded photos, named by
 * content hash and width, written once (to a temporary name, then renamed, so a reader never sees half a
 * file) and removed when no option uses the photo any more.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaDirOf } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { mediaFileName } from './pictures.ts';
import type { PhotoVariant } from './process.ts';

export function mediaDir(ctx: AppContext): string {
  return mediaDirOf(ctx.config);
}

export function mediaFilePath(ctx: AppContext, name: string): string {
  return path.join(mediaDir(ctx), name);
}

export async function writeVariants(ctx: AppContext, hash: string, variants: PhotoVariant[]): Promise<void> {
  const dir = mediaDir(ctx);
  await mkdir(dir, { recursive: true });
  for (const v of variants) {
    const target = path.join(dir, mediaFileName(hash, v.width));
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, v.data);
    await rename(temp, target);
  }
}

export async function removeVariants(ctx: AppContext, hash: string, widths: readonly number[]): Promise<void> {
  await Promise.all(widths.map((w) => rm(mediaFilePath(ctx, mediaFileName(hash, w)), { force: true })));
}

/** The size of a stored file, or null when it is not there. */
export async function storedSize(ctx: AppContext, name: string): Promise<number | null> {
  try {
    const info = await stat(mediaFilePath(ctx, name));
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}
