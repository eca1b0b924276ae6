import {
  type Area,
  type CalendarDay,
  type City,
  calendarDay,
  type Keyword,
  type OptionDetail,
  type OptionListItem,
  optionDetail,
  optionListItem,
  type PageLink,
  paginatedOptions,
  priceResponse,
  type Region,
} from '@tabi/contract/catalog';
import { ErrCd, FROMSPOTS, OPTIONS_PER_PAGE } from '@tabi/contract/constants';
import { addDays, daysOfMonth, monthStart, tokyoYmd, type Ymd } from '@tabi/contract/dates';
import { errorEnvelope } from '@tabi/contract/envelope';
import { Msg } from '@tabi/contract/messages';
import { DEFAULT_SALES_CUTOFF, firstDayOnSale } from '@tabi/contract/sales-cutoff';
import { vi } from 'vitest';
import { emptyDraft, inputOf } from '../admin/lib/option-form.ts';
import type { ReservedOption } from '../stores/reservation-store.ts';
import type { ApiCall } from './api-server.ts';

/** An option as the purchase flow keeps it, for component tests. */
export function reservedOption(overrides: Partial<ReservedOption> = {}): ReservedOption {
  return {
    opcd: 'OP0001',
    webname: '東京 日帰りバスツアー',
    introduction: '',
    flg_request_item: 0,
    imageList: [],
    keywordList: [],
    use_from: '20260101',
    use_to: '20271231',
    homen: '関東',
    area: '東京',
    city: '東京',
    fromspot: '東京駅',
    meetpoint: null,
    contents: '',
    companyname: '',
    hours: '',
    address: '',
    tel: '',
    lat: null,
    lon: null,
    optionattention: '',
    information: '',
    cancel_note: '',
    age_note: '',
    adult_age_min: 12,
    adult_age_max: null,
    middle_age_min: null,
    middle_age_max: null,
    child_age_min: 6,
    child_age_max: 11,
    infant_age_min: null,
    infant_age_max: null,
    max_people: 8,
    min_people: 1,
    rentalcd: '',
    travelkubun: 0,
    extended_fields: [],
    ...overrides,
  };
}

/** An unpublished option as 商品編集 loads it (the console's record): 隅田川 朝さんぽツアー in 関東 › 東京 › 墨田区. */
export function draftOptionRecord(opcd: string) {
  const option = {
    ...inputOf(emptyDraft('2026-12-01')),
    webname: '隅田川 朝さんぽツアー',
    homencd: '01',
    areacd: '0101',
    citycd: '010101',
    meetpoint: '両国駅',
  };
  return { opcd, published: false, bookings: 0, option, events: [] };
}

/** Prices of a day by age class, as GET /option and GET /price write them (numeric strings). */
export type DayPrices = Pick<CalendarDay, 'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika'>;

/** OP0001's prices in the demo (9,800 yen; children 60 %, rounded to 100; infants free). */
export const OP0001_PRICES: DayPrices = { adultbaika: '9800', middlebaika: '0', childbaika: '5900', infantbaika: '0' };

/** OP0001's age classes in the demo: adults from 12, children 6–11, infants 0–5, no 中人. */
export const OP0001_AGES = {
  adult_age_min: 12,
  adult_age_max: null,
  middle_age_min: null,
  middle_age_max: null,
  child_age_min: 6,
  child_age_max: 11,
  infant_age_min: 0,
  infant_age_max: 5,
};

const OP0001_CAPTIONS = [
  '青空の下の高層ビル街と電波塔',
  '夕焼けの鳥居と五重塔',
  '朝の淡い空と高層ビル街',
  '日暮れのビル街と窓の明かり',
  '月夜の雪山と湖',
  '青い海に浮かぶ島影と砂浜',
  '夕焼けに染まる高層ビル街',
];

/**
 * An option as `GET /option/{code}` answers it, for the detail page's component tests: the demo's OP0001 (a bus tour
 * from Tokyo Station: four keywords, thirteen pictures, its operator, a map, notes and the cancellation fees, one to
 * eight people), its use period around today as the demo's, and no calendar unless told. Parsed by the contract's
 * schema, so a fixture cannot say what the API cannot.
 */
