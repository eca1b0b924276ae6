/**
 * The catalogs (ADR 0176): the typecheck holds English to the Japanese key for key; this checks what a type
 * cannot: no English text is empty or carries Japanese, and every text function answers with text.
 */
import { describe, expect, it } from 'vitest';
import { authJa } from '../features/auth/lib/messages.ts';
import { availabilityJa } from '../features/availability/lib/messages.ts';
import { detailJa } from '../features/catalog/lib/detail-messages.ts';
import { catalogJa } from '../features/catalog/lib/messages.ts';
import { couponJa } from '../features/coupon/lib/messages.ts';
import { mypageJa } from '../features/mypage/lib/messages.ts';
import { reservationJa } from '../features/reservation/lib/messages.ts';
import { waitlistJa } from '../features/waitlist/lib/messages.ts';
import { commonJa } from './common.ts';
import { en } from './en.ts';
import type { Messages } from './messages.ts';
import { sharedJa } from './shared.ts';

const ja: Messages = {
  common: commonJa,
  shared: sharedJa,
  catalog: catalogJa,
  detail: detailJa,
  auth: authJa,
  availability: availabilityJa,
  reservation: reservationJa,
  mypage: mypageJa,
  coupon: couponJa,
  waitlist: waitlistJa,
};
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー・、。「」（）：～￥]/u;

/** Every text of a catalog, functions called with sample arguments, by its path. */
function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    // One sample that serves as a number, a string, a day (YYYYMMDD) and a flag alike.
    const args = Array.from({ length: value.length }, () => new String('20261201'));
    return texts(value(...args), `${path}()`);
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => texts(inner, `${path}.${key}`));
  }
  return [];
}

describe('the English catalog', () => {
  const english = texts(en, 'en');

  it('has every key of the Japanese, and no other', () => {
    const keys = (catalog: Messages) => texts(catalog, '').map(([path]) => path);
    expect(keys(en)).toEqual(keys(ja));
  });

  it('has no empty text and no Japanese', () => {
    const allowedEmpty = new Set(['en.catalog.resultCountEnd', 'en.mypage.states.unknown', 'en.coupon.sheetUnit']);
    for (const [path, text] of english) {
      if (!allowedEmpty.has(path)) expect(text.trim(), path).not.toBe('');
      expect(JAPANESE.test(text), `${path}: ${text}`).toBe(false);
    }
  });

  it('the Japanese has every text', () => {
    for (const [path, text] of texts(ja, 'ja')) {
      if (['ja.common.untranslated', 'ja.reservation.requiredBefore', 'ja.mypage.states.unknown'].includes(path))
        continue;
      expect(text.trim(), path).not.toBe('');
    }
  });
});
