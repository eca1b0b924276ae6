import { createHash } from 'node:crypto';
import { ErrCd } from '@tabi/contract/constants';
import { DEFAULT_LANG } from '@tabi/contract/i18n';
import { say } from '@tabi/contract/said';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { fail } from '../../http/envelope.ts';
import { DEMO_PICTURES } from './demo-pictures.ts';
import {
  DEMO_IMAGE_WIDTH,
  DEMO_RASTER_WIDTHS,
  fallbackTheme,
  type ImageSpec,
  parseImageName,
  parseRasterName,
  renderImage,
} from './images.ts';
import { pictureStore, WEBP_QUALITY } from './picture-store.ts';
import { catalogService } from './service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /images/:name — the project's own demo pictures (`/images/OP0001-1.svg`) and their WebP twins
 * (`/images/OP0001-1-480.webp`, what the pages load), outside the /api prefix.
 * A demo option's picture is fixed by its address (DEMO_PICTURES), never by where staff moved it in the list
 * or what they wrote under it, so a year of caching stays true. Codes the seed does not know (test fixtures)
 * draw their name on a scene fixed by the code.
 */
export async function catalogImageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** Made once per address: the scenes are fixed by it. In-flight promises too, so a page's burst renders once. */
  const rendered = new Map<string, Promise<RenderedImage | null>>();

  async function spec(code: string, seq: number): Promise<ImageSpec | null> {
    const demo = DEMO_PICTURES[code];
    if (demo) {
      const picture = demo.pictures[seq - 1];
      return picture ? { theme: picture.theme, title: demo.title, seed: `${code}-${seq}` } : null;
    }
    // The picture's title is drawn from the option's Japanese name, for both languages' pages.
    const core = await catalogService(ctx).optionCore(code, DEFAULT_LANG);
    if (!core || seq > core.detail.imageList.length) return null;
    const title = [...core.detail.webname.replace(/【[^】]*】/g, '')].slice(0, 14).join('');
    return { theme: fallbackTheme(code), title, seed: `${code}-${seq}` };
  }

  /** `OP0001-1.svg`, the drawing itself, or `OP0001-1-480.webp`, its raster twin drawn at that width. */
  const drawn = pictureStore(ctx.config.dataDir);

  async function render(name: string): Promise<RenderedImage | null> {
    const raster = parseRasterName(name);
    const parsed = raster ?? parseImageName(name);
    const found = parsed ? await spec(parsed.code, parsed.seq) : null;
    if (!parsed || !found) return null;
    const svg = Buffer.from(renderImage(found, parsed.seq));
    if (!raster) return withEtag(svg, 'image/svg+xml; charset=utf-8');
    const webp = await drawn(svg, raster.width, () =>
      // Drawn at the target size (the density scales the SVG's 1200 px), not drawn large and shrunk.
      sharp(svg, { density: (72 * raster.width) / DEMO_IMAGE_WIDTH })
        .resize({ width: raster.width })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    );
    return withEtag(webp, 'image/webp');
  }

  function imageOf(name: string): Promise<RenderedImage | null> {
    let pending = rendered.get(name);
    if (!pending) {
      pending = render(name);
      // Only the pictures that exist are kept, and not without bound (test fixtures name many).
      if (rendered.size < 2000) rendered.set(name, pending);
      void pending.then(
        (image) => image || rendered.delete(name),
        () => rendered.delete(name),
      );
    }
    return pending;
  }

  app.get<{ Params: { name: string } }>('/images/:name', async (request, reply) => {
    const image = await imageOf(request.params.name);
    if (!image) return reply.code(404).send(fail(ErrCd.generic, say('notFound')));
    reply.header('cache-control', IMMUTABLE).header('etag', image.etag);
    if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
    return reply.type(image.type).send(image.body);
  });
}

interface RenderedImage {
  body: Buffer;
  type: string;
  etag: string;
}

function withEtag(body: Buffer, type: string): RenderedImage {
  return { body, type, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Every raster twin the pages load: each demo option's first picture at every width, then the others. */
function demoRasterNames(): string[] {
  const names: string[][] = [];
  for (const [code, demo] of Object.entries(DEMO_PICTURES)) {
    demo.pictures.forEach((_, i) => {
      const rank = i === 0 ? 0 : 1;
      names[rank] ??= [];
      for (const width of DEMO_RASTER_WIDTHS) names[rank].push(`${code}-${i + 1}-${width}.webp`);
    });
  }
  return names.flat();
}

/**
 * Every picture the pages load, drawn through its own route before the server listens (ADR 0208), two at a time (the
 * cores of a small machine; each drawing is one libvips thread's work); read from the data directory after a first
 * start. Says how long it took when it drew.
 */
export async function drawPicturesAhead(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  const queue = demoRasterNames();
  const drawer = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const res = await app.inject({ method: 'GET', url: `/images/${name}` });
      if (res.statusCode !== 200) app.log.warn({ name, status: res.statusCode }, 'demo picture not drawn ahead');
    }
  };
  await Promise.all([drawer(), drawer()]);
  const seconds = (performance.now() - started) / 1000;
  if (seconds > 2) app.log.info(`demo pictures drawn ahead in ${seconds.toFixed(1)} s (kept in the data directory)`);
}
