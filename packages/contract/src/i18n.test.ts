import { describe, expect, it } from 'vitest';
import { formatDay, formatDeparture, formatTokyoDateTime, formatYmd } from './dates.ts';
import { formatJpy, formatYen } from './format.ts';
import { langOfPath, pathInLang, pathWithoutLang, preferredLang } from './i18n.ts';
import { matchRouteKey, pageTitle } from './routes.ts';

describe('the language of a path', () => {
  it('is English under /en and Japanese everywhere else', () => {
    expect(langOfPath('/en')).toBe('en');
    expect(langOfPath('/en/')).toBe('en');
    expect(langOfPath('/en/detail')).toBe('en');
    expect(langOfPath('/')).toBe('ja');
    expect(langOfPath('/detail')).toBe('ja');
    // A Japanese path that merely starts with the letters.
    expect(langOfPath('/enquiry')).toBe('ja');
  });

  it('moves a page between languages, keeping the page', () => {
    expect(pathInLang('/detail', 'en')).toBe('/en/detail');
    expect(pathInLang('/', 'en')).toBe('/en/');
    expect(pathInLang('/en/reservation/member', 'ja')).toBe('/reservation/member');
    expect(pathInLang('/en', 'ja')).toBe('/');
    expect(pathInLang('/en/mypage', 'en')).toBe('/en/mypage');
    expect(pathWithoutLang('/en/coopon/OP1/PK1')).toBe('/coopon/OP1/PK1');
  });

  it('finds the route of an English path as of its Japanese one', () => {
    expect(matchRouteKey('/en/detail')).toBe('detail');
    expect(matchRouteKey('/en/')).toBe('index');
    expect(matchRouteKey('/en/coopon/OP1/PK1')).toBe('coupon');
    expect(matchRouteKey('/detail')).toBe('detail');
    expect(pageTitle('Log in', 'en')).toBe('Log in | Sakura Travel');
  });
});

describe('preferredLang: Accept-Language as a suggestion', () => {
  it('takes the first of our languages by quality, then by order', () => {
    expect(preferredLang('en-US,en;q=0.9,ja;q=0.8')).toBe('en');
    expect(preferredLang('ja,en-US;q=0.9')).toBe('ja');
    expect(preferredLang('fr-FR, en;q=0.5, ja;q=0.7')).toBe('ja');
    expect(preferredLang('zh-TW')).toBe('zh-Hant');
    expect(preferredLang('zh-HK,en;q=0.5')).toBe('zh-Hant');
    expect(preferredLang('zh-Hant-TW')).toBe('zh-Hant');
    expect(preferredLang('zh-CN,zh;q=0.9')).toBe('zh-Hans');
    expect(preferredLang('zh')).toBe('zh-Hans');
    expect(preferredLang('ko-KR,ko;q=0.9,en-US;q=0.8')).toBe('ko');
    expect(preferredLang('fr-FR, de;q=0.5')).toBeNull();
    expect(preferredLang('en;q=0')).toBeNull();
    expect(preferredLang(['en-GB', 'ja'])).toBe('en');
    expect(preferredLang(undefined)).toBeNull();
    expect(preferredLang(',;q=,')).toBeNull();
  });
});

describe('the languages’ paths', () => {
  it('reads Korean and Chinese pages from their prefixes, whatever the case', () => {
    expect(langOfPath('/ko/detail')).toBe('ko');
    expect(langOfPath('/zh-hant')).toBe('zh-Hant');
    expect(langOfPath('/ZH-HANS/mypage')).toBe('zh-Hans');
    expect(langOfPath('/korea')).toBe('ja');
    expect(pathInLang('/en/detail', 'zh-Hant')).toBe('/zh-hant/detail');
    expect(pathInLang('/zh-hans/', 'ja')).toBe('/');
  });
});

describe('dates and yen in each language', () => {
  it('writes a day as 2026/12/01 in Japanese and 1 Dec 2026 in English', () => {
    expect(formatDay('20261201', 'ja')).toBe('2026/12/01');
    expect(formatDay('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(formatDay('20261201', 'ja', { weekday: true })).toBe('2026/12/01（火）');
    expect(formatDay('20261201', 'en', { weekday: true })).toBe('Tue, 1 Dec 2026');
    expect(formatDay('nonsense', 'en')).toBe('nonsense');
  });

  it('writes a day as Korean and Chinese sites do', () => {
    expect(formatDay('20261210', 'ko')).toBe('2026년 12월 10일');
    expect(formatDay('20261210', 'ko', { weekday: true })).toBe('2026년 12월 10일 (목)');
    expect(formatDay('20261210', 'zh-Hant', { weekday: true })).toBe('2026年12月10日（週四）');
    expect(formatDay('20261210', 'zh-Hans', { weekday: true })).toBe('2026年12月10日（周四）');
    expect(formatDeparture('20261210', '13:00', '15:00', 'ko')).toBe('2026년 12월 10일 13:00~15:00');
    expect(formatTokyoDateTime(new Date('2026-12-01T01:00:00Z'), 'zh-Hans')).toBe('2026年12月1日 10:00');
    expect(formatYmd('20261201')).toBe('2026/12/01');
  });

  it('writes yen with each language’s sign', () => {
    expect(formatYen(8000, 'ja')).toBe('￥8,000');
    expect(formatYen(8000, 'en')).toBe('¥8,000');
    expect(formatYen(-1234567, 'en')).toBe('-¥1,234,567');
    expect(formatYen(8000, 'en')).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'JPY' }).format(8000),
    );
    expect(formatJpy(8000)).toBe('￥8,000');
    expect(formatYen(8000, 'ko')).toBe('¥8,000');
    expect(formatYen(8000, 'zh-Hant')).toBe('¥8,000');
  });
});
