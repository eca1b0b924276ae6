/**
 * The media directory (MEDIA_DIR, default `DATA_DIR/media`): the WebP variants of uploaded photos, named by
 * content hash and width, written once (to a temporary name, then renamed, so a reader never sees half a
 * file). Files follow the database: they are written before the photo's row is committed
 * and removed only after the row that named them is gone; what a crash leaves between the two is swept
 * (sweeper.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaDirOf } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { mediaFileName, parseMediaName } from './pictures.ts';
import type { PhotoVariant } from './process.ts';

export function mediaDir(ctx: AppContext): string {
  return mediaDirOf(ctx.config);
}

export function mediaFilePath(ctx: AppContext, name: string): string {
  return path.join(mediaDir(ctx), name);
}

/** A variant being written: `<hash>-<width>.webp.<random>.tmp`, renamed to its name once complete. */
const TEMP_NAME = /^[0-9a-f]{32}-\d{2,4}\.webp\.[0-9a-f]{12}\.tmp$/;

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

/** A file of the media directory the sweeper may judge: a variant (with its photo's hash) or a temporary file. */
export interface MediaFile {
  name: string;
  /** The photo's hash; null for a temporary file left by an interrupted write. */
  hash: string | null;
  modifiedAt: Date;
}

/** The variants and temporary files in the media directory (nothing else there is ever touched). */
export async function listMediaFiles(ctx: AppContext): Promise<MediaFile[]> {
  let names: string[];
  try {
    names = await readdir(mediaDir(ctx));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: MediaFile[] = [];
  for (const name of names) {
    const variant = parseMediaName(name);
    if (!variant && !TEMP_NAME.test(name)) continue;
    try {
      const info = await stat(mediaFilePath(ctx, name));
      if (info.isFile()) files.push({ name, hash: variant?.hash ?? null, modifiedAt: info.mtime });
    } catch {
      // Removed meanwhile.
    }
  }
  return files;
}

/** When a file was last written, or null when it is not there. */
export async function modifiedAt(ctx: AppContext, name: string): Promise<Date | null> {
  try {
    return (await stat(mediaFilePath(ctx, name))).mtime;
  } catch {
    return null;
  }
}

export async function removeMediaFile(ctx: AppContext, name: string): Promise<void> {
  await rm(mediaFilePath(ctx, name), { force: true });
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
