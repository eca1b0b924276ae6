import { type CalendarDay, calendarDay, type OptionDetail, optionDetail, priceResponse } from '@tabi/contract/catalog';
import { ErrCd } from '@tabi/contract/constants';
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
