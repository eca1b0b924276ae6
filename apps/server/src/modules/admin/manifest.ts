/**
 * 参加者名簿 (DESIGN §11): who travels on one day, for one option or all, as a table and as CSV for Excel. The
 * bookings counted are those the dashboard counts as departing (they hold their seats). An option sold at start
 * times (ADR 0196) is counted per departure too, and one departure can be asked for alone.
 */

import type { StaffRole } from '@tabi/contract/admin';
import {
  channelLabel,
  MANIFEST_PAGE_SIZE,
  type Manifest,
  type ManifestQuery,
  type ManifestRow,
  UNNAMED_TRAVELLER,
} from '@tabi/contract/admin-bookings';
import { isYes, maskPassport, statusLabel, unpaidGraceCutoff } from '@tabi/contract/booking-rules';
import {
  AGE_CLASS_LABEL,
  ageClassFromCode,
  GENDER_LABEL,
  type GenderCode,
  RENTAL_TYPE_LABEL,
  type RentalTypeCode,
} from '@tabi/contract/constants';
import { addDays, ageOn, isValidYmd, tokyoYmd, toTokyoIso } from '@tabi/contract/dates';
import type { AppContext } from '../../context.ts';
import { toCsv } from './csv.ts';
import * as repo from './repository.ts';

const ymdIso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
const slashDate = (ymd: string) => `${ymd.slice(0, 4)}/${ymd.slice(4, 6)}/${ymd.slice(6, 8)}`;

/** Passport and vegetarian as stored: flat, or under extended_participant_fields (older rows). */
function participantFields(extended: Record<string, unknown>): Record<string, unknown> {
  const nested = extended.extended_participant_fields;
  return nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : extended;
}

/** The day asked for, or tomorrow in Tokyo (the day a clerk prints the evening before). */
export function manifestDay(ctx: AppContext, query: ManifestQuery): string {
  return query.date && isValidYmd(query.date) ? query.date : addDays(tokyoYmd(ctx.clock.now()), 1);
}

/** The day, the option (or all), the departure (or all) and the bookings that still hold their seats. */
function manifestScope(ctx: AppContext, query: ManifestQuery) {
  const now = ctx.clock.now();
  const date = manifestDay(ctx, query);
  const scope: repo.ManifestScope = {
    usedate: ymdIso(date),
    opcd: query.opcd?.normalize('NFKC').trim().toUpperCase() || undefined,
    start: query.start && /^\d{2}:\d{2}$/.test(query.start) ? query.start : undefined,
    graceCutoff: unpaidGraceCutoff(now),
  };
  return { now, date, scope };
}

/** A departure as a sheet heads it: 「13:00〜14:00」, 「19:00〜」; '' for a whole day. */
export function departureLabel(startTime: string, endTime: string): string {
  return startTime ? `${startTime}〜${endTime}` : '';
}

/** One line of the manifest as the console and the CSV show it. */
function manifestLine(r: repo.ManifestRecord, role: StaffRole, servertime: string): ManifestRow {
  const listed = new Set(r.extended_fields);
  const fields = participantFields(r.extended);
  const ageClass = ageClassFromCode(r.ageclass);
  return {
    rsvno: r.rsvno,
    statusLabel: statusLabel(
      {
        status: r.status,
        status_payment: r.status_payment,
        rsvdate: toTokyoIso(r.rsvdate),
        awaiting_konbini: r.awaiting_konbini,
      },
      servertime,
    ),
    opcd: r.opcd,
    webname: r.webname,
    startTime: r.start_time,
    endTime: r.end_time,
    seq: r.seq,
    // A reseller may book before naming its travellers: 未登録, listed under the contact (申込者).
    ...(r.sei === '' && r.mei === '' ? { sei: UNNAMED_TRAVELLER, mei: '' } : { sei: r.sei, mei: r.mei }),
    ageClass: ageClass ? AGE_CLASS_LABEL[ageClass] : r.ageclass,
    age: r.birthday ? ageOn(r.birthday, r.usedate) : null,
    birthday: r.birthday,
    sex: GENDER_LABEL[r.sex as GenderCode] ?? r.sex,
    nationality: r.nationality_nm ?? '',
    passportNumber: listed.has('passport_number')
      ? typeof fields.passport_number === 'string'
        ? role === 'admin'
          ? fields.passport_number
          : maskPassport(fields.passport_number)
        : ''
      : null,
    vegetarian: listed.has('vegetarian_meals') ? isYes(fields.vegetarian_meals) : null,
    rentalModel: r.model ? (RENTAL_TYPE_LABEL[r.model as RentalTypeCode] ?? r.model) : '',
    bootsSize: r.boots_size ?? '',
    wearSize: r.wear_size ?? '',
    applicant: `${r.sei_applicant} ${r.mei_applicant}`,
    tel: r.tel,
    channel: channelLabel(r.reseller_name),
    arrivedAt: r.arrived_at ? new Date(r.arrived_at).toISOString() : null,
  };
}

