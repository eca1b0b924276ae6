/**
 * The staff console's calls under /api/admin (DESIGN §11), as `endpoints.ts` lists SPEC §7's: the server
 * registers each route from its entry and refuses to start without one (ADR 0150).
 */

import { z } from 'zod';
import * as admin from './admin.ts';
import * as bookings from './admin-bookings.ts';
import * as catalogAdmin from './admin-catalog.ts';
import * as media from './admin-media.ts';
import { langQuery, optionDetailResponse } from './catalog.ts';
import * as checkin from './checkin.ts';
import * as dayStop from './day-stop.ts';
import * as discounts from './discounts-admin.ts';
import { defineEndpoints, type Endpoint, optionalBody, searchQuery } from './endpoints.ts';
import * as operations from './operations.ts';
import * as receipt from './receipt.ts';
import * as rentalStock from './rental-stock.ts';
import * as resellers from './resellers.ts';
import * as resources from './resources.ts';
import * as waitlist from './waitlist.ts';

/**
 * A report the console shows and also downloads as CSV: both entries take the one query, so the file holds the rows
 * the screen shows. The CSV is named as the report with （CSV）, unless `csvSummary` names it.
 */
function withCsv<const P extends `/${string}`, Q extends z.ZodType, R extends z.ZodType>(
  path: P,
  query: Q,
  { summary, response, csvSummary = `${summary}（CSV）` }: { summary: string; response: R; csvSummary?: string },
) {
  const json = { summary, query, response };
  const csv = { summary: csvSummary, query, kind: 'csv' as const };
  return { [`GET ${path}`]: json, [`GET ${path}.csv`]: csv } as Record<`GET ${P}`, typeof json> &
    Record<`GET ${P}.csv`, typeof csv>;
}

