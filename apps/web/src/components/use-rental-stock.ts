import type { RentalStockAnswer } from '@tabi/contract/catalog';
import { rentalLeft } from '@tabi/contract/catalog-rules';
import type { RentalField } from '@tabi/contract/rental';
import { useQuery } from '@tanstack/react-query';
import { API, call } from '../lib/api-client.ts';

/**
 * GET /option/{code}/rental-stock (ADR 0209): what the option's rental shop has left on the day, loaded afresh each
 * time a rental form opens, so that a size gone since is shown as such. Undefined until it is in (or without a day):
 * the selects then offer every value, and the server checks them all the same.
 */
export function useRentalStock(opcd: string | undefined, usedate: string | null | undefined) {
  return useQuery({
    queryKey: ['rental-stock', opcd, usedate],
    queryFn: (): Promise<RentalStockAnswer> =>
      call(
        API['GET /option/{code}/rental-stock'],
        { params: { code: opcd ?? '' }, query: { usedate: usedate ?? '' } },
        { loading: false },
      ),
    enabled: Boolean(opcd && usedate),
    staleTime: 0,
  }).data;
}

/** The selects of one participant's choice whose value the shop has none left of (their own kept values aside). */
export function soldOutFields(
  stock: RentalStockAnswer | undefined,
  choice: Partial<Record<RentalField, string>>,
  kept?: Partial<Record<RentalField, string>>,
): RentalField[] {
  return (Object.keys(choice) as RentalField[]).filter((field) => {
    const value = choice[field] ?? '';
    return value !== kept?.[field] && rentalLeft(stock, field, value) === 0;
  });
}
