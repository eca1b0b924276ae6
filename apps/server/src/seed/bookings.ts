/** The demo bookings AA100001–AA100011 (helpers' "Demo data"): one per status and kind, login phone 090-1234-5678. */
import type { AgeClass } from '@tabi/contract/constants';
import { addDays, type Ymd } from '@tabi/contract/dates';
import type { BookingState } from '../db/schema.ts';

export const DEMO_TEL = '090-1234-5678';

export interface DemoMember {
  sei: string;
  mei: string;
  sex: '1' | '2';
  age: number;
  ageClass: AgeClass;
  rental?: { model: '' | '1' | '2'; boots: string; wear: string };
}

export interface DemoBookingOption {
  opcd: string;
  couponUsedAll?: boolean;
  ticketUrl?: string;
  exRsvno?: string;
  exConfirmno?: string;
  exUrl?: string;
}

export interface DemoBooking {
  rsvno: string;
  pkcd: string;
  /** Days from today (Tokyo) of the use date. */
  dayOffset: number;
  /** Its state (a canceled booking says whether it had been paid). */
  state: BookingState;
  paid?: boolean;
  /** Minutes before the seed time that the booking was made. */
  madeMinutesAgo: number;
  paymentDeadlineHours?: number;
  canceled?: boolean;
  mail: string;
  members: DemoMember[];
  options: DemoBookingOption[];
  /** What the demo shows, printed by `npm run seed`. */
  shows: string;
}

const DAY = 24 * 60;
const adult = (sei: string, mei: string, sex: '1' | '2', age: number): DemoMember => ({
  sei,
  mei,
  sex,
  age,
  ageClass: 'adult',
});

