import type { RouteMeta } from '@tabi/contract/routes';
import { useMatches } from 'react-router';

export interface RouteHandle {
  meta: RouteMeta;
}

export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta;
  }
  return undefined;
}
