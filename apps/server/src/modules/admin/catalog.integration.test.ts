/**
 * 商品一覧 / 商品編集: an option made in the console is a draft that no public call sees (list,
 * detail, calendar, price, booking) while staff preview it; publishing shows it at once; every change is a
 * catalog event with who, what, when, and the changed fields before and after; the customer side's rules hold.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import type { AdminOptionRecord, OptionInput } from '@tabi/contract/admin-catalog';
import { CatalogMsg, Msg } from '@tabi/contract/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvents, options } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bookingPayload, insertTestStock } from '../booking/test-fixtures.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';

let t: TestApp;
let cookie: string;
let adminId: number;
let base: OptionInput;
const DAY = '20261205';
let nextIp = 1;

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  adminId = await insertStaff(t.ctx.db, { mail: 'catalog-admin@example.jp', role: 'admin', totp: true });
  cookie = await staffSession(t, 'catalog-admin@example.jp');
  const seeded = await record('OP0001');
  base = {
    ...seeded.option,
    webname: '【新商品】隅田川 朝さんぽツアー',
    introduction: '<p>朝の<strong>隅田川</strong>を歩きます。</p>',
    useFrom: '2026-11-01',
    useTo: '2027-03-31',
    ageNote: '',
    adultAgeMin: 13,
    adultAgeMax: null,
    middleAgeMin: null,
    middleAgeMax: null,
    childAgeMin: 6,
    childAgeMax: 12,
    infantAgeMin: 0,
    infantAgeMax: 5,
    minPeople: 1,
    maxPeople: 6,
  };
}, 120_000);
afterAll(async () => {
  await t.close();
});

const staffGet = (url: string) => t.request({ method: 'GET', url, cookies: { [STAFF_COOKIE]: cookie } });
const staffPost = (url: string, payload: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url, payload, cookies: { [STAFF_COOKIE]: cookie } });

async function record(opcd: string): Promise<AdminOptionRecord> {
  const res = await staffGet(`/api/admin/options/${opcd}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response;
}
async function eventsOf(opcd: string) {
  return t.ctx.db.select().from(catalogEvents).where(eq(catalogEvents.opcd, opcd)).orderBy(asc(catalogEvents.id));
}
const publicList = async () =>
  ((await t.request({ method: 'GET', url: '/api/option' })).json().response.optionList.data as { opcd: string }[]).map(
    (o) => o.opcd,
  );
const publicDetail = (opcd: string) => t.request({ method: 'GET', url: `/api/option/${opcd}?usedate=${DAY}` });
const publicPrice = (opcd: string) => t.request({ method: 'GET', url: `/api/price/${opcd}?usedate=${DAY}&adultqty=1` });
const book = (opcd: string) =>
  t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(opcd, DAY, { adults: 1 }) as object,
    remoteAddress: `10.9.0.${nextIp++}`,
  });

describe('a draft', () => {
  it('is created as a draft with its event, and no public call sees it', async () => {
    const res = await staffPost('/api/admin/options', { opcd: 'NEW001', option: base });
    expect(res.statusCode, res.body).toBe(200);
    const created: AdminOptionRecord = res.json().response;
    expect(created).toMatchObject({ opcd: 'NEW001', published: false, bookings: 0 });
    expect(created.option.webname).toBe(base.webname);
    expect(created.option.keycds).toEqual(base.keycds);
    await insertTestStock(t.ctx.db, 'NEW001', DAY, { zaikozan: 10 });

    const events = await eventsOf('NEW001');
    expect(events.map((e) => [e.kind, e.staffId])).toEqual([['option.created', adminId]]);
    expect(events[0]?.after).toMatchObject({ webname: base.webname, published: false });

    expect(await publicList()).not.toContain('NEW001');
    expect((await publicDetail('NEW001')).statusCode).toBe(404);
    expect((await publicPrice('NEW001')).statusCode).toBe(404);
    const booked = await book('NEW001');
    expect(booked.statusCode).toBe(404);
    expect(booked.json().errMsg).toBe(Msg.optionNotFound);
  });

  it('is previewed by staff as the public detail page would show it, with its month', async () => {
    const res = await staffGet('/api/admin/options/NEW001/preview');
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().response;
    expect(preview).toMatchObject({ opcd: 'NEW001', webname: base.webname, max_people: 6, child_age_max: 12 });
    expect(Object.keys(preview.valueList).length).toBeGreaterThanOrEqual(28);
  });

  it('is on sale at once when published, and off sale again at once when unpublished', async () => {
    const published = await staffPost('/api/admin/options/NEW001/publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().response.published).toBe(true);
    expect(await publicList()).toContain('NEW001');
    const detail = await publicDetail('NEW001');
    expect(detail.statusCode).toBe(200);
    expect(detail.json().response.valueList[DAY]).toMatchObject({ zaikozan: '10' });
    expect((await publicPrice('NEW001')).statusCode).toBe(200);
    const booked = await book('NEW001');
    expect(booked.json().errcd, booked.body).toBe('000');

    const unpublished = await staffPost('/api/admin/options/NEW001/unpublish');
    expect(unpublished.json().response).toMatchObject({ published: false, bookings: 1 });
    expect(await publicList()).not.toContain('NEW001');
    expect((await publicDetail('NEW001')).statusCode).toBe(404);

    const kinds = (await eventsOf('NEW001')).map((e) => [e.kind, e.before, e.after]);
    expect(kinds.slice(1)).toEqual([
      ['option.published', { published: false }, { published: true }],
      ['option.unpublished', { published: true }, { published: false }],
    ]);
    // The same state again is no change and no event.
    await staffPost('/api/admin/options/NEW001/unpublish');
    expect(await eventsOf('NEW001')).toHaveLength(3);
  });

  it('existing options stay published (the column defaults to published)', async () => {
    const [row] = await t.ctx.db.select().from(options).where(eq(options.opcd, 'OP0001'));
    expect(row?.published).toBe(true);
  });
});

describe('editing', () => {
  it('writes only the changed fields before and after, and the public detail shows the edit at once', async () => {
    await publicDetail('OP0001'); // cached
    const seeded = await record('OP0001');
    const edit = { ...seeded.option, webname: '東京 日帰りバスツアー（改訂）', maxPeople: 7, keycds: ['K01'] };
    const res = await staffPost('/api/admin/options/OP0001', { option: edit });
    expect(res.statusCode, res.body).toBe(200);
    const events = await eventsOf('OP0001');
    const last = events.at(-1);
    expect(last).toMatchObject({ kind: 'option.updated', staffId: adminId });
    expect(last?.before).toEqual({
      webname: seeded.option.webname,
      maxPeople: seeded.option.maxPeople,
      keycds: seeded.option.keycds,
    });
    expect(last?.after).toEqual({ webname: edit.webname, maxPeople: 7, keycds: ['K01'] });
    const detail = (await publicDetail('OP0001')).json().response;
    expect(detail).toMatchObject({ webname: edit.webname, max_people: 7 });
    expect(detail.keywordList.map((k: { keycd?: string; keyname: string }) => k.keyname)).toHaveLength(1);
    // Saving the same again is no change and no event.
    await staffPost('/api/admin/options/OP0001', { option: edit });
    expect(await eventsOf('OP0001')).toHaveLength(events.length);
  });

  it.each([
    ['age bounds reversed', { childAgeMin: 12, childAgeMax: 6 }, CatalogMsg.catalogAgeReversed],
    ['age classes overlapping', { childAgeMin: 6, childAgeMax: 14 }, CatalogMsg.catalogAgeOverlap],
    ['a class minimum without its maximum', { middleAgeMin: 10, middleAgeMax: null }, CatalogMsg.catalogAgeMaxNeeded],
    ['party bounds reversed', { minPeople: 5, maxPeople: 2 }, CatalogMsg.catalogPeopleReversed],
    ['half the coordinates', { lat: 35.6, lon: null }, CatalogMsg.catalogCoordinatesPair],
    ['validity reversed', { useFrom: '2027-01-01', useTo: '2026-12-31' }, CatalogMsg.catalogPeriodReversed],
    [
      'cancel tiers out of order',
      {
        cancelPolicy: [
          { daysBefore: 1, percent: 40 },
          { daysBefore: 7, percent: 30 },
        ],
      },
      CatalogMsg.catalogTiersOrder,
    ],
    ['a coupon without its facility', { isCoupon: true, facilityId: null }, CatalogMsg.catalogFacilityNeeded],
    ['an unknown rental code', { rentalcd: '9' }, undefined],
    ['an unknown extended field', { extendedFields: ['shoe_size', 'favourite_colour'] }, undefined],
    ['a city outside the area', { citycd: '999999' }, CatalogMsg.catalogRegionMismatch],
    ['an unknown keyword', { keycds: ['K99'] }, CatalogMsg.catalogKeywordUnknown],
    ['an unknown facility', { facilityId: 9999 }, CatalogMsg.catalogFacilityUnknown],
    ['a control character in the name', { webname: 'ツアー\u202E' }, Msg.controlCharacters],
  ])('refuses %s with a Japanese message and changes nothing', async (_name, change, msg) => {
    const before = await record('OP0001');
    const res = await staffPost('/api/admin/options/OP0001', { option: { ...before.option, ...change } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errcd).toBe('999');
    if (msg) expect(res.json().errMsg).toContain(msg);
    const after = await record('OP0001');
    expect(after.option).toEqual(before.option);
    expect(after.events).toHaveLength(before.events.length);
  });

  it('accepts every seeded option as it is (the rules are the ones the seed already keeps)', async () => {
    const rows = await t.ctx.db.select({ opcd: options.opcd }).from(options);
    for (const { opcd } of rows) {
      const current = await record(opcd);
      const res = await staffPost(`/api/admin/options/${opcd}`, { option: current.option });
      expect(res.statusCode, `${opcd}: ${res.body}`).toBe(200);
      expect((await record(opcd)).events).toHaveLength(current.events.length);
    }
  });

  it('refuses a code already taken and a malformed code', async () => {
    const taken = await staffPost('/api/admin/options', { opcd: 'OP0001', option: base });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errMsg).toBe(CatalogMsg.catalogOpcdTaken);
    const bad = await staffPost('/api/admin/options', { opcd: 'op-1', option: base });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errMsg).toContain(CatalogMsg.catalogOpcdInvalid);
  });

  it('never deletes an option', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: '/api/admin/options/NEW001',
      cookies: { [STAFF_COOKIE]: cookie },
    });
    expect(res.statusCode).toBe(404);
    expect((await record('NEW001')).bookings).toBe(1);
  });

  it('lists every option, drafts included, with its state and bookings', async () => {
    const res = await staffGet('/api/admin/options/catalog');
    const rows: { opcd: string; published: boolean; bookings: number }[] = res.json().response;
    expect(rows.find((r) => r.opcd === 'NEW001')).toMatchObject({ published: false, bookings: 1 });
    expect(rows.find((r) => r.opcd === 'OP0001')).toMatchObject({ published: true });
  });
});

describe('English texts', () => {
  const OPCD = 'OP0003';
  const detailIn = (lang: 'ja' | 'en') =>
    t.request({ method: 'GET', url: `/api/option/${OPCD}${lang === 'en' ? '?lang=en' : ''}` });

  it('stores the English beside the Japanese: the English call answers it, the Japanese one is unchanged', async () => {
    const before = await record(OPCD);
    const japanese = (await detailIn('ja')).json().response;
    const en = {
      ...before.option.translations.en,
      webname: '  Sumida River Morning Walk  ',
      introduction: '<p>Walk along the <strong>Sumida</strong>.</p><img src=x onerror=alert(1)>',
      companyname: '',
    };
    const res = await staffPost(`/api/admin/options/${OPCD}`, {
      option: { ...before.option, translations: { ...before.option.translations, en } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: AdminOptionRecord = res.json().response;
    // Trimmed like the Japanese, the HTML as the one allow-list keeps it, '' kept as "not translated".
    expect(saved.option.translations.en).toEqual({
      ...en,
      webname: 'Sumida River Morning Walk',
      introduction: '<p>Walk along the <strong>Sumida</strong>.</p><img src="x">',
      companyname: '',
    });
    expect(saved.option.webname).toBe(before.option.webname);
    const [row] = await t.ctx.db.select().from(options).where(eq(options.opcd, OPCD));
    expect(row?.translations.en?.webname).toBe('Sumida River Morning Walk');
    expect(JSON.stringify(row?.translations)).not.toMatch(/onerror/);
    expect(row?.translations.en).not.toHaveProperty('companyname');

    const english = await detailIn('en');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-language']).toBe('en');
    expect(english.json().response).toMatchObject({
      webname: 'Sumida River Morning Walk',
      introduction: '<p>Walk along the <strong>Sumida</strong>.</p><img src="x">',
      // Left empty: the English page shows the Japanese.
      companyname: japanese.companyname,
    });
    expect(japanese.companyname).not.toBe('');
    const accept = await t.request({ method: 'GET', url: `/api/option/${OPCD}`, headers: { 'accept-language': 'en' } });
    expect(accept.json().response.webname).toBe('Sumida River Morning Walk');
    expect((await detailIn('ja')).json().response).toMatchObject({
      webname: japanese.webname,
      introduction: japanese.introduction,
      companyname: japanese.companyname,
    });

    // The history lists the change of the translations, before and after, and nothing else.
    const last = (await eventsOf(OPCD)).at(-1);
    expect(last?.kind).toBe('option.updated');
    expect(Object.keys(last?.after ?? {})).toEqual(['translations']);
    expect(last?.before).toMatchObject({ translations: { en: { webname: before.option.translations.en.webname } } });
    expect(last?.after).toMatchObject({ translations: { en: { webname: 'Sumida River Morning Walk' } } });
    // The same again is no change.
    await staffPost(`/api/admin/options/${OPCD}`, { option: saved.option });
    expect((await record(OPCD)).events).toHaveLength(saved.events.length);
  });

  it('previews a draft in English with lang=en', async () => {
    const draft = await record('NEW001');
    const en = { ...draft.option.translations.en, webname: 'Sumida Morning Walk (new)' };
    const res = await staffPost('/api/admin/options/NEW001', {
      option: { ...draft.option, translations: { ...draft.option.translations, en } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const english = await staffGet('/api/admin/options/NEW001/preview?lang=en');
    expect(english.json().response.webname).toBe('Sumida Morning Walk (new)');
    const japanese = await staffGet('/api/admin/options/NEW001/preview');
    expect(japanese.json().response.webname).toBe(draft.option.webname);
  });

  it('refuses an English name over 200 characters with a Japanese message and changes nothing', async () => {
    const before = await record(OPCD);
    const en = { ...before.option.translations.en, webname: 'x'.repeat(201) };
    const res = await staffPost(`/api/admin/options/${OPCD}`, {
      option: { ...before.option, translations: { ...before.option.translations, en } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errcd: '999', response: null });
    expect(res.json().errMsg).toContain('200文字以内で入力してください');
    const after = await record(OPCD);
    expect(after.option).toEqual(before.option);
    expect(after.events).toHaveLength(before.events.length);
  });

  it('refuses translations without one of the texts, without a language, and translations left out', async () => {
    const before = await record(OPCD);
    const { webname: _webname, ...missing } = before.option.translations.en;
    const { translations: _translations, ...without } = before.option;
    const withoutKorean = { ...before.option.translations, ko: undefined };
    for (const option of [
      { ...before.option, translations: { ...before.option.translations, en: missing } },
      { ...before.option, translations: withoutKorean },
      without,
    ]) {
      const res = await staffPost(`/api/admin/options/${OPCD}`, { option });
      expect(res.statusCode, res.body).toBe(422);
    }
    expect((await record(OPCD)).events).toHaveLength(before.events.length);
  });
});

describe('Korean and Chinese texts', () => {
  const OPCD = 'OP0004';
  const detailIn = (lang: string) => t.request({ method: 'GET', url: `/api/option/${OPCD}?lang=${lang}` });

  it('shows the demo texts of every language, and keeps them through a save of the Japanese', async () => {
    const before = await record(OPCD);
    for (const lang of ['en', 'ko', 'zh-Hant', 'zh-Hans'] as const) {
      expect(before.option.translations[lang].webname, lang).not.toBe('');
    }
    const res = await staffPost(`/api/admin/options/${OPCD}`, {
      option: { ...before.option, sort: before.option.sort + 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: AdminOptionRecord = res.json().response;
    expect(saved.option.translations).toEqual(before.option.translations);
    expect(Object.keys((await eventsOf(OPCD)).at(-1)?.after ?? {})).toEqual(['sort']);
  });

  it('stores each language, its HTML sanitised, answers it in that language, and records the change', async () => {
    const before = await record(OPCD);
    const ko = {
      ...before.option.translations.ko,
      webname: ' 스미다강 아침 산책 ',
      introduction: '<p>강변을 <strong>걷습니다</strong>.</p><img src=x onerror=alert(1)>',
      companyname: '',
    };
    const zhHans = { ...before.option.translations['zh-Hans'], webname: '', meetpoint: '两国站 西口' };
    const res = await staffPost(`/api/admin/options/${OPCD}`, {
      option: { ...before.option, translations: { ...before.option.translations, ko, 'zh-Hans': zhHans } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: AdminOptionRecord = res.json().response;
    expect(saved.option.translations.ko).toEqual({
      ...ko,
      webname: '스미다강 아침 산책',
      introduction: '<p>강변을 <strong>걷습니다</strong>.</p><img src="x">',
    });
    expect(saved.option.translations['zh-Hans']).toEqual(zhHans);
    expect(saved.option.translations.en).toEqual(before.option.translations.en);
    const [row] = await t.ctx.db.select().from(options).where(eq(options.opcd, OPCD));
    expect(JSON.stringify(row?.translations)).not.toMatch(/onerror/);
    expect(row?.translations.ko).not.toHaveProperty('companyname');
    expect(row?.translations['zh-Hans']).not.toHaveProperty('webname');

    const korean = (await detailIn('ko')).json().response;
    expect(korean).toMatchObject({
      webname: '스미다강 아침 산책',
      introduction: saved.option.translations.ko.introduction,
    });
    // Left empty: the English, else the Japanese.
    expect(korean.companyname).toBe(before.option.translations.en.companyname || before.option.companyname);
    const simplified = (await detailIn('zh-Hans')).json().response;
    expect(simplified).toMatchObject({ webname: before.option.translations.en.webname, meetpoint: '两国站 西口' });

    const last = (await eventsOf(OPCD)).at(-1);
    expect(last?.kind).toBe('option.updated');
    expect(Object.keys(last?.after ?? {})).toEqual(['translations']);
    expect(last?.before).toMatchObject({ translations: { ko: { webname: before.option.translations.ko.webname } } });
    expect(last?.after).toMatchObject({
      translations: { ko: { webname: '스미다강 아침 산책' }, 'zh-Hans': { webname: '', meetpoint: '两国站 西口' } },
    });
  });

  it('lists the languages an option lacks: those without its name', async () => {
    const rows: { opcd: string; untranslated: string[] }[] = (await staffGet('/api/admin/options/catalog')).json()
      .response;
    expect(rows.find((r) => r.opcd === OPCD)?.untranslated).toEqual(['zh-Hans']);
    expect(rows.find((r) => r.opcd === 'OP0001')?.untranslated).toEqual([]);
  });
});
