import { STOCK_CIRCLE_FROM } from './constants.ts';

const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
const grouped = new Intl.NumberFormat('ja-JP');

/** ￥12,000 */
export function formatJpy(amount: number): string {
  return yen.format(amount);
}

/** 12,000 (for "12,000円") */
export function formatNumber(amount: number): string {
  return grouped.format(amount);
}

/** SPEC §9: 0 blank, 10 or more a circle, 1 to 9 the number. */
export function stockMark(zaikozan: number | string): string {
  const n = typeof zaikozan === 'string' ? Number(zaikozan) : zaikozan;
  if (!Number.isFinite(n) || n <= 0) return '';
  if (n >= STOCK_CIRCLE_FROM) return '○';
  return String(Math.floor(n));
}
