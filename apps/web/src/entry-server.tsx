/**
 * The server's page renderer (built with `vite build --ssr`, loaded by apps/server): renders a public page with
 * the data of its first calls, so the visitor sees the page before any JavaScript has run. The browser then
 * renders the same page over it from the same data (main.tsx). See docs/decisions/0044.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { tokyoYmd } from '@tabi/contract/dates';
import { LANG_BASE, langOfPath } from '@tabi/contract/i18n';
import { matchRouteKey, type RouteKey } from '@tabi/contract/routes';
import type { SiteLegal } from '@tabi/contract/site';
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { prefetchPageData } from './app/page-data.ts';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { pageFiles, routes } from './app/router.tsx';
import { setServerSanitizer } from './components/safe-html.tsx';
import { loadMessages } from './i18n/messages.ts';
import { type ApiTransport, setApiTransport } from './lib/api-client.ts';
import { setServerSiteLegal } from './lib/site-legal.ts';

/**
 * Public pages that look the same to every visitor (no login, no reservation in progress). What is typed into
 * /login before the browser takes the page over stays (react-hook-form keeps a field edited before it registered
 * it); its button stays disabled until then.
 */
const RENDERED: RouteKey[] = ['index', 'detail', 'login'];

const requestTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = requestTransport.getStore();
  if (!transport) return Promise.reject(new Error('API call outside a page render'));
  return transport(url, init);
});

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query cache the page was rendered from, for the browser to start with. */
  state: DehydratedState;
  /** The page module's name under src/app/routes (its chunk and styles are in the build manifest). */
  pageFile: string;
}

export interface RenderOptions {
  /** Answers the page's API calls in-process (e.g. Fastify's inject). */
  api: ApiTransport;
  /** Sanitises server HTML (introduction, contents…) the way DOMPurify does in the browser. */
  sanitize: (html: string) => string;
  /** The footer's legal data from the server's configuration. */
  legal?: SiteLegal;
}

/** The page at `url` rendered with its data, or null when it is not a page the server renders. */
export async function renderPage(url: URL, options: RenderOptions): Promise<RenderedPage | null> {
  const key = matchRouteKey(url.pathname);
  if (!key || !RENDERED.includes(key)) return null;
  const lang = langOfPath(url.pathname);
  await loadMessages(lang);
  setServerSanitizer(options.sanitize);
  setServerSiteLegal(options.legal);
  const queryClient = createQueryClient();
  // The page's calls in its language, as the browser's would be (the catalog's texts follow it).
  const api: ApiTransport = (url, init) =>
    options.api(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'accept-language': lang } });
  await requestTransport.run(api, () =>
    prefetchPageData(queryClient, url.pathname, url.searchParams, tokyoYmd(new Date())),
  );
  const handler = createStaticHandler(routes, { basename: LANG_BASE[lang] || undefined });
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider client={queryClient} lang={lang}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  return { html, state: dehydrate(queryClient), pageFile: pageFiles[key] };
}
