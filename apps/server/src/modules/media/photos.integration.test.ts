/**
 * 商品の写真 (ADR 0151): staff (admin only) upload JPEG, PNG or WebP, checked by content, made once into WebP
 * variants without metadata under the media directory and served with a year of immutable caching; caption,
 * alt text, order and delete are catalog events, and the public list and detail show the change at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STAFF_COOKIE } from '@tabi/contract/admin';
import {
  type AdminPhoto,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  PhotoMsg,
  type PhotoTextRequest,
} from '@tabi/contract/admin-media';
import type { OptionImage } from '@tabi/contract/catalog';
import { TRANSLATED_LANGS } from '@tabi/contract/content';
import type { Lang } from '@tabi/contract/i18n';
import { Msg } from '@tabi/contract/messages';
import { and, asc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvents, optionImages } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { DEMO_PICTURES } from '../catalog/demo-pictures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';

let t: TestApp;
let mediaDir: string;
let admin: string;
let operator: string;
/** A published demo option shown on the first page of the list. */
const OPCD = 'OP0002';
/** Moves that changed the order (each one event; a move past the end changes nothing and writes none). */
let movesMade = 0;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'tabi-media-test-'));
  t = await createTestApp({ config: { mediaDir }, seeded: true });
  await insertStaff(t.ctx.db, { mail: 'photo-admin@example.jp', role: 'admin', totp: true });
  await insertStaff(t.ctx.db, { mail: 'photo-operator@example.jp', role: 'operator', totp: true });
  admin = await staffSession(t, 'photo-admin@example.jp');
  operator = await staffSession(t, 'photo-operator@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

function picture(format: 'jpeg' | 'png' | 'webp', width: number, height: number, color = '#2e7d9a'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  if (format === 'jpeg') {
    // With EXIF (a copyright and GPS-like text) that must not reach the variants.
    return image
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-EXIF-OWNER', Artist: 'SECRET-ARTIST' } })
      .toBuffer();
  }
  return format === 'png' ? image.png().toBuffer() : image.webp().toBuffer();
}

/** A multipart/form-data body as a browser sends it. */
async function multipart(
  file: { data: Buffer; name: string; type: string } | null,
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const body = new Response(form);
  return {
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') ?? '' },
  };
}

async function upload(
  opcd: string,
  file: { data: Buffer; name: string; type: string } | null,
  fields: Record<string, string> = {},
  cookie = admin,
) {
  const { payload, headers } = await multipart(file, fields);
  return t.request({
    method: 'POST',
    url: `/api/admin/options/${opcd}/photos`,
    payload,
    headers,
    cookies: { [STAFF_COOKIE]: cookie },
  });
}

const staffPost = (url: string, payload: Record<string, unknown> = {}, cookie = admin) =>
  t.request({ method: 'POST', url, payload, cookies: { [STAFF_COOKIE]: cookie } });
const staffGet = (url: string, cookie = admin) =>
  t.request({ method: 'GET', url, cookies: { [STAFF_COOKIE]: cookie } });

function photosOf(res: { json(): unknown }): AdminPhoto[] {
  return (res.json() as { response: { photos: AdminPhoto[] } }).response.photos;
}
const uploaded = (photos: AdminPhoto[]) => photos.filter((p) => p.uploaded);
/** A photo's texts as the console sends them: the stored ones, with `changes`. */
const textsOf = (photo: AdminPhoto | undefined, changes: Partial<PhotoTextRequest> = {}): PhotoTextRequest => ({
  caption: photo?.caption ?? '',
  alt: photo?.altText ?? '',
  translations: photo?.translations ?? { en: NO_TEXTS, ko: NO_TEXTS, 'zh-Hant': NO_TEXTS, 'zh-Hans': NO_TEXTS },
  ...changes,
});
const NO_TEXTS = { caption: '', alt: '' };

async function publicDetailImages(opcd: string): Promise<OptionImage[]> {
  const res = await t.request({ method: 'GET', url: `/api/option/${opcd}` });
  expect(res.statusCode).toBe(200);
  return res.json().response.imageList;
}
async function publicCardImage(opcd: string): Promise<OptionImage | undefined> {
  const res = await t.request({ method: 'GET', url: '/api/option' });
  const item = (res.json().response.optionList.data as { opcd: string; imageList: OptionImage[] }[]).find(
    (o) => o.opcd === opcd,
  );
  return item?.imageList[0];
}
async function eventKinds(opcd: string): Promise<string[]> {
  const rows = await t.ctx.db
    .select({ kind: catalogEvents.kind })
    .from(catalogEvents)
    .where(and(eq(catalogEvents.opcd, opcd), like(catalogEvents.kind, 'photo.%')))
    .orderBy(asc(catalogEvents.id));
  return rows.map((r) => r.kind);
}
const media = (url: string) => t.request({ method: 'GET', url });

function expectRefused(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ errcd: '999', errMsg: message, response: null });
}

