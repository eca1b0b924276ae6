import { tokyoYmd, type Ymd } from '@tabi/contract/dates';
import { matchRoute, ROUTES } from '@tabi/contract/routes';
import type { QueryClient } from '@tanstack/react-query';
import { areasQueryOptions } from '../features/catalog/api/get-areas.ts';
import { citiesQueryOptions } from '../features/catalog/api/get-cities.ts';
import { conditionsQueryOptions } from '../features/catalog/api/get-conditions.ts';
import { initialDetailUsedate, optionDetailQueryOptions } from '../features/catalog/api/get-option-detail.ts';
import { optionsQueryOptions } from '../features/catalog/api/get-options.ts';
import { readListState } from '../features/catalog/lib/search-query.ts';

/**
 * The calls a public page makes as it first renders, with the same query options as its components, so that
 * the server can render the page with its data already in place (and hand that data to the browser).
 */
export async function prefetchPageData(
  queryClient: QueryClient,
  pathname: string,
  params: URLSearchParams,
  today: Ymd = tokyoYmd(new Date()),
): Promise<void> {
  const route = matchRoute(pathname);
  const listState = readListState(params);
  if (route === ROUTES.index) {
    const { homencd, areacd } = listState.conditions;
    await Promise.all([
      queryClient.prefetchQuery(
        optionsQueryOptions({ conditions: listState.conditions, page: listState.page, sort: listState.sort }),
      ),
      queryClient.prefetchQuery(conditionsQueryOptions()),
      homencd ? queryClient.prefetchQuery(areasQueryOptions(homencd)) : undefined,
      areacd ? queryClient.prefetchQuery(citiesQueryOptions(homencd, areacd)) : undefined,
    ]);
  } else if (route === ROUTES.detail) {
    const opcd = params.get('opcd') ?? '';
    if (opcd === '') return;
    await queryClient.prefetchQuery(
      optionDetailQueryOptions({ opcd, usedate: initialDetailUsedate(listState.conditions.usedate, today) }),
    );
  }
}
