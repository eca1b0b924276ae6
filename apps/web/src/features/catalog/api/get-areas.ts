import type { Area } from '@tabi/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** GET /area: the areas of a region. */
export function getAreas(homencd: string): Promise<Area[]> {
  return call(API['GET /area'], { query: { homencd, is_valid: 'true' } }, { loading: false });
}

export function areasQueryOptions(homencd: string) {
  return queryOptions({
    queryKey: ['areas', homencd],
    queryFn: () => getAreas(homencd),
    enabled: homencd !== '',
    staleTime: 5 * 60_000,
  });
}

export function useAreas(homencd: string) {
  return useQuery(areasQueryOptions(homencd));
}
