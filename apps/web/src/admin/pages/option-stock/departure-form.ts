/** One departure's form: what its dialog holds as typed, its first values, and its reading into the request. */
import { departureEditRequest, type StockDeparture } from '@tabi/contract/admin-catalog';
import type { AgeClass } from '@tabi/contract/constants';
import { z } from 'zod';
import { type PriceKey, priceFields, readPrices, readStock, refuseMissingPrices } from './stock-form.ts';
import { capacityOf } from './stock-text.ts';

export type OneMode = 'none' | 'set' | 'close';

/** What the dialog of one departure holds. */
export interface DepartureValues {
  stock: { mode: OneMode; seats: string };
  withPrices: boolean;
  prices: Record<PriceKey, string>;
}

/**
 * The dialog's first values: the departure's capacity and prices as they are; a departure called off keeps its
 * seats closed, so only its prices are offered.
 */
export function departureDefaults(
  dep: StockDeparture,
  stopped: boolean,
  ageClasses: readonly AgeClass[],
): DepartureValues {
  return {
    stock: { mode: stopped ? 'none' : 'set', seats: String(capacityOf(dep)) },
    withPrices: stopped,
    prices: Object.fromEntries(priceFields(ageClasses).map(([key]) => [key, String(dep[key])])) as Record<
      PriceKey,
      string
    >,
  };
}

/** The dialog read into the contract's departureEditRequest and checked by it, each message at its field. */
export function departureForm(date: string, startTime: string, ageClasses: readonly AgeClass[]) {
  return z
    .custom<DepartureValues>()
    .transform((v) => ({
      date,
      startTime,
      stock: readStock(v.stock),
      prices: v.withPrices ? readPrices(ageClasses, v.prices) : null,
    }))
    .pipe(departureEditRequest.superRefine(refuseMissingPrices(ageClasses)));
}
