import { createHash } from 'node:crypto';
import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { fail } from '../../http/envelope.ts';
import { DEMO_PICTURES } from './demo-pictures.ts';
import { fallbackTheme, type ImageSpec, parseImageName, renderImage } from './images.ts';
import { catalogService } from './service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /images/:name — the project's own demo pictures (`/images/OP0001-1.svg`), outside the /api prefix.
 * A demo option's picture is fixed by its address (DEMO_PICTURES), never by where staff moved it in the list
 * or what they wrote under it, so a year of caching stays true. Codes the seed does not know (test fixtures)
 * draw their name on a scene fixed by the code.
 */
export async function catalogImageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const rendered = new Map<string, { svg: string; etag: string }>();

  async function spec(code: string, seq: number): Promise<ImageSpec | null> {
    const demo = DEMO_PICTURES[code];
    if (demo) {
      const picture = demo.pictures[seq - 1];
      return picture ? { theme: picture.theme, title: demo.title, seed: `${code}-${seq}` } : null;
    }
    const core = await catalogService(ctx).optionCore(code);
    if (!core || seq > core.detail.imageList.length) return null;
    const title = [...core.detail.webname.replace(/【[^】]*】/g, '')].slice(0, 14).join('');
    return { theme: fallbackTheme(code), title, seed: `${code}-${seq}` };
  }

  app.get<{ Params: { name: string } }>('/images/:name', async (request, reply) => {
    const name = request.params.name;
    let image = rendered.get(name);
    if (!image) {
      const parsed = parseImageName(name);
      const found = parsed ? await spec(parsed.code, parsed.seq) : null;
      if (!parsed || !found) return reply.code(404).send(fail(ErrCd.generic, Msg.notFound));
      const svg = renderImage(found, parsed.seq);
      image = { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` };
      if (rendered.size < 2000) rendered.set(name, image);
    }
    reply.header('cache-control', IMMUTABLE).header('etag', image.etag);
    if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(image.svg);
  });
}