export function optionDetailFixture(changes: Partial<OptionDetail> = {}): OptionDetail {
  const today = tokyoYmd(new Date());
  return optionDetail.parse({
    opcd: 'OP0001',
    webname: '【東京駅発】スカイツリー・浅草・お台場めぐり 日帰りバスツアー（昼食付き）',
    introduction: '<p>東京の定番スポットを1日でぎゅっと巡る人気のバスツアーです。</p>',
    flg_request_item: 0,
    imageList: Array.from({ length: 13 }, (_, i) => ({
      image: `/images/OP0001-${i + 1}.svg`,
      caption: OP0001_CAPTIONS[i % OP0001_CAPTIONS.length],
      alt: `イラスト：${OP0001_CAPTIONS[i % OP0001_CAPTIONS.length]}`,
      srcset: '',
      width: 1200,
      height: 800,
    })),
    valueList: {},
    keywordList: [
      { keycd: 'K01', keyname: '日帰り' },
      { keycd: 'K02', keyname: '食事付き' },
      { keycd: 'K03', keyname: '子供歓迎' },
      { keycd: 'K05', keyname: '絶景' },
    ],
    use_from: addDays(today, -30),
    use_to: addDays(today, 364),
    homen: '関東',
    area: '東京',
    city: '台東区',
    fromspot: '東京駅',
    meetpoint: '東京駅八重洲南口 高速バスターミナル 5番のりば（出発15分前までにお集まりください）',
    contents:
      '<p>浅草、東京スカイツリー、お台場をガイドの案内つきで巡ります。</p><ul><li>天望デッキの入場券付き</li><li>昼食は江戸前天丼セット</li></ul>',
    companyname: 'さくら観光バス株式会社',
    hours: '予約センター 9:00〜18:00（年中無休）',
    address: '東京都千代田区丸の内1-9-1 東京駅八重洲南口 高速バスターミナル',
    tel: '03-5555-0101',
    lat: 35.6812,
    lon: 139.7671,
    optionattention: '<ul><li>集合時間に遅れた場合、お待ちせずに出発いたします。</li></ul>',
    information: '<p>お申込みと同時にクレジットカードでのお支払い手続きへ進みます。</p>',
    cancel_note: '<p>ご利用日の21日前までは無料、20日前から旅行代金の20%を申し受けます。</p>',
    age_note: '大人：12歳以上／小人：6歳〜11歳／幼児：0歳〜5歳（座席を使用しない幼児は無料です）',
    ...OP0001_AGES,
    max_people: 8,
    min_people: 1,
    rentalcd: '',
    travelkubun: 0,
    departure_time: null,
    arrival_time: null,
    cancel_policy: [
      { percent: 20, daysBefore: 20 },
      { percent: 30, daysBefore: 7 },
      { percent: 40, daysBefore: 1 },
      { percent: 50, daysBefore: 0 },
      { percent: 100, daysBefore: -1 },
    ],
    timed: false,
    sales_cutoff: { daysBefore: 0, time: '06:45' },
    extended_fields: [],
    ...changes,
  });
}

/**
 * One month of an option's calendar as `GET /option/{code}` answers it: every day of the month; a day before the
 * first on sale (past, or past its sales cutoff, ADR 0191) or without a departure (`seats` gives null) has no seats
 * and no price, a sold-out day (0 seats) keeps its price.
 */
export function calendarMonth(
  month: Ymd,
  option: Pick<OptionDetail, 'sales_cutoff' | 'use_from' | 'use_to'>,
  seats: (day: Ymd) => number | null,
  prices: DayPrices = OP0001_PRICES,
): Record<string, CalendarDay> {
  const onSale = firstDayOnSale(option.sales_cutoff ?? DEFAULT_SALES_CUTOFF, new Date());
  const days: Record<string, CalendarDay> = {};
  for (const date of daysOfMonth(month)) {
    const left = seats(date);
    days[date] = calendarDay.parse(
      left === null || date < onSale || date < option.use_from || date > option.use_to
        ? { date, zaikozan: '0', adultbaika: '0', middlebaika: '0', childbaika: '0', infantbaika: '0' }
        : { date, zaikozan: String(left), ...prices },
    );
  }
  return days;
}

/**
 * The API of the detail page for one option, as the server answers: `GET /option/{code}` with the calendar of the
 * month of its usedate (this month without one), `GET /price/{opcd}` with a day's prices (505 for a day not on sale,
 * 504 for more people than its seats), and SPEC §8's 404 for any other code. Any other call fails the test.
 */
