import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminOptionRecord,
  departureEditRequest,
  departureEnd,
  departureLabel,
  optionTranslations,
  STOCK_EDIT_MAX_TIMES,
  StockMsg,
  stockEditRequest,
  stockEndPastMidnight,
  untranslatedLangs,
} from './admin-catalog.ts';
import { OPTION_TEXT_FIELDS, TRANSLATED_LANGS } from './content.ts';
import { CatalogMsg } from './messages.ts';

const japanese = adminOptionRecord.shape.option.shape;
const english = optionTranslations.shape.en.shape;

/** What a schema says of a value: the value it keeps ('' for a Japanese text's null), or the messages it refuses. */
function verdict(schema: z.ZodType, v: string) {
  const result = schema.safeParse(v);
  return result.success ? { ok: result.data ?? '' } : { refused: result.error.issues.map((i) => i.message) };
}

describe("an option's English texts", () => {
  // Around every length a text field has, and the characters the two kinds of text differ in.
  const samples = [
    ...[200, 300, 1000, 2000, 5000, 20000].flatMap((n) => [`${'あ'.repeat(n - 1)} `, 'a'.repeat(n), 'a'.repeat(n + 1)]),
    '  朝の隅田川  ',
    '一行目\n二行目\tタブ',
    '<p>説明</p>\r\n',
    'ベル\u0007',
  ];

  it.each(OPTION_TEXT_FIELDS)('%s: accepts and refuses what its Japanese twin does, with the same messages', (f) => {
    for (const v of samples)
      expect(verdict(english[f], v), `${f}: ${JSON.stringify(v.slice(0, 20))}`).toEqual(verdict(japanese[f], v));
  });

  it('takes "" for "not translated", even where the Japanese text is required', () => {
    for (const f of OPTION_TEXT_FIELDS) expect(english[f].safeParse('').success).toBe(true);
    expect(japanese.webname.safeParse('').success).toBe(false);
  });
});

describe("an option's texts in every other language", () => {
  const empty = Object.fromEntries(OPTION_TEXT_FIELDS.map((f) => [f, '']));
  const all = Object.fromEntries(TRANSLATED_LANGS.map((lang) => [lang, empty]));

  it('checks each language with the English rules', () => {
    for (const lang of TRANSLATED_LANGS) expect(optionTranslations.shape[lang].shape).toBe(english);
    expect(optionTranslations.safeParse(all).success).toBe(true);
  });

  it('refuses translations without one of the languages', () => {
    for (const lang of TRANSLATED_LANGS) {
      const result = optionTranslations.safeParse({ ...all, [lang]: undefined });
      expect(result.error?.issues.map((i) => i.path)).toEqual([[lang]]);
    }
  });

  it('counts a language as lacking when the name is empty in it, whatever the other texts', () => {
    expect(untranslatedLangs(null)).toEqual(['en', 'ko', 'zh-Hant', 'zh-Hans']);
    expect(untranslatedLangs({})).toEqual(['en', 'ko', 'zh-Hant', 'zh-Hans']);
    expect(
      untranslatedLangs({
        en: { webname: 'Morning walk' },
        ko: { webname: '  ', introduction: '<p>산책</p>' },
        'zh-Hant': { webname: '晨間散步' },
      }),
    ).toEqual(['ko', 'zh-Hans']);
  });
});

describe('the departures calendar’s edits (ADR 0196)', () => {
  const edit = {
    from: '2026-12-01',
    to: '2027-03-31',
    weekdays: [0, 6],
    stock: { mode: 'set', seats: 12 },
    prices: { adultbaika: 8000 },
  };
  const messages = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues.map((i) => i.message) ?? [];

  it('reads an edit without start times as before: whole days, no duration', () => {
    const parsed = stockEditRequest.parse(edit);
    expect(parsed.times).toBeUndefined();
    expect(parsed.durationMinutes).toBeUndefined();
    expect(stockEditRequest.parse({ ...edit, times: [], durationMinutes: null }).times).toEqual([]);
  });

  it('takes start times on the 24-hour clock with a duration that ends the same day', () => {
    expect(
      stockEditRequest.safeParse({ ...edit, times: ['10:00', '13:00', '16:00'], durationMinutes: 90 }).success,
    ).toBe(true);
    for (const bad of ['9:00', '24:00', '10:60', '', '10時']) {
      expect(messages(stockEditRequest.safeParse({ ...edit, times: [bad] })), bad).toEqual([StockMsg.timeInvalid]);
    }
    expect(messages(stockEditRequest.safeParse({ ...edit, times: ['10:00', '10:00'] }))).toEqual([
      StockMsg.timesDuplicate,
    ]);
    const many = Array.from(
      { length: STOCK_EDIT_MAX_TIMES + 1 },
      (_, i) => `${String(i % 24).padStart(2, '0')}:${i < 24 ? '00' : '30'}`,
    );
    expect(messages(stockEditRequest.safeParse({ ...edit, times: many }))).toEqual([StockMsg.timesTooMany]);
    expect(messages(stockEditRequest.safeParse({ ...edit, durationMinutes: 60 }))).toEqual([
      StockMsg.durationWithoutTimes,
    ]);
    for (const minutes of [0, 1440, 1.5]) {
      expect(messages(stockEditRequest.safeParse({ ...edit, times: ['10:00'], durationMinutes: minutes }))).toEqual([
        StockMsg.durationInvalid,
      ]);
    }
    expect(messages(stockEditRequest.safeParse({ ...edit, times: ['10:00', '22:30'], durationMinutes: 90 }))).toEqual([
      stockEndPastMidnight('22:30', 90),
    ]);
  });

  it('works out an end time on the departure’s own day', () => {
    expect(departureEnd('10:00', 90)).toBe('11:30');
    expect(departureEnd('09:45', 15)).toBe('10:00');
    expect(departureEnd('22:30', 89)).toBe('23:59');
    expect(departureEnd('22:30', 90)).toBeNull();
    expect(departureLabel('2026-12-05', '10:00')).toBe('2026/12/05 10:00');
    expect(departureLabel('2026-12-05', '')).toBe('2026/12/05');
  });

  it('edits one departure: a capacity, a close or prices, named by its day and start time (empty for a whole day)', () => {
    const one = { date: '2026-12-05', startTime: '10:00', stock: { mode: 'set', seats: 20 }, prices: null };
    expect(departureEditRequest.safeParse(one).success).toBe(true);
    expect(departureEditRequest.safeParse({ ...one, startTime: '', stock: { mode: 'close' } }).success).toBe(true);
    expect(departureEditRequest.safeParse({ ...one, stock: { mode: 'add', seats: 2 } }).success).toBe(false);
    expect(messages(departureEditRequest.safeParse({ ...one, startTime: '25:00' }))).toEqual([StockMsg.timeInvalid]);
    expect(messages(departureEditRequest.safeParse({ ...one, stock: null }))).toEqual([CatalogMsg.stockNothingToDo]);
  });
});
