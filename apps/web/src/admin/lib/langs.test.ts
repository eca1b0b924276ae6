import { LANGS } from '@tabi/contract/i18n';
import { describe, expect, it } from 'vitest';
import { emptyFieldsHint, fallbacksOf, langList } from './langs.ts';

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
