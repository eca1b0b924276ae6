/**
 * レンタル準備表: per rental shop (the rental option's facility) and day, what to have ready — skis and
 * snowboards, boots by size, wear by size and age class — and the list by booking and traveller; as the console's
 * page (printed on A4), as CSV, and mailed to the facility's address the evening before (once: rental_sheets_sent).
 * The bookings are the 参加者名簿's (those that hold their seats: not canceled, not an unpaid card booking past its
 * grace) and never one whose cancellation is already claimed. A rental option sold at start times (ADR 0196) is
 * counted per departure too, and one start time can be asked for alone. The console's sheet also says, for a shop that
 * counts its pairs by size (ADR 0209), how many of each size are reserved and left that day.
 */
import { statusLabel, unpaidGraceCutoff } from '@tabi/contract/booking-rules';
import {
  AGE_CLASS_LABEL,
  AGE_CLASSES,
  type AgeClass,
  ageClassFromCode,
  RENTAL_TYPE_LABEL,
  RentalType,
  type RentalTypeCode,
  SHOE_SIZES,
  WEAR_SIZES_ADULT,
  WEAR_SIZES_CHILD,
} from '@tabi/contract/constants';
import { addDays, isValidYmd, tokyoDayStart, tokyoYmd, toTokyoIso, type Ymd } from '@tabi/contract/dates';
import type {
  RentalSheet,
  RentalSheetDay,
  RentalSheetDeparture,
  RentalSheetQuery,
  RentalSheetRow,
  RentalStockLine,
} from '@tabi/contract/operations';
import { RENTAL_ITEMS, type RentalItem, rentalSizeOrder } from '@tabi/contract/rental-stock';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { facilities, rentalSheetsSent } from '../../db/schema.ts';
import { toCsv } from '../admin/csv.ts';
import { holdsSeats } from '../booking/state-sql.ts';
import { rentalSheetMail } from '../mail/day-before-templates.ts';
import { enqueueMail } from '../mail/outbox.ts';

const iso = (ymd: Ymd) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
const slashDate = (ymd: Ymd) => `${ymd.slice(0, 4)}/${ymd.slice(4, 6)}/${ymd.slice(6, 8)}`;

interface SheetRecord {
  rsvno: string;
  status: number;
  status_payment: number;
  /** A konbini slip waiting at the store (ADR 0213): its own label. */
  awaiting_konbini: boolean;
  rsvdate: Date | string;
  sei_applicant: string;
  mei_applicant: string;
  tel: string;
  opcd: string;
  webname: string;
  start_time: string;
  end_time: string;
  facility_id: number | string | null;
  facility_name: string | null;
  facility_mail: string | null;
  seq: number | string;
  sei: string;
  mei: string;
  ageclass: string;
  model: string | null;
  boots_size: string | null;
  wear_size: string | null;
}

/**
 * The rental travellers of a day (one facility, or all; one start time, or all), in the sheet's order: by
 * departure (a whole day's '' first), then applicant.
 */
async function sheetRecords(db: DbOrTx, day: Ymd, facilityId: number | undefined, graceCutoff: Date, start?: string) {
  return rowsOf<SheetRecord>(
    await db.execute(sql`select b.rsvno, b.status, b.status_payment, b.rsvdate, b.state = 'awaiting' as awaiting_konbini,
        b.sei as sei_applicant,
        b.mei as mei_applicant, b.tel, bo.opcd, o.webname, bo.start_time, bo.end_time, o.facility_id,
        f.name as facility_name,
        f.mail as facility_mail, m.seq, m.sei, m.mei, m.ageclass, r.model, r.boots_size, r.wear_size
      from booking_options bo
        join bookings b on b.rsvno = bo.rsvno
        join options o on o.opcd = bo.opcd
        left join facilities f on f.id = o.facility_id
        join booking_members m on m.rsvno = b.rsvno
        left join booking_rentals r on r.rsvno = b.rsvno and r.seq = m.seq
      where bo.usedate = ${iso(day)}::date
        and o.rentalcd <> ''
        ${facilityId === undefined ? sql`` : sql`and o.facility_id = ${facilityId}`}
        ${start ? sql`and bo.start_time = ${start}` : sql``}
        and ${holdsSeats(graceCutoff)} and b.canceled_at is null
      order by o.facility_id nulls last, bo.start_time, b.sei, b.mei, b.rsvno, bo.id, m.seq`),
  );
}

