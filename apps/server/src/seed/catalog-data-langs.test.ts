import { PHOTO_ALT_MAX, PHOTO_CAPTION_MAX } from '@tabi/contract/admin-media';
import { TRANSLATED_LANGS, type TranslatedLang } from '@tabi/contract/content';
import { describe, expect, it } from 'vitest';
import pictures from '../modules/catalog/demo-pictures.json' with { type: 'json' };
import { AREAS, CITIES, FACILITIES, KEYWORDS, NATIONALITIES, OPTIONS, REGIONS } from './catalog-data.ts';
import type { OptionSeedEn } from './catalog-data-en.ts';
import { CATALOG_IN, type CatalogInLang, demoPictureTexts } from './catalog-data-langs.ts';

/**
 * Japanese in another language's text: any kana, and for English and Korean any Han or full-width sign too (Chinese
 * is written in Han and with full-width punctuation).
 */
const JAPANESE: Record<TranslatedLang, RegExp> = {
  en: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u,
  ko: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u30fb]/u,
  'zh-Hant': /[\p{Script=Hiragana}\p{Script=Katakana}\u30fb\u30fc]/u,
  'zh-Hans': /[\p{Script=Hiragana}\p{Script=Katakana}\u30fb\u30fc]/u,
};

const sortedKeys = (record: Record<string | number, string | OptionSeedEn>): string[] => Object.keys(record).sort();

const tags = (html: string): string[] => (html.match(/<\/?[a-z]+>/g) ?? []).sort();

/** Every string of one option in a language, with where it is (for the failure message). */
function stringsOf(opcd: string, en: OptionSeedEn): [string, string][] {
  const out: [string, string][] = [
    [`${opcd}.webname`, en.webname],
    [`${opcd}.intro`, en.intro],
    [`${opcd}.company.name`, en.company.name],
    [`${opcd}.company.hours`, en.company.hours],
    [`${opcd}.company.address`, en.company.address],
  ];
  if (en.meetpoint !== undefined) out.push([`${opcd}.meetpoint`, en.meetpoint]);
  if (en.companyattention !== undefined) out.push([`${opcd}.companyattention`, en.companyattention]);
  if (en.jr) out.push([`${opcd}.jr.from`, en.jr.from], [`${opcd}.jr.to`, en.jr.to]);
  en.points.forEach((p, i) => {
    out.push([`${opcd}.points[${i}]`, p]);
  });
  en.notes?.forEach((n, i) => {
    out.push([`${opcd}.notes[${i}]`, n]);
  });
  en.schedule?.forEach(([time, step], i) => {
    out.push([`${opcd}.schedule[${i}][0]`, time], [`${opcd}.schedule[${i}][1]`, step]);
  });
  return out;
}

function allStrings(catalog: CatalogInLang): [string, string][] {
  const out: [string, string][] = [];
  for (const [opcd, en] of Object.entries(catalog.options)) out.push(...stringsOf(opcd, en));
  const named: [string, Record<string | number, string>][] = [
    ['region', catalog.regions],
    ['area', catalog.areas],
    ['city', catalog.cities],
    ['keyword', catalog.keywords],
    ['facility', catalog.facilities],
    ['nationality', catalog.nationalities],
  ];
  for (const [kind, record] of named) {
    for (const [code, name] of Object.entries(record)) out.push([`${kind} ${code}`, name]);
  }
  for (const [scene, texts] of Object.entries(catalog.pictures)) {
    out.push([`picture ${scene}.caption`, texts.caption], [`picture ${scene}.alt`, texts.alt]);
  }
  return out;
}

describe.each(Object.keys(CATALOG_IN) as TranslatedLang[])('the demo catalog in %s', (lang) => {
  const catalog = CATALOG_IN[lang];

  it('has an entry for every option, region, area, city, keyword, facility, nationality and scene, and none extra', () => {
    expect(sortedKeys(catalog.options)).toEqual(OPTIONS.map((o) => o.opcd).sort());
    expect(sortedKeys(catalog.regions)).toEqual(REGIONS.map((r) => r.homencd).sort());
    expect(sortedKeys(catalog.areas)).toEqual(AREAS.map((a) => a.areacd).sort());
    expect(sortedKeys(catalog.cities)).toEqual(CITIES.map((c) => c.citycd).sort());
    expect(sortedKeys(catalog.keywords)).toEqual(KEYWORDS.map((k) => k.keycd).sort());
    expect(sortedKeys(catalog.facilities)).toEqual(FACILITIES.map((f) => String(f.id)).sort());
    expect(sortedKeys(catalog.nationalities)).toEqual(NATIONALITIES.map((n) => String(n.id)).sort());
    expect(Object.keys(catalog.pictures).sort()).toEqual(Object.keys(pictures.scenes).sort());
  });

  it.each(OPTIONS.map((o) => [o.opcd, o] as const))('%s matches the shape of the Japanese', (opcd, ja) => {
    const en = catalog.options[opcd];
    expect(en).toBeDefined();
    if (!en) return;
    expect(en.points).toHaveLength(ja.points.length);
    expect(en.notes?.length).toBe(ja.notes?.length);
    expect(en.schedule?.map(([time]) => time)).toEqual(ja.schedule?.map(([time]) => time));
    expect(en.meetpoint !== undefined).toBe(ja.meetpoint !== null);
    expect(en.companyattention !== undefined).toBe(ja.coupon !== undefined);
    expect(en.jr !== undefined).toBe(ja.jr !== undefined);
    expect(tags(en.intro)).toEqual(tags(ja.intro));
    ja.notes?.forEach((note, i) => {
      expect(tags(en.notes?.[i] ?? '')).toEqual(tags(note));
    });
    if (ja.coupon) expect(tags(en.companyattention ?? '')).toEqual(tags(ja.coupon.companyattention));
  });

  it('has no Japanese characters and no empty strings', () => {
    const strings = allStrings(catalog);
    expect(strings.length).toBeGreaterThan(OPTIONS.length * 5);
    expect(strings.filter(([, s]) => JAPANESE[lang].test(s)).map(([where]) => where)).toEqual([]);
    expect(strings.filter(([, s]) => s.trim() === '').map(([where]) => where)).toEqual([]);
  });
});

describe('the demo pictures and nationalities', () => {
  it.each(OPTIONS.map((o) => [o.opcd]))('%s: every picture has a caption and an alt text in every language', (opcd) => {
    const texts = demoPictureTexts(opcd);
    expect(texts.length).toBeGreaterThan(0);
    for (const [i, picture] of texts.entries()) {
      for (const lang of TRANSLATED_LANGS) {
        const where = `${opcd} picture ${i + 1} in ${lang}`;
        const { caption = '', alt = '' } = picture.translations[lang] ?? {};
        expect(caption.trim(), where).not.toBe('');
        expect(alt.trim(), where).not.toBe('');
        // What the console would accept on a save of the picture's texts.
        expect(caption.length, where).toBeLessThanOrEqual(PHOTO_CAPTION_MAX);
        expect(alt.length, where).toBeLessThanOrEqual(PHOTO_ALT_MAX);
      }
    }
  });

  it('names every nationality in every language', () => {
    for (const lang of TRANSLATED_LANGS) {
      for (const n of NATIONALITIES)
        expect(CATALOG_IN[lang].nationalities[n.id]?.trim(), `${n.id} in ${lang}`).toBeTruthy();
    }
  });
});
