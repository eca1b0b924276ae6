/**
 * Server rendering of public pages (ADR 0044): the web build's page renderer (apps/web/src/entry-server.tsx,
 * built to <webDist>/.ssr) renders `/`, `/detail` and `/login` with the data of their first calls, answered
 * in-process by this app. The HTML then carries the page's markup, the query state the browser starts from,
 * the page chunk's styles, and a loader that fetches its scripts once the page has painted (ADR 0202). Any failure falls back to the plain app shell.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '@tabi/contract/html';
import { type Lang, langOfPath } from '@tabi/contract/i18n';
import type { SiteLegal } from '@tabi/contract/site';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sanitizeHtml } from './safe-html.ts';

interface RenderedPage {
  html: string;
  state: unknown;
  pageFile: string;
}

interface PageRendererModule {
  renderPage(
    url: URL,
    options: {
      api: (url: string, init: RequestInit) => Promise<Response>;
      sanitize: (html: string) => string;
      legal?: SiteLegal;
    },
  ): Promise<RenderedPage | null>;
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  dynamicImports?: string[];
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** A page taking longer than this is sent as the plain shell; the browser then renders it as before. */
const RENDER_TIMEOUT_MS = 2_000;

/**
 * The one HTML sanitiser (ADR 0160) for the content our pages show: the browser's DOMPurify allow-list, so the
 * page the server sends is the page the browser hydrates.
 */
export const sanitizeForPage = sanitizeHtml;

/** JSON inside a <script> element: `<` escaped, so no `</script>` or `<!--` can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface PageRenderer {
  /** The template with the page rendered into it, or null to send the plain shell. */
  render(template: string, pathname: string, query: URLSearchParams): Promise<string | null>;
}

