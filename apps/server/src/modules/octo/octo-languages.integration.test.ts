/**
 * octo/content in Korean, Traditional and Simplified Chinese (ADRs 0177, 0207): the language Accept-Language asks
 * for, by its tag or its region (zh-TW, zh-CN), said in Content-Language with Vary; the product's, option's and
 * units' titles in it; and each text the option lacks in it falling back to English, then Japanese, marked with the
 * language it is in.
 */
import { zProductsGetProductResponse, zProductsGetProductsResponse } from '@octocloud/types';
import { addDays, type Ymd } from '@tabi/contract/dates';
import type { Lang } from '@tabi/contract/i18n';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, cities } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { catalogService } from '../catalog/service.ts';
import { insertResellerKey } from './test-fixtures.ts';

const TODAY: Ymd = '20261121';
const CONTENT = 'octo/pricing, octo/content';

let t: TestApp;
let key: string;

function octo(url: string, language?: string, capabilities = CONTENT): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/octo${url}`,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      'octo-capabilities': capabilities,
      ...(language ? { 'accept-language': language } : {}),
    },
  });
}

/** The option's title and introduction in each language it has, as the console saves them. */
const TEXTS = {
  en: { webname: 'Tokyo night cruise', introduction: '<p>A <strong>popular</strong> cruise</p>' },
  ko: { webname: '도쿄 야간 크루즈', introduction: '<p>도쿄의 <strong>인기</strong> 크루즈</p>' },
  'zh-Hant': { webname: '東京夜間遊船', introduction: '<p>東京的<strong>熱門</strong>遊船</p>' },
  'zh-Hans': { webname: '东京夜间游船', introduction: '<p>东京的<strong>热门</strong>游船</p>' },
} as const;

/** The units' titles (one, many) each language gives adults, children and infants. */
const UNITS: Record<'ko' | 'zh-Hant' | 'zh-Hans', [string, string][]> = {
  ko: [
    ['성인', '성인'],
    ['어린이', '어린이'],
    ['유아', '유아'],
  ],
  'zh-Hant': [
    ['成人', '成人'],
    ['兒童', '兒童'],
    ['幼兒', '幼兒'],
  ],
  'zh-Hans': [
    ['成人', '成人'],
    ['儿童', '儿童'],
    ['幼儿', '幼儿'],
  ],
};

const LOCATION: Record<'ko' | 'zh-Hant' | 'zh-Hans', string> = {
  ko: '테스트시, 테스트 지역',
  'zh-Hant': '測試市, 測試地區',
  'zh-Hans': '测试市, 测试地区',
};

interface Product {
  id: string;
  title: string;
  shortDescription: string | null;
  location: string | null;
  options: { title: string; language: string; units: { id: string; title: string; titlePlural: string }[] }[];
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T03:00:00Z') });
  // Translated into every language.
  await insertTestOption(t.ctx.db, 'ALL1', {
    webname: '東京ナイトクルーズ',
    introduction: '<p>東京の<strong>人気</strong>クルーズ</p>',
    translations: TEXTS,
  });
  // Korean and Chinese titles but an introduction in English only; and an option in English only.
  await insertTestOption(t.ctx.db, 'HALF1', {
    webname: '東京ナイトクルーズ',
    introduction: '<p>東京の<strong>人気</strong>クルーズ</p>',
    translations: {
      en: TEXTS.en,
      ko: { webname: TEXTS.ko.webname },
      'zh-Hant': { webname: TEXTS['zh-Hant'].webname, introduction: '' },
      'zh-Hans': { webname: TEXTS['zh-Hans'].webname },
    },
  });
  await insertTestOption(t.ctx.db, 'EN1', {
    webname: '東京ナイトクルーズ',
    introduction: '<p>東京の<strong>人気</strong>クルーズ</p>',
    translations: { en: TEXTS.en },
  });
  // Never translated: Japanese in every language.
  await insertTestOption(t.ctx.db, 'JA1', {
    webname: '東京ナイトクルーズ',
    introduction: '<p>東京の<strong>人気</strong>クルーズ</p>',
  });
  await t.ctx.db
    .update(areas)
    .set({
      translations: {
        en: { areanm: 'Test area' },
        ko: { areanm: '테스트 지역' },
        'zh-Hant': { areanm: '測試地區' },
        'zh-Hans': { areanm: '测试地区' },
      },
    })
    .where(eq(areas.areacd, 'TA'));
  await t.ctx.db
    .update(cities)
    .set({
      translations: {
        en: { citynm: 'Test city' },
        ko: { citynm: '테스트시' },
        'zh-Hant': { citynm: '測試市' },
        'zh-Hans': { citynm: '测试市' },
      },
    })
    .where(eq(cities.citycd, 'TC'));
  for (const opcd of ['ALL1', 'HALF1', 'EN1', 'JA1']) {
    for (let i = 0; i < 5; i += 1) await insertTestStock(t.ctx.db, opcd, addDays(TODAY, i), { zaikozan: 10 });
  }
  catalogService(t.ctx).clearCaches();
  key = await insertResellerKey(t, 'KKday');
});

afterAll(async () => {
  await t?.close();
});

describe.each([
  ['ko', 'ko'],
  ['ko-KR,ko;q=0.9,en;q=0.8', 'ko'],
  ['zh-Hant', 'zh-Hant'],
  ['zh-TW', 'zh-Hant'],
  ['zh-HK,zh;q=0.9', 'zh-Hant'],
  ['zh-Hans', 'zh-Hans'],
  ['zh-CN', 'zh-Hans'],
  ['zh', 'zh-Hans'],
] as const)('octo/content with Accept-Language: %s', (asked, lang) => {
  it(`answers in ${lang}, says so in Content-Language and varies by Accept-Language`, async () => {
    const res = await octo('/products/ALL1', asked);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe(lang);
    expect(String(res.headers.vary).toLowerCase()).toMatch(/(^|,\s*)accept-language(\s*,|$)/);
    expect(res.headers['octo-capabilities']).toBe(CONTENT);
    zProductsGetProductResponse.parse(res.json());
    const product: Product = res.json();
    expect(product).toMatchObject({
      id: 'ALL1',
      title: TEXTS[lang].webname,
      shortDescription: TEXTS[lang].introduction.replace(/<[^>]+>/g, ''),
      location: LOCATION[lang],
      country: 'JP',
    });
    expect(product.options).toHaveLength(1);
    const [option] = product.options;
    expect(option).toMatchObject({ title: TEXTS[lang].webname, language: lang });
    expect(option?.units.map((u) => [u.title, u.titlePlural])).toEqual(UNITS[lang]);
    expect(option?.units.map((u) => u.id)).toEqual(['adult', 'child', 'infant']);
  });
});

describe('a text the option lacks in the language', () => {
  it.each(['ko', 'zh-Hant', 'zh-Hans'] as const)(
    '%s: each text falls back on its own, to English, then Japanese, and the option says which it is in',
    async (lang) => {
      const half: Product = (await octo('/products/HALF1', lang)).json();
      expect(half.title).toBe(TEXTS[lang].webname);
      // Its introduction exists in English only ('' is no translation): English, not Japanese.
      expect(half.shortDescription).toBe('A popular cruise');
      expect(half.options[0]?.language).toBe(lang);

      const english = await octo('/products/EN1', lang);
      // The answer is still the language asked for: its fixed words (the units) are in it.
      expect(english.headers['content-language']).toBe(lang);
      const en: Product = english.json();
      expect(en).toMatchObject({ title: 'Tokyo night cruise', shortDescription: 'A popular cruise' });
      expect(en.options[0]).toMatchObject({ title: 'Tokyo night cruise', language: 'en' });
      expect(en.options[0]?.units.map((u) => [u.title, u.titlePlural])).toEqual(UNITS[lang]);

      const japanese: Product = (await octo('/products/JA1', lang)).json();
      expect(japanese).toMatchObject({ title: '東京ナイトクルーズ', shortDescription: '東京の人気クルーズ' });
      expect(japanese.options[0]).toMatchObject({ title: '東京ナイトクルーズ', language: 'ja' });
      expect(japanese.options[0]?.units.map((u) => [u.title, u.titlePlural])).toEqual(UNITS[lang]);
    },
  );

  it('lists every product in the language, each marked with its own', async () => {
    const res = await octo('/products', 'zh-TW');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('zh-Hant');
    zProductsGetProductsResponse.parse(res.json());
    const products: Product[] = res.json();
    const byId = new Map(products.map((p) => [p.id, p]));
    const expected: [string, string, Lang][] = [
      ['ALL1', TEXTS['zh-Hant'].webname, 'zh-Hant'],
      ['HALF1', TEXTS['zh-Hant'].webname, 'zh-Hant'],
      ['EN1', 'Tokyo night cruise', 'en'],
      ['JA1', '東京ナイトクルーズ', 'ja'],
    ];
    for (const [id, title, language] of expected) {
      expect(byId.get(id)).toMatchObject({ title, options: [{ title, language }] });
      expect(byId.get(id)?.options[0]?.units[0]?.title).toBe('成人');
    }
  });
});

describe('without a language of ours, or without the capability', () => {
  it('answers Japanese to a language we do not write in, and says so', async () => {
    const res = await octo('/products/ALL1', 'fr-FR,de;q=0.8');
    expect(res.headers['content-language']).toBe('ja');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-language');
    const product: Product = res.json();
    expect(product).toMatchObject({ title: '東京ナイトクルーズ', options: [{ language: 'ja' }] });
    expect(product.options[0]?.units.map((u) => u.title)).toEqual(['大人', '小人', '幼児']);
  });

  it('takes the first of ours by preference: French, then Korean, then Chinese is Korean', async () => {
    const res = await octo('/products/ALL1', 'fr;q=1, zh-CN;q=0.5, ko;q=0.8');
    expect(res.headers['content-language']).toBe('ko');
    expect((res.json() as Product).title).toBe(TEXTS.ko.webname);
  });

  it('adds no texts and no Content-Language without octo/content', async () => {
    const res = await octo('/products/ALL1', 'ko', 'octo/pricing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('title');
    expect(res.headers['content-language']).toBeUndefined();
  });
});
