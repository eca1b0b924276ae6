import { ROUTES } from '@tabi/contract/routes';
import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay.tsx';
import { SiteFooter, SiteHeader } from '../../components/site-header.tsx';
import { useCommonMessages } from '../../i18n/common.ts';
import { useLang } from '../../i18n/lang.tsx';
import { setPageMeta } from '../../lib/page-meta.ts';
import { scrollToSection } from '../../lib/scroll-to-section.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { useReservationStore } from '../../stores/reservation-store.ts';
import { useRouteKey, useRouteMeta } from '../route-handle.ts';

/**
 * A new page starts at its top, and Back, Forward and a reload come back where the visitor was (React Router's
 * ScrollRestoration, in the layout below). An address that names a section scrolls to it here, below the sticky
 * header, once the section has rendered.
 */
function useScrollToSection(): void {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, by design
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    let tries = 0;
    const seek = () => {
      const target = document.getElementById(id);
      if (target) scrollToSection(target);
      else if (tries++ < 40) window.setTimeout(seek, 50);
    };
    seek();
  }, [location.pathname, location.search, location.hash]);
}

/** SPEC §2 routing rules: title and meta per route, header/footer per flag, the login guard and the reservation check. */
export function RootLayout() {
  const meta = useRouteMeta();
  const lang = useLang();
  const t = useCommonMessages();
  const routeKey = useRouteKey();
  const title = routeKey && t(`routes.${routeKey}.title`);
  const description = routeKey && t(`routes.${routeKey}.description`);
  const location = useLocation();
  const isLogin = useAuthStore((s) => s.isLogin);
  const reservationStarted = useReservationStore((s) => s.startedAt !== null);
  const reservedOpcd = useReservationStore((s) => s.optionDetail?.opcd);
  useScrollToSection();

  // Before any page's own effect (usePageMeta), which may know better (e.g. the option's name on /detail).
  useLayoutEffect(() => {
    if (title) setPageMeta(title, lang, description || undefined);
  }, [title, description, lang]);

  const isReservationRoute = meta?.reservation ?? false;
  useEffect(() => {
    if (!isReservationRoute) useReservationStore.getState().reset();
  }, [isReservationRoute]);

  if (meta?.loginRequired && !isLogin) {
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  if (isReservationRoute && meta?.name !== ROUTES.complete.name && !reservationStarted) {
    return <Navigate to={reservedOpcd ? `/detail?opcd=${encodeURIComponent(reservedOpcd)}` : '/'} replace />;
  }

  const layout = meta?.layout ?? true;
  return (
    <>
      <a href="#main" className="visually-hidden">
        {t('skipToContent')}
      </a>
      {layout && <SiteHeader />}
      <main id="main">
        <Outlet />
      </main>
      {layout && <SiteFooter />}
      <LoadingOverlay />
      <ScrollRestoration />
    </>
  );
}
