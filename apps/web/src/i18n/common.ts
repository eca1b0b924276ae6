/** Texts of the frame every customer page shares: header, footer, language switch, shared controls. */

import { AGE_CLASS_LABEL, GENDER_LABEL, RENTAL_TYPE_LABEL } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { RENTAL_FIELD_LABEL } from '@tabi/contract/rental';
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
  ageClasses: AGE_CLASS_LABEL,
  genders: GENDER_LABEL,
  rentalFields: RENTAL_FIELD_LABEL,
  rentalTypes: RENTAL_TYPE_LABEL,
  // A facility (the option's detail, my page, a coupon)
  facilityName: '施設名',
  hours: '営業時間',
  address: '住所',
  tel: '電話番号',
  mapOf: (place: string) => `${place}の地図`,
  /** The empty first entry of a required choice, and of an optional one. */
  choose: '選択してください',
  none: 'なし',
  // The consent form (the purchase's check page, my page's payment)
  consentDelivery: '旅行条件書等の書面を電子的方法で受け取ることに同意します',
  consentPrivacy: '個人情報の取扱いについて同意します',
  arrangedTravel: '手配旅行',
  packagedTravel: '募集型企画旅行',
  readBefore: 'お申し込みの前に、必ず以下の書面をお読みください。',
  deliveredAsPdf: '書面は電子的方法（PDF）にて交付いたします。',
  conditionsPdf: (kind: string) => `旅行条件書（${kind}）（PDF）`,
  privacyPdf: '個人情報の取扱いについて（PDF）',
  /** Below option content that has no English yet (never on Japanese pages). */
  untranslated: '',
};

export const useCommonMessages = defineMessages('common', commonJa);
