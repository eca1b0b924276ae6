import type { Keyword, Region } from '@tabi/contract/catalog';
import { ErrCd } from '@tabi/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { catalogSchemas } from './catalog-schemas.ts';

export interface SearchChoices {
  homenList: Region[];
  keywordList: Keyword[];
}

const none: SearchChoices = { homenList: [], keywordList: [] };

/** GET /option/condition: the regions and keywords the search panel offers. */
export async function getConditions(): Promise<SearchChoices> {
  const res = await apiGet('/option/condition', () => catalogSchemas().then((m) => m.conditionResponse), undefined, {
    loading: false,
  });
  return res.errcd === ErrCd.success && res.response ? res.response : none;
}

export function conditionsQueryOptions() {
  return queryOptions({ queryKey: ['option-condition'], queryFn: getConditions, staleTime: Number.POSITIVE_INFINITY });
}

export function useConditions() {
  return useQuery(conditionsQueryOptions());
}
