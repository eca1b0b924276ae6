import { describe, expect, it } from 'vitest';
import { AREAS, CITIES, FACILITIES, KEYWORDS, OPTIONS, REGIONS } from './catalog-data.ts';
import {
  AREA_NAMES_EN,
  CITY_NAMES_EN,
  FACILITY_NAMES_EN,
  KEYWORD_NAMES_EN,
  OPTIONS_EN,
  type OptionSeedEn,
  REGION_NAMES_EN,
} from './catalog-data-en.ts';

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

const sortedKeys = (record: Record<string | number, string | OptionSeedEn>): string[] => Object.keys(record).sort();

const tags = (html: string): string[] => (html.match(/<\/?[a-z]+>/g) ?? []).sort();

/** Every string of one English option, with where it is (for the failure message). */
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

function allStrings(): [string, string][] {
  const out: [string, string][] = [];
  for (const [opcd, en] of Object.entries(OPTIONS_EN)) out.push(...stringsOf(opcd, en));
  const named: [string, Record<string | number, string>][] = [
    ['region', REGION_NAMES_EN],
    ['area', AREA_NAMES_EN],
    ['city', CITY_NAMES_EN],
    ['keyword', KEYWORD_NAMES_EN],
    ['facility', FACILITY_NAMES_EN],
  ];
  for (const [kind, record] of named) {
    for (const [code, name] of Object.entries(record)) out.push([`${kind} ${code}`, name]);
  }
  return out;
}

describe('the English demo catalog', () => {
  it('has an entry for every option, region, area, city, keyword and facility, and none extra', () => {
    expect(sortedKeys(OPTIONS_EN)).toEqual(OPTIONS.map((o) => o.opcd).sort());
    expect(sortedKeys(REGION_NAMES_EN)).toEqual(REGIONS.map((r) => r.homencd).sort());
    expect(sortedKeys(AREA_NAMES_EN)).toEqual(AREAS.map((a) => a.areacd).sort());
    expect(sortedKeys(CITY_NAMES_EN)).toEqual(CITIES.map((c) => c.citycd).sort());
    expect(sortedKeys(KEYWORD_NAMES_EN)).toEqual(KEYWORDS.map((k) => k.keycd).sort());
    expect(sortedKeys(FACILITY_NAMES_EN)).toEqual(FACILITIES.map((f) => String(f.id)).sort());
  });

  it.each(OPTIONS.map((o) => [o.opcd, o] as const))('%s matches the shape of the Japanese', (opcd, ja) => {
    const en = OPTIONS_EN[opcd];
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
    const strings = allStrings();
    expect(strings.length).toBeGreaterThan(OPTIONS.length * 5);
    expect(strings.filter(([, s]) => JAPANESE.test(s)).map(([where]) => where)).toEqual([]);
    expect(strings.filter(([, s]) => s.trim() === '').map(([where]) => where)).toEqual([]);
  });
});