/** The start times of the day's rental options (of one facility, or all), for the page's choice. */
async function rentalStartTimes(db: DbOrTx, day: Ymd, facilityId: number | undefined): Promise<string[]> {
  return rowsOf<{ start_time: string }>(
    await db.execute(sql`select distinct s.start_time from departures s join options o on o.opcd = s.opcd
      where s.usedate = ${iso(day)}::date and s.start_time <> '' and o.rentalcd <> ''
        ${facilityId === undefined ? sql`` : sql`and o.facility_id = ${facilityId}`}
      order by s.start_time`),
  ).map((r) => r.start_time);
}

/** The counts of the rows of one start time ('' for the whole day's). */
function partOf(rows: RentalSheetRow[], startTime: string): RentalSheetDeparture {
  const mine = rows.filter((r) => r.startTime === startTime);
  return {
    startTime,
    endTime: mine.find((r) => r.endTime !== '')?.endTime ?? '',
    bookings: new Set(mine.map((r) => r.rsvno)).size,
    travellers: mine.length,
    ...countSheet(mine),
  };
}

/** A sheet's counts per start time, when some of its rows are on departures at set times (ADR 0196). */
export function departuresOf(rows: RentalSheetRow[]): RentalSheetDeparture[] {
  const times = [...new Set(rows.map((r) => r.startTime))].filter((t) => t !== '').sort();
  return times.map((startTime) => partOf(rows, startTime));
}

/**
 * The whole day's rentals of a sheet that has departures too (a shop with a rental sold at start times and one sold
 * by the day), counted apart as the console lists them after the departures; null when there are none or no
 * departures (the sheet's own counts are then the whole day's).
 */
export function allDayPartOf(sheet: RentalSheet): RentalSheetDeparture | null {
  if (sheet.departures.length === 0 || !sheet.rows.some((r) => r.startTime === '')) return null;
  return partOf(sheet.rows, '');
}

const bootsOrder = (size: string) => {
  const i = SHOE_SIZES.indexOf(size);
  return i < 0 ? 1000 + Number(size) : i;
};
const WEAR_ORDER: string[] = [...WEAR_SIZES_ADULT, ...WEAR_SIZES_CHILD];
const wearOrder = (size: string) => {
  const i = WEAR_ORDER.indexOf(size);
  return i < 0 ? WEAR_ORDER.length : i;
};
const ageOrder = (label: string) => {
  const i = AGE_CLASSES.findIndex((c) => AGE_CLASS_LABEL[c] === label);
  return i < 0 ? AGE_CLASSES.length : i;
};

/** The counts a shop prepares from, worked out from the list. */
export function countSheet(rows: RentalSheetRow[]): Pick<RentalSheet, 'skis' | 'snowboards' | 'boots' | 'wear'> {
  const boots = new Map<string, number>();
  const wear = new Map<string, { ageClass: string; size: string; count: number }>();
  let skis = 0;
  let snowboards = 0;
  for (const r of rows) {
    if (r.model === RENTAL_TYPE_LABEL[RentalType.ski]) skis += 1;
    if (r.model === RENTAL_TYPE_LABEL[RentalType.snowboard]) snowboards += 1;
    if (r.bootsSize) boots.set(r.bootsSize, (boots.get(r.bootsSize) ?? 0) + 1);
    if (r.wearSize) {
      const key = `${r.ageClass}\u0000${r.wearSize}`;
      const entry = wear.get(key) ?? { ageClass: r.ageClass, size: r.wearSize, count: 0 };
      entry.count += 1;
      wear.set(key, entry);
    }
  }
  return {
    skis,
    snowboards,
    boots: [...boots].map(([size, count]) => ({ size, count })).sort((a, b) => bootsOrder(a.size) - bootsOrder(b.size)),
    wear: [...wear.values()].sort(
      (a, b) => ageOrder(a.ageClass) - ageOrder(b.ageClass) || wearOrder(a.size) - wearOrder(b.size),
    ),
  };
}

