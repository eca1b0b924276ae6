/**
 * Where an option is, broadest first: 方面 (region), 地域 (area), 市区町村 (city). An area belongs to one region
 * and a city to one area, so the search panel and the console's option form choose them as one cascade.
 */
export const PLACE_LEVELS = ['homencd', 'areacd', 'citycd'] as const;
export type PlaceLevel = (typeof PLACE_LEVELS)[number];

/** `current` with `level` set to `value` and every level below it cleared (they belonged to the old choice). */
export function choosePlace<T extends Record<PlaceLevel, string>>(current: T, level: PlaceLevel, value: string): T {
  const next: T = { ...current, [level]: value };
  for (const below of PLACE_LEVELS.slice(PLACE_LEVELS.indexOf(level) + 1)) next[below] = '' as T[PlaceLevel];
  return next;
}
