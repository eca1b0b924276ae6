/**
 * The demo catalog in every language but Japanese (ADR 0207): each language's option texts, masters' names and
 * pictures' captions and alt texts, so that the demo is complete in all five and the seed writes them into each
 * row's `translations`.
 */
import { type ImageTextField, TRANSLATED_LANGS, type TranslatedLang, type Translations } from '@tabi/contract/content';
import pictures from '../modules/catalog/demo-pictures.json' with { type: 'json' };
import { DEMO_PICTURES } from '../modules/catalog/demo-pictures.ts';
import {
  AREA_NAMES_EN,
  CITY_NAMES_EN,
  FACILITY_NAMES_EN,
  KEYWORD_NAMES_EN,
  NATIONALITY_NAMES_EN,
  OPTIONS_EN,
  type OptionSeedEn,
  PICTURE_TEXTS_EN,
  type PictureTexts,
  REGION_NAMES_EN,
  type SceneName,
} from './catalog-data-en.ts';
import {
  AREA_NAMES_KO,
  CITY_NAMES_KO,
  FACILITY_NAMES_KO,
  KEYWORD_NAMES_KO,
  NATIONALITY_NAMES_KO,
  OPTIONS_KO,
  PICTURE_TEXTS_KO,
  REGION_NAMES_KO,
} from './catalog-data-ko.ts';
import {
  AREA_NAMES_ZH_HANS,
  CITY_NAMES_ZH_HANS,
  FACILITY_NAMES_ZH_HANS,
  KEYWORD_NAMES_ZH_HANS,
  NATIONALITY_NAMES_ZH_HANS,
  OPTIONS_ZH_HANS,
  PICTURE_TEXTS_ZH_HANS,
  REGION_NAMES_ZH_HANS,
} from './catalog-data-zh-hans.ts';
import {
  AREA_NAMES_ZH_HANT,
  CITY_NAMES_ZH_HANT,
  FACILITY_NAMES_ZH_HANT,
  KEYWORD_NAMES_ZH_HANT,
  NATIONALITY_NAMES_ZH_HANT,
  OPTIONS_ZH_HANT,
  PICTURE_TEXTS_ZH_HANT,
  REGION_NAMES_ZH_HANT,
} from './catalog-data-zh-hant.ts';

/** One language's demo catalog: its options' texts by code, and its masters' names by code. */
export interface CatalogInLang {
  options: Record<string, OptionSeedEn>;
  regions: Record<string, string>;
  areas: Record<string, string>;
  cities: Record<string, string>;
  keywords: Record<string, string>;
  facilities: Record<number, string>;
  /** By id (NATIONALITIES). */
  nationalities: Record<number, string>;
  /** The demo pictures' texts by scene (demo-pictures.json). */
  pictures: Record<SceneName, PictureTexts>;
}

export const CATALOG_IN: Record<TranslatedLang, CatalogInLang> = {
  en: {
    options: OPTIONS_EN,
    regions: REGION_NAMES_EN,
    areas: AREA_NAMES_EN,
    cities: CITY_NAMES_EN,
    keywords: KEYWORD_NAMES_EN,
    facilities: FACILITY_NAMES_EN,
    nationalities: NATIONALITY_NAMES_EN,
    pictures: PICTURE_TEXTS_EN,
  },
  ko: {
    options: OPTIONS_KO,
    regions: REGION_NAMES_KO,
    areas: AREA_NAMES_KO,
    cities: CITY_NAMES_KO,
    keywords: KEYWORD_NAMES_KO,
    facilities: FACILITY_NAMES_KO,
    nationalities: NATIONALITY_NAMES_KO,
    pictures: PICTURE_TEXTS_KO,
  },
  'zh-Hant': {
    options: OPTIONS_ZH_HANT,
    regions: REGION_NAMES_ZH_HANT,
    areas: AREA_NAMES_ZH_HANT,
    cities: CITY_NAMES_ZH_HANT,
    keywords: KEYWORD_NAMES_ZH_HANT,
    facilities: FACILITY_NAMES_ZH_HANT,
    nationalities: NATIONALITY_NAMES_ZH_HANT,
    pictures: PICTURE_TEXTS_ZH_HANT,
  },
  'zh-Hans': {
    options: OPTIONS_ZH_HANS,
    regions: REGION_NAMES_ZH_HANS,
    areas: AREA_NAMES_ZH_HANS,
    cities: CITY_NAMES_ZH_HANS,
    keywords: KEYWORD_NAMES_ZH_HANS,
    facilities: FACILITY_NAMES_ZH_HANS,
    nationalities: NATIONALITY_NAMES_ZH_HANS,
    pictures: PICTURE_TEXTS_ZH_HANS,
  },
};

/** A row's translations of one master's name, in every language: `{ en: { homennm: '…' }, ko: … }`. */
export function namesIn<F extends string>(
  field: F,
  name: (catalog: CatalogInLang) => string | undefined,
): Partial<Record<TranslatedLang, Partial<Record<F, string>>>> {
  return Object.fromEntries(
    (Object.keys(CATALOG_IN) as TranslatedLang[]).map((lang) => [
      lang,
      { [field]: name(CATALOG_IN[lang]) } as Partial<Record<F, string>>,
    ]),
  );
}

const isScene = (name: string): name is SceneName => Object.hasOwn(pictures.scenes, name);

/**
 * A demo option's pictures as the seed writes them, in order: each one's Japanese caption and alt text
 * (DEMO_PICTURES) and theirs in every other language, found by its scene.
 */
export function demoPictureTexts(
  opcd: string,
): { caption: string; alt: string; translations: Translations<ImageTextField> }[] {
  const scenes: readonly string[] = pictures.options[opcd as keyof typeof pictures.options]?.pictures ?? [];
  return (DEMO_PICTURES[opcd]?.pictures ?? []).map((picture, i) => {
    const scene = scenes[i] ?? '';
    if (!isScene(scene)) throw new Error(`demo-pictures.json: ${opcd}'s picture ${i + 1} has no scene`);
    return {
      caption: picture.caption,
      alt: picture.alt,
      translations: Object.fromEntries(TRANSLATED_LANGS.map((lang) => [lang, CATALOG_IN[lang].pictures[scene]])),
    };
  });
}
