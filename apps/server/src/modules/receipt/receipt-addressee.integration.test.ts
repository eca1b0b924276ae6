/**
 * The 宛名 of a receipt, on PGlite and PostgreSQL: it is kept for every later issue, so a character the embedded
 * font has no glyph for (Arabic, Thai, Hangul, an emoji) would print as □ for good. Such a 宛名 is refused with a
 * 422 naming the characters, from my page and from 予約詳細, and nothing is kept; Japanese, Latin letters (with
 * their accents) and the kanji of JIS X 0213 are printed as entered.
 */

import { STAFF_COOKIE } from '@tabi/contract/admin';
import { ErrCd } from '@tabi/contract/constants';
import { addresseeUnprintable } from '@tabi/contract/receipt';
import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, receipts } from '../../db/schema.ts';
import { textIn } from '../../i18n/said-text.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { loginAs } from '../mypage/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';
import { pdfText } from './pdf-text.ts';

let t: TestApp;
let operator = '';

async function customerIssue(rsvno: string, addressee: string): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: '/api/booking/receipt',
    payload: { session: await loginAs(t, rsvno), rsvno, addressee },
  });
}

function staffIssue(rsvno: string, addressee: string): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: `/api/admin/bookings/${rsvno}/receipt`,
    payload: { kind: 'payment', addressee },
    cookies: { [STAFF_COOKIE]: operator },
  });
}

async function nothingKept(rsvno: string): Promise<void> {
  expect(await t.ctx.db.select().from(receipts).where(eq(receipts.rsvno, rsvno))).toEqual([]);
  const events = await t.ctx.db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.rsvno, rsvno), like(bookingEvents.action, 'receipt_%')));
  expect(events).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await insertStaff(t.ctx.db, { mail: 'op@example.jp', role: 'operator' });
  operator = await staffSession(t, 'op@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the 宛名 of a receipt holds only what its font can print', () => {
  it('refuses Arabic, Thai, Hangul and emoji from my page with a 422 naming them, keeping nothing', async () => {
    for (const [addressee, unprintable] of [
      ['شركة النور', ['ش', 'ر', 'ك', 'ة', 'ا']],
      ['บริษัท สยาม', ['บ', 'ร', 'ิ', 'ษ', 'ั']],
      ['주식회사 한빛', ['주', '식', '회', '사', '한']],
      ['山田 太郎 😀', ['😀']],
      ['Ａｃｍｅ 🍣🍺', ['🍣', '🍺']],
    ] as const) {
      const res = await customerIssue('AA100006', addressee);
      expect(res.statusCode, addressee).toBe(422);
      expect(res.json()).toEqual({
        errcd: ErrCd.generic,
        errMsg: textIn('ja', addresseeUnprintable(unprintable)),
        response: null,
      });
    }
    expect(textIn('ja', addresseeUnprintable(['😀']))).toBe(
      '宛名に領収書へ印字できない文字（😀）が含まれています。日本語（漢字・ひらがな・カタカナ）または英数字でご入力ください。',
    );
    await nothingKept('AA100006');
  });

  it('refuses the same from 予約詳細', async () => {
    const res = await staffIssue('AA100007', '김민준');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errcd: ErrCd.generic,
      errMsg: textIn('ja', addresseeUnprintable(['김', '민', '준'])),
      response: null,
    });
    await nothingKept('AA100007');
  });

  it('prints Japanese, JIS X 0213 kanji and Latin letters with accents as entered', async () => {
    const addressee = '𠮷野家 髙橋 ＡＢＣ商事 Müller & Cie ①';
    const res = await customerIssue('AA100008', addressee);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(pdfText(res.rawPayload)).toContain(addressee);
    const [row] = await t.ctx.db.select().from(receipts).where(eq(receipts.rsvno, 'AA100008'));
    expect(row?.addressee).toBe(addressee);
  });
});
