/**
 * Issue 27's scheduled mails: 前日案内 (the day-before mail to the customer) and the レンタル準備表 mailed to a
 * rental shop the evening before. Built with the same blocks, signature, my-page link and .ics as every other
 * mail (templates.ts).
 */
import { formatYmd, type Ymd } from '@tabi/contract/dates';
import type { RentalSheet } from '@tabi/contract/operations';
import type { MailAttachment } from '../../db/schema.ts';
import { type MailBlock, renderHtml, renderText } from './mail-render.ts';
import type { OutgoingMail } from './outbox.ts';
import {
  calendarFile,
  type MailBooking,
  type MailBookingLine,
  meetingPlace,
  myPageGuide,
  party,
  rentalText,
  SIGNATURE,
} from './templates.ts';

export const DayBeforeKind = { dayBefore: 'day_before', rentalSheet: 'rental_sheet' } as const;

/** One option of the day, with what the day-before mail tells of it beyond the itinerary. */
export interface DayBeforeLine extends MailBookingLine {
  /** The option's shop or company and its phone (施設の電話番号). */
  companyname: string;
  tel: string;
  hours: string;
  lat: number | null;
  lon: number | null;
  rentalcd: string;
  /** The option's own note for the day-before mail (商品編集 → 前日案内). */
  note: string;
}

/** A map of the meeting point: its coordinates when the option has them, else its address, else its name. */
export function mapUrl(line: DayBeforeLine, place: string | null): string | null {
  const query =
    line.lat !== null && line.lon !== null ? `${line.lat},${line.lon}` : line.address?.trim() || place?.trim() || '';
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

function whatToBring(lines: DayBeforeLine[], rented: boolean): string[] {
  const items = [
    '予約番号がわかるもの（このメールの画面、またはマイページ）',
    '当日の天候に合わせた服装・雨具',
    '参加者全員分の身分証明書（年齢の確認をお願いする場合があります）',
  ];
  if (rented || lines.some((l) => l.rentalcd !== '')) {
    items.push('厚手の靴下・帽子・手袋など防寒具（レンタルに含まれないもの）');
  }
  return items;
}

/**
 * 前日案内: the day's options with meeting time and place, a map link, what to bring, the rental sizes booked,
 * the shop's phone and each option's note; the .ics and the my-page link as the booking's other mails carry them.
 * `lines` are the booking's options of the day (the mail is for that day).
 */
export function dayBeforeMail(b: MailBooking, day: Ymd, lines: DayBeforeLine[]): OutgoingMail {
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: `このたびはご予約いただき、誠にありがとうございます。\n明日 ${formatYmd(day)} のご利用について、集合場所・時間と当日のご案内をお送りします。`,
    },
  ];
  for (const line of lines) {
    const place = meetingPlace(b, line);
    const rows: [string, string][] = [
      ['予約番号', b.rsvno],
      ['商品名', line.webname],
      ['ご利用日', formatYmd(day)],
    ];
    if (line.departureTime?.trim()) rows.push(['集合時間', line.departureTime.trim()]);
    else if (line.hours.trim()) rows.push(['受付時間', line.hours.trim()]);
    if (place) rows.push(['集合場所', place]);
    if (line.address?.trim()) rows.push(['住所', line.address.trim()]);
    rows.push(['ご利用人数', party(line)]);
    if (line.tel.trim()) {
      rows.push(['当日の連絡先', [line.companyname.trim(), `TEL ${line.tel.trim()}`].filter(Boolean).join('　')]);
    }
    blocks.push({ kind: 'facts', title: lines.length > 1 ? `ご利用内容（${line.webname}）` : 'ご利用内容', rows });
    const map = mapUrl(line, place);
    if (map) {
      blocks.push({
        kind: 'link',
        text: '集合場所の地図はこちらからご覧いただけます。',
        label: '地図を開く',
        url: map,
      });
    }
    const note = line.note
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (note.length > 0) blocks.push({ kind: 'list', title: `${line.webname}からのお知らせ`, items: note });
  }
  const rentals = b.rentals ?? [];
  if (rentals.length > 0) {
    blocks.push({ kind: 'list', title: 'ご予約のレンタル（サイズ）', items: rentals.map((r) => rentalText(r)) });
    blocks.push({ kind: 'paragraph', text: '当日のサイズ交換は店舗へご相談ください。' });
  }
  blocks.push({ kind: 'list', title: '持ち物', items: whatToBring(lines, rentals.length > 0) });
  blocks.push({
    kind: 'paragraph',
    text: '遅れる場合や当日ご連絡が必要な場合は、上記の連絡先へお電話ください。\nカレンダーに登録できるファイル（.ics）を添付しています。',
  });
  blocks.push(myPageGuide(b));
  blocks.push({ kind: 'paragraph', text: 'お気をつけてお出かけください。当日のご参加を心よりお待ちしております。' });

  const greeting = `${b.sei} ${b.mei} 様`;
  const subject = `【さくらトラベル】明日のご利用のご案内（予約番号：${b.rsvno}）`;
  return {
    kind: DayBeforeKind.dayBefore,
    rsvno: b.rsvno,
    to: b.mail,
    subject,
    body: renderText(greeting, blocks, SIGNATURE),
    html: renderHtml(subject, greeting, blocks, SIGNATURE),
    attachments: [calendarFile({ ...b, lines })],
  };
}

