/** Texts of the option detail page only (SPEC §2 Option detail): apart from the list's, which `/` loads. */
import { WEEKDAY_JA } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { defineMessages } from '../../../i18n/messages.ts';

export const detailJa = {
  backToList: Msg.backToList,
  duration: '所要時間',
  durationText: (hours: number, minutes: number) =>
    `約${hours > 0 ? `${hours}時間` : ''}${minutes > 0 ? `${minutes}分` : ''}`,
  meeting: '集合時間・場所',
  bookingMethod: '予約方法',
  bookingByRequest: 'リクエスト（空き状況をメールでご回答）',
  bookingInstant: '即時確定',
  freeCancel: 'キャンセル無料期限',
  pageMenu: 'ページ内メニュー',
  contentGuide: '内容案内',
  price: '旅行代金',
  applicationGuide: '申込案内',
  facility: '施設情報',
  map: '地図',
  attention: '注意事項',
  priceNoteAdult: 'カレンダーに表示している料金は、大人１名様あたりの旅行代金です。',
  priceNoteOthers: '小人などその他の年齢区分の料金は、日付を選択すると表示されます。',
  priceNoteRequest:
    'こちらはリクエスト商品です。お申込み後に空き状況を確認し、手配の可否をメールにてご連絡いたします。',
  salesCutoff: (until: string) => `お申し込みの締切：${until}（締切を過ぎた日は選択できません）`,
  legendAvailable: '空きあり',
  legendFew: '残りわずか（残数）',
  legendClosed: '空欄：受付不可',
  cancelNote: '取消料（キャンセル料）について',
  organiser: '旅行企画・実施',
  organiserJata: '一般社団法人 日本旅行業協会（JATA）正会員',
  organiserFairTrade: '旅行業公正取引協議会会員',
  organiserManager: '総合旅行業務取扱管理者：桜井 一郎',
  organiserContact: (tel: string) => `お問い合わせ：${tel}（平日 10:00～18:00）`,
  organiserNote:
    '総合旅行業務取扱管理者とは、お客様の旅行を取り扱う営業所での取引の責任者です。この旅行契約に関し担当者からの説明にご不明な点があれば、ご遠慮なく上記の総合旅行業務取扱管理者にお尋ねください。',
  seePrices: '空き状況・料金を見る',
  buyPanel: '料金と予約',
  perAdultShort: ' / 大人1名',
  priceOnDate: '料金は日付を選ぶと表示されます',
  requestNote: `${Msg.requestBadge}：空き状況はメールでご回答します`,
  pickDateToBook: '日付を選んで予約する',
  /** The buy panel's button once a day is chosen (short enough for a phone's bar beside the price). */
  bookOnDay: (m: number, d: number, weekday: number) => `${m}/${d}（${WEEKDAY_JA[weekday] ?? ''}）で予約する`,
  // Gallery
  carousel: 'カルーセル',
  photosOf: (title: string) => `${title}の写真`,
  photoAlt: (title: string, n: number) => `${title}の写真${n}`,
  photosKeys: '写真（左右キーで切り替え）',
  slide: 'スライド',
  previousPhoto: '前の写真',
  nextPhoto: '次の写真',
  previousThumbnails: '前のサムネイル',
  nextThumbnails: '次のサムネイル',
  thumbnails: 'サムネイル',
  showPhoto: (n: number, caption: string) => `写真${n}を表示${caption ? `：${caption}` : ''}`,
};

export const useDetailMessages = defineMessages('detail', detailJa);
