import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchRoute, pageTitle, ROUTES } from '@tabi/contract/routes';
import type { FastifyInstance } from 'fastify';

export interface PageMeta {
  title: string;
  description: string;
}

/** Page-specific meta for a public page (e.g. an option's name on /detail); null falls back to the route's. */
export type PageMetaResolver = (pathname: string, query: URLSearchParams) => Promise<PageMeta | null>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function injectMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(pageTitle(meta.title));
  const description = escapeHtml(meta.description);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${description}" />`)
    .replace(/<meta property="og:title" content="[^"]*"\s*\/?>/, `<meta property="og:title" content="${title}" />`)
    .replace(
      /<meta property="og:description" content="[^"]*"\s*\/?>/,
      `<meta property="og:description" content="${description}" />`,
    );
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every other GET (history
 * fallback) with the page's title and description already in it for crawlers and link previews.
 */
export async function registerSpa(app: FastifyInstance, webDist: string, resolveMeta: PageMetaResolver): Promise<void> {
  const indexPath = path.join(webDist, 'index.html');
  if (!existsSync(indexPath)) return;
  const template = readFileSync(indexPath, 'utf8');

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // send's own Cache-Control would overwrite the one set here (@fastify/static applies it last).
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
    },
  });

  app.decorate('renderSpa', async (pathname: string, query: URLSearchParams) => {
    const route = matchRoute(pathname) ?? ROUTES.index;
    const meta = (await resolveMeta(pathname, query).catch(() => null)) ?? route;
    return injectMeta(template, meta);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    renderSpa?: (pathname: string, query: URLSearchParams) => Promise<string>;
  }
}
