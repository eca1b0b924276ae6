/** Coupon page rules (SPEC §2 Coupon list / detail, §9), pure for unit tests. */
import type { CouponOption } from '@tabi/contract/coupon';
import { tokyoYmd, type Ymd } from '@tabi/contract/dates';

export function todayInTokyo(now: Date = new Date()): Ymd {
  return tokyoYmd(now);
}

/** SPEC §9: coupon pages need the use date to be today; the list looks at its first option. */
export function usableToday(options: Pick<CouponOption, 'usedate'>[], today: Ymd): boolean {
  return options[0]?.usedate === today;
}

export interface CouponCounts {
  adultLeft: number;
  childLeft: number;
  adultUsed: number;
  childUsed: number;
  left: number;
}

/** adultqty/childqty are what is left of paxadultqty/paxchildqty (docs/decisions/0061). */
export function couponCounts(
  c: Pick<CouponOption, 'paxadultqty' | 'adultqty' | 'paxchildqty' | 'childqty'>,
): CouponCounts {
  const adultLeft = Math.max(0, c.adultqty);
  const childLeft = Math.max(0, c.childqty);
  return {
    adultLeft,
    childLeft,
    adultUsed: Math.max(0, c.paxadultqty - adultLeft),
    childUsed: Math.max(0, c.paxchildqty - childLeft),
    left: adultLeft + childLeft,
  };
}

export function range(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** A v4 UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
