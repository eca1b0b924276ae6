/**
 * A booking with everything a customer mail can show, written in each language the way a customer of that language
 * would have it (the option's own texts translated, the applicant's name in Latin letters, a participant's in the
 * language's script), for the tests that hold every mail to its language and for looking at them rendered.
 */
import { STANDARD_CANCEL_POLICY } from '@tabi/contract/cancel-policy';
import { formatDeparture } from '@tabi/contract/dates';
import { LANG_BASE, type Lang } from '@tabi/contract/i18n';
import type { DayBeforeLine } from './day-before-templates.ts';
import { mailText } from './mail-text.ts';
import type { MailBooking, StopNotice } from './templates.ts';
import type { WaitlistMailEntry } from './waitlist-templates.ts';

export const FIXTURE_ORIGIN = 'http://localhost:3000';
export const FIXTURE_RSVNO = 'AB123456';
/** The day of use: 1 Dec 2026, a Tuesday. */
export const FIXTURE_DAY = '20261201';

/** What the option and its shop say, in one language (as the catalog's translations give them). */
interface OptionWords {
  sei: string;
  mei: string;
  /** A second participant, named in the language's own script. */
  otherSei: string;
  otherMei: string;
  webname: string;
  meetpoint: string;
  address: string;
  shopOption: string;
  shop: string;
  shopAddress: string;
  shopNote: string;
  /** What staff wrote beside a listed reason of 催行中止. */
  stopNote: string;
}

export const OPTION_WORDS: Record<Lang, OptionWords> = {
  ja: {
    sei: '山田',
    mei: '太郎',
    otherSei: '山田',
    otherMei: '花子',
    webname: '東京湾クルーズ',
    meetpoint: '日の出桟橋 2階 受付',
    address: '東京都港区海岸2-7-104',
    shopOption: '白馬 ブーツレンタル',
    shop: 'アルプスレンタル',
    shopAddress: '長野県北安曇郡白馬村',
    shopNote: '店舗裏の駐車場は無料です。',
    stopNote: '強風注意報が発表されました。',
  },
  en: {
    sei: 'SMITH',
    mei: 'JANE',
    otherSei: 'SMITH',
    otherMei: 'JOHN',
    webname: 'Tokyo Bay cruise',
    meetpoint: 'Hinode pier, 2F reception',
    address: '2-7-104 Kaigan, Minato, Tokyo',
    shopOption: 'Hakuba boots rental',
    shop: 'Alps Rental',
    shopAddress: 'Hakuba, Nagano',
    shopNote: 'Parking behind the shop is free.',
    stopNote: 'A strong wind warning has been issued.',
  },
  ko: {
    sei: 'KIM',
    mei: 'MINJUN',
    otherSei: '이',
    otherMei: '서연',
    webname: '도쿄만 크루즈',
    meetpoint: '히노데 부두 2층 접수처',
    address: '도쿄도 미나토구 가이간 2-7-104',
    shopOption: '하쿠바 부츠 렌탈',
    shop: '알프스 렌탈',
    shopAddress: '나가노현 하쿠바무라',
    shopNote: '가게 뒤 주차장은 무료입니다.',
    stopNote: '강풍 주의보가 발령되었습니다.',
  },
  'zh-Hant': {
    sei: 'CHEN',
    mei: 'TAIMAN',
    otherSei: '林',
    otherMei: '美玲',
    webname: '東京灣遊船',
    meetpoint: '日之出棧橋 2樓 櫃檯',
    address: '東京都港區海岸2-7-104',
    shopOption: '白馬雪靴租借',
    shop: '阿爾卑斯租借',
    shopAddress: '長野縣白馬村',
    shopNote: '店後方停車場免費。',
    stopNote: '已發布強風特報。',
  },
  'zh-Hans': {
    sei: 'WANG',
    mei: 'XIAOMING',
    otherSei: '李',
    otherMei: '娜',
    webname: '东京湾游船',
    meetpoint: '日之出栈桥 2楼 柜台',
    address: '东京都港区海岸2-7-104',
    shopOption: '白马雪靴租赁',
    shop: '阿尔卑斯租赁',
    shopAddress: '长野县白马村',
    shopNote: '店后停车场免费。',
    stopNote: '已发布强风警报。',
  },
};

