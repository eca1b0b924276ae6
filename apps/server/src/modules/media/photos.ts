/**
 * 商品の写真 (admin only): the option's pictures in order, each change a catalog event, public reads
 * forgotten at once as for every catalog edit. Demo pictures and uploads are rows of the same list, so staff
 * can reorder, caption or remove either; only uploads have files to remove.
 */
import {
  type AdminPhoto,
  PHOTO_MAX_COUNT,
  type PhotoList,
  PhotoMsg,
  type PhotoTextRequest,
} from '@tabi/contract/admin-media';
import { ErrCd } from '@tabi/contract/constants';
import { IMAGE_TEXT_FIELDS, TRANSLATED_LANGS, type TranslatedLang } from '@tabi/contract/content';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type DbOrTx, rowsOf, type Tx } from '../../db/client.ts';
import { optionImages } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { forgetPublicReads, lockedOption, recordCatalogEvent } from '../admin/catalog.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import { mediaUrl, publicImage } from './pictures.ts';
import { processPhoto } from './process.ts';
import { writeVariants } from './store.ts';
import { lockMedia, removeUnnamedVariants } from './sweeper.ts';

type PhotoRow = typeof optionImages.$inferSelect;

type PhotoTranslations = PhotoTextRequest['translations'];

/** The caption and alt text in every other language as stored ('' where not translated). */
function translationsOf(row: PhotoRow): PhotoTranslations {
  const textsIn = (lang: TranslatedLang) => ({
    caption: row.translations[lang]?.caption ?? '',
    alt: row.translations[lang]?.alt ?? '',
  });
  return Object.fromEntries(TRANSLATED_LANGS.map((lang) => [lang, textsIn(lang)])) as PhotoTranslations;
}

/** The translations column for the texts edited: only the texts written ('' is "not translated"). */
function storedTranslations(t: PhotoTranslations): NonNullable<PhotoRow['translations']> {
  return Object.fromEntries(
    TRANSLATED_LANGS.map((lang) => [
      lang,
      Object.fromEntries(Object.entries(t[lang]).filter(([, text]) => text !== '')),
    ]),
  );
}

function adminPhoto(row: PhotoRow): AdminPhoto {
  return {
    ...publicImage(row),
    id: row.id,
    altText: row.alt,
    translations: translationsOf(row),
    uploaded: row.media !== null,
  };
}

async function photoRows(db: DbOrTx, opcd: string): Promise<PhotoRow[]> {
  return db.select().from(optionImages).where(eq(optionImages.opcd, opcd)).orderBy(asc(optionImages.seq));
}

async function optionExists(db: DbOrTx, opcd: string): Promise<void> {
  const found = rowsOf<{ opcd: string }>(await db.execute(sql`select opcd from options where opcd = ${opcd}`));
  if (found.length === 0) throw AppError.notFound();
}

export async function listPhotos(ctx: AppContext, opcd: string): Promise<PhotoList> {
  await optionExists(ctx.db, opcd);
  return { opcd, photos: (await photoRows(ctx.db, opcd)).map(adminPhoto) };
}

function photoOf(rows: PhotoRow[], id: number): PhotoRow {
  const row = rows.find((r) => r.id === id);
  if (!row) throw AppError.notFound(PhotoMsg.photoNotFound);
  return row;
}

/** Numbers the photos 1… in the given order (through negative numbers: (opcd, seq) stays unique at each step). */
async function writeOrder(tx: Tx, opcd: string, ids: number[]): Promise<void> {
  await tx.execute(sql`update option_images set seq = -seq where opcd = ${opcd}`);
  for (const [index, id] of ids.entries()) {
    await tx
      .update(optionImages)
      .set({ seq: index + 1 })
      .where(and(eq(optionImages.opcd, opcd), eq(optionImages.id, id)));
  }
}

/**
 * One change to an option's photos: made in a transaction holding the option's row (so two staff never interleave
 * their orders), then the public pages forget what they showed; answers the photos as they now are. What the
 * change returns runs only once it has committed (removing files: files follow the database).
 */
async function changePhotos(
  ctx: AppContext,
  opcd: string,
  change: (tx: Tx) => Promise<(() => Promise<void>) | undefined>,
): Promise<PhotoList> {
  const afterCommit = await ctx.db.transaction(async (tx) => {
    await lockedOption(tx, opcd);
    return change(tx);
  });
  forgetPublicReads(ctx);
  // The change stands whatever happens here: files left behind are the sweeper's (sweeper.ts).
  await afterCommit?.().catch(() => undefined);
  return listPhotos(ctx, opcd);
}

/** What the history keeps of a photo's texts: the caption and alt text, in Japanese and every other language. */
const textsOf = (row: PhotoRow): PhotoTextRequest => ({
  caption: row.caption,
  alt: row.alt,
  translations: translationsOf(row),
});
const eventOf = (row: PhotoRow) => ({ id: row.id, image: row.image, ...textsOf(row) });