/** The day asked for, or tomorrow in Tokyo (the shop prepares the evening before). */
export function sheetDay(now: Date, query: RentalSheetQuery): Ymd {
  return query.date && isValidYmd(query.date) ? query.date : addDays(tokyoYmd(now), 1);
}

/** Every facility with a rental option, for the page's choice. */
async function rentalFacilities(db: DbOrTx) {
  return rowsOf<{ id: number | string; name: string }>(
    await db.execute(sql`select f.id, f.name from facilities f
      where exists (select 1 from options o where o.facility_id = f.id and o.rentalcd <> '') order by f.id`),
  ).map((f) => ({ id: Number(f.id), name: f.name }));
}

/**
 * The sheets of a day: one per facility that has rental travellers (and one for rental options without a
 * facility, when they have any); a facility asked for by id always has its sheet, empty or not.
 */
export async function rentalSheets(
  db: DbOrTx,
  now: Date,
  day: Ymd,
  facilityId?: number,
  start?: string,
): Promise<RentalSheet[]> {
  const cutoff = unpaidGraceCutoff(now);
  const records = await sheetRecords(db, day, facilityId, cutoff, start);
  const servertime = toTokyoIso(now);
  const groups = new Map<
    string,
    { head: Omit<RentalSheet, 'skis' | 'snowboards' | 'boots' | 'wear' | 'departures'>; seen: Set<string> }
  >();
  if (facilityId !== undefined) {
    const [f] = await db
      .select({ id: facilities.id, name: facilities.name, mail: facilities.mail })
      .from(facilities)
      .where(eq(facilities.id, facilityId));
    if (f) {
      groups.set(String(f.id), {
        head: {
          facilityId: f.id,
          facilityName: f.name,
          facilityMail: f.mail,
          mailedAt: null,
          bookings: 0,
          travellers: 0,
          rows: [],
        },
        seen: new Set(),
      });
    }
  }
  for (const r of records) {
    const key = r.facility_id === null ? 'none' : String(r.facility_id);
    let group = groups.get(key);
    if (!group) {
      group = {
        head: {
          facilityId: r.facility_id === null ? null : Number(r.facility_id),
          facilityName: r.facility_name ?? '施設未設定のレンタル商品',
          facilityMail: r.facility_mail,
          mailedAt: null,
          bookings: 0,
          travellers: 0,
          rows: [],
        },
        seen: new Set(),
      };
      groups.set(key, group);
    }
    // A traveller's rental is the booking's, not the option's: listed once however many rental options it holds
    // (at each start time it holds one at).
    const who = `${r.rsvno}/${r.seq}/${r.start_time}`;
    if (group.seen.has(who)) continue;
    group.seen.add(who);
    const ageClass = ageClassFromCode(r.ageclass);
    group.head.rows.push({
      rsvno: r.rsvno,
      statusLabel: statusLabel(
        {
          status: Number(r.status),
          status_payment: Number(r.status_payment),
          rsvdate: toTokyoIso(new Date(r.rsvdate)),
          awaiting_konbini: r.awaiting_konbini === true,
        },
        servertime,
      ),
      opcd: r.opcd,
      webname: r.webname,
      startTime: r.start_time,
      endTime: r.end_time,
      applicant: `${r.sei_applicant} ${r.mei_applicant}`,
      tel: r.tel,
      seq: Number(r.seq),
      name: `${r.sei} ${r.mei}`,
      ageClass: ageClass ? AGE_CLASS_LABEL[ageClass as AgeClass] : r.ageclass,
      model: r.model ? (RENTAL_TYPE_LABEL[r.model as RentalTypeCode] ?? r.model) : '',
      bootsSize: r.boots_size ?? '',
      wearSize: r.wear_size ?? '',
    });
  }
  const sent = await db
    .select({ facilityId: rentalSheetsSent.facilityId, at: rentalSheetsSent.at })
    .from(rentalSheetsSent)
    .where(eq(rentalSheetsSent.usedate, iso(day)));
  const sentAt = new Map(sent.map((s) => [s.facilityId, s.at]));
  return [...groups.values()].map(({ head }) => {
    const at = head.facilityId === null ? undefined : sentAt.get(head.facilityId);
    return {
      ...head,
      mailedAt: at ? toTokyoIso(at) : null,
      bookings: new Set(head.rows.map((r) => r.rsvno)).size,
      travellers: head.rows.length,
      ...countSheet(head.rows),
      departures: departuresOf(head.rows),
    };
  });
}