export async function loadPageRenderer(
  app: FastifyInstance,
  webDist: string,
  log: FastifyBaseLogger,
  legal?: SiteLegal,
): Promise<PageRenderer | null> {
  const entry = path.join(webDist, '.ssr', 'entry-server.js');
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestPath)) return null;
  let module: PageRendererModule;
  let manifest: Record<string, ManifestChunk>;
  try {
    module = (await import(pathToFileURL(entry).href)) as PageRendererModule;
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch (error) {
    log.warn({ err: error }, 'page renderer not loaded: pages are rendered in the browser only');
    return null;
  }

  const api = async (url: string, init: RequestInit): Promise<Response> => {
    if (init.method && init.method !== 'GET') throw new Error('the page renderer only reads');
    // The page's language: the renderer asks in it, as the browser's calls of that page do.
    const language = new Headers(init.headers).get('accept-language');
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...(language ? { 'accept-language': language } : {}) },
    });
    return new Response(res.rawPayload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };

  const entryChunk = manifest['index.html'];
  const bootChunk = manifest['src/boot.ts'];
  /** A built stylesheet's text; `</style` cannot occur in it, but is neutralised all the same. */
  const cssOf = (file: string): string =>
    readFileSync(path.join(webDist, file), 'utf8').replace(/<\/style/gi, '<\\/style');
  const stylesheetLink = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
  const entryScript = entryChunk ? `<script type="module" crossorigin src="/${entryChunk.file}"></script>` : '';
  /**
   * A rendered page paints from its HTML and inline styles; its scripts only take it over. The loader asks for them
   * once the page has painted (ADR 0202): the entry first, then the page's chunks.
   */
  const bootScript = (chunks: readonly string[]): string =>
    entryChunk && bootChunk
      ? `<script type="module" crossorigin src="/${escapeHtml(bootChunk.file)}" id="app-boot" data-scripts="${escapeHtml(
          [entryChunk.file, ...chunks].map((file) => `/${file}`).join(' '),
        )}"></script>`
      : entryScript;

  /** A page module's manifest key; one that shares its name with index.html gets a `_name-hash.js` key instead. */
  const pageChunkKey = (pageFile: string): string => {
    const src = `src/app/routes/${pageFile}.tsx`;
    return (
      Object.keys(manifest).find((key) => key === src || manifest[key]?.src === src) ??
      entryChunk?.dynamicImports?.find((key) => manifest[key]?.name === pageFile) ??
      src
    );
  };

  /**
   * What a page adds to <head>, worked out once per page from the build manifest: every stylesheet the page needs
   * inline (the entry's and those of the page chunk and its imports), so it paints with the HTML with no request
   * in the way; and the scripts the loader fetches beside the entry once the page has painted.
   */
  const entryStyles = entryChunk?.css ?? [];
  /**
   * What the browser loads before it hydrates any rendered page besides the page chunk (main.tsx awaits React DOM and
   * the HTML sanitiser): fetched with the page's chunks rather than once the entry has run, a round trip later on a
   * slow line.
   */
  const hydrationSources = [
    'src/app/react-dom-client.ts',
    '/dompurify/dist/purify.es.mjs',
    '/contract/src/html-policy.ts',
  ];
  const hydrationChunks = Object.values(manifest)
    .filter((chunk) => hydrationSources.some((source) => chunk.src?.endsWith(source)))
    .map((chunk) => chunk.file);
  const heads = new Map<string, { head: string; scripts: string[] }>();
  const headOf = (pageFile: string): { head: string; scripts: string[] } => {
    const cached = heads.get(pageFile);
    if (cached !== undefined) return cached;
    const scripts: string[] = [];
    const styles: string[] = [...entryStyles];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (!chunk.isEntry) {
        scripts.push(chunk.file);
        styles.push(...(chunk.css ?? []));
      }
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(pageChunkKey(pageFile));
    const inlined = [...new Set(styles)];
    const head = [
      ...inlined.map((file) => `<style>${cssOf(file)}</style>`),
      // The page chunk's import waits for its stylesheets (Vite's preload helper) unless a stylesheet link to each
      // is already in the document: a disabled one says so without being fetched, as its rules are inline above.
      ...inlined
        .filter((file) => !entryStyles.includes(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" disabled>`),
    ].join('\n    ');
    const entry = { head, scripts: [...scripts, ...hydrationChunks] };
    heads.set(pageFile, entry);
    return entry;
  };

  /** An English page's catalog (apps/web/src/i18n/en.ts), fetched with the page's chunks rather than after them. */
  const catalogChunks = (lang: Lang): string[] => {
    const chunk = lang === 'ja' ? undefined : manifest[`src/i18n/${lang}.ts`];
    return chunk ? [chunk.file] : [];
  };

  return {
    async render(template, pathname, query) {
      const url = new URL(`${pathname}?${query.toString()}`, 'http://localhost');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
      });
      let page: RenderedPage | null;
      try {
        page = await Promise.race([module.renderPage(url, { api, sanitize: sanitizeForPage, legal }), timeout]);
      } catch (error) {
        log.warn({ err: error, pathname }, 'page not rendered on the server');
        return null;
      } finally {
        clearTimeout(timer);
      }
      if (!page) return null;
      // The entry's stylesheet link leaves the template (its styles are inline); the page chunk may fetch its own
      // stylesheets again later, unused.
      let html = template;
      for (const file of entryStyles) html = html.replace(stylesheetLink(file), '');
      // The template's preloads are for a page the app renders by itself; this page's loader fetches its scripts once
      // it has painted.
      html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
      const { head, scripts } = headOf(page.pageFile);
      const boot = bootScript([...scripts, ...catalogChunks(langOfPath(pathname))]);
      html = html.replace(entryScript, () => boot);
      // Replacer functions, never replacement strings: the page holds admin text, where `$\``, `$'` or `$&`
      // would copy parts of the template into the page.
      return html
        .replace('</head>', () => `  ${head}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${page.html}</div>\n    <script type="application/json" id="page-state">${scriptJson(page.state)}</script>`,
        );
    },
  };
}