/**
 * One page of the manifest (MANIFEST_PAGE_SIZE lines) with the counts of all its pages. `role`: an operator sees
 * passport numbers as their last 4 (maskPassport); an admin, who issues the tickets that need them, sees them whole.
 */
export async function manifest(ctx: AppContext, query: ManifestQuery, role: StaffRole): Promise<Manifest> {
  const { now, date, scope } = manifestScope(ctx, query);
  const page = Math.max(1, Number(query.page ?? 1));
  const pageSize = MANIFEST_PAGE_SIZE;
  const [counts, records, departureChoices] = await Promise.all([
    repo.manifestCounts(ctx.db, scope),
    repo.manifestRows(ctx.db, scope, { limit: pageSize, offset: (page - 1) * pageSize }),
    scope.opcd ? repo.dayStartTimes(ctx.db, scope.opcd, scope.usedate) : Promise.resolve([]),
  ]);
  const servertime = toTokyoIso(now);
  return {
    date,
    opcd: scope.opcd ?? null,
    start: scope.start ?? null,
    departureChoices,
    options: counts.options.map((o) => ({
      opcd: o.opcd,
      webname: o.webname,
      rentalcd: o.rentalcd,
      passport: o.extended_fields.includes('passport_number'),
      vegetarian: o.extended_fields.includes('vegetarian_meals'),
      bookings: o.bookings,
      participants: o.participants,
      arrived: o.arrived,
      departures: o.departures,
    })),
    rows: records.map((r) => manifestLine(r, role, servertime)),
    bookings: counts.bookings,
    participants: counts.participants,
    arrived: counts.arrived,
    page,
    pageCount: Math.max(1, Math.ceil(counts.lines / pageSize)),
    pageSize,
    total: counts.lines,
  };
}

/** The same rows for Excel: UTF-8 with BOM, formulas escaped (csv.ts); the option-specific columns always present. */
export async function manifestCsv(
  ctx: AppContext,
  query: ManifestQuery,
  role: StaffRole,
): Promise<{ date: string; csv: string }> {
  const { now, date, scope } = manifestScope(ctx, query);
  const servertime = toTokyoIso(now);
  const rows = (await repo.manifestRows(ctx.db, scope)).map((r) => manifestLine(r, role, servertime));
  const header = [
    '利用日',
    '商品コード',
    '商品名',
    '予約番号',
    'ステータス',
    '参加者No.',
    '氏名',
    '年齢区分',
    '年齢（利用日）',
    '性別',
    '国籍',
    'パスポート番号',
    'ベジタリアン',
    'レンタル',
    'ブーツ',
    'ウェア',
    '申込者',
    '申込者電話番号',
    // Added last, so that a sheet reading the columns by their place still finds them there.
    '販売チャネル',
    // ADR 0196, last for the same reason: the departure ('' for a whole day).
    '開始時刻',
    '終了時刻',
  ];
  const csv = toCsv(
    header,
    rows.map((r) => [
      slashDate(date),
      r.opcd,
      r.webname,
      r.rsvno,
      r.statusLabel,
      r.seq,
      `${r.sei} ${r.mei}`,
      r.ageClass,
      r.age ?? '',
      r.sex,
      r.nationality,
      r.passportNumber ?? '',
      r.vegetarian === null ? '' : r.vegetarian ? '希望する' : '希望しない',
      r.rentalModel,
      r.bootsSize,
      r.wearSize,
      r.applicant,
      r.tel,
      r.channel,
      r.startTime,
      r.endTime,
    ]),
  );
  return { date, csv };
}
