import { optionSummaryResponse } from '@tabi/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /option/{code}: my page reads only travelkubun, rentalcd and webname. */
export function getOptionSummary(code: string) {
  return apiGet(`/option/${encodeURIComponent(code)}`, optionSummaryResponse, undefined, {});
}

export function optionSummaryQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['option-summary', code],
    queryFn: () => getOptionSummary(code),
    staleTime: 300_000,
  });
}

export function useOptionSummary(code: string | null) {
  return useQuery({ ...optionSummaryQueryOptions(code ?? ''), enabled: Boolean(code) });
}
