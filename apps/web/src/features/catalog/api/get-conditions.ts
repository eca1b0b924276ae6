import type { Keyword, Region } from '@tabi/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { catalogSchemas } from '../../../lib/catalog-schemas.ts';

export interface SearchChoices {
  homenList: Region[];
  keywordList: Keyword[];
}

/** GET /option/condition: the regions and keywords the search panel offers (none while it fails). */
export function getConditions(): Promise<SearchChoices> {
  return apiGet('/option/condition', () => catalogSchemas().then((m) => m.conditionResponse), undefined, {
    loading: false,
  });
}

export function conditionsQueryOptions() {
  return queryOptions({ queryKey: ['option-condition'], queryFn: getConditions, staleTime: Number.POSITIVE_INFINITY });
}

export function useConditions() {
  return useQuery(conditionsQueryOptions());
}