function sameTexts(a: PhotoTextRequest, b: PhotoTextRequest): boolean {
  const translated = TRANSLATED_LANGS.every((lang) =>
    IMAGE_TEXT_FIELDS.every((f) => a.translations[lang][f] === b.translations[lang][f]),
  );
  return translated && a.caption === b.caption && a.alt === b.alt;
}

export async function addPhoto(
  ctx: AppContext,
  staff: StaffPrincipal,
  opcd: string,
  data: Buffer,
  text: PhotoTextRequest,
): Promise<PhotoList> {
  const before = await listPhotos(ctx, opcd);
  if (before.photos.length >= PHOTO_MAX_COUNT) throw AppError.conflict(ErrCd.generic, PhotoMsg.photoTooMany);
  const photo = await processPhoto(data);
  const widest = photo.variants[photo.variants.length - 1];
  if (!widest) throw new AppError(ErrCd.generic, PhotoMsg.photoCorrupt, 422);
  return changePhotos(ctx, opcd, async (tx) => {
    const rows = await photoRows(tx, opcd);
    if (rows.length >= PHOTO_MAX_COUNT) throw AppError.conflict(ErrCd.generic, PhotoMsg.photoTooMany);
    if (rows.some((r) => r.media === photo.hash)) throw AppError.conflict(ErrCd.generic, PhotoMsg.photoDuplicate);
    // Files first, then the row commits: a crash or a failed commit between leaves files no row names (swept
    // after MEDIA_GRACE_MS), never a listed photo without its files.
    await lockMedia(tx, photo.hash);
    await writeVariants(ctx, photo.hash, photo.variants);
    const [inserted] = await tx
      .insert(optionImages)
      .values({
        opcd,
        seq: rows.length + 1,
        image: mediaUrl(photo.hash, widest.width),
        caption: text.caption,
        alt: text.alt,
        translations: storedTranslations(text.translations),
        media: photo.hash,
        widths: photo.variants.map((v) => v.width),
        width: widest.width,
        height: widest.height,
      })
      .returning();
    if (!inserted) throw new Error('photo row not inserted');
    await recordCatalogEvent(tx, ctx, staff, opcd, 'photo.added', null, {
      ...eventOf(inserted),
      type: photo.type,
      bytes: photo.bytes,
      widths: inserted.widths,
      height: inserted.height,
    });
    return undefined;
  });
}

export async function updatePhotoText(
  ctx: AppContext,
  staff: StaffPrincipal,
  opcd: string,
  id: number,
  text: PhotoTextRequest,
): Promise<PhotoList> {
  return changePhotos(ctx, opcd, async (tx) => {
    const row = photoOf(await photoRows(tx, opcd), id);
    const was = textsOf(row);
    if (sameTexts(was, text)) return undefined;
    await tx
      .update(optionImages)
      .set({ caption: text.caption, alt: text.alt, translations: storedTranslations(text.translations) })
      .where(eq(optionImages.id, id));
    await recordCatalogEvent(tx, ctx, staff, opcd, 'photo.updated', { id, ...was }, { id, ...text });
    return undefined;
  });
}

export async function movePhoto(
  ctx: AppContext,
  staff: StaffPrincipal,
  opcd: string,
  id: number,
  direction: 'up' | 'down',
): Promise<PhotoList> {
  return changePhotos(ctx, opcd, async (tx) => {
    const rows = await photoRows(tx, opcd);
    const from = rows.indexOf(photoOf(rows, id));
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return undefined;
    const order = rows.map((r) => r.id);
    [order[from], order[to]] = [order[to] ?? id, order[from] ?? id];
    await writeOrder(tx, opcd, order);
    await recordCatalogEvent(tx, ctx, staff, opcd, 'photo.moved', { order: rows.map((r) => r.id) }, { order });
    return undefined;
  });
}

export async function deletePhoto(
  ctx: AppContext,
  staff: StaffPrincipal,
  opcd: string,
  id: number,
): Promise<PhotoList> {
  return changePhotos(ctx, opcd, async (tx) => {
    const rows = await photoRows(tx, opcd);
    const row = photoOf(rows, id);
    await tx.delete(optionImages).where(eq(optionImages.id, id));
    await writeOrder(
      tx,
      opcd,
      rows.filter((r) => r.id !== id).map((r) => r.id),
    );
    await recordCatalogEvent(tx, ctx, staff, opcd, 'photo.deleted', eventOf(row), null);
    // The files go only once the row's removal has committed, and only if no other option's row names them.
    const { media, widths } = row;
    return media ? () => removeUnnamedVariants(ctx, media, widths ?? []) : undefined;
  });
}
