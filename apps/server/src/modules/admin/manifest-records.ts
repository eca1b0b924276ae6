/** 参加者名簿's reads (DESIGN §11): a day's travellers per departure, its start times and counts. */
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { holdsSeats } from '../booking/state-sql.ts';

export interface ManifestRecord {
  rsvno: string;
  status: number;
  status_payment: number;
  rsvdate: Date;
  /** A konbini slip waiting at the store (ADR 0213): its own label. */
  awaiting_konbini: boolean;
  opcd: string;
  webname: string;
  rentalcd: string;
  extended_fields: string[];
  usedate: string;
  start_time: string;
  end_time: string;
  sei_applicant: string;
  mei_applicant: string;
  tel: string;
  seq: number;
  sei: string;
  mei: string;
  birthday: string | null;
  sex: string;
  ageclass: string;
  nationality_nm: string | null;
  extended: Record<string, unknown>;
  model: string | null;
  boots_size: string | null;
  wear_size: string | null;
  reseller_name: string | null;
  /** Checked in at the door (ADR 0215), or null. */
  arrived_at: Date | string | null;
}

/** The manifest's scope: one day, one option or all, one departure (start time) or all. */
export interface ManifestScope {
  usedate: string;
  opcd: string | undefined;
  start: string | undefined;
  graceCutoff: Date;
}

/** Which of a day's lines the manifest reads: one day, one option or all, one departure or all, those that hold their seats. */
function manifestWhere({ usedate, opcd, start, graceCutoff }: ManifestScope): SQL {
  return sql`bo.usedate = ${usedate}::date ${opcd ? sql`and bo.opcd = ${opcd}` : sql``}
    ${start ? sql`and bo.start_time = ${start}` : sql``} and ${holdsSeats(graceCutoff)}`;
}

/** An option's departures of a day at start times (ADR 0196), in time order: none for a whole-day option. */
export async function dayStartTimes(
  db: DbOrTx,
  opcd: string,
  usedate: string,
): Promise<{ startTime: string; endTime: string }[]> {
  return rowsOf<{ start_time: string; end_time: string }>(
    await db.execute(sql`select start_time, end_time from departures
      where opcd = ${opcd} and usedate = ${usedate}::date and start_time <> '' order by start_time`),
  ).map((r) => ({ startTime: r.start_time, endTime: r.end_time }));
}

/**
 * Who travels on one day (one option, or all): every participant of the bookings that hold their seats — the
 * dashboard's departures rule (not canceled, not an unpaid card booking past its grace), by option code, booking
 * number and participant. With `page`, only its lines: an order the indexes give (`booking_options_day_idx`), so that
 * the page stops after its lines instead of sorting the whole day first (its statement 50 → 20 ms at 1M). Sorting
 * by the applicant's name, as before, ordered kanji by code point, which means nothing to a reader.
 */
export async function manifestRows(
  db: DbOrTx,
  scope: ManifestScope,
  page?: { limit: number; offset: number },
): Promise<ManifestRecord[]> {
  const rows = rowsOf<ManifestRecord>(
    await db.execute(sql`select b.rsvno, b.status, b.status_payment, b.rsvdate, b.state = 'awaiting' as awaiting_konbini,
        bo.opcd, o.webname, o.rentalcd,
        o.extended_fields, to_char(bo.usedate, 'YYYYMMDD') as usedate, bo.start_time, bo.end_time,
        b.sei as sei_applicant, b.mei as mei_applicant,
        b.tel, m.seq, m.sei, m.mei, to_char(m.birthday, 'YYYYMMDD') as birthday, m.sex, m.ageclass,
        n.nationality_nm, m.extended, r.model, r.boots_size, r.wear_size, rs.name as reseller_name,
        ci.at as arrived_at
      from booking_options bo
        join bookings b on b.rsvno = bo.rsvno
        join options o on o.opcd = bo.opcd
        join booking_members m on m.rsvno = b.rsvno
        left join nationalities n on n.id = m.nationality_id
        left join booking_rentals r on r.rsvno = b.rsvno and r.seq = m.seq
        left join resellers rs on rs.id = b.reseller_id
        left join check_ins ci on ci.rsvno = m.rsvno and ci.seq = m.seq and ci.kind = 'arrived' and ci.undone_at is null
      where ${manifestWhere(scope)}
      order by bo.opcd, bo.start_time, bo.rsvno, m.seq
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`),
  );
  return rows.map((r) => ({
    ...r,
    rsvdate: new Date(r.rsvdate),
    seq: Number(r.seq),
    status: Number(r.status),
    status_payment: Number(r.status_payment),
    extended_fields: Array.isArray(r.extended_fields) ? r.extended_fields : [],
    extended: r.extended && typeof r.extended === 'object' ? r.extended : {},
  }));
}