export const DEMO_BOOKINGS: DemoBooking[] = [
  {
    rsvno: 'AA100001',
    pkcd: 'X',
    dayOffset: 10,
    state: 'paid',
    madeMinutesAgo: 5 * DAY,
    mail: 'taro.yamada@example.jp',
    members: [
      adult('山田', '太郎', '1', 42),
      adult('山田', '花子', '2', 39),
      { sei: '山田', mei: '健太', sex: '1', age: 8, ageClass: 'child' },
    ],
    options: [{ opcd: 'OP0001' }],
    shows: '予約済み（決済済み・10日後・キャンセル可）',
  },
  {
    rsvno: 'AA100002',
    pkcd: 'X',
    dayOffset: 14,
    state: 'held',
    madeMinutesAgo: 0,
    mail: 'kenichi.sato@example.jp',
    members: [adult('佐藤', '健一', '1', 35), adult('佐藤', '美咲', '2', 33)],
    options: [{ opcd: 'OP0001' }],
    shows: '未決済（作成から1時間後にキャンセル済み）',
  },
  {
    rsvno: 'AA100003',
    pkcd: 'X',
    dayOffset: 30,
    state: 'canceled',
    madeMinutesAgo: 10 * DAY,
    canceled: true,
    mail: 'ichiro.suzuki@example.jp',
    members: [adult('鈴木', '一郎', '1', 50)],
    options: [{ opcd: 'OP0026' }],
    shows: 'キャンセル済み',
  },
  {
    rsvno: 'AA100004',
    pkcd: 'X',
    dayOffset: 20,
    state: 'offered',
    madeMinutesAgo: DAY,
    paymentDeadlineHours: 72,
    mail: 'yumi.takahashi@example.jp',
    members: [adult('高橋', '由美', '2', 29), adult('高橋', '翔', '1', 31)],
    options: [{ opcd: 'OP0002' }],
    shows: '仮予約（手配済）・決済可（期限72時間後）',
  },
  {
    rsvno: 'AA100005',
    pkcd: 'X',
    dayOffset: 25,
    state: 'requested',
    madeMinutesAgo: 2 * 60,
    mail: 'makoto.tanaka@example.jp',
    members: [
      adult('田中', '誠', '1', 45),
      adult('田中', 'さくら', '2', 44),
      { sei: '田中', mei: '陽菜', sex: '2', age: 7, ageClass: 'child' },
    ],
    options: [{ opcd: 'OP0002' }],
    shows: 'リクエスト予約',
  },
  {
    rsvno: 'AA100006',
    pkcd: 'X',
    dayOffset: 7,
    state: 'paid',
    madeMinutesAgo: 3 * DAY,
    mail: 'daisuke.ito@example.jp',
    members: [adult('伊藤', '大輔', '1', 38)],
    options: [{ opcd: 'OP0008', exRsvno: '40271938562', exConfirmno: '7315' }],
    shows: 'JRきっぷ（発券番号11桁・確認番号4桁・発券方法）',
  },
  {
    rsvno: 'AA100007',
    pkcd: 'X',
    dayOffset: 5,
    state: 'paid',
    madeMinutesAgo: 4 * DAY,
    mail: 'naoki.watanabe@example.jp',
    members: [adult('渡辺', '直樹', '1', 36), adult('渡辺', '恵', '2', 34)],
    options: [{ opcd: 'OP0009', exRsvno: 'DJ5K8M2Q7', exUrl: 'https://dj.example.jp/coupon/login' }],
    shows: 'DJデジタルチケット（ログイン番号とURL）',
  },
  {
    rsvno: 'AA100008',
    pkcd: 'X',
    dayOffset: 3,
    state: 'paid',
    madeMinutesAgo: 6 * DAY,
    mail: 'takuya.nakamura@example.jp',
    members: [
      adult('中村', '拓也', '1', 41),
      adult('中村', '愛', '2', 40),
      { sei: '中村', mei: '蓮', sex: '1', age: 9, ageClass: 'child' },
    ],
    options: [{ opcd: 'OP0010', ticketUrl: 'https://ticket.example.jp/linktivity/AA100008' }],
    shows: 'Linktivity電子チケット（3日後から表示）',
  },
  {
    rsvno: 'AA100009',
    pkcd: 'X',
    dayOffset: -2,
    state: 'paid',
    madeMinutesAgo: 20 * DAY,
    mail: 'ryo.kobayashi@example.jp',
    members: [
      { ...adult('小林', '亮', '1', 34), rental: { model: '1', boots: '26.5', wear: 'L' } },
      {
        sei: '小林',
        mei: '優奈',
        sex: '2',
        age: 15,
        ageClass: 'middle',
        rental: { model: '2', boots: '23.5', wear: 'S' },
      },
    ],
    options: [{ opcd: 'OP0003' }],
    shows: 'スキーレンタル（2日前開始・レンタル変更リンク表示）',
  },
  {
    rsvno: 'AA100010',
    pkcd: 'PK0001',
    dayOffset: 0,
    state: 'paid',
    madeMinutesAgo: 7 * DAY,
    mail: 'koji.kato@example.jp',
    members: [
      adult('加藤', '浩二', '1', 40),
      adult('加藤', '久美子', '2', 38),
      { sei: '加藤', mei: '悠真', sex: '1', age: 9, ageClass: 'child' },
    ],
    options: [{ opcd: 'OP0011' }, { opcd: 'OP0012' }, { opcd: 'OP0013', couponUsedAll: true }],
    shows: '電子クーポン（本日利用・OP0013は使用済み）',
  },
  {
    rsvno: 'AA100011',
    pkcd: 'PK0001',
    dayOffset: 1,
    state: 'paid',
    madeMinutesAgo: 2 * DAY,
    mail: 'takashi.yoshida@example.jp',
    members: [
      adult('吉田', '隆', '1', 47),
      adult('吉田', '真理', '2', 45),
      { sei: '吉田', mei: '結衣', sex: '2', age: 10, ageClass: 'child' },
    ],
    options: [{ opcd: 'OP0011' }, { opcd: 'OP0012' }, { opcd: 'OP0013' }],
    shows: '電子クーポン（明日利用・マイページへ）',
  },
];

export function useDateOf(booking: DemoBooking, today: Ymd): Ymd {
  return addDays(today, booking.dayOffset);
}
