/**
 * Every JSON call the server answers, with its schemas (ADR 0150). The server registers each route from its
 * entry (`defineRoute`, which parses params, query and body with them) and refuses to start when a route and
 * the entries differ; OpenAPI is generated from them; the fuzz test starts from them.
 * `API`: the calls of SPEC §7 under /api. The staff console's calls: console-endpoints.ts.
 */
import { z } from 'zod';
import * as booking from './booking.ts';
import * as catalog from './catalog.ts';
import * as coupon from './coupon.ts';
import * as discounts from './discounts.ts';
import * as receipt from './receipt.ts';
import * as tickets from './tickets.ts';
import * as waitlist from './waitlist.ts';

export type Method = 'GET' | 'POST';
/** `METHOD /path`, path parameters written `{name}` as OpenAPI writes them. */
export type EndpointKey = `${Method} /${string}`;

interface EndpointInputs {
  summary: string;
  /** Required when the path has parameters: an object of exactly those names. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

/**
 * What an entry answers: SPEC §7's JSON envelope with its schema, or a file to download — a CSV, or a PDF (a
 * receipt, ADR 0163). A file call refuses in the envelope like any other.
 */
export type EndpointSpec = EndpointInputs &
  ({ kind?: 'json'; response: z.ZodType } | { kind: 'csv' } | { kind: 'pdf' });

/** One entry: its schemas, its method and path (from its key) and the prefix its list is served under. */
export type Endpoint<K extends EndpointKey = EndpointKey, S extends EndpointSpec = EndpointSpec> = S & {
  key: K;
  method: K extends `${infer M extends Method} ${string}` ? M : never;
  path: K extends `${Method} ${infer P}` ? P : never;
  prefix: string;
};

export type EndpointList<T extends Record<EndpointKey, EndpointSpec>> = {
  [K in keyof T & EndpointKey]: Endpoint<K, T[K]>;
};

/** The names of a path's parameters: `/coopon/{opcd}/{pkcd}` → opcd, pkcd. */
function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

/**
 * A list of entries served under `prefix`, keyed `METHOD /path`. Checked as it is built (so at start-up): a
 * malformed key, or a path whose parameters and `params` schema disagree, throws.
 */
export function defineEndpoints<const T extends Record<EndpointKey, EndpointSpec>>(
  prefix: string,
  specs: T,
): EndpointList<T> {
  const list: Record<string, Endpoint> = {};
  for (const [key, spec] of Object.entries(specs) as [EndpointKey, EndpointSpec][]) {
    const match = /^(GET|POST) (\/\S*)$/.exec(key);
    if (!match) throw new Error(`endpoint "${key}" under ${prefix}: the key must be "GET /path" or "POST /path"`);
    const [, method, path] = match as unknown as [string, Method, string];
    const named = pathParameters(path).sort();
    const declared = spec.params instanceof z.ZodObject ? Object.keys(spec.params.shape).sort() : null;
    if (named.length > 0 && !spec.params) {
      throw new Error(`endpoint ${method} ${prefix}${path}: its path has parameters, so it needs a params schema`);
    }
    if (spec.params && named.join() !== declared?.join()) {
      throw new Error(
        `endpoint ${method} ${prefix}${path}: params schema (${declared?.join(', ') ?? 'not an object'}) ≠ path parameters (${named.join(', ')})`,
      );
    }
    list[key] = { ...spec, key, method, path, prefix } as Endpoint;
  }
  return list as EndpointList<T>;
}

/** Trimmed values, and an empty one means "no filter" (SPEC: the client sends only what is set). */
function withoutBlanks(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (query && typeof query === 'object') {
    for (const [k, v] of Object.entries(query)) {
      if (typeof v === 'string' && v.trim() === '') continue;
      out[k] = typeof v === 'string' ? v.trim() : v;
    }
  }
  return out;
}

/**
 * The query of a catalog read: values trimmed, empty ones left out, then the schema. With `needs`, a query
 * without that value is read as empty, whatever else it holds: the call answers an empty list.
 */
export function searchQuery<T extends z.ZodType>(schema: T, needs?: string) {
  return z.preprocess((query) => {
    const values = withoutBlanks(query);
    return needs === undefined || values[needs] !== undefined ? values : {};
  }, schema);
}

/** A body the client may leave out (or send as null): read as `{}`. */
export function optionalBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value ?? {}, schema);
}

