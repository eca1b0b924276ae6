/**
 * An uploaded photo, checked by its content and made once into WebP variants. The file name and
 * the browser's type are never trusted: the first bytes must be JPEG, PNG or WebP and sharp must read the
 * same format from them; the pixel count is bounded before anything is decoded (decompression bombs), and
 * the variants carry no metadata (EXIF, GPS, ICC names) — the original itself is never kept or served.
 */
import { createHash } from 'node:crypto';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE, PHOTO_WIDTHS, PhotoMsg } from '@tabi/contract/admin-media';
import { ErrCd } from '@tabi/contract/constants';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.ts';

export type PhotoType = 'jpeg' | 'png' | 'webp';

export interface PhotoVariant {
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedPhoto {
  /** Names the variants: the same file uploaded twice is the same photo. */
  hash: string;
  type: PhotoType;
  bytes: number;
  variants: PhotoVariant[];
}

/** The format the first bytes announce, or null for anything else (a text file named .jpg, a GIF, an SVG). */
export function sniffPhotoType(data: Buffer): PhotoType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

const refuse = (message: string, status = 422) => new AppError(ErrCd.generic, message, status);

/** The widths to make: the standard ones narrower than the photo, then the photo's own width up to the widest. */
export function variantWidths(width: number): number[] {
  const widest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] ?? width;
  const top = Math.min(width, widest);
  return [...PHOTO_WIDTHS.filter((w) => w < top), top];
}

export async function processPhoto(data: Buffer): Promise<ProcessedPhoto> {
  if (data.length > PHOTO_MAX_BYTES) throw refuse(PhotoMsg.photoTooLarge, 413);
  const type = sniffPhotoType(data);
  if (!type) throw refuse(PhotoMsg.photoType, 415);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(PhotoMsg.photoCorrupt);
  }
  if (meta.format !== type) throw refuse(PhotoMsg.photoType, 415);
  if (!meta.width || !meta.height) throw refuse(PhotoMsg.photoCorrupt);
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw refuse(PhotoMsg.photoTooManyPixels, 413);
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (Math.min(width, height) < PHOTO_MIN_SIDE) throw refuse(PhotoMsg.photoTooSmall);

  const variants: PhotoVariant[] = [];
  try {
    for (const w of variantWidths(width)) {
      const out = await sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning' })
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: out.info.width, height: out.info.height, data: out.data });
    }
  } catch {
    throw refuse(PhotoMsg.photoCorrupt);
  }
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
  return { hash, type, bytes: data.length, variants };
}
