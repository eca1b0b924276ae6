/** Texts of the frame every customer page shares: header, footer, language switch, shared controls. */

import { Msg } from '@tabi/contract/messages';
import { ROUTES, type RouteKey, type RouteTexts } from '@tabi/contract/routes';
import { defineMessages } from './messages.ts';

const routes = Object.fromEntries(
  (Object.keys(ROUTES) as RouteKey[]).map((key) => [
    key,
    { title: ROUTES[key].title, description: ROUTES[key].description },
  ]),
) as RouteTexts;

export const commonJa = {
  /** Each page's title and description (SPEC §2's). */
  routes,
  skipToContent: '本文へ移動',
  siteLinks: 'サイト内リンク',
  optionList: 'オプション一覧',
  myPage: 'マイページ',
  bookingLookup: '予約確認',
  organiser: '旅行企画・実施：',
  companyRegistration: (name: string, registration: string) => `${name}（${registration}）`,
  addressTel: (address: string, tel: string) => `${address}　TEL ${tel}`,
  legalExample: '※ 上記の会社名・登録番号・所在地・電話番号はデモ用の例です。',
  languageSwitch: '言語',
  close: Msg.close,
  loading: '読み込み中',
  required: '必須',
  /** From one date or price to another. */
  range: (from: string, to: string) => `${from}～${to}`,
  steps: 'お手続きの流れ',
  stepDone: '完了済み：',
  stepCurrent: '現在のステップ：',
  step: (n: number) => `ステップ${n}`,
  errorTitle: 'エラー',
  unexpected: Msg.unexpected,
  networkError: Msg.networkError,
  csrfExpired: Msg.csrfExpired,
  /** A message of the contract's rules (Japanese, SPEC's) in the page's language. */
  message: (japanese: string) => japanese,
  toTopPage: 'トップページへ',
  /** Below option content that has no English yet (never on Japanese pages). */
  untranslated: '',
};

export const useCommonMessages = defineMessages('common', commonJa);