export interface ManifestCounts {
  options: {
    opcd: string;
    webname: string;
    rentalcd: string;
    extended_fields: string[];
    bookings: number;
    participants: number;
    /** Of those, checked in at the door (ADR 0215). */
    arrived: number;
    /** Per start time, for an option sold at start times (none for a whole-day option). */
    departures: { startTime: string; endTime: string; bookings: number; participants: number; arrived: number }[];
  }[];
  /** The day's bookings, participants (each once, whatever their options) and lines, over all options. */
  bookings: number;
  participants: number;
  arrived: number;
  lines: number;
}

/**
 * The manifest's counts over all its pages, per option in the manifest's order (code) and per departure (start
 * time) of it, in one statement.
 */
export async function manifestCounts(db: DbOrTx, scope: ManifestScope): Promise<ManifestCounts> {
  const rows = rowsOf<{
    opcd: string | null;
    start_time: string | null;
    end_time: string | null;
    webname: string | null;
    rentalcd: string | null;
    extended_fields: unknown;
    bookings: number;
    participants: number;
    arrived: number;
    lines: number;
  }>(
    await db.execute(sql`select bo.opcd, bo.start_time, max(bo.end_time) as end_time, min(o.webname) as webname,
        min(o.rentalcd) as rentalcd,
        (array_agg(o.extended_fields))[1] as extended_fields,
        count(distinct b.rsvno)::int as bookings, count(distinct (b.rsvno, m.seq))::int as participants,
        count(distinct ci.id)::int as arrived, count(*)::int as lines
      from booking_options bo
        join bookings b on b.rsvno = bo.rsvno
        join options o on o.opcd = bo.opcd
        join booking_members m on m.rsvno = b.rsvno
        left join check_ins ci on ci.rsvno = m.rsvno and ci.seq = m.seq and ci.kind = 'arrived' and ci.undone_at is null
      where ${manifestWhere(scope)}
      group by grouping sets ((bo.opcd), (bo.opcd, bo.start_time), ())
      order by bo.opcd is null, bo.opcd, bo.start_time nulls first`),
  );
  const day = rows.find((r) => r.opcd === null);
  const times = rows.filter((r) => r.opcd !== null && r.start_time !== null && r.start_time !== '');
  return {
    options: rows
      .filter((r) => r.opcd !== null && r.start_time === null)
      .map((r) => ({
        opcd: r.opcd ?? '',
        webname: r.webname ?? '',
        rentalcd: r.rentalcd ?? '',
        extended_fields: Array.isArray(r.extended_fields) ? (r.extended_fields as string[]) : [],
        bookings: Number(r.bookings),
        participants: Number(r.participants),
        arrived: Number(r.arrived),
        departures: times
          .filter((d) => d.opcd === r.opcd)
          .map((d) => ({
            startTime: d.start_time ?? '',
            endTime: d.end_time ?? '',
            bookings: Number(d.bookings),
            participants: Number(d.participants),
            arrived: Number(d.arrived),
          })),
      })),
    bookings: Number(day?.bookings ?? 0),
    participants: Number(day?.participants ?? 0),
    arrived: Number(day?.arrived ?? 0),
    lines: Number(day?.lines ?? 0),
  };
}
