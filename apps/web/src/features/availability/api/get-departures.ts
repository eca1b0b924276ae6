import type { DeparturesAnswer } from '@tabi/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { API, call } from '../../../lib/api-client.ts';

/**
 * GET /option/{code}/departures (ADR 0196): a day's departures with their seats left and prices, loaded afresh each
 * time the party form opens on the day (like its price, SPEC §4).
 */
export function useDepartures(opcd: string, usedate: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['departures', opcd, usedate],
    queryFn: (): Promise<DeparturesAnswer> =>
      call(
        API['GET /option/{code}/departures'],
        { params: { code: opcd }, query: { usedate: usedate ?? '' } },
        {
          loading: false,
        },
      ),
    enabled: enabled && usedate !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
