import type { City } from '@tabi/contract/catalog';
import { ErrCd } from '@tabi/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { catalogSchemas } from './catalog-schemas.ts';

/** GET /city: the cities of an area. */
export async function getCities(homencd: string, areacd: string): Promise<City[]> {
  const res = await apiGet(
    '/city',
    () => catalogSchemas().then((m) => m.cityResponse),
    { homencd, areacd, is_valid: 'true' },
    { loading: false },
  );
  return res.errcd === ErrCd.success ? (res.response ?? []) : [];
}

export function citiesQueryOptions(homencd: string, areacd: string) {
  return queryOptions({
    queryKey: ['cities', homencd, areacd],
    queryFn: () => getCities(homencd, areacd),
    enabled: areacd !== '',
    staleTime: 5 * 60_000,
  });
}

export function useCities(homencd: string, areacd: string) {
  return useQuery(citiesQueryOptions(homencd, areacd));
}
