/**
 * Photos: the public variants under /media/ (a year of immutable caching: every name is a content
 * hash), and the console's calls under /api/admin/options/:opcd/photos (admin only; the upload is the one
 * multipart call of the API, parsed only inside its own plugin).
 */
import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import { PHOTO_MAX_BYTES, PhotoMsg, photoTextRequest } from '@tabi/contract/admin-media';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { ErrCd } from '@tabi/contract/constants';
import { IMAGE_TEXT_FIELDS, type ImageTextField, TRANSLATED_LANGS, type TranslatedLang } from '@tabi/contract/content';
import { say } from '@tabi/contract/said';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../errors.ts';
import { defineRoute } from '../../http/define-route.ts';
import { fail, ok } from '../../http/envelope.ts';
import { principalOf, staffOnly } from '../staff/guard.ts';
import { addPhoto, deletePhoto, listPhotos, movePhoto, updatePhotoText } from './photos.ts';
import { parseMediaName } from './pictures.ts';
import { mediaFilePath, storedSize } from './store.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /media/:name — an uploaded photo's WebP variant, outside the /api prefix like the demo pictures. */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
    const name = request.params.name;
    const size = parseMediaName(name) ? await storedSize(ctx, name) : null;
    if (size === null) return reply.code(404).send(fail(ErrCd.generic, say('notFound')));
    return reply
      .type('image/webp')
      .header('cache-control', IMMUTABLE)
      .header('content-length', size)
      .send(createReadStream(mediaFilePath(ctx, name)));
  });
}

const MULTIPART_ERRORS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, PhotoMsg.photoTooLarge],
  FST_FILES_LIMIT: [400, PhotoMsg.photoOneFile],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, PhotoMsg.photoMissing],
};

/** A translated text's field in the form: `translations.ko.caption`, the path the request schema gives it. */
const translatedField = (lang: TranslatedLang, field: ImageTextField) => `translations.${lang}.${field}`;

/** The form's text fields: the caption and alt text, and theirs in every other language. */
const UPLOAD_TEXT_FIELDS = new Set([
  ...IMAGE_TEXT_FIELDS,
  ...TRANSLATED_LANGS.flatMap((lang) => IMAGE_TEXT_FIELDS.map((field) => translatedField(lang, field))),
]);

/** The form's one file and its texts (a text left out is ''); anything else in the form is refused. */
async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: PHOTO_MAX_BYTES,
        files: 1,
        fields: UPLOAD_TEXT_FIELDS.size,
        parts: UPLOAD_TEXT_FIELDS.size + 1,
        fieldSize: 4096,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw AppError.badRequest();
        data = await part.toBuffer();
      } else if (UPLOAD_TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      } else {
        throw AppError.badRequest();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const known = MULTIPART_ERRORS[(error as { code?: string }).code ?? ''];
    if (known) throw new AppError(ErrCd.generic, known[1], known[0]);
    throw AppError.badRequest();
  }
  if (!data || data.length === 0) throw new AppError(ErrCd.generic, PhotoMsg.photoMissing, 400);
  return { data, fields };
}

/** /api/admin/options/:opcd/photos… (registered inside the staff plugin, beside adminRoutes). */
export async function photoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = { preHandler: staffOnly(ctx, 'admin') };

  defineRoute(app, CONSOLE['GET /options/{opcd}/photos'], admin, async ({ params }) =>
    ok(await listPhotos(ctx, params.opcd)),
  );

  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
    defineRoute(uploads, CONSOLE['POST /options/{opcd}/photos'], admin, async ({ params }, request) => {
      const { data, fields } = await readUpload(request);
      const textsIn = (lang: TranslatedLang) =>
        Object.fromEntries(IMAGE_TEXT_FIELDS.map((f) => [f, fields[translatedField(lang, f)] ?? '']));
      const text = parseInput(photoTextRequest, {
        caption: fields.caption ?? '',
        alt: fields.alt ?? '',
        translations: Object.fromEntries(TRANSLATED_LANGS.map((lang) => [lang, textsIn(lang)])),
      });
      return ok(await addPhoto(ctx, principalOf(request), params.opcd, data, text));
    });
  });

  defineRoute(app, CONSOLE['POST /options/{opcd}/photos/{id}'], admin, async ({ params, body }, request) =>
    ok(await updatePhotoText(ctx, principalOf(request), params.opcd, params.id, body)),
  );

  defineRoute(app, CONSOLE['POST /options/{opcd}/photos/{id}/move'], admin, async ({ params, body }, request) =>
    ok(await movePhoto(ctx, principalOf(request), params.opcd, params.id, body.direction)),
  );

  defineRoute(app, CONSOLE['POST /options/{opcd}/photos/{id}/delete'], admin, async ({ params }, request) =>
    ok(await deletePhoto(ctx, principalOf(request), params.opcd, params.id)),
  );
}
