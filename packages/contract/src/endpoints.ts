/** Every call of SPEC §7 with its schemas: the server validates with them, OpenAPI is generated from them. */
import type { z } from 'zod';
import * as booking from './booking.ts';
import * as catalog from './catalog.ts';
import * as coupon from './coupon.ts';

export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/mylogin',
    summary: 'ログイン',
    body: booking.loginRequest,
    response: booking.loginResponse,
  },
  {
    method: 'POST',
    path: '/mylogout',
    summary: 'ログアウト（サーバー側のセッションも終了）',
    body: booking.logoutRequest,
    response: booking.logoutResponse,
  },
  {
    method: 'POST',
    path: '/coopon',
    summary: 'クーポン一覧',
    body: coupon.couponListRequest,
    response: coupon.couponListResponse,
  },
  {
    method: 'POST',
    path: '/coopon/{opcd}/{pkcd}',
    summary: 'クーポン詳細',
    body: coupon.couponListRequest,
    response: coupon.couponDetailResponse,
  },
  {
    method: 'POST',
    path: '/coopon/use',
    summary: 'クーポン使用',
    body: coupon.couponUseRequest,
    response: coupon.couponUseResponse,
  },
  {
    method: 'POST',
    path: '/booking/{rsvno}',
    summary: '予約取得',
    body: booking.sessionRequest,
    response: booking.bookingResponse,
  },
  {
    method: 'GET',
    path: '/option/{code}',
    summary: 'オプション詳細（マイページではパッケージコードも可）',
    query: catalog.optionDetailQuery,
    response: catalog.optionDetailResponse,
  },
  {
    method: 'POST',
    path: '/booking/cancelprice',
    summary: 'キャンセル料金',
    body: booking.cancelPriceRequest,
    response: booking.cancelPriceResponse,
  },
  {
    method: 'POST',
    path: '/booking/cancel',
    summary: 'キャンセル',
    body: booking.cancelRequest,
    response: booking.plainResponse,
  },
  {
    method: 'POST',
    path: '/booking/edit',
    summary: 'レンタル変更',
    body: booking.editBookingRequest,
    response: booking.plainResponse,
  },
  {
    method: 'POST',
    path: '/booking',
    summary: '予約登録',
    body: booking.createBookingRequest,
    response: booking.createBookingResponse,
  },
  {
    method: 'POST',
    path: '/checkout',
    summary: '決済画面の作成',
    body: booking.checkoutRequest,
    response: booking.checkoutResponse,
  },
  {
    method: 'POST',
    path: '/checkout/result',
    summary: '決済結果の確認',
    body: booking.checkoutResultRequest,
    response: booking.checkoutResultResponse,
  },
  { method: 'GET', path: '/price/{opcd}', summary: '料金', query: catalog.priceQuery, response: catalog.priceResponse },
  { method: 'GET', path: '/nationality', summary: '国籍一覧', response: catalog.nationalityResponse },
  {
    method: 'GET',
    path: '/option',
    summary: 'オプション検索',
    query: catalog.optionListQuery,
    response: catalog.optionListResponse,
  },
  { method: 'GET', path: '/option/condition', summary: '検索条件', response: catalog.conditionResponse },
  { method: 'GET', path: '/area', summary: '地域一覧', query: catalog.areaQuery, response: catalog.areaResponse },
  { method: 'GET', path: '/city', summary: '都市一覧', query: catalog.cityQuery, response: catalog.cityResponse },
];
