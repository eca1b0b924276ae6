import { optionSummaryResponse } from '@tabi/contract/catalog';
import { ErrCd } from '@tabi/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /option/{code}: my page reads only travelkubun, rentalcd and webname. */
export async function getOptionSummary(code: string) {
  const res = await apiGet(`/option/${encodeURIComponent(code)}`, optionSummaryResponse, undefined, {});
  if (res.errcd !== ErrCd.success || !res.response) throw new Error(res.errMsg);
  return res.response;
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
