import type { Keyword, Region } from '@tabi/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

export interface SearchChoices {
  homenList: Region[];
  keywordList: Keyword[];
}

/** GET /option/condition: the regions and keywords the search panel offers (none while it fails). */
export function getConditions(): Promise<SearchChoices> {
  return call(API['GET /option/condition'], {}, { loading: false });
}

export function conditionsQueryOptions() {
  return queryOptions({ queryKey: ['option-condition'], queryFn: getConditions, staleTime: Number.POSITIVE_INFINITY });
}

export function useConditions() {
  return useQuery(conditionsQueryOptions());
}
