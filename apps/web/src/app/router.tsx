import { ROUTES, type RouteKey } from '@tabi/contract/routes';
import { Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';

type PageModule = { Component: React.ComponentType };

/** Each route's page module under ./routes; the server preloads a page's chunk from the build manifest by this name. */
export const pageFiles: Record<RouteKey, string> = {
  index: 'index',
  detail: 'detail',
  member: 'reservation-member',
  rental: 'reservation-rental',
  check: 'reservation-check',
  complete: 'reservation-complete',
  login: 'login',
  mypage: 'mypage',
  rentalEdit: 'mypage-rental-edit',
  coupons: 'coupons',
  coupon: 'coupon',
};

// A test beside its page is not a page (it would be built into the app with its testing libraries).
const pageModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

function lazyPage(key: RouteKey): () => Promise<PageModule> {
  const load = pageModules[`./routes/${pageFiles[key]}.tsx`];
  if (!load) throw new Error(`no page module for route ${key}`);
  return load;
}

/** Starts the calls a page makes as it first renders, for the page at this address (app/page-data.ts). */
export type PagePrefetch = (pathname: string, params: URLSearchParams) => void;

/** The pages whose first render reads data the router can ask for ahead: the list and the detail. */
const PREFETCHED: ReadonlySet<RouteKey> = new Set(['index', 'detail']);

/**
 * Every route of SPEC §2. In the browser, `prefetch` is each data page's loader: a navigation starts the page's calls
 * through the query client while the page's module loads, instead of after it has rendered, and does not wait for
 * them (the page shows its own loading state as before). The server's renderer prefetches itself (entry-server.tsx)
 * and builds the routes without it.
 */
export function createRoutes(prefetch?: PagePrefetch): RouteObject[] {
  const children: RouteObject[] = (Object.keys(pageFiles) as RouteKey[]).map((key) => ({
    path: ROUTES[key].path,
    handle: { meta: ROUTES[key], key },
    lazy: lazyPage(key),
    ...(prefetch && PREFETCHED.has(key)
      ? {
          loader: ({ request }: { request: Request }) => {
            const url = new URL(request.url);
            prefetch(url.pathname, url.searchParams);
            return null;
          },
        }
      : {}),
  }));
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [...children, { path: '*', element: <Navigate to="/" replace /> }],
    },
  ];
}

/** The routes without loaders, for the server's page renderer. */
export const routes: RouteObject[] = createRoutes();

/**
 * The staff console (DESIGN §11, ADR 0180): its routes are added to the router the first time an address under
 * /admin is opened, from a module no customer page loads, so that the console adds nothing to their JavaScript.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!/^\/admin(\/|$)/.test(path)) return;
  const { consoleRoutes } = await import('../admin/routes.tsx');
  patch(null, [{ path: '/admin', errorElement: <RouteError />, children: consoleRoutes }]);
};