/**
 * The shops' stock by size on `day` (ADR 0209): every size they list of the items they count, and any size of such an
 * item that bookings hold without its being listed (none to give: it shows as over). Counted by the migration's
 * `rental_quantity` and `rental_used`, the numbers a booking's check compares, so what the sheet says is left is what
 * can still be booked.
 */
export async function sheetStock(db: DbOrTx, day: Ymd, facilityIds: number[]): Promise<Map<number, RentalStockLine[]>> {
  const stock = new Map<number, RentalStockLine[]>();
  if (facilityIds.length === 0) return stock;
  const ids = sql.join(
    facilityIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<{
    facility_id: number | string;
    item: RentalItem;
    size: string;
    quantity: number | string | null;
    reserved: number | string;
  }>(
    await db.execute(sql`
      with counted as (select distinct s.facility_id, s.item from rental_stock s where s.facility_id in (${ids})),
      wanted as (
        select s.facility_id, s.item, s.size from rental_stock s where s.facility_id in (${ids})
        union
        select o.facility_id, x.item, x.size
        from options o
          join booking_options bo on bo.opcd = o.opcd and bo.usedate = ${iso(day)}::date
          join bookings b on b.rsvno = bo.rsvno and b.state not in ('canceled', 'expired')
          join booking_rentals r on r.rsvno = bo.rsvno
          cross join lateral (values ('model', r.model), ('boots', r.boots_size), ('wear', r.wear_size)) x(item, size)
          join counted c on c.facility_id = o.facility_id and c.item = x.item
        where o.facility_id in (${ids}) and x.size is not null and x.size <> ''
      )
      select w.facility_id, w.item, w.size,
        rental_quantity(w.facility_id, ${iso(day)}::date, w.item, w.size) as quantity,
        rental_used(w.facility_id, ${iso(day)}::date, w.item, w.size) as reserved
      from wanted w`),
  );
  for (const r of rows) {
    const facilityId = Number(r.facility_id);
    const quantity = Number(r.quantity ?? 0);
    const reserved = Number(r.reserved);
    const lines = stock.get(facilityId) ?? [];
    lines.push({ item: r.item, size: r.size, reserved, quantity, left: quantity - reserved });
    stock.set(facilityId, lines);
  }
  const itemOrder = (item: RentalItem) => RENTAL_ITEMS.indexOf(item);
  for (const lines of stock.values()) {
    lines.sort(
      (a, b) =>
        itemOrder(a.item) - itemOrder(b.item) ||
        rentalSizeOrder(a.item, a.size) - rentalSizeOrder(b.item, b.size) ||
        a.size.localeCompare(b.size),
    );
  }
  return stock;
}

export async function rentalSheetDay(ctx: AppContext, query: RentalSheetQuery): Promise<RentalSheetDay> {
  const now = ctx.clock.now();
  const date = sheetDay(now, query);
  const facility = typeof query.facility === 'number' ? query.facility : undefined;
  const start = query.start || undefined;
  const sheets = await rentalSheets(ctx.db, now, date, facility, start);
  const stock = await sheetStock(
    ctx.db,
    date,
    sheets.flatMap((s) => (s.facilityId === null ? [] : [s.facilityId])),
  );
  return {
    date,
    facility: facility ?? null,
    facilities: await rentalFacilities(ctx.db),
    start: start ?? null,
    startTimes: await rentalStartTimes(ctx.db, date, facility),
    sheets: sheets.map((s) => ({ ...s, stock: (s.facilityId === null ? undefined : stock.get(s.facilityId)) ?? [] })),
  };
}

const CSV_HEADER = [
  '利用日',
  '施設',
  '予約番号',
  'ステータス',
  '商品コード',
  '商品名',
  '申込者',
  '申込者電話番号',
  '参加者No.',
  '氏名',
  '年齢区分',
  'スキー・スノーボード',
  'ブーツ（cm）',
  'ウェア',
  // ADR 0196, last so that a sheet reading the columns by their place still finds them there.
  '開始時刻',
  '終了時刻',
];

/** The list by booking and traveller for Excel: UTF-8 with BOM, formulas escaped (csv.ts). */
export function sheetsCsv(day: Ymd, sheets: RentalSheet[]): string {
  return toCsv(
    CSV_HEADER,
    sheets.flatMap((s) =>
      s.rows.map((r) => [
        slashDate(day),
        s.facilityName,
        r.rsvno,
        r.statusLabel,
        r.opcd,
        r.webname,
        r.applicant,
        r.tel,
        r.seq,
        r.name,
        r.ageClass,
        r.model,
        r.bootsSize,
        r.wearSize,
        r.startTime,
        r.endTime,
      ]),
    ),
  );
}

export async function rentalSheetCsv(ctx: AppContext, query: RentalSheetQuery): Promise<{ date: Ymd; csv: string }> {
  const day = await rentalSheetDay(ctx, query);
  return { date: day.date, csv: sheetsCsv(day.date, day.sheets) };
}

/**
 * The evening before (from RENTAL_SHEET_HOUR, Tokyo, until the day starts), each facility with a mail address and
 * rental travellers tomorrow is mailed its sheet once: the facility and day are claimed in rental_sheets_sent in
 * the transaction that queues the mail, so two instances or a restart never send it twice (ADR 0166). A facility
 * with nobody renting tomorrow gets no mail and no claim (a booking made later that evening still sends it).
 */
export async function sendDueRentalSheets(ctx: AppContext): Promise<{ facilityId: number; usedate: Ymd }[]> {
  const now = ctx.clock.now();
  const today = tokyoYmd(now);
  if (now.getTime() < tokyoDayStart(today).getTime() + ctx.config.rentalSheetHour * 3_600_000) return [];
  const day = addDays(today, 1);
  const cutoff = unpaidGraceCutoff(now);
  const due = rowsOf<{ id: number | string }>(
    await ctx.db.execute(sql`select f.id from facilities f
      where f.mail is not null and f.mail <> ''
        and exists (select 1 from options o join booking_options bo on bo.opcd = o.opcd
            join bookings b on b.rsvno = bo.rsvno
          where o.facility_id = f.id and o.rentalcd <> '' and bo.usedate = ${iso(day)}::date
            and ${holdsSeats(cutoff)} and b.canceled_at is null)
        and not exists (select 1 from rental_sheets_sent s where s.facility_id = f.id and s.usedate = ${iso(day)}::date)
      order by f.id`),
  );
  const sent: { facilityId: number; usedate: Ymd }[] = [];
  for (const { id } of due) {
    const facilityId = Number(id);
    const mailed = await ctx.db.transaction(async (tx) => {
      // The claim first: another instance doing the same waits on the key and then finds it taken.
      const claimed = await tx
        .insert(rentalSheetsSent)
        .values({ facilityId, usedate: iso(day), at: now })
        .onConflictDoNothing()
        .returning({ facilityId: rentalSheetsSent.facilityId });
      if (claimed.length === 0) return false;
      const [sheet] = await rentalSheets(tx, now, day, facilityId);
      if (!sheet || sheet.rows.length === 0 || !sheet.facilityMail) {
        // Nobody who still holds a seat (the candidates were canceled or expired): undo the claim, send nothing.
        await tx
          .delete(rentalSheetsSent)
          .where(and(eq(rentalSheetsSent.facilityId, facilityId), eq(rentalSheetsSent.usedate, iso(day))));
        return false;
      }
      await enqueueMail(
        tx,
        rentalSheetMail(
          { ...sheet, facilityMail: sheet.facilityMail },
          day,
          sheetsCsv(day, [sheet]),
          allDayPartOf(sheet),
        ),
      );
      return true;
    });
    if (mailed) sent.push({ facilityId, usedate: day });
  }
  return sent;
}
