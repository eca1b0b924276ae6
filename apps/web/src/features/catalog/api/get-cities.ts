import type { City } from '@tabi/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { catalogSchemas } from '../../../lib/catalog-schemas.ts';

/** GET /city: the cities of an area. */
export function getCities(homencd: string, areacd: string): Promise<City[]> {
  return apiGet(
    '/city',
    () => catalogSchemas().then((m) => m.cityResponse),
    { homencd, areacd, is_valid: 'true' },
    { loading: false },
  );
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