export const CONSOLE = defineEndpoints('/api/admin', {
  // Sign-in and the account
  'POST /login': {
    summary: 'サインイン（パスワード）',
    body: admin.staffLoginRequest,
    response: admin.staffLoginResponse,
  },
  'POST /login/totp': {
    summary: 'サインイン（確認コード）',
    body: admin.staffTotpRequest,
    response: admin.staffLoginResponse,
  },
  'GET /totp/setup': { summary: '確認コードの登録を始める', response: admin.totpSetupResponse },
  'POST /totp/enable': {
    summary: '確認コードの登録を終える',
    body: admin.staffTotpRequest,
    response: admin.staffLoginResponse,
  },
  'GET /me': { summary: 'サインイン中のスタッフ', response: admin.staffMeResponse },
  'POST /password': { summary: 'パスワード変更', body: admin.passwordChangeRequest, response: admin.okResponse },
  'POST /logout': { summary: 'サインアウト', response: admin.okResponse },
  'GET /staff': { summary: 'スタッフ一覧（管理者）', response: admin.staffListResponse },
  'POST /staff': { summary: 'スタッフの追加', body: admin.staffCreateRequest, response: admin.staffChangeResponse },
  'POST /staff/{id}/role': {
    summary: 'スタッフの権限の変更',
    params: admin.staffIdParams,
    body: admin.staffRoleRequest,
    response: admin.staffChangeResponse,
  },
  'POST /staff/{id}/{action}': {
    summary: 'スタッフの無効化・有効化・パスワード再発行・認証アプリのリセット',
    params: admin.staffIdParams.extend({ action: z.enum(admin.STAFF_ACTIONS) }),
    body: optionalBody(bookings.emptyActionRequest),
    response: admin.staffChangeResponse,
  },

  // Dashboard, bookings, 予約詳細 and its actions
  'GET /dashboard': { summary: 'ダッシュボード', response: admin.dashboardResponse },
  ...withCsv('/bookings', admin.bookingSearchQuery, { summary: '予約一覧', response: admin.bookingPageResponse }),
  'GET /bookings/{rsvno}': {
    summary: '予約詳細',
    params: bookings.adminRsvnoParams,
    response: bookings.bookingDetailResponse,
  },
  'POST /bookings/{rsvno}/confirm': {
    summary: 'リクエストの手配',
    params: bookings.adminRsvnoParams,
    body: optionalBody(bookings.emptyActionRequest),
    response: bookings.transitionResponse,
  },
  'POST /bookings/{rsvno}/decline': {
    summary: 'リクエストのお断り',
    params: bookings.adminRsvnoParams,
    body: optionalBody(bookings.emptyActionRequest),
    response: bookings.transitionResponse,
  },
  'POST /bookings/{rsvno}/cancel-quote': {
    summary: 'キャンセル料の見積もり',
    params: bookings.adminRsvnoParams,
    body: optionalBody(bookings.cancelQuoteRequest),
    response: bookings.cancelQuoteResponse,
  },
  'POST /bookings/{rsvno}/cancel': {
    summary: 'キャンセル（スタッフ）',
    params: bookings.adminRsvnoParams,
    body: optionalBody(bookings.staffCancelRequest),
    response: bookings.staffCancelResponse,
  },
  'POST /bookings/{rsvno}/change-departure': {
    summary: '日時の変更（スタッフ）',
    params: bookings.adminRsvnoParams,
    body: bookings.staffChangeRequest,
    response: bookings.staffChangeResponse,
  },
  'POST /bookings/{rsvno}/resend-mail': {
    summary: 'メール再送',
    params: bookings.adminRsvnoParams,
    body: bookings.resendMailRequest,
    response: admin.okResponse,
  },
  'POST /bookings/{rsvno}/participants': {
    summary: '参加者の変更',
    params: bookings.adminRsvnoParams,
    body: bookings.participantsRequest,
    response: admin.okResponse,
  },
  'POST /bookings/{rsvno}/rentals': {
    summary: 'レンタルの変更',
    params: bookings.adminRsvnoParams,
    body: bookings.rentalsRequest,
    response: admin.okResponse,
  },
  'POST /bookings/{rsvno}/contact': {
    summary: '連絡先（電話番号・メール）の訂正',
    params: bookings.adminRsvnoParams,
    body: bookings.contactRequest,
    response: bookings.contactResponse,
  },
  'POST /bookings/{rsvno}/note': {
    summary: '社内メモ',
    params: bookings.adminRsvnoParams,
    body: bookings.noteRequest,
    response: admin.okResponse,
  },
  'POST /bookings/{rsvno}/reconcile': {
    summary: '決済の状態を今すぐ確認',
    params: bookings.adminRsvnoParams,
    body: optionalBody(bookings.emptyActionRequest),
    response: bookings.reconcileResponse,
  },
  'POST /bookings/{rsvno}/resources/reassign': {
    summary: 'リソースの割り当てを変更（同じプールの別のリソースへ）',
    params: bookings.adminRsvnoParams,
    body: bookings.reassignResourceRequest,
    response: bookings.reassignResourceResponse,
  },
  'GET /bookings/{rsvno}/receipts': {
    summary: '領収書の一覧（発行できるもの・発行済みか）',
    params: bookings.adminRsvnoParams,
    response: receipt.receiptListResponse,
  },
  'POST /bookings/{rsvno}/receipt': {
    summary: '領収書（PDF）の発行・再発行',
    params: bookings.adminRsvnoParams,
    body: optionalBody(receipt.staffReceiptRequest),
    kind: 'pdf',
  },
  ...withCsv('/manifest', bookings.manifestQuery, { summary: '参加者名簿', response: bookings.manifestResponse }),
  ...withCsv('/rental-sheet', operations.rentalSheetQuery, {
    summary: 'レンタル準備表',
    response: operations.rentalSheetResponse,
  }),
  'GET /options': { summary: 'オプションの選択肢', response: admin.optionChoicesResponse },

  // 商品一覧 / 商品編集, 在庫・料金カレンダー (admin only)
  'GET /options/catalog': { summary: '商品一覧', response: catalogAdmin.catalogListResponse },
  'GET /options/masters': { summary: '商品編集の選択肢', response: catalogAdmin.catalogMastersResponse },
  'POST /options': {
    summary: '商品の作成（下書き）',
    body: catalogAdmin.createOptionRequest,
    response: catalogAdmin.adminOptionResponse,
  },
  'GET /options/{opcd}': {
    summary: '商品',
    params: catalogAdmin.adminOpcdParams,
    response: catalogAdmin.adminOptionResponse,
  },
  'POST /options/{opcd}': {
    summary: '商品の保存',
    params: catalogAdmin.adminOpcdParams,
    body: catalogAdmin.updateOptionRequest,
    response: catalogAdmin.adminOptionResponse,
  },
  'POST /options/{opcd}/publish': {
    summary: '公開',
    params: catalogAdmin.adminOpcdParams,
    body: optionalBody(bookings.emptyActionRequest),
    response: catalogAdmin.adminOptionResponse,
  },
  'POST /options/{opcd}/unpublish': {
    summary: '非公開（下書き）に戻す',
    params: catalogAdmin.adminOpcdParams,
    body: optionalBody(bookings.emptyActionRequest),
    response: catalogAdmin.adminOptionResponse,
  },
  'GET /options/{opcd}/preview': {
    summary: 'お客様の画面のプレビュー',
    params: catalogAdmin.adminOpcdParams,
    query: searchQuery(langQuery),
    response: optionDetailResponse,
  },
  'GET /options/{opcd}/stock': {
    summary: '在庫・料金カレンダー（月）',
    params: catalogAdmin.adminOpcdParams,
    query: catalogAdmin.monthQuery,
    response: catalogAdmin.stockMonthResponse,
  },
  'POST /options/{opcd}/stock': {
    summary: '在庫・料金の一括変更',
    params: catalogAdmin.adminOpcdParams,
    body: catalogAdmin.stockEditRequest,
    response: catalogAdmin.stockEditResponse,
  },
  'POST /options/{opcd}/stock/preview': {
    summary: '在庫・料金の一括変更（変更内容の確認）',
    params: catalogAdmin.adminOpcdParams,
    body: catalogAdmin.stockEditRequest,
    response: catalogAdmin.stockPreviewResponse,
  },
  'POST /options/{opcd}/stock/departure': {
    summary: '在庫・料金の変更（1便）',
    params: catalogAdmin.adminOpcdParams,
    body: catalogAdmin.departureEditRequest,
    response: catalogAdmin.departureEditResponse,
  },

  // 施設とクーポン (admin only), メール
  // 商品の写真 (admin): the upload is multipart/form-data (one `file`, `caption`, `alt`), read by its route
  'GET /options/{opcd}/photos': {
    summary: '商品の写真一覧',
    params: catalogAdmin.adminOpcdParams,
    response: media.photoListResponse,
  },
  'POST /options/{opcd}/photos': {
    summary: '写真の追加（multipart/form-data: file, caption, alt）',
    params: catalogAdmin.adminOpcdParams,
    response: media.photoListResponse,
  },
  'POST /options/{opcd}/photos/{id}': {
    summary: '写真の説明・代替テキスト',
    params: media.photoIdParams,
    body: media.photoTextRequest,
    response: media.photoListResponse,
  },
  'POST /options/{opcd}/photos/{id}/move': {
    summary: '写真の並べ替え',
    params: media.photoIdParams,
    body: media.photoMoveRequest,
    response: media.photoListResponse,
  },
  'POST /options/{opcd}/photos/{id}/delete': {
    summary: '写真の削除',
    params: media.photoIdParams,
    body: optionalBody(bookings.emptyActionRequest),
    response: media.photoListResponse,
  },
  'GET /facilities': { summary: '施設一覧', response: catalogAdmin.facilityListResponse },
  'POST /facilities/{id}/pin': {
    summary: '施設 PIN の変更',
    params: catalogAdmin.facilityIdParams,
    body: catalogAdmin.facilityPinRequest,
    response: admin.okResponse,
  },
  'POST /facilities/{id}/mail': {
    summary: '施設のメールアドレス（レンタル準備表の送り先）',
    params: catalogAdmin.facilityIdParams,
    body: operations.facilityMailRequest,
    response: admin.okResponse,
  },
  'POST /facilities/{id}/disable': {
    summary: '施設を無効にする',
    params: catalogAdmin.facilityIdParams,
    response: admin.okResponse,
  },
  'POST /facilities/{id}/enable': {
    summary: '施設を有効にする',
    params: catalogAdmin.facilityIdParams,
    response: admin.okResponse,
  },
  'POST /coupons/{rsvno}/clear-lock': {
    summary: 'クーポン PIN のロック解除',
    params: catalogAdmin.couponRsvnoParams,
    response: catalogAdmin.clearLockResult,
  },
  ...withCsv('/facilities/usage', catalogAdmin.monthQuery, {
    summary: 'クーポン利用実績（月）',
    csvSummary: 'クーポン利用実績（CSV）',
    response: catalogAdmin.usageResponse,
  }),
  // 催行中止 and 最少催行人員
  'POST /day-stops/preview': {
    summary: '催行中止のプレビュー',
    body: dayStop.dayStopRequest,
    response: dayStop.dayStopPreviewResponse,
  },
  'POST /day-stops': { summary: '催行中止', body: dayStop.dayStopRequest, response: dayStop.dayStopStartedResponse },
  'GET /day-stops': { summary: '催行中止の一覧', response: dayStop.dayStopListResponse },
  'GET /day-stops/departures': {
    summary: '催行中止：その日の便',
    query: dayStop.dayStopDeparturesQuery,
    response: dayStop.dayStopDeparturesResponse,
  },
  'POST /day-decisions': { summary: '催行決定', body: dayStop.dayDecisionRequest, response: admin.okResponse },
  'GET /mails': { summary: 'メール一覧', query: admin.mailSearchQuery, response: admin.mailPageResponse },
  // キャンセル待ち (ADR 0167): the waiting entries per option and day.
  'GET /waitlist': {
    summary: 'キャンセル待ち一覧',
    query: waitlist.waitlistConsoleQuery,
    response: waitlist.waitlistConsoleResponse,
  },
  // 販売代理店 (DESIGN §13, ADR 0169): resellers and their API keys (admin only; a key is shown once).
  'GET /resellers': { summary: '販売代理店の一覧（管理者）', response: resellers.resellerListResponse },
  'POST /resellers': {
    summary: '販売代理店の追加',
    body: resellers.resellerRequest,
    response: resellers.resellerResponse,
  },
  'POST /resellers/{id}': {
    summary: '販売代理店の名前・手数料率の変更',
    params: resellers.resellerIdParams,
    body: resellers.resellerRequest,
    response: resellers.resellerResponse,
  },
  'POST /resellers/{id}/{action}': {
    summary: '販売代理店の有効化・無効化',
    params: resellers.resellerIdParams.extend({ action: z.enum(resellers.RESELLER_ACTIONS) }),
    body: optionalBody(bookings.emptyActionRequest),
    response: resellers.resellerResponse,
  },
  'POST /resellers/{id}/keys': {
    summary: 'APIキーの発行（キーはこの応答にだけ含まれます）',
    params: resellers.resellerIdParams,
    body: optionalBody(resellers.issueKeyRequest),
    response: resellers.issuedKeyResponse,
  },
  'POST /resellers/{id}/keys/{keyId}/revoke': {
    summary: 'APIキーの失効',
    params: resellers.resellerKeyParams,
    body: optionalBody(bookings.emptyActionRequest),
    response: resellers.resellerResponse,
  },
  // 販売チャネル: the choices of 予約一覧's filter, for every staff member.
  'GET /channels': { summary: '販売チャネルの選択肢', response: resellers.channelChoicesResponse },
  // 売上レポート (admin only): per channel and option, one month by reception date (Tokyo).
  ...withCsv('/reports/sales', resellers.salesMonthQuery, {
    summary: '売上レポート（販売チャネル・商品別、月）',
    csvSummary: '売上レポート（CSV）',
    response: resellers.salesReportResponse,
  }),
  // リソース (ADR 0209, admin only): boats, guides and rental equipment shared by options, their dated capacities
  // and the options whose bookings take their units.
  'GET /resources': {
    summary: 'リソースの一覧（今日から15日間の使用数と残り）',
    response: resources.resourceListResponse,
  },
  'POST /resources': {
    summary: 'リソースの追加',
    body: resources.resourceRequest,
    response: resources.resourceResponse,
  },
  'GET /resources/{id}': {
    summary: 'リソースの詳細',
    params: resources.resourceIdParams,
    response: resources.resourceResponse,
  },
  'POST /resources/{id}': {
    summary: 'リソースの変更',
    params: resources.resourceIdParams,
    body: resources.resourceRequest,
    response: resources.resourceResponse,
  },
  'POST /resources/{id}/delete': {
    summary: 'リソースの削除（予約で使われていない場合のみ）',
    params: resources.resourceIdParams,
    body: optionalBody(bookings.emptyActionRequest),
    response: admin.okResponse,
  },
  'POST /resources/{id}/exceptions': {
    summary: 'リソースの日付ごとの容量（すべて置き換え）',
    params: resources.resourceIdParams,
    body: resources.resourceExceptionsRequest,
    response: resources.resourceResponse,
  },
  'POST /resources/{id}/uses': {
    summary: 'リソースを使う商品（すべて置き換え）',
    params: resources.resourceIdParams,
    body: resources.resourceUsesRequest,
    response: resources.resourceResponse,
  },
  'GET /resources/{id}/bookings': {
    summary: 'ある日にリソースを使う予約（日付ごとの容量を変える前の確認）',
    params: resources.resourceIdParams,
    query: resources.resourceBookingsQuery,
    response: resources.resourceBookingsResponse,
  },
  // チェックイン (ADR 0215, admin and operator): the scanner at the door.
  'GET /checkin/day': {
    summary: 'チェックイン：その日の出発（便）と到着・予定・無断不参加の人数',
    query: checkin.checkinDayQuery,
    response: checkin.checkinDayResponse,
  },
  'GET /checkin/departure': {
    summary: 'チェックイン：出発（便）の予約とチケット（スキャナーがオフラインで使う控え）',
    query: checkin.checkinDepartureQuery,
    response: checkin.checkinPackResponse,
  },
  'POST /checkin/scan': {
    summary: 'チェックイン：チケットのQRコードまたは予約番号で照合し、参加者をチェックインする',
    body: checkin.checkinScanRequest,
    response: checkin.checkinAnswerResponse,
  },
  'POST /checkin/undo': {
    summary: 'チェックインの取り消し（チェックインした当日のみ）',
    body: checkin.checkinUndoRequest,
    response: checkin.checkinAnswerResponse,
  },
  'POST /checkin/no-shows': {
    summary: '出発時刻を過ぎた便の、チェックインしていない参加者を無断不参加として記録する',
    body: checkin.checkinNoShowsRequest,
    response: checkin.checkinNoShowsResponse,
  },
  // 割引コード (ADR 0210, admin only): the operator's discount codes, their rules, and the uses that count against
  // their limits.
  'GET /discount-codes': {
    summary: '割引コードの一覧（新しい順、利用数と割引額の合計つき）',
    response: discounts.discountCodeListResponse,
  },
  'POST /discount-codes': {
    summary: '割引コードの追加',
    body: discounts.discountCodeRequest,
    response: discounts.discountCodeResponse,
  },
  'GET /discount-codes/{id}': {
    summary: '割引コードの詳細',
    params: discounts.discountCodeIdParams,
    response: discounts.discountCodeResponse,
  },
  'POST /discount-codes/{id}': {
    summary: '割引コードの変更',
    params: discounts.discountCodeIdParams,
    body: discounts.discountCodeRequest,
    response: discounts.discountCodeResponse,
  },
  'POST /discount-codes/{id}/delete': {
    summary: '割引コードの削除（一度も使われていない場合のみ）',
    params: discounts.discountCodeIdParams,
    body: optionalBody(bookings.emptyActionRequest),
    response: admin.okResponse,
  },
  // サイズ別在庫 (ADR 0209, admin only): a rental shop's pairs of each item and size, and its dated numbers.
  'GET /facilities/{id}/rental-stock': {
    summary: 'サイズ別在庫（品目・サイズごとの数と日付ごとの数）',
    params: rentalStock.rentalStockParams,
    response: rentalStock.rentalStockResponse,
  },
  'POST /facilities/{id}/rental-stock': {
    summary: 'サイズ別在庫の変更（1品目のサイズごとの数をすべて置き換え）',
    params: rentalStock.rentalStockParams,
    body: rentalStock.rentalStockItemRequest,
    response: rentalStock.rentalStockResponse,
  },
  'POST /facilities/{id}/rental-stock/days': {
    summary: 'サイズ別在庫の日付ごとの数（追加・変更）',
    params: rentalStock.rentalStockParams,
    body: rentalStock.rentalStockDayRequest,
    response: rentalStock.rentalStockResponse,
  },
  'POST /facilities/{id}/rental-stock/days/delete': {
    summary: 'サイズ別在庫の日付ごとの数の削除',
    params: rentalStock.rentalStockParams,
    body: rentalStock.rentalStockDayDeleteRequest,
    response: rentalStock.rentalStockResponse,
  },
});

export const CONSOLE_ENDPOINTS: Endpoint[] = Object.values(CONSOLE);