describe('uploading', () => {
  it('lists the seeded demo pictures as photos of the same list, with their captions and alt texts', async () => {
    const res = await staffGet(`/api/admin/options/${OPCD}/photos`);
    expect(res.statusCode).toBe(200);
    const photos = photosOf(res);
    const demo = DEMO_PICTURES[OPCD]?.pictures ?? [];
    expect(photos.map((p) => [p.image, p.caption, p.altText, p.uploaded])).toEqual(
      demo.map((d, i) => [`/images/${OPCD}-${i + 1}.svg`, d.caption, d.alt, false]),
    );
  });

  it('takes a JPEG: WebP variants 160/480/960/1600 wide (never wider than the photo), no metadata, an event', async () => {
    const jpeg = await picture('jpeg', 2400, 1600);
    expect(jpeg.includes('SECRET-EXIF-OWNER')).toBe(true);
    const res = await upload(
      OPCD,
      { data: jpeg, name: 'yakatabune.jpg', type: 'image/jpeg' },
      { caption: '夕暮れの屋形船', alt: '提灯をともして隅田川を進む屋形船' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [photo] = uploaded(photosOf(res));
    expect(photo).toMatchObject({ caption: '夕暮れの屋形船', altText: '提灯をともして隅田川を進む屋形船' });
    expect(photo?.width).toBe(1600);
    expect(photo?.height).toBe(1067);
    expect(photo?.srcset).toMatch(
      /^\/media\/[0-9a-f]{32}-160\.webp 160w, \/media\/[0-9a-f]{32}-480\.webp 480w, \/media\/[0-9a-f]{32}-960\.webp 960w, \/media\/[0-9a-f]{32}-1600\.webp 1600w$/,
    );
    expect(photo?.image).toMatch(/-1600\.webp$/);
    for (const [url, width] of (photo?.srcset ?? '').split(', ').map((s) => s.split(' '))) {
      const file = await media(url ?? '');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(`${meta.width}w`).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes('SECRET-EXIF-OWNER')).toBe(false);
    }
    expect(await eventKinds(OPCD)).toEqual(['photo.added']);
  });

  it('takes a PNG and a WebP; a photo narrower than 1600 keeps its own width as the widest variant', async () => {
    const png = await upload(OPCD, {
      data: await picture('png', 1000, 700, '#aa3355'),
      name: 'a.png',
      type: 'image/png',
    });
    expect(png.statusCode, png.body).toBe(200);
    const fromPng = uploaded(photosOf(png)).at(-1);
    expect(fromPng?.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['160w', '480w', '960w', '1000w']);
    expect([fromPng?.width, fromPng?.height]).toEqual([1000, 700]);

    const webp = await upload(OPCD, {
      data: await picture('webp', 300, 300, '#557711'),
      name: 'b.webp',
      type: 'image/webp',
    });
    expect(webp.statusCode, webp.body).toBe(200);
    const fromWebp = uploaded(photosOf(webp)).at(-1);
    expect(fromWebp?.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['160w', '300w']);
    // Files on disk: 4 + 4 + 2 variants, nothing else (no original, no temporary file).
    expect((await readdir(mediaDir)).filter((f) => f.endsWith('.webp'))).toHaveLength(10);
    expect((await readdir(mediaDir)).every((f) => /^[0-9a-f]{32}-\d+\.webp$/.test(f))).toBe(true);
  });

  it('serves variants for a year, immutable, with the security headers; unknown names are 404', async () => {
    const [photo] = uploaded(photosOf(await staffGet(`/api/admin/options/${OPCD}/photos`)));
    const res = await media(photo?.image ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    for (const url of [
      `/media/${'0'.repeat(32)}-480.webp`,
      '/media/..%2F..%2Fpackage.json',
      '/media/abc.webp',
      `${photo?.image.replace('.webp', '.png')}`,
    ]) {
      const missing = await media(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ errcd: '999', errMsg: Msg.notFound, response: null });
    }
  });

  it('refuses a text file named .jpg, a GIF called PNG, a corrupt JPEG, a tiny picture and no file, in Japanese', async () => {
    const text = Buffer.from('これは写真ではありません。\n'.repeat(50));
    expectRefused(await upload(OPCD, { data: text, name: 'photo.jpg', type: 'image/jpeg' }), 415, PhotoMsg.photoType);
    const gif = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expectRefused(await upload(OPCD, { data: gif, name: 'photo.png', type: 'image/png' }), 415, PhotoMsg.photoType);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"></svg>');
    expectRefused(await upload(OPCD, { data: svg, name: 'photo.webp', type: 'image/webp' }), 415, PhotoMsg.photoType);
    const whole = await picture('jpeg', 1200, 800);
    const corrupt = whole.subarray(0, Math.floor(whole.length / 2));
    expectRefused(await upload(OPCD, { data: corrupt, name: 'c.jpg', type: 'image/jpeg' }), 422, PhotoMsg.photoCorrupt);
    const tiny = await picture('png', 120, 80);
    expectRefused(await upload(OPCD, { data: tiny, name: 't.png', type: 'image/png' }), 422, PhotoMsg.photoTooSmall);
    expectRefused(await upload(OPCD, null, { caption: 'ファイルなし' }), 400, PhotoMsg.photoMissing);
    const json = await staffPost(`/api/admin/options/${OPCD}/photos`, { file: 'x' });
    expectRefused(json, 415, PhotoMsg.photoMissing);
  });

  it('takes a real-sized photo of several megabytes (beyond the JSON body limit)', async () => {
    const noisy = await sharp(randomBytes(2000 * 1500 * 3), { raw: { width: 2000, height: 1500, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload('OP0003', { data: noisy, name: 'camera.jpg', type: 'image/jpeg' }, { caption: 'ノイズ' });
    expect(res.statusCode, res.body).toBe(200);
    const [photo] = uploaded(photosOf(res));
    expect(photo?.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['160w', '480w', '960w', '1600w']);
    expect(photo?.height).toBe(1200);
    const del = await staffPost(`/api/admin/options/OP0003/photos/${photo?.id}/delete`);
    expect(del.statusCode).toBe(200);
  });

  it('refuses a file over 10 MB and a picture of too many pixels (decompression bomb) before decoding it', async () => {
    const big = Buffer.concat([await picture('jpeg', 400, 300), Buffer.alloc(PHOTO_MAX_BYTES)]);
    expectRefused(await upload(OPCD, { data: big, name: 'big.jpg', type: 'image/jpeg' }), 413, PhotoMsg.photoTooLarge);
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
    expectRefused(
      await upload(OPCD, { data: bomb, name: 'bomb.png', type: 'image/png' }),
      413,
      PhotoMsg.photoTooManyPixels,
    );
  });

  it('refuses the operator role (403 envelope) and an unknown option (404), and only admins may list', async () => {
    const jpeg = await picture('jpeg', 800, 600);
    expectRefused(
      await upload(OPCD, { data: jpeg, name: 'x.jpg', type: 'image/jpeg' }, {}, operator),
      403,
      Msg.staffForbidden,
    );
    expectRefused(await staffGet(`/api/admin/options/${OPCD}/photos`, operator), 403, Msg.staffForbidden);
    const [first] = photosOf(await staffGet(`/api/admin/options/${OPCD}/photos`));
    for (const [path, body] of [
      [`${first?.id}`, textsOf(first, { caption: 'x', alt: 'y' })],
      [`${first?.id}/move`, { direction: 'down' }],
      [`${first?.id}/delete`, {}],
    ] as const) {
      const res = await staffPost(`/api/admin/options/${OPCD}/photos/${path}`, body, operator);
      expectRefused(res, 403, Msg.staffForbidden);
    }
    const unknown = await upload('NOPE99', { data: jpeg, name: 'x.jpg', type: 'image/jpeg' });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.request({ method: 'GET', url: `/api/admin/options/${OPCD}/photos` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses the same file twice on one option, and a photo past the limit', async () => {
    const jpeg = await picture('jpeg', 2400, 1600);
    expectRefused(
      await upload(OPCD, { data: jpeg, name: 'again.jpg', type: 'image/jpeg' }),
      409,
      PhotoMsg.photoDuplicate,
    );
    const rows = await t.ctx.db.select().from(optionImages).where(eq(optionImages.opcd, 'OP0011'));
    await t.ctx.db.insert(optionImages).values(
      Array.from({ length: PHOTO_MAX_COUNT - rows.length }, (_, i) => ({
        opcd: 'OP0011',
        seq: rows.length + i + 1,
        image: `/images/OP0011-${rows.length + i + 1}.svg`,
        caption: `写真${i}`,
      })),
    );
    expectRefused(
      await upload('OP0011', { data: jpeg, name: 'x.jpg', type: 'image/jpeg' }),
      409,
      PhotoMsg.photoTooMany,
    );
  });
});

describe('editing', () => {
  it('moves the uploaded photo to the top: the list card and the detail gallery show it at once', async () => {
    const before = photosOf(await staffGet(`/api/admin/options/${OPCD}/photos`));
    const mine = uploaded(before)[0];
    if (!mine) throw new Error('no uploaded photo');
    let position = before.indexOf(mine);
    expect(await publicCardImage(OPCD)).toMatchObject({
      image: `/images/${OPCD}-1.svg`,
      srcset: `/images/${OPCD}-1-160.webp 160w, /images/${OPCD}-1-480.webp 480w, /images/${OPCD}-1-960.webp 960w`,
    });
    while (position > 0) {
      const res = await staffPost(`/api/admin/options/${OPCD}/photos/${mine.id}/move`, { direction: 'up' });
      expect(res.statusCode, res.body).toBe(200);
      position -= 1;
      movesMade += 1;
      expect(photosOf(res)[position]?.id).toBe(mine.id);
    }
    // At the top already: nothing changes and no event is written.
    const top = await staffPost(`/api/admin/options/${OPCD}/photos/${mine.id}/move`, { direction: 'up' });
    expect(photosOf(top)[0]?.id).toBe(mine.id);
    const card = await publicCardImage(OPCD);
    expect(card).toMatchObject({ image: mine.image, srcset: mine.srcset, caption: '夕暮れの屋形船' });
    expect(card?.alt).toBe('提灯をともして隅田川を進む屋形船');
    const gallery = await publicDetailImages(OPCD);
    expect(gallery.map((g) => g.image)).toEqual(photosOf(top).map((p) => p.image));
    // Moving down swaps with the next one.
    const down = await staffPost(`/api/admin/options/${OPCD}/photos/${mine.id}/move`, { direction: 'down' });
    expect(photosOf(down)[1]?.id).toBe(mine.id);
    movesMade += 2;
    const up = await staffPost(`/api/admin/options/${OPCD}/photos/${mine.id}/move`, { direction: 'up' });
    expect(photosOf(up)[0]?.id).toBe(mine.id);
    const seqs = await t.ctx.db
      .select({ seq: optionImages.seq })
      .from(optionImages)
      .where(eq(optionImages.opcd, OPCD))
      .orderBy(asc(optionImages.seq));
    expect(seqs.map((s) => s.seq)).toEqual(before.map((_, i) => i + 1));
  });

  it('edits caption and alt text (the alt falls back to the caption when emptied), each change an event', async () => {
    const [first] = photosOf(await staffGet(`/api/admin/options/${OPCD}/photos`));
    const url = `/api/admin/options/${OPCD}/photos/${first?.id}`;
    const res = await staffPost(
      url,
      textsOf(first, { caption: '  隅田川の屋形船  ', alt: '夕暮れの隅田川を進む、提灯をともした屋形船' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(photosOf(res)[0]).toMatchObject({
      caption: '隅田川の屋形船',
      altText: '夕暮れの隅田川を進む、提灯をともした屋形船',
    });
    expect((await publicDetailImages(OPCD))[0]?.alt).toBe('夕暮れの隅田川を進む、提灯をともした屋形船');
    await staffPost(url, textsOf(first, { caption: '隅田川の屋形船', alt: '' }));
    expect((await publicDetailImages(OPCD))[0]?.alt).toBe('隅田川の屋形船');
    const invalid = await staffPost(url, textsOf(first, { caption: 'x'.repeat(61), alt: '' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errMsg).toContain('キャプション：60文字以内で入力してください');
    const control = await staffPost(url, textsOf(first, { caption: 'a\u0007b', alt: '' }));
    expect(control.statusCode).toBe(422);
    const missing = await staffPost(`/api/admin/options/${OPCD}/photos/999999`, textsOf(first, { caption: 'x' }));
    expectRefused(missing, 404, PhotoMsg.photoNotFound);
    const events = await t.ctx.db
      .select()
      .from(catalogEvents)
      .where(and(eq(catalogEvents.opcd, OPCD), eq(catalogEvents.kind, 'photo.updated')))
      .orderBy(asc(catalogEvents.id));
    expect(events).toHaveLength(2);
    expect(events[0]?.before).toMatchObject({ caption: '夕暮れの屋形船' });
    expect(events[0]?.after).toMatchObject({ caption: '隅田川の屋形船' });
  });

  it('deletes: the order closes up, files go once no option uses them, demo pictures can go too', async () => {
    // The same file on a second option: deleting it from one keeps the files for the other.
    const jpeg = await picture('jpeg', 2400, 1600);
    const shared = await upload('OP0001', { data: jpeg, name: 'same.jpg', type: 'image/jpeg' });
    expect(shared.statusCode, shared.body).toBe(200);
    const before = photosOf(await staffGet(`/api/admin/options/${OPCD}/photos`));
    const mine = before[0];
    if (!mine?.uploaded) throw new Error('first photo is not the upload');
    const res = await staffPost(`/api/admin/options/${OPCD}/photos/${mine.id}/delete`);
    expect(res.statusCode, res.body).toBe(200);
    expect(photosOf(res).map((p) => p.id)).toEqual(before.slice(1).map((p) => p.id));
    expect((await media(mine.image)).statusCode).toBe(200);
    const other = uploaded(photosOf(shared))[0];
    const gone = await staffPost(`/api/admin/options/OP0001/photos/${other?.id}/delete`);
    expect(gone.statusCode).toBe(200);
    expect((await media(mine.image)).statusCode).toBe(404);
    for (const entry of mine.srcset.split(', ')) expect((await media(entry.split(' ')[0] ?? '')).statusCode).toBe(404);

    const demo = photosOf(res).find((p) => !p.uploaded);
    const demoGone = await staffPost(`/api/admin/options/${OPCD}/photos/${demo?.id}/delete`);
    expect(photosOf(demoGone).some((p) => p.id === demo?.id)).toBe(false);
    expect((await publicDetailImages(OPCD)).map((g) => g.image)).toEqual(photosOf(demoGone).map((p) => p.image));
    const tally: Record<string, number> = {};
    for (const kind of await eventKinds(OPCD)) tally[kind] = (tally[kind] ?? 0) + 1;
    expect(tally).toEqual({ 'photo.added': 3, 'photo.moved': movesMade, 'photo.updated': 2, 'photo.deleted': 2 });
    const history = await staffGet(`/api/admin/options/${OPCD}`);
    expect(history.json().response.events.map((e: { kind: string }) => e.kind)).toContain('photo.deleted');
  });
});

describe('caption and alt text in every other language', () => {
  /** Another published option, so the counts above stay theirs. */
  const LANG_OPCD = 'OP0004';
  const detailImages = async (lang: Lang) => {
    const res = await t.request({ method: 'GET', url: `/api/option/${LANG_OPCD}?lang=${lang}` });
    expect(res.statusCode).toBe(200);
    return res.json().response.imageList as OptionImage[];
  };
  const photoEvents = () =>
    t.ctx.db
      .select()
      .from(catalogEvents)
      .where(and(eq(catalogEvents.opcd, LANG_OPCD), like(catalogEvents.kind, 'photo.%')))
      .orderBy(asc(catalogEvents.id));
  const mineOf = async () => {
    const mine = uploaded(photosOf(await staffGet(`/api/admin/options/${LANG_OPCD}/photos`)))[0];
    if (!mine) throw new Error('no uploaded photo');
    return mine;
  };

  it('lists the demo pictures with their texts in every language', async () => {
    const [first] = photosOf(await staffGet(`/api/admin/options/${LANG_OPCD}/photos`));
    for (const lang of TRANSLATED_LANGS) {
      expect(first?.translations[lang].caption, lang).not.toBe('');
      expect(first?.translations[lang].alt, lang).not.toBe('');
    }
  });

  it('takes them with the upload: the console lists them, each language answers its own, the Japanese stays', async () => {
    const res = await upload(
      LANG_OPCD,
      { data: await picture('png', 800, 600, '#117744'), name: 'lantern.png', type: 'image/png' },
      {
        caption: '提灯の灯る路地',
        alt: '提灯が並ぶ夜の路地',
        'translations.en.caption': ' Lantern-lit alley ',
        'translations.en.alt': 'A night alley lined with lanterns',
        'translations.ko.caption': '등불이 켜진 골목',
        'translations.zh-Hant.alt': '掛滿燈籠的夜晚小巷',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const mine = uploaded(photosOf(res))[0];
    const expected = {
      en: { caption: 'Lantern-lit alley', alt: 'A night alley lined with lanterns' },
      ko: { caption: '등불이 켜진 골목', alt: '' },
      'zh-Hant': { caption: '', alt: '掛滿燈籠的夜晚小巷' },
      'zh-Hans': { caption: '', alt: '' },
    };
    expect(mine).toMatchObject({ caption: '提灯の灯る路地', altText: '提灯が並ぶ夜の路地', translations: expected });
    const [row] = await t.ctx.db
      .select()
      .from(optionImages)
      .where(eq(optionImages.id, mine?.id ?? 0));
    // Only the texts written are stored.
    expect(row?.translations).toEqual({
      en: expected.en,
      ko: { caption: '등불이 켜진 골목' },
      'zh-Hant': { alt: '掛滿燈籠的夜晚小巷' },
      'zh-Hans': {},
    });
    const find = async (lang: Lang) => (await detailImages(lang)).find((i) => i.image === mine?.image);
    expect(await find('en')).toMatchObject({ caption: 'Lantern-lit alley', alt: 'A night alley lined with lanterns' });
    // Field by field: the language's own, else the English.
    expect(await find('ko')).toMatchObject({ caption: '등불이 켜진 골목', alt: 'A night alley lined with lanterns' });
    expect(await find('zh-Hant')).toMatchObject({ caption: 'Lantern-lit alley', alt: '掛滿燈籠的夜晚小巷' });
    expect(await find('ja')).toMatchObject({ caption: '提灯の灯る路地', alt: '提灯が並ぶ夜の路地' });
    expect((await photoEvents()).at(-1)?.after).toMatchObject({ caption: '提灯の灯る路地', translations: expected });
  });

  it('edits them: each change an event, an empty one falls back to the English, then the Japanese', async () => {
    const mine = await mineOf();
    const url = `/api/admin/options/${LANG_OPCD}/photos/${mine.id}`;
    const events = (await photoEvents()).length;
    const translations = {
      ...mine.translations,
      en: { caption: 'Lanterns at dusk', alt: '' },
      'zh-Hans': { caption: '黄昏的灯笼', alt: '' },
    };

    const edited = await staffPost(url, textsOf(mine, { translations }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(photosOf(edited).find((p) => p.id === mine.id)?.translations).toEqual(translations);
    // No English alt text: the Korean page shows the Japanese one.
    expect((await detailImages('ko')).find((i) => i.image === mine.image)).toMatchObject({
      caption: '등불이 켜진 골목',
      alt: '提灯が並ぶ夜の路地',
    });
    expect((await detailImages('zh-Hans')).find((i) => i.image === mine.image)).toMatchObject({
      caption: '黄昏的灯笼',
    });
    const last = (await photoEvents()).at(-1);
    expect(last?.kind).toBe('photo.updated');
    expect(last?.before).toMatchObject({ translations: mine.translations });
    expect(last?.after).toMatchObject({ translations });

    // The same texts again: no change, no event.
    await staffPost(url, textsOf(mine, { translations }));
    expect(await photoEvents()).toHaveLength(events + 1);

    // Emptied: the Korean page shows the Japanese caption.
    const none = { caption: '', alt: '' };
    await staffPost(url, textsOf(mine, { translations: { en: none, ko: none, 'zh-Hant': none, 'zh-Hans': none } }));
    expect((await detailImages('ko')).find((i) => i.image === mine.image)).toMatchObject({ caption: '提灯の灯る路地' });
    expect(await photoEvents()).toHaveLength(events + 2);
  });

  it('refuses a text over its limit in any language, or a language left out, and changes nothing', async () => {
    const mine = await mineOf();
    const url = `/api/admin/options/${LANG_OPCD}/photos/${mine.id}`;
    const events = (await photoEvents()).length;
    for (const lang of TRANSLATED_LANGS) {
      const caption = await staffPost(
        url,
        textsOf(mine, { translations: { ...mine.translations, [lang]: { caption: 'x'.repeat(61), alt: '' } } }),
      );
      expect(caption.statusCode, lang).toBe(422);
      expect(caption.json().errMsg).toContain('60文字以内で入力してください');
      const alt = await staffPost(
        url,
        textsOf(mine, { translations: { ...mine.translations, [lang]: { caption: '', alt: 'x'.repeat(201) } } }),
      );
      expect(alt.statusCode, lang).toBe(422);
      expect(alt.json().errMsg).toContain('200文字以内で入力してください');
    }
    const { ko: _ko, ...withoutKorean } = mine.translations;
    expect((await staffPost(url, { ...textsOf(mine), translations: withoutKorean })).statusCode).toBe(422);
    expect((await staffPost(url, { caption: mine.caption, alt: mine.altText })).statusCode).toBe(422);
    const upload422 = await upload(
      LANG_OPCD,
      { data: await picture('png', 800, 600, '#334411'), name: 'b.png', type: 'image/png' },
      { caption: '', alt: '', 'translations.ko.caption': 'x'.repeat(61) },
    );
    expect(upload422.statusCode).toBe(422);
    // A field the form has not is refused.
    const unknown = await upload(
      LANG_OPCD,
      { data: await picture('png', 800, 600, '#334412'), name: 'c.png', type: 'image/png' },
      { caption: '', 'translations.fr.caption': 'x' },
    );
    expect(unknown.statusCode).toBe(400);
    expect(await photoEvents()).toHaveLength(events);
  });
});
