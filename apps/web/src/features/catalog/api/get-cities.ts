import type { City } from '@tabi/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/** GET /city: the cities of an area. */
export function getCities(homencd: string, areacd: string): Promise<City[]> {
  return call(API['GET /city'], { query: { homencd, areacd, is_valid: 'true' } }, { loading: false });
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
