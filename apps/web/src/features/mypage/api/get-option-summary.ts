import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/**
 * GET /option/{code}: my page reads only travelkubun, rentalcd and webname, which an option's detail and a package
 * code's summary (the server's summary of its first option) both carry.
 */
export function getOptionSummary(code: string) {
  return call(API['GET /option/{code}'], { params: { code } });
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
