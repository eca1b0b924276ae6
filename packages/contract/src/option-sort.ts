/**
 * The list's sort, an optional extra of GET /option; without it the SPEC order (recommended) holds.
 * Apart from catalog.ts so that the list page's first script does not carry zod.
 */
export const OPTION_SORTS = ['recommended', 'price_asc', 'price_desc'] as const;
export type OptionSort = (typeof OPTION_SORTS)[number];