/** The calls of SPEC §7, under /api (in this order the fuzz test seeds them: add new ones at the end). */
export const API = defineEndpoints('/api', {
  'POST /mylogin': { summary: 'ログイン', body: booking.loginRequest, response: booking.loginResponse },
  'POST /mylogin/booked': {
    summary: 'ログイン（予約したブラウザから、その予約のマイページへ）',
    body: booking.bookedLoginRequest,
    response: booking.loginResponse,
  },
  'POST /mylogout': {
    summary: 'ログアウト（サーバー側のセッションも終了）',
    body: booking.logoutRequest,
    response: booking.logoutResponse,
  },
  'POST /coopon': { summary: 'クーポン一覧', body: coupon.couponListRequest, response: coupon.couponListResponse },
  'POST /coopon/{opcd}/{pkcd}': {
    summary: 'クーポン詳細',
    params: coupon.couponParams,
    body: coupon.couponListRequest,
    response: coupon.couponDetailResponse,
  },
  'POST /coopon/use': { summary: 'クーポン使用', body: coupon.couponUseRequest, response: coupon.couponUseResponse },
  'POST /booking/{rsvno}': {
    summary: '予約取得',
    params: booking.rsvnoParams,
    body: booking.sessionRequest,
    response: booking.bookingResponse,
  },
  'GET /option/{code}': {
    summary: 'オプション詳細（マイページではパッケージコードも可）',
    params: catalog.optionPathParams,
    query: searchQuery(catalog.optionDetailQuery),
    response: catalog.optionOrPackageResponse,
  },
  'GET /option/{code}/departures': {
    summary: '出発時刻の一覧（開始時刻のある商品の一日）',
    params: catalog.optionPathParams,
    query: searchQuery(catalog.departuresQuery),
    response: catalog.departuresResponse,
  },
  'GET /option/{code}/rental-stock': {
    summary: 'レンタル用品のサイズ別の残り（その日、商品のレンタル店で）',
    params: catalog.optionPathParams,
    query: searchQuery(catalog.rentalStockQuery),
    response: catalog.rentalStockResponse,
  },
  'POST /booking/cancelprice': {
    summary: 'キャンセル料金',
    body: booking.cancelPriceRequest,
    response: booking.cancelPriceResponse,
  },
  'POST /booking/cancel': { summary: 'キャンセル', body: booking.cancelRequest, response: booking.plainResponse },
  'POST /booking/withdraw': {
    summary: 'リクエスト予約の取り消し（回答前）',
    body: booking.withdrawRequest,
    response: booking.plainResponse,
  },
  'POST /booking/change': {
    summary: '日時の変更（同じ商品・人数で別の日時へ）',
    body: booking.changeDepartureRequest,
    response: booking.changeDepartureResponse,
  },
  'POST /booking/edit': { summary: 'レンタル変更', body: booking.editBookingRequest, response: booking.plainResponse },
  'POST /booking': {
    summary: '予約登録',
    body: booking.createBookingRequest,
    response: booking.createBookingResponse,
  },
  'POST /booking/revise': {
    summary: '決済前の予約内容の修正（購入手続き）',
    body: booking.reviseBookingRequest,
    response: booking.plainResponse,
  },
  // 割引コード (ADR 0210): the check page's 適用; the booking applies the code again itself.
  'POST /discount': {
    summary: '割引コードの確認（割引額）',
    body: discounts.discountQuoteRequest,
    response: discounts.discountQuoteResponse,
  },
  'POST /checkout': { summary: '決済画面の作成', body: booking.checkoutRequest, response: booking.checkoutResponse },
  'POST /checkout/result': {
    summary: '決済結果の確認',
    body: booking.checkoutResultRequest,
    response: booking.checkoutResultResponse,
  },
  'GET /price/{opcd}': {
    summary: '料金',
    params: catalog.priceParams,
    query: searchQuery(catalog.priceQuery),
    response: catalog.priceResponse,
  },
  'GET /nationality': {
    summary: '国籍一覧',
    query: searchQuery(catalog.langQuery),
    response: catalog.nationalityResponse,
  },
  'GET /option': {
    summary: 'オプション検索',
    query: searchQuery(catalog.optionListQuery),
    response: catalog.optionListResponse,
  },
  'GET /option/condition': {
    summary: '検索条件',
    query: searchQuery(catalog.langQuery),
    response: catalog.conditionResponse,
  },
  'GET /area': {
    summary: '地域一覧',
    query: searchQuery(catalog.areaQuery, 'homencd'),
    response: catalog.areaResponse,
  },
  'GET /city': { summary: '都市一覧', query: searchQuery(catalog.cityQuery, 'areacd'), response: catalog.cityResponse },
  'GET /price': {
    summary: '料金（オプションコードなし: 常に errcd 501）',
    response: catalog.priceResponse,
  },
  // The PDF receipt (ADR 0163), after payment, from my page.
  'POST /booking/receipts': {
    summary: '領収書の一覧（発行できるもの・発行済みか）',
    body: receipt.receiptListRequest,
    response: receipt.receiptListResponse,
  },
  'POST /booking/receipt': {
    summary: '領収書（PDF）の発行・再発行（宛名は初回のみ）',
    body: receipt.receiptIssueRequest,
    kind: 'pdf',
  },
  // The ticket (ADR 0214), once paid, from my page: an A4 PDF to print, and a link to its Apple Wallet pass.
  'POST /booking/ticket': {
    summary: 'チケット（A4 の PDF）',
    body: tickets.ticketRequest,
    kind: 'pdf',
  },
  'POST /booking/ticket/wallet': {
    summary: 'Apple Wallet のパスを開くリンク（数分有効。Wallet の設定がなければ 404）',
    body: tickets.ticketRequest,
    response: tickets.walletLinkResponse,
  },
  // キャンセル待ち (ADR 0167); the booking from an offer is POST /booking with its waitlist_token.
  'POST /waitlist': {
    summary: 'キャンセル待ちの登録',
    body: waitlist.waitlistJoinRequest,
    response: waitlist.waitlistJoinResponse,
  },
  'POST /waitlist/leave': {
    summary: 'キャンセル待ちの取り消し（確認メールのリンク）',
    body: waitlist.waitlistTokenRequest,
    response: waitlist.waitlistLeaveResponse,
  },
  'POST /waitlist/offer': {
    summary: 'キャンセル待ちのご案内（確保したお席と期限）',
    body: waitlist.waitlistTokenRequest,
    response: waitlist.waitlistOfferResponse,
  },
});

/** SPEC §7's calls as a list (OpenAPI, the fuzz test, the start-up check). */
export const ENDPOINTS: Endpoint[] = Object.values(API);
