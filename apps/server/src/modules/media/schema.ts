/** The tables the media module writes (db/schema.ts gathers every module's). */
import type { ImageTextField } from '@tabi/contract/content';
import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { translations } from '../../db/shared-columns.ts';
import { options } from '../admin/schema.ts';

export const optionImages = pgTable(
  'option_images',
  {
    opcd: text('opcd')
      .notNull()
      .references(() => options.opcd),
    seq: integer('seq').notNull(),
    /** The picture's address (`src`): a demo picture `/images/OP0001-1.svg`, or an upload's widest variant. */
    image: text('image').notNull(),
    caption: text('caption').notNull().default(''),
    /** A stable handle for the console (seq changes when photos are reordered). */
    id: serial('id').notNull().unique(),
    /** What the picture shows, for those who cannot see it (the caption when empty). */
    alt: text('alt').notNull().default(''),
    translations: translations<ImageTextField>(),
    /** An uploaded photo: the content hash naming its WebP variants under the media directory. */
    media: text('media'),
    /** The widths of the stored variants, narrowest first (uploads only). */
    widths: integer('widths').array(),
    /** The widest variant's pixel size (uploads only; demo pictures are 1200×800). */
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [primaryKey({ columns: [t.opcd, t.seq] }), index('option_images_media_idx').on(t.media)],
);
