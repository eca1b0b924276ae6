/**
 * The one picture model of an option: a row of `option_images` is either a demo picture drawn by
 * the project (`/images/OP0001-1.svg`, a vector, with WebP twins beside it) or a photo staff uploaded (WebP
 * variants under /media/).
 * Both reach the public pages through {@link publicImage}, so a card and a gallery render them the same way.
 */
import type { OptionImage } from '@tabi/contract/catalog';
import { DEMO_IMAGE_HEIGHT, DEMO_IMAGE_WIDTH, demoSrcset } from '../catalog/images.ts';

/** A row of option_images as the catalog's queries return it (json_build_object). */
export interface ImageRow {
  image: string;
  caption: string;
  alt: string;
  media: string | null;
  widths: number[] | null;
  width: number | null;
  height: number | null;
}

/** Uploaded files are named by the hash of their content, so each address can be cached for a year. */
const MEDIA_NAME = /^([0-9a-f]{32})-(\d{2,4})\.webp$/;

export function mediaFileName(hash: string, width: number): string {
  return `${hash}-${width}.webp`;
}

export function mediaUrl(hash: string, width: number): string {
  return `/media/${mediaFileName(hash, width)}`;
}

/** `/media/<hash>-960.webp` → its hash and width, or null for any other name. */
export function parseMediaName(name: string): { hash: string; width: number } | null {
  const match = MEDIA_NAME.exec(name);
  if (!match) return null;
  return { hash: match[1] ?? '', width: Number(match[2]) };
}

export function srcsetOf(hash: string, widths: readonly number[]): string {
  return widths.map((w) => `${mediaUrl(hash, w)} ${w}w`).join(', ');
}

/** What the public pages get: the address, caption, alt text (the caption when empty), variants and size. */
export function publicImage(row: ImageRow): OptionImage {
  const common = { image: row.image, caption: row.caption, alt: row.alt || row.caption };
  if (row.media && row.widths && row.widths.length > 0 && row.width && row.height) {
    return { ...common, srcset: srcsetOf(row.media, row.widths), width: row.width, height: row.height };
  }
  return { ...common, srcset: demoSrcset(row.image), width: DEMO_IMAGE_WIDTH, height: DEMO_IMAGE_HEIGHT };
}