export function optionApi(
  option: OptionDetail,
  seats: (day: Ymd) => number | null,
  prices: DayPrices = OP0001_PRICES,
): (call: ApiCall) => unknown {
  const refusal = (errcd: string, errMsg: string, status: number) =>
    Response.json(errorEnvelope.parse({ errcd, errMsg, response: null }), { status });
  return ({ url }) => {
    const [, api, kind, code, more] = url.pathname.split('/');
    if (api !== 'api' || more !== undefined) throw new Error(`unexpected call ${url}`);
    if (kind === 'option') {
      if (code !== option.opcd) return refusal(ErrCd.generic, Msg.optionNotFound, 404);
      const month = monthStart(url.searchParams.get('usedate') ?? tokyoYmd(new Date()));
      return optionDetail.parse({ ...option, valueList: calendarMonth(month, option, seats, prices) });
    }
    if (kind === 'price') {
      if (code !== option.opcd) return refusal(ErrCd.generic, Msg.optionNotFound, 404);
      const usedate = url.searchParams.get('usedate') ?? '';
      const day = calendarMonth(monthStart(usedate), option, seats, prices)[usedate];
      const asked = ['adultqty', 'middleqty', 'childqty', 'infantqty'].reduce(
        (n, key) => n + Number(url.searchParams.get(key) ?? 0),
        0,
      );
      if (!day || Number(day.adultbaika) === 0) return refusal(ErrCd.nothingPrice, Msg.nothingPrice, 404);
      if (asked > Number(day.zaikozan)) return refusal(ErrCd.shortageOfStock, Msg.shortageOfStock, 409);
      const { date: _date, zaikozan: _seats, ...dayPrices } = day;
      return priceResponse.parse({
        errcd: ErrCd.success,
        errMsg: '',
        response: { valueList: { [usedate]: dayPrices } },
      }).response;
    }
    throw new Error(`unexpected call ${url}`);
  };
}

/**
 * What the gallery's carousel (Embla) asks of a browser and jsdom lacks: media queries (its breakpoints) and the
 * observers of its slides' size and visibility, which never report here. For a file that renders the gallery, before
 * it renders; `vi.unstubAllGlobals()` takes them away.
 */
export function stubCarouselGlobals(): void {
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: false,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }));
  class Unobserved {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('ResizeObserver', Unobserved);
  vi.stubGlobal('IntersectionObserver', Unobserved);
}

/** The regions of the list's fixture catalog: a part of the demo's, with its codes and names. */
export const CATALOG_REGIONS: Region[] = [
  { homencd: '01', homennm: '北海道' },
  { homencd: '03', homennm: '関東' },
  { homencd: '05', homennm: '近畿' },
];

/** The areas of CATALOG_REGIONS, as the demo numbers them. */
export const CATALOG_AREAS: (Area & { homencd: string })[] = [
  { areacd: '0101', homencd: '01', areanm: '札幌・小樽' },
  { areacd: '0301', homencd: '03', areanm: '東京' },
  { areacd: '0302', homencd: '03', areanm: '箱根' },
  { areacd: '0501', homencd: '05', areanm: '京都' },
];

/** The cities of CATALOG_AREAS, as the demo numbers them. */
export const CATALOG_CITIES: (City & { areacd: string })[] = [
  { citycd: '010101', areacd: '0101', citynm: '札幌市' },
  { citycd: '030101', areacd: '0301', citynm: '千代田区' },
  { citycd: '030102', areacd: '0301', citynm: '台東区' },
  { citycd: '030201', areacd: '0302', citynm: '箱根町' },
  { citycd: '050101', areacd: '0501', citynm: '京都市' },
];

/** The demo's keywords the fixture catalog's options carry. */
export const CATALOG_KEYWORDS: Keyword[] = [
  { keycd: 'K01', keyname: '日帰り' },
  { keycd: 'K02', keyname: '食事付き' },
  { keycd: 'K03', keyname: '子供歓迎' },
  { keycd: 'K04', keyname: '雨の日OK' },
  { keycd: 'K05', keyname: '絶景' },
  { keycd: 'K06', keyname: '温泉' },
  { keycd: 'K08', keyname: '世界遺産' },
  { keycd: 'K09', keyname: '体験' },
  { keycd: 'K10', keyname: '夜景' },
  { keycd: 'K11', keyname: 'グルメ' },
  { keycd: 'K12', keyname: 'レンタル' },
];

/** The region, area and city codes of an option of the fixture catalog, found by their names. */
function placeCodesOf(option: Pick<OptionDetail, 'homen' | 'area' | 'city'>) {
  const city = CATALOG_CITIES.find((c) => c.citynm === option.city);
  const area = CATALOG_AREAS.find((a) => a.areanm === option.area);
  const region = CATALOG_REGIONS.find((r) => r.homennm === option.homen);
  if (!city || !area || !region) throw new Error(`no place ${option.homen} ／ ${option.area} ／ ${option.city}`);
  return { homencd: region.homencd, areacd: area.areacd, citycd: city.citycd };
}

