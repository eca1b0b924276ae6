import type { OptionListAnswer } from '@tabi/contract/catalog';
import type { OptionSort } from '@tabi/contract/option-sort';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';
import type { SearchConditions } from '../lib/search-query.ts';

export interface OptionSearch {
  conditions: SearchConditions;
  page: number;
  /** The list's optional order; SPEC's request is sent unchanged for 'recommended'. */
  sort?: OptionSort;
}

/**
 * GET /option: SPEC's optionList, and the nearest days with room when the searched use date has none.
 * SPEC §8: a failed search is swallowed: the list shows nothing while the query is in error.
 */
export async function getOptions({ conditions, page, sort }: OptionSearch): Promise<OptionListAnswer> {
  const res = await call(API['GET /option'], {
    query: {
      homencd: conditions.homencd,
      areacd: conditions.areacd,
      citycd: conditions.citycd,
      fromspotcd: conditions.fromspotcd,
      usedate: conditions.usedate,
      keycd: conditions.keycd.join(','),
      page: page > 1 ? page : undefined,
      sort: sort && sort !== 'recommended' ? sort : undefined,
    },
  });
  return res;
}

export function optionsQueryOptions(search: OptionSearch) {
  return queryOptions({
    queryKey: ['options', search.conditions, search.page, search.sort ?? 'recommended'],
    queryFn: () => getOptions(search),
    placeholderData: keepPreviousData,
  });
}

export function useOptions(search: OptionSearch) {
  return useQuery(optionsQueryOptions(search));
}
