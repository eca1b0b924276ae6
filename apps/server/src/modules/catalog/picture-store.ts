/** The demo pictures' drawn WebP twins, kept in the data directory (ADR 0208). */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const WEBP_QUALITY = 80;

/**
 * The drawn pictures kept in the data directory (`pictures/`), by a hash of what they are drawn from (the drawing, its
 * width and quality), so a changed drawing is drawn again and an unchanged one never twice. An in-memory database
 * (tests) keeps none.
 */
export function pictureStore(dataDir: string) {
  const dir = dataDir === 'memory' ? null : path.join(dataDir, 'pictures');
  return async (svg: Buffer, width: number, draw: () => Promise<Buffer>): Promise<Buffer> => {
    if (!dir) return draw();
    const key = createHash('sha1').update(svg).update(`${width}/${WEBP_QUALITY}`).digest('hex');
    const file = path.join(dir, `${key}.webp`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return kept;
    const webp = await draw();
    // Written whole or not at all (a start cut short leaves no half picture to serve); a directory that cannot be
    // written only means drawing again next time.
    const partial = `${file}.${process.pid}.tmp`;
    await mkdir(dir, { recursive: true })
      .then(() => writeFile(partial, webp))
      .then(() => rename(partial, file))
      .catch(() => undefined);
    return webp;
  };
}
