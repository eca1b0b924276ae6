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

const children: RouteObject[] = (Object.keys(pageFiles) as RouteKey[]).map((key) => ({
  path: ROUTES[key].path,
  handle: { meta: ROUTES[key], key },
  lazy: lazyPage(key),
}));

/** Every route of SPEC §2, for the browser's router and for the server's page renderer alike. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [...children, { path: '*', element: <Navigate to="/" replace /> }],
  },
];

/**
 * The staff console (DESIGN §11, ADR 0180): its routes are added to the router the first time an address under
 * /admin is opened, from a module no customer page loads, so that the console adds nothing to their JavaScript.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!/^\/admin(\/|$)/.test(path)) return;
  const { consoleRoutes } = await import('../admin/routes.tsx');
  patch(null, [{ path: '/admin', errorElement: <RouteError />, children: consoleRoutes }]);
};