/** The evening-before レンタル準備表 for a shop: the counts, the list by booking and traveller, the CSV attached. */
export function rentalSheetMail(sheet: RentalSheet & { facilityMail: string }, day: Ymd, csv: string): OutgoingMail {
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: `${formatYmd(day)} ご利用分のレンタル準備表をお送りします。\n${sheet.bookings}件・${sheet.travellers}名分です。ご準備をよろしくお願いいたします。`,
    },
    {
      kind: 'facts',
      title: '板',
      rows: [
        ['スキー', `${sheet.skis}台`],
        ['スノーボード', `${sheet.snowboards}台`],
      ],
    },
  ];
  if (sheet.boots.length > 0) {
    blocks.push({
      kind: 'facts',
      title: 'ブーツ（サイズ別）',
      rows: sheet.boots.map((b) => [`${b.size}cm`, `${b.count}足`]),
    });
  }
  if (sheet.wear.length > 0) {
    blocks.push({
      kind: 'facts',
      title: 'ウェア（年齢区分・サイズ別）',
      rows: sheet.wear.map((w) => [`${w.ageClass} ${w.size}`, `${w.count}着`]),
    });
  }
  blocks.push({
    kind: 'list',
    title: '予約・参加者別',
    items: sheet.rows.map((r) =>
      [
        `${r.rsvno}（${r.applicant} 様）参加者${r.seq} ${r.name}（${r.ageClass}）`,
        [r.model, r.bootsSize ? `ブーツ ${r.bootsSize}cm` : '', r.wearSize ? `ウェア ${r.wearSize}` : '']
          .filter(Boolean)
          .join('／') || 'レンタルなし',
      ].join('：'),
    ),
  });
  blocks.push({
    kind: 'paragraph',
    text: '同じ内容の CSV ファイルを添付しています（Excel で開けます）。\nこのメールの送信後にご予約の追加・変更・キャンセルがあった場合は、当社より改めてご連絡いたします。',
  });
  const greeting = `${sheet.facilityName} ご担当者様`;
  const subject = `【さくらトラベル】レンタル準備表 ${formatYmd(day)}（${sheet.facilityName}）`;
  const attachment: MailAttachment = {
    filename: `rental-sheet-${sheet.facilityId ?? 0}-${day}.csv`,
    contentType: 'text/csv; charset=utf-8',
    content: csv,
  };
  return {
    kind: DayBeforeKind.rentalSheet,
    rsvno: null,
    to: sheet.facilityMail,
    subject,
    body: renderText(greeting, blocks, SIGNATURE),
    html: renderHtml(subject, greeting, blocks, SIGNATURE),
    attachments: [attachment],
  };
}
