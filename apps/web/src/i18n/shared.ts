/**
 * Texts several pages share but the frame does not (age classes, rentals, a facility, the consent form): apart
 * from the common catalog, which every page's first script carries.
 */
import { AGE_CLASS_LABEL, GENDER_LABEL, RENTAL_TYPE_LABEL } from '@tabi/contract/constants';
import { WEEKDAY_JA } from '@tabi/contract/dates';
import { Msg, participantTitle } from '@tabi/contract/messages';
import { RENTAL_FIELD_LABEL } from '@tabi/contract/rental';
import { defineMessages } from './messages.ts';

export const sharedJa = {
  // A traveller (the purchase's entry and review, my page)
  participant: participantTitle,
  sex: '性別',
  nationality: '国籍',
  passport: 'パスポート番号',
  vegetarian: 'ベジタリアン食',
  vegetarianWanted: Msg.vegetarianWanted,
  vegetarianNotWanted: '希望しない',
  // A month's calendar (the 利用日 picker, the availability calendar)
  previousMonth: '前の月',
  nextMonth: '次の月',
  monthNav: '月の切り替え',
  monthCaption: (y: number, m: number) => `${y}年${m}月`,
  weekdays: [...WEEKDAY_JA],
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
  openInMaps: '地図アプリで開く',
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
};

export const useSharedMessages = defineMessages('shared', sharedJa);
