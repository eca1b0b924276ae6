import { type AgeClass, ErrCd } from '@tabi/contract/constants';
import type { PartyCounts, PartyPrices } from '@tabi/contract/party';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageLang } from '../../../i18n/lang.tsx';
import { API, ApiError, call } from '../../../lib/api-client.ts';
import { useAvailabilityMessages } from '../lib/messages.ts';

export interface PriceRequest {
  opcd: string;
  /** YYYYMMDD */
  usedate: string;
  counts: PartyCounts;
}

const FIELD: Record<AgeClass, 'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika'> = {
  adult: 'adultbaika',
  middle: 'middlebaika',
  child: 'childbaika',
  infant: 'infantbaika',
};

/** GET /price/{opcd}: the per-person prices of each age class on the chosen day; a day without one is 505. */
export async function getPrice({ opcd, usedate, counts }: PriceRequest): Promise<PartyPrices> {
  const res = await call(
    API['GET /price/{opcd}'],
    {
      params: { opcd },
      query: {
        usedate,
        adultqty: String(counts.adult),
        middleqty: String(counts.middle),
        childqty: String(counts.child),
        infantqty: String(counts.infant),
      },
    },
    { loading: false },
  );
  const day = res.valueList[usedate];
  if (!day) throw new ApiError(ErrCd.nothingPrice, useAvailabilityMessages.in(pageLang())('nothingPrice'), 200);
  return {
    adult: Number(day[FIELD.adult]),
    middle: Number(day[FIELD.middle]),
    child: Number(day[FIELD.child]),
    infant: Number(day[FIELD.infant]),
  };
}

/** SPEC §4: the price is loaded once when the form opens, and never reused from an earlier opening. */
export function priceQueryOptions(request: PriceRequest) {
  return queryOptions({
    queryKey: ['price', request.opcd, request.usedate],
    queryFn: () => getPrice(request),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function usePrice(request: PriceRequest, enabled = true) {
  return useQuery({ ...priceQueryOptions(request), enabled });
}
