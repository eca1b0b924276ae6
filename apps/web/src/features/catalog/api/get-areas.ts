import type { Area } from '@tabi/contract/catalog';
import { ErrCd } from '@tabi/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { catalogSchemas } from './catalog-schemas.ts';

/** GET /area: the areas of a region. */
export async function getAreas(homencd: string): Promise<Area[]> {
  const res = await apiGet(
    '/area',
    () => catalogSchemas().then((m) => m.areaResponse),
    { homencd, is_valid: 'true' },
    { loading: false },
  );
  return res.errcd === ErrCd.success ? (res.response ?? []) : [];
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
