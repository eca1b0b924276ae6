import { LANGS } from '@tabi/contract/i18n';
import { describe, expect, it } from 'vitest';
import { BOOKING_LANG_LABEL, emptyFieldsHint, fallbacksOf, LANG_LABEL, langList } from './langs.ts';

describe('where a text left empty is shown from (ADR 0207)', () => {
  it('is English then Japanese, the language itself left out, and nothing for Japanese', () => {
    expect(Object.fromEntries(LANGS.map((l) => [l, fallbacksOf(l)]))).toEqual({
      ja: [],
      en: ['ja'],
      ko: ['en', 'ja'],
      'zh-Hant': ['en', 'ja'],
      'zh-Hans': ['en', 'ja'],
    });
  });

  it('is said in Japanese for every language', () => {
    expect(emptyFieldsHint('ja')).toBe('');
    expect(emptyFieldsHint('en')).toBe('空欄の項目は日本語で表示されます。');
    for (const lang of ['ko', 'zh-Hant', 'zh-Hans'] as const) {
      expect(emptyFieldsHint(lang)).toBe('空欄の項目は英語、英語もなければ日本語で表示されます。');
    }
  });

  it('lists languages by their Japanese names', () => {
    expect(langList(['ko', 'zh-Hans'])).toBe('韓国語・中国語（簡体字）');
  });
});

describe("a booking's language in 予約詳細", () => {
  it('names each language and, but for Japanese, the language its mails are sent in', () => {
    expect(BOOKING_LANG_LABEL.ja).toBe('日本語');
    expect(BOOKING_LANG_LABEL.en).toBe('英語（メールは英語で送信）');
    for (const lang of LANGS)
      expect(BOOKING_LANG_LABEL[lang].startsWith(LANG_LABEL[lang].replace(/）$/, ''))).toBe(true);
    expect(new Set(Object.values(BOOKING_LANG_LABEL)).size).toBe(LANGS.length);
  });
});
