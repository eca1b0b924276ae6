import type { OptionDetail } from '@tabi/contract/catalog';
import { isOptionDetail } from '@tabi/contract/catalog-rules';
import { ErrCd } from '@tabi/contract/constants';
import { monthStart, type Ymd } from '@tabi/contract/dates';
import { say } from '@tabi/contract/said';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, ApiError, call } from '../../../lib/api-client.ts';

export interface OptionDetailRequest {
  opcd: string;
  /** YYYYMMDD: the usedate query at first, then the calendar's visible month start (SPEC §7). */
  usedate?: string | undefined;
  /** Month changes refetch in the background, without the page-wide overlay. */
  background?: boolean;
}

/**
 * GET /option/{opcd}; a non-success is an ApiError whose errMsg the page shows (SPEC §8). A package code is answered
 * with a summary, not an option: the page says the option is not found, as for any unknown code.
 */
export async function getOptionDetail({ opcd, usedate, background }: OptionDetailRequest): Promise<OptionDetail> {
  const answer = await call(
    API['GET /option/{code}'],
    { params: { code: opcd }, query: { usedate } },
    { loading: !background },
  );
  if (!isOptionDetail(answer)) throw new ApiError(String(ErrCd.generic), say('optionNotFound'), 404);
  return answer;
}

/** The usedate of a detail page's first call: the list's use date, unless its month is already past (SPEC §7). */
export function initialDetailUsedate(queryDate: string, today: Ymd): Ymd | undefined {
  return queryDate !== '' && monthStart(queryDate) >= monthStart(today) ? queryDate : undefined;
}

export function optionDetailQueryOptions(request: OptionDetailRequest) {
  return queryOptions({
    queryKey: ['option-detail', request.opcd, request.usedate ?? ''],
    queryFn: () => getOptionDetail(request),
    enabled: request.opcd !== '',
    // Stock changes: read afresh on every visit (the page the server rendered carries a month read just now),
    // and keep the page in place while another month loads.
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useOptionDetail(request: OptionDetailRequest) {
  return useQuery(optionDetailQueryOptions(request));
}
