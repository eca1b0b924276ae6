/** Texts of the option list and the option detail (SPEC §2 Option list, Option detail). */
import { Msg } from '@tabi/contract/messages';
import type { OptionSort } from '@tabi/contract/option-sort';
import { defineMessages } from '../../../i18n/messages.ts';

export const catalogJa = {
  listTitle: Msg.optionListTitle,
  listLead: '観光ツアーや体験、レンタル、きっぷなど、旅先でのお楽しみをお選びください。',
  requestBadge: Msg.requestBadge,
  perAdult: Msg.perAdult,
  localMeeting: Msg.localMeeting,
  detailLink: Msg.detailLink,
  /** Between the link's words and the option's name, which only screen readers hear. */
  detailLinkSeparator: '：',
  /** SPEC §2: <b>1～20</b> 件 (全 <b>42</b> 件) */
  resultRange: (from: number, to: number) => `${from}～${to}`,
  resultCountMiddle: ' 件 (全 ',
  resultCountEnd: ' 件)',
  resultCountEmpty: (total: number) => `0 件 (全 ${total} 件)`,
  noResults: 'ご指定の条件に合うオプションが見つかりませんでした。',
  noResultsHint: '条件を変更して、もう一度検索してください。',
  /** A searched use date without room; the day as 2026/12/10（木）. */
  noRoomOn: (day: string) => `${day}に空きのあるオプションはありません。`,
  nearestDaysLead: '近い日なら空きがあります。日付を選ぶと、その日で検索します。',
  pastLastPage: 'このページに表示するオプションはありません。',
  toFirstPage: '最初のページへ戻る',
  pagesAbove: 'ページ送り（上）',
  pagesBelow: 'ページ送り（下）',
  previous: '前へ',
  next: '次へ',
  recentlyViewed: '最近見た商品',
  from: '〜',
  // Search panel and toolbar
  searchPanel: 'オプション検索',
  openSearch: '検索条件を指定する',
  closeSearch: '検索条件を閉じる',
  appliedCount: (n: number) => `${n}件指定中`,
  searchTitle: '検索条件',
  close: Msg.close,
  homen: '方面',
  allRegions: Msg.allRegions,
  area: '地域（エリア）',
  areaHint: Msg.areaHint,
  allAreas: 'すべてのエリア',
  city: '都市',
  cityHint: Msg.cityHint,
  allCities: 'すべての都市',
  fromspot: '出発地',
  allFromspots: Msg.allFromspots,
  usedate: '利用日',
  keywords: 'キーワード',
  search: Msg.search,
  resetSearch: Msg.resetSearch,
  activeConditions: '絞り込み中の条件',
  removeCondition: (label: string) => `${label}の条件を外す`,
  departingFrom: (place: string) => `${place}発`,
  usingOn: (day: string) => `${day} 利用`,
  sortBy: '並び替え',
  sorts: { recommended: 'おすすめ順', price_asc: '料金の安い順', price_desc: '料金の高い順' } as Record<
    OptionSort,
    string
  >,
  // Date field and its calendar
  dateHint: (slashed: string, digits: string) => `「${slashed}」や「${digits}」のように入力することもできます。`,
  invalidDate: Msg.invalidDate,
  datePlaceholder: (slashed: string) => `例：${slashed}`,
  pickFromCalendar: (label: string) => `${label}をカレンダーから選ぶ`,
  clear: 'クリア',
  loading: '読み込み中…',
  dayButton: (y: number, m: number, d: number, today: boolean, selected: boolean) =>
    `${today ? '今日、' : ''}${y}年${m}月${d}日${selected ? '（選択中）' : ''}`,
  // Facts of a card and of the detail page
  keywordsLabel: 'キーワード',
  placeSeparator: ' ／ ',
  usePeriod: '利用期間',
  destination: '目的地',
  meetpoint: '集合場所',
  opcd: '商品コード',
};

export const useCatalogMessages = defineMessages('catalog', catalogJa);