/** The site's address in a language, as a booking made on its pages keeps it. */
export function siteIn(lang: Lang): string {
  return `${FIXTURE_ORIGIN}${LANG_BASE[lang]}`;
}

/** A paid booking of two adults and a child, ¥20,000, with a meeting point, rentals and a cancellation policy. */
export function bookingIn(lang: Lang): MailBooking {
  const w = OPTION_WORDS[lang];
  return {
    rsvno: FIXTURE_RSVNO,
    sei: w.sei,
    mei: w.mei,
    mail: 'guest@example.com',
    amountjp: 20000,
    paymentDeadline: new Date('2026-11-24T03:00:00Z'),
    statusPayment: 1,
    rsvdate: new Date('2026-11-01T01:00:00Z'),
    meetpoint: null,
    cancelPolicy: [...STANDARD_CANCEL_POLICY],
    lines: [
      {
        webname: w.webname,
        usedate: '2026-12-01',
        adultqty: 2,
        middleqty: 0,
        childqty: 1,
        infantqty: 0,
        meetpoint: w.meetpoint,
        departureTime: '10:30',
        arrivalTime: '12:00',
        address: w.address,
      },
    ],
    rentals: [
      { seq: 1, sei: w.sei, mei: w.mei, model: '1', bootsSize: '26.5', wearSize: 'L' },
      { seq: 2, sei: w.otherSei, mei: w.otherMei, model: '2', bootsSize: '23.5', wearSize: 'S' },
    ],
    loginUrl: `${siteIn(lang)}/login`,
    lang,
  };
}

/** The same booking on a departure at set times (ADR 0196), 13:00 to 14:00. */
export function timedBookingIn(lang: Lang): MailBooking {
  const b = bookingIn(lang);
  return { ...b, lines: b.lines.map((l) => ({ ...l, startTime: '13:00', endTime: '14:00', departureTime: null })) };
}

/** Where the booking's departure was before a change of date: 30 Nov 2026, 10:00 to 11:00, as change.ts writes it. */
export function changedFromIn(lang: Lang): string {
  return formatDeparture('20261130', '10:00', '11:00', lang);
}

/** 催行中止 for bad weather, with staff's note, the same day's other departures and the option's next days. */
export function stopNoticeIn(lang: Lang): StopNotice {
  const site = siteIn(lang);
  return {
    reason: mailText(lang)('stopReasons.weather'),
    note: OPTION_WORDS[lang].stopNote,
    nextDays: [
      { usedate: '2026-12-03', seats: 4 },
      { usedate: '2026-12-05', seats: 12 },
    ],
    detailUrl: `${site}/detail?opcd=OP0001`,
    sameDay: [
      { startTime: '10:00', endTime: '11:00', seats: 1 },
      { startTime: '16:00', endTime: '', seats: 6 },
    ],
    sameDayUrl: `${site}/detail?opcd=OP0001&usedate=${FIXTURE_DAY}`,
  };
}

/** The day-before mail's option: a rental shop with its hours, phone, map and note. */
export function dayBeforeLineIn(lang: Lang): DayBeforeLine {
  const w = OPTION_WORDS[lang];
  return {
    ...bookingIn(lang).lines[0]!,
    departureTime: null,
    webname: w.shopOption,
    meetpoint: w.shop,
    address: w.shopAddress,
    companyname: w.shop,
    tel: '0261-55-0505',
    hours: '7:30-17:00',
    lat: 36.6983,
    lon: 137.8322,
    rentalcd: '1',
    note: w.shopNote,
  };
}

/** A キャンセル待ち entry of two for the day, made on the language's pages. */
export function waitlistEntryIn(lang: Lang): WaitlistMailEntry {
  return {
    lang,
    mail: 'guest@example.com',
    webname: OPTION_WORDS[lang].webname,
    usedate: '2026-12-01',
    party: 2,
    url: `${siteIn(lang)}/detail?opcd=OP0001&usedate=${FIXTURE_DAY}&waitlist=t`,
  };
}

/** The offer's hold ends 24 Nov 2026 at 13:30 in Japan. */
export const FIXTURE_HOLD_UNTIL = new Date('2026-11-24T04:30:00Z');
