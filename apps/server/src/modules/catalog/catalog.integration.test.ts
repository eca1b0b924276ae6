import {
  areaResponse,
  cityResponse,
  conditionResponse,
  nationalityResponse,
  optionDetailResponse,
  optionListResponse,
  optionOrPackageResponse,
  priceResponse,
} from '@tabi/contract/catalog';
import { isOptionDetail } from '@tabi/contract/catalog-rules';
import { addDays, daysOfMonth } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { and, eq, gte, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActor } from '../../actor.ts';
import { rowsOf } from '../../db/client.ts';
import { departures, options } from '../../db/schema.ts';
import { AREAS, CITIES, OPTIONS } from '../../seed/catalog-data.ts';
import { weekday } from '../../seed/stock.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/helper.ts';
import { cancelBooking } from '../booking/cancel.ts';
import { bookingPayload, insertTestOption, insertTestStock } from '../booking/test-fixtures.ts';
import { bookingCapabilityCookie } from '../payment/capability.ts';
import { DEMO_PICTURES } from './demo-pictures.ts';
import { catalogPageMeta } from './page-meta.ts';
import { catalogService } from './service.ts';

// Saturday 21 November 2026, 12:00 in Tokyo.
const NOW = new Date('2026-11-21T03:00:00Z');
const TODAY = '20261121';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW, seeded: true });
});
afterAll(async () => {
  await t.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function list(query: string) {
  const res = await get(`/api/option${query ? `?${query}` : ''}`);
  expect(res.statusCode).toBe(200);
  return optionListResponse.parse(res.json()).response!.optionList;
}

async function codes(query: string): Promise<string[]> {
  return (await list(query)).data.map((o) => o.opcd);
}

/** Every listed code over all pages. */
async function allCodes(query: string): Promise<string[]> {
  const first = await list(query);
  const out = first.data.map((o) => o.opcd);
  for (let page = 2; page <= first.last_page; page++) out.push(...(await codes(`${query}&page=${page}`)));
  return out;
}

const listed = OPTIONS.filter((o) => !o.coupon);
function regionOf(citycd: string): string {
  const area = CITIES.find((c) => c.citycd === citycd)?.areacd;
  return AREAS.find((a) => a.areacd === area)?.homencd ?? '';
}

async function setStock(opcd: string, day: string, zaikozan: number) {
  const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
  await t.ctx.db
    .update(departures)
    .set({ zaikozan })
    .where(and(eq(departures.opcd, opcd), eq(departures.usedate, iso)));
  catalogService(t.ctx).clearCaches();
}

function expectJapaneseError(res: { statusCode: number; json(): unknown }, status: number, errcd = '999') {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { errcd: string; errMsg: string; response: unknown };
  expect(body.errcd).toBe(errcd);
  expect(body.response).toBeNull();
  expect(body.errMsg).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  expect(body.errMsg).not.toMatch(/Error|at .*\.ts/);
}

describe('GET /api/option — pagination', () => {
  it('lists 10 per page with Laravel-style links, from/to/total', async () => {
    const page = await list('');
    expect(page.total).toBe(listed.length);
    expect(page.current_page).toBe(1);
    expect(page.last_page).toBe(Math.ceil(listed.length / 10));
    expect(page.from).toBe(1);
    expect(page.to).toBe(10);
    expect(page.data).toHaveLength(10);
    expect(page.links[0]).toEqual({ url: null, label: Msg.pagePrevious, active: false });
    expect(page.links[1]).toEqual({ url: '/api/option?page=1', label: '1', active: true });
    expect(page.links[2]).toEqual({ url: '/api/option?page=2', label: '2', active: false });
    expect(page.links.at(-1)).toEqual({ url: '/api/option?page=2', label: Msg.pageNext, active: false });
    expect(page.links).toHaveLength(page.last_page + 2);
  });

  it('sorts by the option sort order then code, and leaves coupon-only options out', async () => {
    const all = await allCodes('md=x');
    expect(all).toEqual(listed.map((o) => o.opcd));
    for (const coupon of ['OP0011', 'OP0012', 'OP0013']) expect(all).not.toContain(coupon);
  });

  it('answers the last page with its from/to and no next link', async () => {
    const last = Math.ceil(listed.length / 10);
    const page = await list(`page=${last}`);
    expect(page.from).toBe((last - 1) * 10 + 1);
    expect(page.to).toBe(listed.length);
    expect(page.links.at(-1)).toEqual({ url: null, label: Msg.pageNext, active: false });
    expect(page.links[0]?.url).toBe(`/api/option?page=${last - 1}`);
    expect(page.links.find((l) => l.active)?.label).toBe(String(last));
  });

  it('answers a page past the end with no rows, null from/to and the real total', async () => {
    const page = await list('page=99');
    expect(page.data).toEqual([]);
    expect(page.from).toBeNull();
    expect(page.to).toBeNull();
    expect(page.total).toBe(listed.length);
  });

  it('pages a filtered list', async () => {
    const kanto = listed.filter((o) => regionOf(o.citycd) === '03');
    expect(kanto.length).toBeGreaterThan(10);
    const second = await list('homencd=03&page=2');
    expect(second.data.map((o) => o.opcd)).toEqual(kanto.slice(10, 20).map((o) => o.opcd));
    expect(second.from).toBe(11);
    expect(second.to).toBe(Math.min(20, kanto.length));
    expect(second.links[0]?.url).toBe('/api/option?homencd=03&page=1');
  });

  it('keeps the filters in the page links', async () => {
    const page = await list('homencd=03&keycd=K01&page=1');
    for (const link of page.links.filter((l) => l.url))
      expect(link.url).toMatch(/^\/api\/option\?homencd=03&keycd=K01&page=\d+$/);
  });

  it('gives each card its names, images, keywords, period and price range from today on', async () => {
    const [op1] = (await list('')).data;
    expect(op1).toMatchObject({
      opcd: 'OP0001',
      fromspot: '東京駅',
      homen: '関東',
      area: '東京',
      city: '台東区',
      flg_request_item: 0,
    });
    expect(op1?.imageList[0]).toEqual({
      image: '/images/OP0001-1.svg',
      caption: DEMO_PICTURES.OP0001?.pictures[0]?.caption,
      alt: DEMO_PICTURES.OP0001?.pictures[0]?.alt,
      srcset: '/images/OP0001-1-160.webp 160w, /images/OP0001-1-480.webp 480w, /images/OP0001-1-960.webp 960w',
      width: 1200,
      height: 800,
    });
    expect(op1?.keywordList.map((k) => k.keyname)).toEqual(['日帰り', '食事付き', '子供歓迎', '絶景']);
    expect(op1?.use_from).toMatch(/^\d{8}$/);
    const [range] = await t.ctx.db
      .select({ min: sql<number>`min(${departures.adultbaika})`, max: sql<number>`max(${departures.adultbaika})` })
      .from(departures)
      .where(and(eq(departures.opcd, 'OP0001'), gte(departures.usedate, '2026-11-21')));
    expect(op1?.min_baika).toBe(Number(range?.min));
    expect(op1?.max_baika).toBe(Number(range?.max));
    expect(op1!.max_baika).toBeGreaterThan(op1!.min_baika);
    const request = (await list('')).data.find((o) => o.opcd === 'OP0002');
    expect(request?.flg_request_item).toBe(1);
    expect(request?.fromspot).toBeNull();
  });
});

describe('GET /api/option — sort (an optional extra)', () => {
  it('without sort answers exactly what sort=recommended does, and its links carry no sort', async () => {
    const plain = await get('/api/option?homencd=03');
    const recommended = await list('homencd=03&sort=recommended');
    const body = optionListResponse.parse(plain.json()).response!.optionList;
    expect(body.data.map((o) => o.opcd)).toEqual(recommended.data.map((o) => o.opcd));
    expect(body.total).toBe(recommended.total);
    for (const link of body.links.filter((l) => l.url)) expect(link.url).not.toContain('sort=');
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(Object.keys(recommended.data[0] ?? {}).sort());
  });

  it('orders every page by the lowest upcoming adult price, cheapest or dearest first', async () => {
    const ascPages = await list('sort=price_asc');
    const asc: number[] = [];
    for (let page = 1; page <= ascPages.last_page; page++) {
      asc.push(...(await list(`sort=price_asc&page=${page}`)).data.map((o) => o.min_baika));
    }
    expect(asc).toHaveLength(listed.length);
    const priced = asc.filter((p) => p > 0);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    const desc = (await list('sort=price_desc')).data.map((o) => o.min_baika);
    expect(desc[0]).toBe(Math.max(...asc));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(ascPages.total).toBe(listed.length);
  });

  it('keeps the sort and the filters in the page links', async () => {
    const page = await list('homencd=03&sort=price_desc');
    for (const link of page.links.filter((l) => l.url))
      expect(link.url).toMatch(/^\/api\/option\?homencd=03&sort=price_desc&page=\d+$/);
  });

  it('refuses an unknown sort with errcd 999, HTTP 422 and a Japanese message', async () => {
    expectJapaneseError(await get('/api/option?sort=popular'), 422);
  });
});

describe('GET /api/option — filters', () => {
  it('filters by region, area, city and departure point', async () => {
    const kanto = listed.filter((o) => regionOf(o.citycd) === '03').map((o) => o.opcd);
    expect(await allCodes('homencd=03')).toEqual(kanto);
    const inArea = (areacd: string) =>
      listed.filter((o) => CITIES.find((c) => c.citycd === o.citycd)?.areacd === areacd).map((o) => o.opcd);
    expect(await allCodes('areacd=0301')).toEqual(inArea('0301'));
    expect(inArea('0301')).toEqual(expect.arrayContaining(['OP0001', 'OP0002', 'OP0008', 'OP0016']));
    expect(await allCodes('citycd=030102')).toEqual(['OP0001', 'OP0002', 'OP0028', 'OP0029', 'OP0053']);
    expect(await allCodes('fromspotcd=1302')).toEqual(['OP0001', 'OP0008']);
  });

  it('combines filters', async () => {
    expect(await codes('homencd=03&fromspotcd=1303')).toEqual(['OP0027', 'OP0047']);
    expect(await codes('homencd=04&fromspotcd=1303')).toEqual(['OP0014']);
    expect(await codes('homencd=03&areacd=0301&citycd=030102&fromspotcd=1302')).toEqual(['OP0001']);
    expect(await codes('homencd=01&citycd=030102')).toEqual([]);
    expect(await codes('areacd=0501&keycd=K08,K05')).toEqual(['OP0036']);
  });

  it('keeps only options bookable on the use date', async () => {
    // OP0014's pattern: 8 left today, sold out tomorrow, 15 left the day after. Today's 8 are not on sale: the tour
    // leaves at 08:00 and its sales closed at 06:00 (ADR 0191), so today has no room either.
    expect(await codes(`areacd=0403&usedate=${addDays(TODAY, 2)}`)).toEqual(['OP0014']);
    expect(await codes(`areacd=0403&usedate=${TODAY}`)).toEqual([]);
    expect(await codes(`areacd=0403&usedate=${addDays(TODAY, 1)}`)).toEqual([]);
    // A day without a stock row (OP0002 does not sail on Tuesdays).
    let tuesday = TODAY;
    while (weekday(tuesday) !== 2) tuesday = addDays(tuesday, 1);
    expect(await codes(`citycd=030102&usedate=${tuesday}`)).not.toContain('OP0002');
    await setStock('OP0028', addDays(tuesday, 1), 5);
    expect(await codes(`citycd=030102&usedate=${addDays(tuesday, 1)}&fromspotcd=`)).toContain('OP0028');
  });

  it('leaves out use dates outside the use period and before today', async () => {
    // OP0019 runs from 20 June to 31 August only.
    expect(await codes('citycd=010301&usedate=20261201')).toEqual([]);
    await setStock('OP0019', '20270701', 12);
    expect(await codes('citycd=010301&usedate=20270701')).toEqual(['OP0019']);
    expect((await list(`usedate=${addDays(TODAY, -1)}`)).total).toBe(0);
  });

  it('follows a day selling out', async () => {
    await setStock('OP0016', '20261205', 0);
    expect(await codes('citycd=030104&usedate=20261205')).not.toContain('OP0016');
    await setStock('OP0016', '20261205', 2);
    expect(await codes('citycd=030104&usedate=20261205')).toContain('OP0016');
  });

  it('requires every listed keyword', async () => {
    const both = listed.filter((o) => o.keywords.includes('K01') && o.keywords.includes('K05')).map((o) => o.opcd);
    expect(await allCodes('keycd=K01,K05')).toEqual(both);
    expect(await allCodes('keycd=K05,K01,')).toEqual(both);
    expect(await allCodes('keycd=K07')).toEqual(listed.filter((o) => o.keywords.includes('K07')).map((o) => o.opcd));
    expect(await codes('keycd=K01,K99')).toEqual([]);
    expect(await codes('keycd=K06&homencd=07')).toEqual(['OP0044']);
  });

  it('answers unknown codes with an empty result and blank filters as none', async () => {
    expect((await list('homencd=ZZ')).total).toBe(0);
    expect((await list('fromspotcd=9999')).total).toBe(0);
    const blank = await list('homencd=&areacd=&citycd=&fromspotcd=&usedate=&keycd=');
    expect(blank.total).toBe(listed.length);
    expect(blank.links[1]?.url).toBe('/api/option?page=1');
  });

  it('refuses malformed input with errcd 999, HTTP 422 and a Japanese message', async () => {
    for (const query of [
      'usedate=20261340',
      'usedate=2026-12-01',
      'usedate=abc',
      'page=abc',
      'page=0',
      'page=-1',
      'keycd=K01;drop',
      `homencd=${'x'.repeat(30)}`,
    ]) {
      expectJapaneseError(await get(`/api/option?${query}`), 422);
    }
    expect((await get('/api/option?usedate=20261340')).json().errMsg).toBe(Msg.invalidUseDate);
  });

  it('caches list pages: Cache-Control, ETag and 304', async () => {
    const first = await get('/api/option?homencd=05');
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/option?homencd=05', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/option/condition, /api/area, /api/city, /api/nationality', () => {
  it('lists regions with options and every keyword', async () => {
    const res = await get('/api/option/condition');
    const body = conditionResponse.parse(res.json()).response!;
    expect(body.homenList.map((r) => r.homennm)).toEqual([
      '北海道',
      '東北',
      '関東',
      '中部',
      '近畿',
      '中国・四国',
      '九州・沖縄',
    ]);
    expect(body.keywordList.map((k) => k.keyname)).toContain('日帰り');
    expect(body.keywordList).toHaveLength(12);
  });

  it('lists the areas of a region, only those with options when is_valid=true', async () => {
    const valid = areaResponse.parse((await get('/api/area?homencd=06&is_valid=true')).json()).response;
    expect(valid).toEqual([{ areacd: '0601', areanm: '広島・宮島' }]);
    const all = areaResponse.parse((await get('/api/area?homencd=06')).json()).response;
    expect(all?.map((a) => a.areacd)).toEqual(['0601', '0602']);
    expect(areaResponse.parse((await get('/api/area?homencd=ZZ&is_valid=true')).json()).response).toEqual([]);
    expect(areaResponse.parse((await get('/api/area?is_valid=true')).json()).response).toEqual([]);
  });

  it('lists the cities of an area', async () => {
    const valid = cityResponse.parse((await get('/api/city?homencd=03&areacd=0301&is_valid=true')).json()).response;
    expect(valid?.map((c) => c.citynm)).toEqual(['千代田区', '台東区', '中央区', '八王子市']);
    const all = cityResponse.parse((await get('/api/city?homencd=03&areacd=0301')).json()).response;
    expect(all?.map((c) => c.citycd)).toEqual(['030101', '030102', '030103', '030104', '030105']);
    expect(cityResponse.parse((await get('/api/city?homencd=01&areacd=0301')).json()).response).toEqual([]);
    expect(cityResponse.parse((await get('/api/city?homencd=03')).json()).response).toEqual([]);
  });

  it('lists nationalities, cacheable for an hour', async () => {
    const res = await get('/api/nationality');
    expect(res.headers['cache-control']).toContain('max-age=3600');
    const list = nationalityResponse.parse(res.json()).response!;
    expect(list[0]).toEqual({ id: 1, nationality_nm: '日本' });
    expect(list.length).toBeGreaterThanOrEqual(20);
  });

  it('names them in English for a call that prefers English, the same ids in the same order', async () => {
    const japanese = nationalityResponse.parse((await get('/api/nationality')).json()).response!;
    const res = await get('/api/nationality', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(res.headers.vary).toContain('accept-language');
    const english = nationalityResponse.parse(res.json()).response!;
    expect(english.map((n) => n.id)).toEqual(japanese.map((n) => n.id));
    expect(english.slice(0, 2)).toEqual([
      { id: 1, nationality_nm: 'Japan' },
      { id: 2, nationality_nm: 'United States' },
    ]);
    expect(english.filter((n) => /[\p{Script=Han}\p{Script=Katakana}]/u.test(n.nationality_nm))).toEqual([]);
    expect(res.headers.etag).not.toBe((await get('/api/nationality')).headers.etag);
  });
});

describe('the catalog’s own texts in the caller’s language', () => {
  const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

  it('answers the list in English by Accept-Language or lang, saying so; Japanese by default, unchanged', async () => {
    const byHeader = await get('/api/option?homencd=03', { 'accept-language': 'en-US,en;q=0.9' });
    expect(byHeader.headers['content-language']).toBe('en');
    expect(byHeader.headers.vary).toContain('accept-language');
    const english = optionListResponse.parse(byHeader.json()).response!.optionList.data;
    const first = english[0]!;
    expect(first.webname).toMatch(/^\[From Tokyo Station\] Tokyo Skytree/);
    expect(first.homen).toBe('Kanto');
    expect(first.fromspot).toBe('Tokyo Station');
    expect(first.keywordList.map((k) => k.keyname)).toContain('Day trip');
    expect(first.imageList[0]?.caption).not.toMatch(JAPANESE);
    for (const o of english) expect(`${o.webname}${o.introduction}${o.area}${o.city}`).not.toMatch(JAPANESE);

    const byParam = optionListResponse.parse((await get('/api/option?homencd=03&lang=en')).json()).response!;
    expect(byParam.optionList.data.map((o) => o.webname)).toEqual(english.map((o) => o.webname));

    const japanese = await get('/api/option?homencd=03');
    expect(japanese.headers['content-language']).toBe('ja');
    const ja = optionListResponse.parse(japanese.json()).response!.optionList.data[0]!;
    expect(ja.webname).toBe(OPTIONS[0]?.webname);
    expect(ja.homen).toBe('関東');
    // A Japanese page sends ja whatever the browser prefers; lang=ja overrides an English header.
    const forced = optionListResponse.parse(
      (await get('/api/option?homencd=03&lang=ja', { 'accept-language': 'en' })).json(),
    );
    expect(forced.response!.optionList.data[0]?.webname).toBe(ja.webname);
  });

  it('answers the detail, the search conditions, areas and cities in English', async () => {
    const detail = optionDetailResponse.parse((await get('/api/option/OP0001?lang=en')).json()).response!;
    expect(`${detail.webname}${detail.contents}${detail.optionattention}${detail.information}`).not.toMatch(JAPANESE);
    expect(
      `${detail.cancel_note}${detail.age_note}${detail.meetpoint}${detail.companyname}${detail.address}`,
    ).not.toMatch(JAPANESE);
    expect(detail.contents).toContain('Highlights');
    const conditions = conditionResponse.parse((await get('/api/option/condition?lang=en')).json()).response!;
    expect(conditions.homenList.map((h) => h.homennm)).toContain('Hokkaido');
    expect(conditions.keywordList.every((k) => !JAPANESE.test(k.keyname))).toBe(true);
    const areas = areaResponse.parse((await get('/api/area?homencd=03&lang=en')).json()).response!;
    expect(areas[0]).toEqual({ areacd: '0301', areanm: 'Tokyo' });
    const cities = cityResponse.parse((await get('/api/city?homencd=03&areacd=0301&lang=en')).json()).response!;
    expect(cities.map((c) => c.citynm)).not.toContain('千代田区');
  });

  it('shows a text without a translation in Japanese, field by field', async () => {
    await insertTestOption(t.ctx.db, 'TRANS1', {
      introduction: '<p>日本語だけの紹介</p>',
      translations: { en: { webname: 'English only name', introduction: '  ' } },
    });
    catalogService(t.ctx).clearCaches();
    const detail = optionDetailResponse.parse((await get('/api/option/TRANS1', { 'accept-language': 'en' })).json());
    expect(detail.response?.webname).toBe('English only name');
    expect(detail.response?.introduction).toBe('<p>日本語だけの紹介</p>');
    const japanese = optionDetailResponse.parse((await get('/api/option/TRANS1')).json());
    expect(japanese.response?.webname).toBe('テストツアー TRANS1');
  });

  it('refuses a language it does not have, with the SPEC envelope', async () => {
    const res = await get('/api/option?lang=fr');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ errcd: expect.any(String), errMsg: expect.any(String) });
  });
});

describe('GET /api/option/{code}', () => {
  it('answers the option with every day of this month (Tokyo) when no usedate is given', async () => {
    const res = await get('/api/option/OP0001');
    expect(res.statusCode).toBe(200);
    const detail = optionDetailResponse.parse(res.json()).response!;
    expect(Object.keys(detail.valueList)).toEqual(daysOfMonth(TODAY));
    for (const day of daysOfMonth(TODAY)) {
      const value = detail.valueList[day]!;
      expect(value.date).toBe(day);
      // OP0001 leaves at 08:45: sold until 06:45 that day, so at noon today is over too (ADR 0191).
      if (day <= TODAY) {
        expect(value).toEqual({
          date: day,
          zaikozan: '0',
          adultbaika: '0',
          middlebaika: '0',
          childbaika: '0',
          infantbaika: '0',
        });
      } else {
        expect(Number(value.adultbaika)).toBeGreaterThan(0);
        expect(Number(value.childbaika)).toBeGreaterThan(0);
      }
    }
    expect(detail).toMatchObject({
      opcd: 'OP0001',
      fromspot: '東京駅',
      homen: '関東',
      adult_age_min: 12,
      child_age_min: 6,
      child_age_max: 11,
      infant_age_max: 5,
      middle_age_max: null,
      min_people: 1,
      max_people: 8,
      rentalcd: '',
      travelkubun: 0,
    });
    expect(detail.imageList.length).toBeGreaterThanOrEqual(12);
    expect(detail.contents).toContain('<table>');
  });

  it('follows the Tokyo calendar: at 00:00 in Tokyo the default month and "today" move on', async () => {
    try {
      t.clock.set(new Date('2026-11-30T14:59:00Z'));
      const late = optionDetailResponse.parse((await get('/api/option/OP0001')).json()).response!;
      expect(Object.keys(late.valueList)[0]).toBe('20261101');
      // Its sales closed at 06:45; the next day's open until 06:45 tomorrow.
      expect(late.valueList['20261130']?.zaikozan).toBe('0');
      t.clock.set(new Date('2026-11-30T15:00:00Z'));
      const next = optionDetailResponse.parse((await get('/api/option/OP0001')).json()).response!;
      expect(Object.keys(next.valueList)[0]).toBe('20261201');
      expect(Number(next.valueList['20261201']?.adultbaika)).toBeGreaterThan(0);
      expect((await get('/api/price/OP0001?usedate=20261130&adultqty=1')).json().errcd).toBe('505');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('answers the month of usedate with the stock of each day', async () => {
    const detail = optionDetailResponse.parse((await get('/api/option/OP0001?usedate=20270215')).json()).response!;
    const days = Object.keys(detail.valueList);
    expect(days).toHaveLength(28);
    expect(days[0]).toBe('20270201');
    expect(days.at(-1)).toBe('20270228');
    const [row] = await t.ctx.db
      .select()
      .from(departures)
      .where(and(eq(departures.opcd, 'OP0001'), eq(departures.usedate, '2027-02-10')));
    expect(detail.valueList['20270210']).toEqual({
      date: '20270210',
      zaikozan: String(row?.zaikozan),
      adultbaika: String(row?.adultbaika),
      middlebaika: String(row?.middlebaika),
      childbaika: String(row?.childbaika),
      infantbaika: String(row?.infantbaika),
    });
  });

  it('pads days outside the use period even where a stock row exists', async () => {
    const [op] = await t.ctx.db.select({ useTo: options.useTo }).from(options).where(eq(options.opcd, 'OP0030'));
    const useTo = op!.useTo.replaceAll('-', '');
    const after = addDays(useTo, 1);
    await t.ctx.db.insert(departures).values({
      opcd: 'OP0030',
      usedate: `${after.slice(0, 4)}-${after.slice(4, 6)}-${after.slice(6)}`,
      zaikozan: 9,
      adultbaika: 4800,
    });
    const detail = optionDetailResponse.parse((await get(`/api/option/OP0030?usedate=${useTo}`)).json()).response!;
    expect(Number(detail.valueList[useTo]?.adultbaika)).toBeGreaterThan(0);
    if (after.slice(0, 6) === useTo.slice(0, 6)) {
      expect(detail.valueList[after]).toMatchObject({ zaikozan: '0', adultbaika: '0' });
    }
    // A seasonal option out of season: the whole month is zero.
    const winter = optionDetailResponse.parse((await get('/api/option/OP0019?usedate=20261201')).json()).response!;
    expect(Object.values(winter.valueList).every((d) => d.zaikozan === '0' && d.adultbaika === '0')).toBe(true);
    expect(Object.keys(winter.valueList)).toHaveLength(31);
  });

  it('pads a month before this one entirely', async () => {
    const detail = optionDetailResponse.parse((await get('/api/option/OP0001?usedate=20261015')).json()).response!;
    expect(Object.keys(detail.valueList)).toHaveLength(31);
    expect(Object.values(detail.valueList).every((d) => d.zaikozan === '0')).toBe(true);
  });

  it('carries each kind of option: request, rental with middle class, extended fields, no map', async () => {
    const op2 = optionDetailResponse.parse((await get('/api/option/OP0002')).json()).response!;
    expect(op2).toMatchObject({
      flg_request_item: 1,
      fromspot: null,
      min_people: 1,
      max_people: 6,
      infant_age_max: null,
    });
    const op3 = optionDetailResponse.parse((await get('/api/option/OP0003')).json()).response!;
    expect(op3).toMatchObject({
      rentalcd: '1',
      middle_age_min: 12,
      middle_age_max: 17,
      child_age_max: 11,
      max_people: 6,
    });
    expect(op3.homen).toBe('北海道');
    const op7 = optionDetailResponse.parse((await get('/api/option/OP0007')).json()).response!;
    expect(op7).toMatchObject({ travelkubun: 1, max_people: 4, child_age_max: null });
    expect(op7.extended_fields).toEqual(['passport_number', 'vegetarian_meals']);
    const op24 = optionDetailResponse.parse((await get('/api/option/OP0024')).json()).response!;
    expect(op24.lat).toBeNull();
    const op15 = optionDetailResponse.parse((await get('/api/option/OP0015')).json()).response!;
    expect(op15).toMatchObject({ min_people: 2, max_people: 2 });
  });

  it('answers a package code with the summary of its first option', async () => {
    const res = await get('/api/option/PK0001');
    expect(res.statusCode).toBe(200);
    // The entry's answer is the detail or this summary; the summary is not taken for a detail.
    const summary = optionOrPackageResponse.parse(res.json()).response!;
    expect(isOptionDetail(summary)).toBe(false);
    expect(summary).toEqual({ travelkubun: 0, rentalcd: '', webname: '箱根湯本 日帰り温泉 入浴クーポン ほか' });
  });

  it('answers unknown codes with 404 and bad input with 422', async () => {
    for (const code of ['NOPE', 'X', 'OP9999']) {
      const res = await get(`/api/option/${code}`);
      expectJapaneseError(res, 404);
      expect(res.json().errMsg).toBe(Msg.optionNotFound);
    }
    expectJapaneseError(await get('/api/option/OP0001?usedate=20261399'), 422);
    expectJapaneseError(await get('/api/option/OP0001?usedate=202612'), 422);
    expectJapaneseError(await get(`/api/option/${'A'.repeat(21)}`), 422);
    // A link mangled on its way (a direction mark in the code) names the code as a code, not as the console's
    // second factor (確認コード), which shares the field's name.
    const mangled = await get('/api/option/%E2%80%AEOP0001');
    expectJapaneseError(mangled, 422);
    expect(mangled.json().errMsg).toContain('コード：');
    expect(mangled.json().errMsg).not.toContain('確認コード');
  });
});

describe('GET /api/option/{code} — month calendars kept until the database notifies a stock change', () => {
  const url = '/api/option/OP0005?usedate=20270310';
  const stockOf = async () =>
    optionDetailResponse.parse((await get(url)).json()).response!.valueList['20270312']?.zaikozan;
  const write = (zaikozan: number) =>
    t.ctx.db
      .update(departures)
      .set({ zaikozan })
      .where(and(eq(departures.opcd, 'OP0005'), eq(departures.usedate, '2027-03-12')));

  /** Polls until `read` returns `expected` (PostgreSQL delivers notifications just after the commit). */
  async function eventually(read: () => Promise<unknown>, expected: unknown, timeoutMs = 3_000) {
    const deadline = Date.now() + timeoutMs;
    let value = await read();
    while (value !== expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      value = await read();
    }
    expect(value).toBe(expected);
  }

  it('shows every committed change of stock, whoever made it', async () => {
    await write(7);
    await eventually(stockOf, '7');
    await write(3);
    await eventually(stockOf, '3');
    await t.ctx.db
      .transaction(async (tx) => {
        await tx
          .update(departures)
          .set({ zaikozan: 0 })
          .where(and(eq(departures.opcd, 'OP0005'), eq(departures.usedate, '2027-03-12')));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await stockOf()).toBe('3');
    await write(12);
    await eventually(stockOf, '12');
  });

  it('is served from memory: a change that bypasses the trigger is not seen until one that fires it', async () => {
    await write(5);
    await eventually(stockOf, '5');
    await t.ctx.db.execute(sql`alter table departures disable trigger departures_changed`);
    try {
      await write(2);
      expect(await stockOf()).toBe('5');
    } finally {
      await t.ctx.db.execute(sql`alter table departures enable trigger departures_changed`);
    }
    await t.ctx.db.execute(
      sql`update departures set adultbaika = adultbaika where opcd = 'OP0005' and usedate = '2027-03-01'`,
    );
    await eventually(stockOf, '2');
    await write(9);
    await eventually(stockOf, '9');
  });

  it('is told only when what a visitor sees changes: not 25 → 10, yes 10 → 9, a price or a plain refresh', async () => {
    const dayOf = async () => optionDetailResponse.parse((await get(url)).json()).response!.valueList['20270312'];
    await write(25);
    await eventually(stockOf, '25');
    // A circle before and after: the database tells nobody (migration 0006), the cached month stands.
    await write(24);
    await write(10);
    await new Promise((r) => setTimeout(r, 300));
    expect(await stockOf()).toBe('25');
    await write(9);
    await eventually(stockOf, '9');
    await write(4);
    await eventually(stockOf, '4');
    const price = Number((await dayOf())?.adultbaika);
    await t.ctx.db.execute(
      sql`update departures set adultbaika = adultbaika + 100 where opcd = 'OP0005' and usedate = '2027-03-12'`,
    );
    await eventually(async () => Number((await dayOf())?.adultbaika), price + 100);
    await write(30);
    await eventually(stockOf, '30');
    await write(29);
    await t.ctx.db.execute(
      sql`update departures set zaikozan = zaikozan where opcd = 'OP0005' and usedate = '2027-03-12'`,
    );
    await eventually(stockOf, '29');
  });

  it('is exact after every booking and every seat given back, the same instance at once', async () => {
    await insertTestOption(t.ctx.db, 'EXACT1');
    const day = addDays(TODAY, 40);
    await insertTestStock(t.ctx.db, 'EXACT1', day, { zaikozan: 20 });
    const left = async () =>
      Number(
        optionDetailResponse.parse((await get(`/api/option/EXACT1?usedate=${day}`)).json()).response!.valueList[day]
          ?.zaikozan,
      );
    expect(await left()).toBe(20);
    const booked: string[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const res = await t.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload('EXACT1', day, { adults: 2 }),
        remoteAddress: `10.24.6.${i}`,
      });
      expect(res.statusCode).toBe(200);
      booked.push(res.json().response.rsvno);
      // No waiting: the answer of the booking is sent after its transaction committed and told this instance.
      expect(await left()).toBe(20 - 2 * i);
    }
    await cancelBooking(t.ctx, booked[0] ?? '', { actor: staffActor(1) });
    expect(await left()).toBe(14);
  });

  it.runIf(testDbKind === 'postgres')(
    'tells the other instances of seats moved without a visible change, outside the booking transaction',
    async () => {
      const [{ name } = { name: '' }] = rowsOf<{ name: string }>(
        await t.ctx.db.execute(sql`select current_database() as name`),
      );
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      const heard: string[] = [];
      other.on('notification', (n) => heard.push(n.payload ?? ''));
      await other.query('listen stock_changed');
      try {
        const day = addDays(TODAY, 41);
        await insertTestStock(t.ctx.db, 'EXACT1', day, { zaikozan: 30 });
        await new Promise((r) => setTimeout(r, 200));
        heard.length = 0;
        // 30 → 29 keeps the circle: the trigger tells nobody, the booking path does once it committed.
        const res = await t.request({
          method: 'POST',
          url: '/api/booking',
          payload: bookingPayload('EXACT1', day, { adults: 1 }),
          remoteAddress: '10.24.6.99',
        });
        expect(res.statusCode).toBe(200);
        const deadline = Date.now() + 3_000;
        while (!heard.includes('EXACT1') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(heard).toContain('EXACT1');
      } finally {
        await other.end();
      }
    },
  );

  it.runIf(testDbKind === 'postgres')(
    'stops trusting the cache when the listening connection dies, and resumes',
    async () => {
      await write(4);
      await eventually(stockOf, '4');
      const killed = await t.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
      );
      expect(rowsOf(killed)).toHaveLength(1);
      await write(6);
      await eventually(stockOf, '6');
      // Reconnected and listening again: the next change is seen as well.
      await eventually(async () => {
        const again = await t.ctx.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
        );
        return rowsOf<{ n: number }>(again)[0]?.n;
      }, 1);
      await write(8);
      await eventually(stockOf, '8');
    },
  );
});

describe('GET /api/price/{opcd}', () => {
  it('answers the unit prices of the day as strings', async () => {
    const res = await get('/api/price/OP0001?usedate=20261201&adultqty=2&middleqty=0&childqty=1&infantqty=0');
    expect(res.statusCode).toBe(200);
    const body = priceResponse.parse(res.json()).response!;
    const [row] = await t.ctx.db
      .select()
      .from(departures)
      .where(and(eq(departures.opcd, 'OP0001'), eq(departures.usedate, '2026-12-01')));
    expect(body.valueList).toEqual({
      '20261201': {
        adultbaika: String(row?.adultbaika),
        middlebaika: String(row?.middlebaika),
        childbaika: String(row?.childbaika),
        infantbaika: String(row?.infantbaika),
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('501 without an option code', async () => {
    for (const url of [
      '/api/price/?usedate=20261201&adultqty=1',
      '/api/price?usedate=20261201&adultqty=1',
      '/api/price/%20?usedate=20261201&adultqty=1',
    ]) {
      const res = await get(url);
      expectJapaneseError(res, 400, '501');
      expect(res.json().errMsg).toBe(Msg.noOperationCode);
    }
  });

  it('502 without a valid use date', async () => {
    for (const q of ['adultqty=1', 'usedate=&adultqty=1', 'usedate=20261340&adultqty=1', 'usedate=abc&adultqty=1']) {
      const res = await get(`/api/price/OP0001?${q}`);
      expectJapaneseError(res, 400, '502');
      expect(res.json().errMsg).toBe(Msg.noUseDate);
    }
  });

  it('503 without anyone', async () => {
    for (const q of ['', '&adultqty=0&childqty=0', '&adultqty=abc', '&adultqty=-1&childqty=']) {
      const res = await get(`/api/price/OP0001?usedate=20261201${q}`);
      expectJapaneseError(res, 400, '503');
      expect(res.json().errMsg).toBe(Msg.noMemberCount);
    }
  });

  it('504 when the party exceeds the stock of the day', async () => {
    const res = await get('/api/price/OP0016?usedate=20261210&adultqty=2&childqty=1');
    expectJapaneseError(res, 409, '504');
    expect(res.json().errMsg).toBe(Msg.shortageOfStock);
    expect((await get('/api/price/OP0016?usedate=20261210&adultqty=1&childqty=1')).statusCode).toBe(200);
    // Sold out: OP0014 has none left tomorrow.
    expectJapaneseError(await get(`/api/price/OP0014?usedate=${addDays(TODAY, 1)}&adultqty=1`), 409, '504');
  });

  it('505 where the day has no price', async () => {
    let tuesday = TODAY;
    while (weekday(tuesday) !== 2) tuesday = addDays(tuesday, 1);
    for (const [opcd, day] of [
      ['OP0001', addDays(TODAY, -1)],
      ['OP0019', '20261201'],
      ['OP0002', tuesday],
      ['OP0001', '20301201'],
    ]) {
      const res = await get(`/api/price/${opcd}?usedate=${day}&adultqty=1`);
      expectJapaneseError(res, 404, '505');
      expect(res.json().errMsg).toBe(Msg.nothingPrice);
    }
  });

  it('404 for an unknown option', async () => {
    const res = await get('/api/price/NOPE?usedate=20261201&adultqty=1');
    expectJapaneseError(res, 404);
    expect(res.json().errMsg).toBe(Msg.optionNotFound);
  });
});

describe('page meta and images', () => {
  it('gives /detail the option name and a plain-text excerpt of its introduction', async () => {
    const meta = await catalogPageMeta(t.ctx, '/detail', new URLSearchParams('opcd=OP0001'));
    expect(meta?.title).toBe(OPTIONS[0]?.webname);
    expect(meta?.description).toContain('東京スカイツリー天望デッキ');
    expect(meta?.description).not.toMatch(/[<>]/);
    expect([...(meta?.description ?? '')].length).toBeLessThanOrEqual(120);
    expect(await catalogPageMeta(t.ctx, '/', new URLSearchParams('opcd=OP0001'))).toBeNull();
    expect(await catalogPageMeta(t.ctx, '/detail', new URLSearchParams('opcd=NOPE'))).toBeNull();
    expect(await catalogPageMeta(t.ctx, '/detail', new URLSearchParams())).toBeNull();
  });

  it('serves the generated pictures as SVG with long caching, the same every time', async () => {
    const res = await get('/images/OP0001-2.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).toContain('東京 日帰りバスツアー');
    // The scene is fixed by the address: the second picture of OP0001 is its temple (torii and pagoda).
    expect(DEMO_PICTURES.OP0001?.pictures[1]?.theme).toBe('temple');
    expect(res.body).toContain('#d2352b');
    expect((await get('/images/OP0001-2.svg')).body).toBe(res.body);
    expect((await get('/images/OP0001-3.svg')).body).not.toBe(res.body);
    expect((await get('/images/OP0001-2.svg', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    for (const name of ['OP0001-99.svg', 'OP0001-0.svg', 'NOPE-1.svg', 'OP0001-1.png', '..%2Fx.svg']) {
      expect((await get(`/images/${name}`)).statusCode).toBe(404);
    }
  });

  it('serves each demo picture as WebP twins at the widths the pages ask for, drawn once', async () => {
    const detail = optionDetailResponse.parse((await get('/api/option/OP0001')).json()).response!;
    expect(detail.imageList[0]).toMatchObject({
      image: '/images/OP0001-1.svg',
      srcset: '/images/OP0001-1-160.webp 160w, /images/OP0001-1-480.webp 480w, /images/OP0001-1-960.webp 960w',
    });
    for (const width of [160, 480, 960]) {
      const res = await get(`/images/OP0001-2-${width}.webp`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 2) / 3) });
      expect((await get(`/images/OP0001-2-${width}.webp`)).rawPayload.equals(res.rawPayload)).toBe(true);
      expect(
        (await get(`/images/OP0001-2-${width}.webp`, { 'if-none-match': String(res.headers.etag) })).statusCode,
      ).toBe(304);
    }
    for (const name of [
      'OP0001-2-500.webp',
      'OP0001-99-480.webp',
      'NOPE-1-480.webp',
      'OP0001-2-480.png',
      'OP0001-480.webp',
    ]) {
      expect((await get(`/images/${name}`)).statusCode, name).toBe(404);
    }
  });

  it('does not expose the benchmark route unless BENCH_ROUTES=1', async () => {
    expect((await get('/api/_bench/static')).statusCode).toBe(404);
  });
});

describe('sales cutoff (ADR 0191)', () => {
  const at = (tokyo: string) => t.clock.set(new Date(`${tokyo}+09:00`));
  const dayOf = async (opcd: string, day: string) =>
    optionDetailResponse.parse((await get(`/api/option/${opcd}?usedate=${day}`)).json()).response!;
  const book = (opcd: string, day: string, ip: string) =>
    t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(opcd, day, { adults: 1 }),
      remoteAddress: ip,
    });

  it('closes a tour leaving at 08:45 at 06:45 that day: the calendar, the price and the booking say so', async () => {
    await insertTestOption(t.ctx.db, 'CUT001', { salesCutoffDaysBefore: 0, salesCutoffTime: '06:45' });
    const day = '20261210';
    // Both days' stock before any read: a month kept in the cache is dropped by a notification that arrives on
    // PostgreSQL a moment after the insert, so a row added between two reads could be missed by the second.
    await insertTestStock(t.ctx.db, 'CUT001', day, { zaikozan: 20 });
    await insertTestStock(t.ctx.db, 'CUT001', '20261211', { zaikozan: 20 });
    try {
      at('2026-12-10T06:44:00');
      const before = await dayOf('CUT001', day);
      expect(before.sales_cutoff).toEqual({ daysBefore: 0, time: '06:45' });
      expect(before.valueList[day]?.zaikozan).toBe('20');
      expect((await get(`/api/price/CUT001?usedate=${day}&adultqty=1`)).json().errcd).toBe('000');

      at('2026-12-10T06:45:00');
      expect((await dayOf('CUT001', day)).valueList[day]?.zaikozan).toBe('0');
      expect((await get(`/api/price/CUT001?usedate=${day}&adultqty=1`)).json().errcd).toBe('505');
      const refused = await book('CUT001', day, '10.31.0.1');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errMsg).toBe(Msg.salesClosed);
      // At 22:28 the day's tour is not sold; the next day's is.
      at('2026-12-10T22:28:00');
      expect((await dayOf('CUT001', day)).valueList['20261211']?.zaikozan).toBe('20');
      expect((await book('CUT001', '20261211', '10.31.0.2')).statusCode).toBe(200);

      // Booked at 06:30 the next day, not paid before 06:45: the card page is not opened for it any more.
      at('2026-12-11T06:30:00');
      const late = (await book('CUT001', '20261211', '10.31.0.4')).json().response.rsvno as string;
      const checkout = () =>
        t.request({
          method: 'POST',
          url: '/api/checkout',
          payload: {
            rsvno: late,
            success_path: '/reservation/complete?processing=success',
            cancel_path: '/reservation/complete?processing=failed',
          },
          cookies: bookingCapabilityCookie(t.config.appKey, late, t.clock.now()),
          remoteAddress: '10.31.0.5',
        });
      expect((await checkout()).statusCode).toBe(200);
      at('2026-12-11T06:45:00');
      const closed = await checkout();
      expect(closed.statusCode).toBe(409);
      expect(closed.json().errMsg).toBe(Msg.salesClosed);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('closes a request item at 17:00 the day before', async () => {
    await insertTestOption(t.ctx.db, 'CUT002', {
      flgRequestItem: true,
      salesCutoffDaysBefore: 1,
      salesCutoffTime: '17:00',
    });
    const day = '20261212';
    await insertTestStock(t.ctx.db, 'CUT002', day, { zaikozan: 5 });
    try {
      at('2026-12-11T16:59:00');
      expect((await dayOf('CUT002', day)).valueList[day]?.zaikozan).toBe('5');
      at('2026-12-11T17:00:00');
      expect((await dayOf('CUT002', day)).valueList[day]?.zaikozan).toBe('0');
      const refused = await book('CUT002', day, '10.31.0.3');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errMsg).toBe(Msg.salesClosed);
    } finally {
      t.clock.set(NOW);
    }
  });
});
