/** Texts of the availability calendar and the party form (SPEC §2 Availability calendar, Option detail). */
import { WEEKDAY_JA } from '@tabi/contract/dates';
import { defineMessages } from '../../../i18n/messages.ts';

export const availabilityJa = {
  closed: '受付不可',
  available: '空きあり',
  left: (mark: string) => `残り${mark}`,
  monthGrid: (y: number, m: number) => `${y}年${m}月の空き状況`,
  /** A day's button: 11月23日(月) 空きあり 大人￥8,000 (weekday 0 is Sunday). */
  monthDay: (m: number, d: number, weekday: number) => `${m}月${d}日(${WEEKDAY_JA[weekday] ?? ''})`,
  dayOpen: (day: string, stock: string, adultPrice: string) => `${day} ${stock} 大人${adultPrice}`,
  dayClosed: (day: string) => `${day} 受付不可`,
  // The party dialog and form
  partyTitle: 'ご利用人数の選択',
  toMember: '申込者情報の入力へ',
  optionName: '商品名',
  usedate: 'ご利用日',
  notChosen: '未選択',
  heldSeats: '確保中のお席',
  held: (n: number, until: string) => `${n}名分（${until}まで）`,
  ageNote: '年齢区分について',
  tableCaption: '年齢区分ごとの人数と料金',
  ageClassColumn: '区分',
  priceColumn: '料金（1名）',
  countColumn: '人数',
  loading: '読み込み中…',
  people: (n: number) => `${n}名`,
  total: '合計金額',
  // The departures of a day (an option with start times, ADR 0196)
  startTime: '開始時刻',
  departuresLegend: '開始時刻を選択してください',
  seatsLeft: (n: number) => `残り${n}席`,
  seatsMany: '空きあり',
  soldOut: '満席',
  salesEnded: '受付終了',
  adultFrom: (price: string) => `大人${price}`,
  noDepartures: 'この日にご予約いただける時間はありません。別の日をお選びください。',
};

export const useAvailabilityMessages = defineMessages('availability', availabilityJa);
