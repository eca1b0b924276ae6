import type { Nationality } from '@tabi/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

export function getNationalities(): Promise<Nationality[]> {
  return call(API['GET /nationality']);
}

/** SPEC §7: the list is cached after its first load. */
export function nationalitiesQueryOptions() {
  return queryOptions({
    queryKey: ['nationalities'],
    queryFn: getNationalities,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useNationalities() {
  return useQuery(nationalitiesQueryOptions());
}
