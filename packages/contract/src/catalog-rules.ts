/**
 * What the pages read from the catalog's answers, without the answers' schemas: a page that imports these builds no zod
 * schema before its first render (ADR 0178; the build's first-render check holds the list and detail pages to it).
 */
import type { OptionDetail, OptionOrPackage, RentalStockAnswer } from './catalog.ts';

/** GET /option/{code} answered an option's detail, not a package's summary (catalog.ts, optionOrPackage). */
export function isOptionDetail(answer: OptionOrPackage): answer is OptionDetail {
  return 'valueList' in answer && 'opcd' in answer;
}

/** How many of a rental value are left, or null when the shop does not count that select (any may be chosen). */
export function rentalLeft(
  stock: RentalStockAnswer | undefined,
  field: 'model' | 'boots_size' | 'wear_size',
  value: string,
): number | null {
  const counted = stock?.left[field];
  if (!counted || value === '') return null;
  return counted[value] ?? 0;
}
