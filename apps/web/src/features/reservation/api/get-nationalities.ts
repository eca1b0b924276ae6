import { type Nationality, nationalityResponse } from '@tabi/contract/catalog';
import { ErrCd } from '@tabi/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getNationalities(): Promise<Nationality[]> {
  const body = await apiGet('/nationality', nationalityResponse);
  if (body.errcd !== ErrCd.success || !body.response) throw new Error(body.errMsg);
  return body.response;
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