/**
 * An option of the fixture catalog: OP0001's detail (optionDetailFixture) with its code, name, city (a code of
 * CATALOG_CITIES), departure point (a FROMSPOTS id, null for 現地集合) and keywords (codes of CATALOG_KEYWORDS).
 */
function catalogOption(
  opcd: string,
  webname: string,
  citycd: string,
  fromspotcd: string | null,
  keycds: string[],
  changes: Partial<OptionDetail> = {},
): OptionDetail {
  const city = CATALOG_CITIES.find((c) => c.citycd === citycd);
  const area = CATALOG_AREAS.find((a) => a.areacd === city?.areacd);
  const region = CATALOG_REGIONS.find((r) => r.homencd === area?.homencd);
  if (!city || !area || !region) throw new Error(`no city ${citycd}`);
  return optionDetailFixture({
    opcd,
    webname,
    homen: region.homennm,
    area: area.areanm,
    city: city.citynm,
    fromspot: FROMSPOTS.find((s) => s.id === fromspotcd)?.caption ?? null,
    keywordList: keycds.map((keycd) => {
      const keyword = CATALOG_KEYWORDS.find((k) => k.keycd === keycd);
      if (!keyword) throw new Error(`no keyword ${keycd}`);
      return keyword;
    }),
    ...changes,
  });
}

/**
 * The catalog the list page's component tests search, in the list's order: 23 options (three pages of
 * OPTIONS_PER_PAGE), each from optionDetailFixture. OP0001 is that fixture itself (台東区, from 東京駅, 日帰り and
 * 食事付き among its four keywords); OP0002 the demo's request item, also in 台東区, meeting on the spot; 温泉 options
 * are in 関東 (箱根) and outside it; 台東区 has three options, fewer than a page.
 */
export function optionCatalogFixture(): OptionDetail[] {
  return [
    optionDetailFixture(),
    catalogOption(
      'OP0002',
      '屋形船で楽しむ東京湾 夜景クルーズ（江戸前天ぷら・飲み放題付き）',
      '030102',
      null,
      ['K02', 'K05', 'K10', 'K11'],
      { flg_request_item: 1 },
    ),
    catalogOption('OP0003', '定山渓温泉 日帰り入浴と札幌市内観光', '010101', null, ['K01', 'K06']),
    catalogOption('OP0004', '小樽運河 夜のクルーズ', '010101', null, ['K05', 'K10']),
    catalogOption('OP0005', '札幌 ジンギスカン食べ放題', '010101', null, ['K02', 'K11']),
    catalogOption('OP0006', '【新宿発】箱根湯本 温泉旅館の日帰りプラン（昼食付き）', '030201', '1303', [
      'K01',
      'K02',
      'K06',
    ]),
    catalogOption('OP0007', '【新宿発】箱根 芦ノ湖 海賊船と大涌谷', '030201', '1303', ['K01', 'K05']),
    catalogOption('OP0008', '箱根 ガラスの森美術館 入館券', '030201', null, ['K04']),
    catalogOption('OP0009', '強羅 貸切露天風呂（60分）', '030201', null, ['K06']),
    catalogOption('OP0010', '皇居東御苑 ガイドウォーク', '030101', '1302', ['K03', 'K09']),
    catalogOption('OP0011', '浅草 着物レンタル（1日）', '030102', null, ['K09', 'K12']),
    catalogOption('OP0012', '丸の内 夜景ディナー', '030101', '1302', ['K02', 'K10']),
    catalogOption('OP0013', '京都 嵐山 保津川下り', '050101', null, ['K05']),
    catalogOption('OP0014', '京都 祇園 お座敷遊び体験', '050101', null, ['K09', 'K11']),
    catalogOption('OP0015', '京都 大原 温泉と湯豆腐', '050101', null, ['K02', 'K06']),
    catalogOption('OP0016', '伏見稲荷と清水寺 半日バスツアー', '050101', null, ['K01', 'K08']),
    catalogOption('OP0017', '金閣寺・銀閣寺 朝の特別拝観', '050101', null, ['K08']),
    catalogOption('OP0018', '京都 和菓子づくり体験', '050101', null, ['K03', 'K09']),
    catalogOption('OP0019', '札幌 羊ヶ丘展望台と大通公園', '010101', null, ['K05']),
    catalogOption('OP0020', '千代田区 美術館めぐり', '030101', '1302', ['K04']),
    catalogOption('OP0021', '箱根 ロープウェイ 一日乗り放題', '030201', null, ['K05']),
    catalogOption('OP0022', '京都 着物レンタル', '050101', null, ['K12']),
    catalogOption('OP0023', '小樽 ガラス工房 吹きガラス体験', '010101', null, ['K03', 'K09']),
  ];
}

