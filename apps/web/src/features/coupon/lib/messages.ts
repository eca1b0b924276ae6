/** Texts of the coupon pages (SPEC §2 Coupon list, Coupon detail). */
import { Msg } from '@tabi/contract/messages';
import { defineMessages } from '../../../i18n/messages.ts';

export const couponJa = {
  listTitle: 'クーポン一覧',
  detailTitle: 'クーポン詳細',
  backToMyPage: 'マイページに戻る',
  backToList: 'クーポン一覧に戻る',
  forDayBefore: 'ご利用日 ',
  forDayAfter: ' のクーポンです。施設のスタッフにこの画面をお見せください。',
  loadFailed: 'クーポンを読み込めませんでした。',
  loading: 'クーポンを読み込んでいます…',
  dateOfUse: (day: string) => `利用日：${day}`,
  detailLink: Msg.detailLink,
  use: '使用する',
  useTitle: 'クーポンを使用する',
  facilityStopped: Msg.couponFacilityStopped,
  allUsed: 'このクーポンはすべて使用済みです。',
  usedMark: '使用済み',
  contents: 'ご利用内容',
  caution: 'ご注意事項',
  used: Msg.couponUsed,
  usedCounts: (adult: number, child: number) =>
    `大人 ${adult}枚${child > 0 ? `・小人 ${child}枚` : ''} を使用しました。`,
  backOnClose: '閉じるとマイページに戻ります。',
  sheets: (n: number) => `${n}枚`,
  /** After a number set in bold: 3枚. */
  sheetUnit: '枚',
  pin: '暗証番号',
  pinHint: Msg.pinHint,
  adultNeeded:
    '大人のクーポンがすべて使用済みのため、小人のクーポンだけをご利用いただくことはできません。ご不明な点は、施設のスタッフまたは当社までお問い合わせください。',
  facility: '施設情報',
  remaining: '残り枚数',
  countsCaption: 'クーポンの残り枚数と使用済み枚数',
  ageClassColumn: '区分',
  usedColumn: '使用済み',
  ofTotal: (total: number) => `／${total}枚`,
};

export const useCouponMessages = defineMessages('coupon', couponJa);
