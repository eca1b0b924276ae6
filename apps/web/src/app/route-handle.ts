import type { RouteKey, RouteMeta } from '@tabi/contract/routes';
import { useMatches } from 'react-router';

export interface RouteHandle {
  meta: RouteMeta;
  key: RouteKey;
}

function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.meta) return handle;
  }
  return undefined;
}

export function useRouteMeta(): RouteMeta | undefined {
  return useRouteHandle()?.meta;
}

export function useRouteKey(): RouteKey | undefined {
  return useRouteHandle()?.key;
}
