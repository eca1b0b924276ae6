/**
 * 商品の写真 in the console (admin only): upload (multipart, one file per call), caption and alt
 * text, order, delete. Every answer is the option's photo list as the public pages will show it.
 */
import { z } from 'zod';
import { inEveryLang, opcdString } from './admin-catalog.ts';
import { image } from './catalog.ts';
import type { ImageTextField } from './content.ts';
import { envelope, plainText } from './envelope.ts';

/** The largest file accepted (bytes) and the most pixels a picture may decode to (a decompression bomb stops here). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Smallest side a photo may have: anything smaller would look poor even on a card. */
export const PHOTO_MIN_SIDE = 200;
export const PHOTO_MAX_COUNT = 20;
/** The WebP variants made once at upload (never wider than the original). */
export const PHOTO_WIDTHS = [160, 480, 960, 1600] as const;
export const PHOTO_TYPES = ['jpeg', 'png', 'webp'] as const;
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
export const PHOTO_CAPTION_MAX = 60;
export const PHOTO_ALT_MAX = 200;

export const PhotoMsg = {
  photoMissing: '写真のファイルを選択してください。',
  photoType: 'JPEG・PNG・WebP の画像を選択してください（ファイルの中身が画像ではないか、対応していない形式です）。',
  photoTooLarge: `写真のファイルが大きすぎます。${PHOTO_MAX_BYTES / 1024 / 1024}MB以下にしてください。`,
  photoTooManyPixels: `写真の画素数が多すぎます。${PHOTO_MAX_PIXELS / 10_000}万画素以下に縮小してください。`,
  photoTooSmall: `写真が小さすぎます。縦横とも${PHOTO_MIN_SIDE}ピクセル以上の写真を選択してください。`,
  photoCorrupt: '写真を読み込めませんでした。ファイルが壊れていないかご確認ください。',
  photoTooMany: `写真は1商品につき${PHOTO_MAX_COUNT}枚までです。不要な写真を削除してから追加してください。`,
  photoNotFound: 'ご指定の写真が見つかりません。画面を再読み込みしてください。',
  photoDuplicate: 'この写真はすでにこの商品に登録されています。',
  photoOneFile: '写真は1枚ずつ追加してください。',
} as const;

export const photoIdParams = z.object({ opcd: opcdString, id: z.coerce.number().int().min(1).max(2_147_483_647) });

const caption = plainText().trim().max(PHOTO_CAPTION_MAX);
const alt = plainText().trim().max(PHOTO_ALT_MAX);
/** A photo's caption and alt text in one language. */
export const photoTexts = z.object({ caption, alt } satisfies Record<ImageTextField, z.ZodType<string>>);
/**
 * A photo's caption and alt text, and theirs in every other language ('' = not translated: the page shows the
 * English, else the Japanese). Every language is required: the console sends them all.
 */
export const photoTextRequest = z.object({ caption, alt, translations: inEveryLang(photoTexts) });
export type PhotoTextRequest = z.infer<typeof photoTextRequest>;

export const PHOTO_MOVES = ['up', 'down'] as const;
export const photoMoveRequest = z.object({ direction: z.enum(PHOTO_MOVES) });

/** One photo as the console shows it: the public picture plus its handle and whether it was uploaded. */
export const adminPhoto = image.extend({
  id: z.number().int(),
  /** Caption and alt text as stored (the public `alt` falls back to the caption). */
  altText: z.string(),
  /** The caption and alt text in every other language as stored ('' where not translated). */
  translations: inEveryLang(z.object({ caption: z.string(), alt: z.string() })),
  uploaded: z.boolean(),
});
export type AdminPhoto = z.infer<typeof adminPhoto>;

export const photoList = z.object({ opcd: z.string(), photos: z.array(adminPhoto) });
export type PhotoList = z.infer<typeof photoList>;
export const photoListResponse = envelope(photoList);
