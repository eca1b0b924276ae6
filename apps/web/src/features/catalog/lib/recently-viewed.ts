/** 最近見た商品, kept in this browser only (localStorage), newest first. */
import { safeStorage } from '../../../stores/safe-storage.ts';

export interface ViewedOption {
  opcd: string;
  webname: string;
  image: string | null;
  /** The lowest adult price shown when it was viewed, or null when it had none. */
  price: number | null;
}

const KEY = 'tabi.recently-viewed';
export const RECENT_MAX = 8;

function isViewed(value: unknown): value is ViewedOption {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.opcd === 'string' &&
    typeof v.webname === 'string' &&
    (v.image === null || typeof v.image === 'string') &&
    (v.price === null || typeof v.price === 'number')
  );
}

export function readRecentlyViewed(storage: Storage = safeStorage): ViewedOption[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isViewed).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts the option first, once, keeping at most RECENT_MAX. */
export function rememberViewed(option: ViewedOption, storage: Storage = safeStorage): ViewedOption[] {
  const next = [option, ...readRecentlyViewed(storage).filter((o) => o.opcd !== option.opcd)].slice(0, RECENT_MAX);
  storage.setItem(KEY, JSON.stringify(next));
  return next;
}

/** The lowest adult price in a calendar's days, or null. */
export function lowestAdultPrice(valueList: Record<string, { adultbaika: string | number }>): number | null {
  const prices = Object.values(valueList)
    .map((d) => Number(d.adultbaika))
    .filter((p) => Number.isFinite(p) && p > 0);
  return prices.length > 0 ? Math.min(...prices) : null;
}
