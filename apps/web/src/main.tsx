import { LANG_BASE, langOfPath } from '@tabi/contract/i18n';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { createRoutes, patchRoutesOnNavigation } from './app/router.tsx';
import { purifierReady } from './components/safe-html.tsx';
import { loadMessages } from './i18n/messages.ts';
import { type EarlyEdit, readEarlyEdits, replayEarlyEdits } from './lib/early-edits.ts';
import { reloadForNewBuild } from './lib/new-build.ts';
import './styles/global.css';
import { setPageLang } from './i18n/lang.tsx';

// The page's language is its path's: English pages are the same routes under /en, so every link and
// navigation of the app stays in the language it started in.
const lang = langOfPath(window.location.pathname);
setPageLang(lang);
const queryClient = createQueryClient();
// A page the server rendered (entry-server.tsx) comes with the data it was rendered from: in the cache before the
// router starts, so the first page's loader finds it there and asks nothing again.
const pageState = document.getElementById('page-state');
const serverRendered = Boolean(pageState?.textContent);
if (pageState?.textContent) {
  hydrate(queryClient, JSON.parse(pageState.textContent));
  pageState.remove();
}
// The calls of a data page, loaded with it (the pages' own modules hold them): nothing added to the first script.
const prefetch = (pathname: string, params: URLSearchParams) =>
  void import('./app/page-data.ts').then(({ prefetchPageData }) => prefetchPageData(queryClient, pathname, params));

/** What the visitor changed on a server-rendered page before it was hydrated. */
let earlyEdits: EarlyEdit[] = [];

/**
 * Marks the document once the app has rendered (a server-rendered page is then live): `html[data-app="ready"]`,
 * after making again the edits hydration undid.
 */
function AppReady() {
  useEffect(() => {
    // In a task of its own, as the visitor's input would come: not inside React's commit of the hydration.
    const timer = setTimeout(() => {
      replayEarlyEdits(earlyEdits);
      earlyEdits = [];
      document.documentElement.dataset.app = 'ready';
    });
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/** Resolves once the router has loaded the first page's module. */
function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start(root: HTMLElement): Promise<void> {
  // The router starts the first page's navigation as it is made (its loader, the page's module): in a task after the
  // one that evaluated this script's modules, so that a phone's main thread is not held for both at once.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // React DOM is a module of its own, evaluated in a task of its own while the page's module loads (the server lists
  // it with the page's chunks).
  const reactDom = import('./app/react-dom-client.ts');
  const router = createBrowserRouter(createRoutes(prefetch), {
    basename: LANG_BASE[lang] || undefined,
    patchRoutesOnNavigation,
  });
  const app = (
    <StrictMode>
      <AppProvider client={queryClient} lang={lang}>
        <RouterProvider router={router} />
        <AppReady />
      </AppProvider>
    </StrictMode>
  );
  // A server-rendered page is hydrated once everything it shows is here (page module, data, sanitiser), so that
  // React adopts the markup as it is.
  if (serverRendered) {
    const [{ hydrateRoot }] = await Promise.all([reactDom, routerReady(router), purifierReady, loadMessages(lang)]);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
    // for the whole page: a tap or a key during it is handled at once (and no long task blocks the first input).
    earlyEdits = readEarlyEdits(root);
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  // The router renders nothing until the first page's module is here (it would warn of a missing fallback).
  const [{ createRoot }] = await Promise.all([reactDom, routerReady(router), loadMessages(lang)]);
  startTransition(() => {
    createRoot(root).render(app);
  });
}

// A script of the build this page came with is gone after a deploy: the page loads itself again (lib/new-build.ts).
window.addEventListener('vite:preloadError', () => void reloadForNewBuild());

const root = document.getElementById('root');
if (root) void start(root);
