/**
 * The scheduled mails (ADR 0166): 前日案内 (the day-before mail to the customer) and the レンタル準備表 mailed to a
 * rental shop the evening before. Built with the same blocks, signature, my-page link and .ics as every other
 * mail (templates.ts).
 */

import { formatDay, formatDeparture, formatYmd, type Ymd } from '@tabi/contract/dates';
import type { RentalSheet, RentalSheetDeparture } from '@tabi/contract/operations';
import { displayName } from '@tabi/contract/person-name';
import type { MailAttachment } from '../../db/schema.ts';
import { type MailBlock, renderHtml, renderText } from './mail-render.ts';
import type { MailText } from './mail-text.ts';
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
  textOf,
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

function whatToBring(t: MailText, lines: DayBeforeLine[], rented: boolean): string[] {
  const items = [t('bringItems.0'), t('bringItems.1'), t('bringItems.2')];
  if (rented || lines.some((l) => l.rentalcd !== '')) items.push(t('bringWarm'));
  return items;
}

/**
 * 前日案内: the day's options with meeting time and place, a map link, what to bring, the rental sizes booked,
 * the shop's phone and each option's note; the .ics and the my-page link as the booking's other mails carry them,
 * in the booking's language. `lines` are the booking's options of the day (the mail is for that day).
 */
export function dayBeforeMail(b: MailBooking, day: Ymd, lines: DayBeforeLine[]): OutgoingMail {
  const t = textOf(b);
  const lang = b.lang ?? 'ja';
  const dayText = formatDay(day, lang);
  const blocks: MailBlock[] = [{ kind: 'paragraph', text: t('dayBeforeLead', { day: dayText }) }];
  for (const line of lines) {
    const place = meetingPlace(b, line);
    const rows: [string, string][] = [
      [t('rsvno'), b.rsvno],
      [t('option'), line.webname],
      [t('usedate'), formatDeparture(day, line.startTime ?? '', line.endTime ?? '', lang)],
    ];
    if (line.departureTime?.trim()) rows.push([t('meetingTime'), line.departureTime.trim()]);
    else if (line.hours.trim()) rows.push([t('receptionTime'), line.hours.trim()]);
    if (place) rows.push([t('meetingPlace'), place]);
    if (line.address?.trim()) rows.push([t('address'), line.address.trim()]);
    rows.push([t('party'), party(line, t)]);
    if (line.tel.trim()) {
      rows.push([
        t('contactOnDay'),
        [line.companyname.trim(), `TEL ${line.tel.trim()}`].filter(Boolean).join(t('contactJoin')),
      ]);
    }
    blocks.push({
      kind: 'facts',
      title: lines.length > 1 ? t('dayContentsOf', { webname: line.webname }) : t('dayContents'),
      rows,
    });
    const map = mapUrl(line, place);
    if (map) blocks.push({ kind: 'link', text: t('mapText'), label: t('mapLabel'), url: map });
    const note = line.note
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (note.length > 0) blocks.push({ kind: 'list', title: t('noticeFrom', { webname: line.webname }), items: note });
  }
  const rentals = b.rentals ?? [];
  if (rentals.length > 0) {
    blocks.push({ kind: 'list', title: t('rentalSizes'), items: rentals.map((r) => rentalText(r, t)) });
    blocks.push({ kind: 'paragraph', text: t('sizeExchange') });
  }
  blocks.push({ kind: 'list', title: t('bring'), items: whatToBring(t, lines, rentals.length > 0) });
  blocks.push({ kind: 'paragraph', text: t('dayBeforeContact') });
  blocks.push(myPageGuide(b));
  blocks.push({ kind: 'paragraph', text: t('dayBeforeEnd') });

  const greeting = t('greeting', { name: displayName(b.sei, b.mei, t.lang) });
  const subject = t('subject', { title: t('dayBeforeTitle'), rsvno: b.rsvno });
  return {
    kind: DayBeforeKind.dayBefore,
    rsvno: b.rsvno,
    to: b.mail,
    subject,
    body: renderText(greeting, blocks, t('signature'), lang),
    html: renderHtml(subject, greeting, blocks, t('signature'), lang),
    attachments: [calendarFile({ ...b, lines })],
  };
}

