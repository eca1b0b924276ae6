import { ROUTES, type RouteKey } from '@tabi/contract/routes';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';

type LazyModule = () => Promise<{ Component: React.ComponentType }>;

const pages: Record<RouteKey, LazyModule> = {
  index: () => import('./routes/index.tsx'),
  detail: () => import('./routes/detail.tsx'),
  member: () => import('./routes/reservation-member.tsx'),
  rental: () => import('./routes/reservation-rental.tsx'),
  check: () => import('./routes/reservation-check.tsx'),
  complete: () => import('./routes/reservation-complete.tsx'),
  login: () => import('./routes/login.tsx'),
  mypage: () => import('./routes/mypage.tsx'),
  rentalEdit: () => import('./routes/mypage-rental-edit.tsx'),
  coupons: () => import('./routes/coupons.tsx'),
  coupon: () => import('./routes/coupon.tsx'),
};

const children: RouteObject[] = (Object.keys(pages) as RouteKey[]).map((key) => ({
  path: ROUTES[key].path,
  handle: { meta: ROUTES[key] },
  lazy: pages[key],
}));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [...children, { path: '*', element: <Navigate to="/" replace /> }],
  },
]);