/** An option as `GET /option` lists it (SPEC §7), its adult price the same on every day. */
export function optionListItemOf(option: OptionDetail, prices: DayPrices = OP0001_PRICES): OptionListItem {
  const { opcd, webname, introduction, imageList, keywordList, use_from, use_to, fromspot, homen, area, city } = option;
  return optionListItem.parse({
    opcd,
    webname,
    introduction,
    imageList,
    keywordList,
    use_from,
    use_to,
    fromspot,
    homen,
    area,
    city,
    min_baika: Number(prices.adultbaika),
    max_baika: Number(prices.adultbaika),
    flg_request_item: option.flg_request_item,
  });
}

/**
 * The API of the list page over `options` (the fixture catalog by default): `GET /option/condition` with
 * CATALOG_REGIONS and CATALOG_KEYWORDS, `GET /area` and `GET /city` with those of the region or area, and `GET /option`
 * with the options matching every condition given (a use date inside their use period: stock is the server's), a page
 * of OPTIONS_PER_PAGE in SPEC §3's paginated shape with a link to each page (the server's window of links over many
 * pages is tested with the server, pagination.ts). Any other call fails the test.
 */
export function optionListApi(options: OptionDetail[] = optionCatalogFixture()): (call: ApiCall) => unknown {
  const catalog = options.map((option) => ({
    item: optionListItemOf(option),
    ...placeCodesOf(option),
    fromspotcd: FROMSPOTS.find((s) => s.caption === option.fromspot)?.id ?? '',
  }));
  return ({ url, method }) => {
    const query = url.searchParams;
    const asked = (key: string) => query.get(key) ?? '';
    const [, api, ...path] = url.pathname.split('/');
    if (method !== 'GET' || api !== 'api') throw new Error(`unexpected call ${method} ${url}`);
    switch (path.join('/')) {
      case 'option/condition':
        return { homenList: CATALOG_REGIONS, keywordList: CATALOG_KEYWORDS };
      case 'area':
        return CATALOG_AREAS.filter((a) => a.homencd === asked('homencd')).map(({ areacd, areanm }) => ({
          areacd,
          areanm,
        }));
      case 'city':
        return CATALOG_CITIES.filter((c) => c.areacd === asked('areacd')).map(({ citycd, citynm }) => ({
          citycd,
          citynm,
        }));
      case 'option': {
        const keycds = asked('keycd').split(',').filter(Boolean);
        const usedate = asked('usedate');
        const found = catalog.filter(
          (o) =>
            (['homencd', 'areacd', 'citycd', 'fromspotcd'] as const).every(
              (key) => !asked(key) || o[key] === asked(key),
            ) &&
            keycds.every((keycd) => o.item.keywordList.some((k) => k.keycd === keycd)) &&
            (!usedate || (o.item.use_from <= usedate && usedate <= o.item.use_to)),
        );
        const page = Number(asked('page') || '1');
        const last = Math.max(1, Math.ceil(found.length / OPTIONS_PER_PAGE));
        const data = found.slice((page - 1) * OPTIONS_PER_PAGE, page * OPTIONS_PER_PAGE).map((o) => o.item);
        const from = data.length > 0 ? (page - 1) * OPTIONS_PER_PAGE + 1 : null;
        const urlOf = (n: number) => {
          const search = new URLSearchParams(query);
          search.set('page', String(n));
          return `${url.pathname}?${search}`;
        };
        const links: PageLink[] = [
          { url: page > 1 ? urlOf(Math.min(page - 1, last)) : null, label: Msg.pagePrevious, active: false },
          ...Array.from({ length: last }, (_, i) => ({
            url: urlOf(i + 1),
            label: String(i + 1),
            active: i + 1 === page,
          })),
          { url: page < last ? urlOf(page + 1) : null, label: Msg.pageNext, active: false },
        ];
        return {
          optionList: paginatedOptions.parse({
            data,
            links,
            from,
            to: from === null ? null : from + data.length - 1,
            total: found.length,
            current_page: page,
            last_page: last,
          }),
        };
      }
    }
    throw new Error(`unexpected call ${url}`);
  };
}