type RentalCounts = Pick<RentalSheet, 'skis' | 'snowboards' | 'boots' | 'wear'>;

/** What to have ready, as one table: boards, then boots by size and wear by age class and size, a row each. */
function countRows(c: RentalCounts): [string, string][] {
  const rows: [string, string][] = [
    ['スキー', `${c.skis}台`],
    ['スノーボード', `${c.snowboards}台`],
  ];
  if (c.boots.length > 0) rows.push(['ブーツ', c.boots.map((b) => `${b.size}cm ${b.count}足`).join('、')]);
  if (c.wear.length > 0) rows.push(['ウェア', c.wear.map((w) => `${w.ageClass} ${w.size} ${w.count}着`).join('、')]);
  return rows;
}

function travellerList(title: string, rows: RentalSheet['rows']): MailBlock {
  return {
    kind: 'list',
    title,
    items: rows.map((r) =>
      [
        `${r.rsvno}（${r.applicant} 様）参加者${r.seq} ${r.name}（${r.ageClass}）`,
        [r.model, r.bootsSize ? `ブーツ ${r.bootsSize}cm` : '', r.wearSize ? `ウェア ${r.wearSize}` : '']
          .filter(Boolean)
          .join('／') || 'レンタルなし',
      ].join('：'),
    ),
  };
}

/** A day's rentals that go out at one time: the counts of it alone, then its travellers. */
function departureBlocks(part: RentalSheetDeparture, when: string, rows: RentalSheet['rows']): MailBlock[] {
  return [
    { kind: 'facts', title: `${when}（予約${part.bookings}件・${part.travellers}名）`, rows: countRows(part) },
    travellerList(`予約・参加者別（${when}）`, rows),
  ];
}

/** The counts of a whole-day sheet, as the mail has always given them: boards, boots and wear apart. */
function dayCountBlocks(sheet: RentalCounts): MailBlock[] {
  const blocks: MailBlock[] = [
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
  return blocks;
}

/**
 * The evening-before レンタル準備表 for a shop: the counts, the list by booking and traveller, the CSV attached. A day
 * whose rentals go out at set times (ADR 0196) is given as the console's sheet gives it: the day's totals, then each
 * departure in time order with its own counts and travellers, then the whole day's rentals (`allDay`) if it has some.
 */
export function rentalSheetMail(
  sheet: RentalSheet & { facilityMail: string },
  day: Ymd,
  csv: string,
  allDay: RentalSheetDeparture | null = null,
): OutgoingMail {
  const timed = sheet.departures.length > 0;
  const lead = `${formatYmd(day)} ご利用分のレンタル準備表をお送りします。\n${sheet.bookings}件・${sheet.travellers}名分です。`;
  const blocks: MailBlock[] = timed
    ? [
        {
          kind: 'paragraph',
          text: `${lead}\n開始時刻ごとの内訳もあわせてお送りしますので、ご準備をよろしくお願いいたします。`,
        },
        { kind: 'facts', title: 'この日の合計', rows: countRows(sheet) },
        ...sheet.departures.flatMap((d) =>
          departureBlocks(
            d,
            `${d.startTime}〜${d.endTime}`,
            sheet.rows.filter((r) => r.startTime === d.startTime),
          ),
        ),
        ...(allDay
          ? departureBlocks(
              allDay,
              '終日',
              sheet.rows.filter((r) => r.startTime === ''),
            )
          : []),
      ]
    : [
        { kind: 'paragraph', text: `${lead}ご準備をよろしくお願いいたします。` },
        ...dayCountBlocks(sheet),
        travellerList('予約・参加者別', sheet.rows),
      ];
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
