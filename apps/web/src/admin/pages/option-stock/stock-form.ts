/** What the stock forms share: numbers and start times as a clerk types them, a stock change and prices read. */
import { STOCK_PRICE_KEY, stockPricesMissing } from '@tabi/contract/admin-catalog';
import { AGE_CLASS_LABEL, type AgeClass } from '@tabi/contract/constants';
import { stockPriceRequired } from '@tabi/contract/messages';
import type { z } from 'zod';

/** A stock change as the forms' radios hold it: the bulk edit has all four, one departure's dialog no `add`. */
export type Mode = 'none' | 'set' | 'add' | 'close';
export type PriceKey = (typeof STOCK_PRICE_KEY)[AgeClass];

/** The price fields of the age classes an option sells, in the party form's order, with their labels. */
export const priceFields = (ageClasses: readonly AgeClass[]): [PriceKey, string, AgeClass][] =>
  ageClasses.map((c) => [STOCK_PRICE_KEY[c], `${AGE_CLASS_LABEL[c]}料金（円）`, c]);

/** What a clerk typed as a number: full-width digits and thousands separators read; empty stays empty. */
export function typedNumber(text: string): number | undefined {
  const plain = text.normalize('NFKC').replace(/[,，\s]/g, '');
  return plain === '' ? undefined : Number(plain);
}

/**
 * Start times as a clerk types them: `10:00, 13:00`, `10:00 13:00`, `１０：００、１３：００` or `9:00` (read as
 * 09:00), in time order; what is not a time is kept as typed, for the contract to refuse with its message.
 */
export function typedTimes(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/[\s,、，・/]+/)
    .filter((t) => t !== '')
    .map((t) => (/^\d:\d\d$/.test(t) ? `0${t}` : t))
    .sort();
}

/** The stock change chosen: none, a close, or seats set or added (as typed, for the contract to check). */
export function readStock<M extends Mode>(stock: { mode: M; seats: string }) {
  const { mode } = stock;
  if (mode === 'none') return null;
  if (mode === 'close') return { mode: 'close' as const };
  return { mode: mode as Exclude<M, 'none' | 'close'>, seats: typedNumber(stock.seats) };
}

/** The prices typed for the classes the option sells (a price left empty is undefined, never 0円). */
export function readPrices(ageClasses: readonly AgeClass[], prices: Record<PriceKey, string>) {
  return Object.fromEntries(priceFields(ageClasses).map(([key]) => [key, typedNumber(prices[key])]));
}

/** A refusal of each class the option sells whose price was left out, at that price's field. */
export function refuseMissingPrices(ageClasses: readonly AgeClass[]) {
  return (r: { prices: Parameters<typeof stockPricesMissing>[0] | null }, ctx: z.RefinementCtx) => {
    for (const c of r.prices ? stockPricesMissing(r.prices, ageClasses) : []) {
      ctx.addIssue({
        code: 'custom',
        path: ['prices', STOCK_PRICE_KEY[c]],
        message: stockPriceRequired(AGE_CLASS_LABEL[c]),
      });
    }
  };
}
