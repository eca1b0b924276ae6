import { STOCK_CIRCLE_FROM } from './constants.ts';
import type { Lang } from './i18n.ts';

/**
 * ￥12,000: written by hand the way Intl.NumberFormat('ja-JP', JPY) writes it (yen have no fraction; halves round
 * away from zero). A browser's first Intl formatter loads ICU's locale data, 50–100 ms of main thread on a phone
 * before the first price shows; format.test.ts holds the two to the same output in every language (¥8,000 as
 * Intl.NumberFormat('en', JPY) writes it).
 */
export function formatYen(amount: number, lang: Lang): string {
  return `${amount < 0 ? '-' : ''}${YEN_SIGN[lang]}${groupDigits(Math.round(Math.abs(amount)))}`;
}

/** A whole number's digits grouped in threes by commas (12345 → 12,345), as every page language writes them. */
export function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** The sign each language's `Intl` writes yen with: the full-width one in Japanese, ¥ elsewhere. */
const YEN_SIGN: Record<Lang, string> = { ja: '￥', en: '¥', ko: '¥', 'zh-Hant': '¥', 'zh-Hans': '¥' };

export function formatJpy(amount: number): string {
  return formatYen(amount, 'ja');
}

/** SPEC §9: 0 blank, 10 or more a circle, 1 to 9 the number. */
export function stockMark(zaikozan: number | string): string {
  const n = typeof zaikozan === 'string' ? Number(zaikozan) : zaikozan;
  if (!Number.isFinite(n) || n <= 0) return '';
  if (n >= STOCK_CIRCLE_FROM) return '○';
  return String(Math.floor(n));
}
