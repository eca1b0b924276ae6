import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { escapeHtml } from '@tabi/contract/html';
import { DEFAULT_LANG, LANGS, type Lang, langOfPath, pathInLang } from '@tabi/contract/i18n';
import { matchRouteKey, pageTitle } from '@tabi/contract/routes';
import { SITE_LEGAL_ELEMENT_ID, type SiteLegal } from '@tabi/contract/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeText } from '../i18n/page-text.ts';
import { loadPageRenderer, scriptJson } from './page-render.ts';

/** The check-in scanner's service worker among the built files (apps/web/public/admin/checkin/sw.js). */
const SCANNER_WORKER_FILE = path.join(path.sep, 'admin', 'checkin', 'sw.js');

export interface PageMeta {
  title: string;
  description: string;
  /** The page's main picture (same-origin path): preloaded, so the browser fetches it before the app asks for it. */
  image?: string;
  /** Its variants and drawn width (an uploaded photo), so the preload fetches the file the page will use. */
  imageSrcset?: string;
  imageSizes?: string;
}

/** Page-specific meta for a public page (e.g. an option's name on /detail); null falls back to the route's. */
export type PageMetaResolver = (pathname: string, query: URLSearchParams) => Promise<PageMeta | null>;

function responsivePreload(meta: PageMeta): string {
  if (!meta.imageSrcset || !meta.imageSizes) return '';
  return ` imagesrcset="${escapeHtml(meta.imageSrcset)}" imagesizes="${escapeHtml(meta.imageSizes)}"`;
}

/**
 * The page's language in its <html> and the same page in each language for search engines:
 * `hreflang` alternates with the query kept, and x-default on the Japanese.
 */
export function injectLang(html: string, lang: Lang, origin: string, pathname: string, search: string): string {
  const href = (l: Lang) => escapeHtml(`${origin}${pathInLang(pathname, l)}${search}`);
  const alternates = [
    ...LANGS.map((l) => `<link rel="alternate" hreflang="${l}" href="${href(l)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LANG)}" />`,
  ].join('\n    ');
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${lang}">`)
    .replace('</head>', () => `  ${alternates}\n  </head>`);
}

export function injectMeta(html: string, meta: PageMeta, lang: Lang = DEFAULT_LANG): string {
  const title = escapeHtml(pageTitle(meta.title, lang));
  const description = escapeHtml(meta.description);
  // Only our own paths: the CSP allows no other image origin ('//host' would be another origin).
  const preload =
    meta.image?.startsWith('/') && !meta.image.startsWith('//')
      ? `<link rel="preload" as="image" href="${escapeHtml(meta.image)}"${responsivePreload(meta)} fetchpriority="high" />\n  </head>`
      : '</head>';
  // Every insertion is a replacer function: a replacement string would read `$&`, `$\``, `$'` in admin text
  // (an option named "X $\` Y") as patterns and copy parts of the document into the page.
  return html
    .replace('</head>', () => preload)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace(
      /<meta property="og:title" content="[^"]*"\s*\/?>/,
      () => `<meta property="og:title" content="${title}" />`,
    )
    .replace(
      /<meta property="og:description" content="[^"]*"\s*\/?>/,
      () => `<meta property="og:description" content="${description}" />`,
    );
}

/**
 * A page, brotli- (quality 4) or gzip-compressed as the browser accepts. Pages come from the not-found handler
 * (the history fallback), which is no route, so @fastify/compress's hook does not reach them.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === 'br') {
    const body = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every other GET (history
 * fallback) with the page's title and description already in it for crawlers and link previews.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  resolveMeta: PageMetaResolver,
  legal?: SiteLegal,
): Promise<void> {
  const indexPath = path.join(webDist, 'index.html');
  if (!existsSync(indexPath)) return;
  // The footer's legal data travels in every page, so no page waits for a request to show it.
  const raw = readFileSync(indexPath, 'utf8');
  const template = legal
    ? raw.replace(
        '</head>',
        () =>
          `  <script type="application/json" id="${SITE_LEGAL_ELEMENT_ID}">${scriptJson(legal)}</script>\n  </head>`,
      )
    : raw;

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The web build writes .br/.gz beside each compressible file (apps/web/vite.config.ts); send those when accepted.
    preCompressed: true,
    // send's own Cache-Control would overwrite the one set here (@fastify/static applies it last).
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
      // The answer depends on Accept-Encoding (a .br/.gz twin may be sent); caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
      // The check-in scanner's service worker (or its .br/.gz twin) controls /admin/checkin itself, one level above
      // its own folder (ADR 0215).
      if (filePath.replace(/\.(br|gz)$/, '').endsWith(SCANNER_WORKER_FILE)) {
        res.setHeader('service-worker-allowed', '/admin/checkin');
      }
    },
  });

  const renderer = await loadPageRenderer(app, webDist, app.log, legal);

  app.decorate('renderSpa', async (pathname: string, query: URLSearchParams, origin: string) => {
    const lang = langOfPath(pathname);
    const meta =
      (await resolveMeta(pathname, query).catch(() => null)) ?? routeText(matchRouteKey(pathname) ?? 'index', lang);
    const search = query.size > 0 ? `?${query.toString()}` : '';
    const html = injectLang(injectMeta(template, meta, lang), lang, origin, pathname, search);
    return (await renderer?.render(html, pathname, query)) ?? html;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    renderSpa?: (pathname: string, query: URLSearchParams, origin: string) => Promise<string>;
  }
}
