/**
 * 在庫・料金カレンダー (issue 13, admin only): an option's month with seats left, held and sold, and the bulk
 * edit of stock and prices. `departures.zaikozan` is the seats LEFT: bookings take seats from it (DESIGN §5). A
 * day's capacity is left + the seats live bookings hold, so "capacity N" writes left = N − held, and never
 * below what bookings hold. The edit locks the days' stock rows first (the order bookings lock them in), then
 * reads the seats bookings hold with a fresh snapshot and writes: a booking racing it either committed before
 * the lock (and is counted) or waits for the edit and takes its seats from the new number. Every change is a
 * catalog event; the stock trigger notifies every instance's calendar cache (ADR 0015).
 */
import {
  STOCK_PRICE_KEY,
  type StockDay,
  type StockMonth,
  stockEditDays,
  type stockEditRequest,
  stockPricesMissing,
} from '@tabi/contract/admin-catalog';
import { AGE_CLASS_LABEL, AGE_CLASSES, type AgeClass, ErrCd } from '@tabi/contract/constants';
import { daysBetween, daysOfMonth, isoDateToYmd, ymdToIsoDate } from '@tabi/contract/dates';
import {
  CatalogMsg,
  Msg,
  stockBelowHeld,
  stockBelowZero,
  stockDaysStopped,
  stockPriceRequired,
} from '@tabi/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { options } from '../../db/schema.ts';
import { stockTouched } from '../../db/stock-changes.ts';
import { AppError } from '../../errors.ts';
import { bookingIs } from '../booking/repository.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import { recordCatalogEvent } from './catalog.ts';

interface DayRow {
  date: string;
  open: boolean;
  /** 催行中止: the day was called off; its seats stay closed whatever an edit says (ADR 0165). */
  stopped: boolean;
  left: number;
  held: number;
  sold: number;
  adultbaika: number;
  middlebaika: number;
  childbaika: number;
  infantbaika: number;
}

const slash = (iso: string) => iso.replaceAll('-', '/');

/**
 * Stock rows and the seats taken from them, per day: `held` by live unpaid or requested bookings and by キャンセル待ち
 * offers (seats moved out of the stock for whoever has the offer's link, ADR 0167), `sold` by paid bookings.
 */
async function daysOf(db: DbOrTx, opcd: string, days: string[]): Promise<Map<string, DayRow>> {
  if (days.length === 0) return new Map();
  const list = sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  );
  const rows = rowsOf<{
    date: string;
    open: boolean;
    stopped: boolean;
    seats_left: number | null;
    held: number | string;
    sold: number | string;
    adultbaika: number | null;
    middlebaika: number | null;
    childbaika: number | null;
    infantbaika: number | null;
  }>(
    await db.execute(sql`
      with d(usedate) as (select unnest(array[${list}]))
      select to_char(d.usedate, 'YYYY-MM-DD') as date, s.opcd is not null as open, s.zaikozan as seats_left,
        s.adultbaika, s.middlebaika, s.childbaika, s.infantbaika,
        exists (select 1 from day_stop_days x where x.opcd = ${opcd} and x.usedate = d.usedate) as stopped,
        coalesce(t.held, 0) + coalesce(w.held, 0) as held, coalesce(t.sold, 0) as sold
      from d
      left join departures s on s.opcd = ${opcd} and s.usedate = d.usedate
      left join lateral (
        select sum(bo.seats) filter (where ${bookingIs.unpaid}) as held,
               sum(bo.seats) filter (where not ${bookingIs.unpaid}) as sold
        from booking_options bo join bookings b on b.rsvno = bo.rsvno
        where bo.opcd = ${opcd} and bo.usedate = d.usedate and ${bookingIs.notCanceled}
      ) t on true
      left join lateral (
        select sum(e.held) as held from waitlist_entries e
        where e.opcd = ${opcd} and e.usedate = d.usedate and e.state in ('waiting', 'offered')
      ) w on true
      order by d.usedate`),
  );
  return new Map(
    rows.map((r) => [
      r.date,
      {
        date: r.date,
        open: r.open,
        stopped: Boolean(r.stopped),
        left: Number(r.seats_left ?? 0),
        held: Number(r.held),
        sold: Number(r.sold),
        adultbaika: Number(r.adultbaika ?? 0),
        middlebaika: Number(r.middlebaika ?? 0),
        childbaika: Number(r.childbaika ?? 0),
        infantbaika: Number(r.infantbaika ?? 0),
      },
    ]),
  );
}

async function periodOf(db: DbOrTx, opcd: string) {
  const [row] = await db
    .select({
      opcd: options.opcd,
      webname: options.webname,
      useFrom: options.useFrom,
      useTo: options.useTo,
      middleAgeMax: options.middleAgeMax,
      childAgeMax: options.childAgeMax,
      infantAgeMax: options.infantAgeMax,
    })
    .from(options)
    .where(eq(options.opcd, opcd));
  if (!row) throw AppError.notFound(CatalogMsg.catalogNotFound);
  const { middleAgeMax, childAgeMax, infantAgeMax, ...period } = row;
  // The classes the party form offers (adult always, another when its upper age is set: SPEC §2 Party-count form).
  const upper: Record<AgeClass, number | null> = {
    adult: 0,
    middle: middleAgeMax,
    child: childAgeMax,
    infant: infantAgeMax,
  };
  return { ...period, ageClasses: AGE_CLASSES.filter((c) => upper[c] !== null) };
}

export async function stockMonth(ctx: AppContext, opcd: string, month: string): Promise<StockMonth> {
  const option = await periodOf(ctx.db, opcd);
  const days = daysOfMonth(isoDateToYmd(`${month}-01`)).map(ymdToIsoDate);
  const rows = await daysOf(ctx.db, opcd, days);
  return {
    ...option,
    month,
    days: days.map((d): StockDay => rows.get(d) ?? emptyDay(d)),
  };
}

function emptyDay(date: string): StockDay {
  return {
    date,
    open: false,
    stopped: false,
    left: 0,
    held: 0,
    sold: 0,
    adultbaika: 0,
    middlebaika: 0,
    childbaika: 0,
    infantbaika: 0,
  };
}

type Snapshot = Record<
  string,
  { left: number; adultbaika: number; middlebaika: number; childbaika: number; infantbaika: number } | null
>;

function snapshot(rows: DayRow[]): Snapshot {
  return Object.fromEntries(
    rows.map((r) => [
      r.date,
      r.open
        ? {
            left: r.left,
            adultbaika: r.adultbaika,
            middlebaika: r.middlebaika,
            childbaika: r.childbaika,
            infantbaika: r.infantbaika,
          }
        : null,
    ]),
  );
}

/** A bulk edit as POST /options/{opcd}/stock's entry parses it. */
export type StockEdit = z.output<typeof stockEditRequest>;

/**
 * The bulk edit, all days or none. Answers how many days were changed, and the days called off (催行中止) whose seats
 * it left closed: a stop is undone only by its own action, never by a change of seats over a range that includes it.
 */
export async function editStock(
  ctx: AppContext,
  staff: StaffPrincipal,
  opcd: string,
  edit: StockEdit,
): Promise<{ days: number; stopped: string[] }> {
  const option = await periodOf(ctx.db, opcd);
  const missingPrice = edit.prices ? stockPricesMissing(edit.prices, option.ageClasses)[0] : undefined;
  if (missingPrice) throw new AppError(ErrCd.generic, stockPriceRequired(AGE_CLASS_LABEL[missingPrice]), 422);
  if (edit.from < option.useFrom || edit.to > option.useTo) {
    throw new AppError(ErrCd.generic, CatalogMsg.stockOutsidePeriod, 422);
  }
  if (daysBetween(isoDateToYmd(edit.from), isoDateToYmd(edit.to)) + 1 > 400)
    throw new AppError(ErrCd.generic, CatalogMsg.stockRangeTooLong, 422);
  const days = stockEditDays(edit);
  if (days.length === 0) throw new AppError(ErrCd.generic, CatalogMsg.stockNoDays, 422);
  const list = sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  );

  return ctx.db.transaction(async (tx) => {
    // Lock the days' rows in date order (as bookings take them, and a 催行中止 before it writes its days down); from
    // here no seat moves on these days, and the reads below see every stop committed before.
    await tx.execute(
      sql`select 1 from departures where opcd = ${opcd} and usedate in (${list}) order by usedate for update`,
    );
    const read = [...(await daysOf(tx, opcd, days)).values()];
    const { stock: change, prices } = edit;
    const stopped = change === null ? [] : read.filter((d) => d.stopped).map((d) => d.date);
    // A stopped day keeps its closed seats; its prices may still change (they are what its bookings were sold at).
    const before = prices === null ? read.filter((d) => !d.stopped) : read;
    if (before.length === 0) {
      throw AppError.conflict(ErrCd.noStock, stockDaysStopped(stopped.map(slash)));
    }
    const missing = before.filter((d) => !d.open);
    if (missing.length > 0 && change !== null && change.mode !== 'close' && prices === null) {
      throw new AppError(ErrCd.generic, `${CatalogMsg.stockPricesNeeded}（${slash(missing[0]?.date ?? '')}）`, 422);
    }

    const left = new Map<string, number>();
    for (const d of before) {
      if (d.stopped) continue;
      const taken = d.held + d.sold;
      if (change?.mode === 'set') {
        if (change.seats < taken) {
          throw AppError.conflict(ErrCd.noStock, stockBelowHeld(slash(d.date), taken, change.seats));
        }
        left.set(d.date, change.seats - taken);
      } else if (change?.mode === 'add') {
        if (d.left + change.seats < 0) {
          throw AppError.conflict(ErrCd.noStock, stockBelowZero(slash(d.date), d.left, -change.seats));
        }
        left.set(d.date, d.left + change.seats);
      } else if (change?.mode === 'close') {
        left.set(d.date, 0);
      }
    }

    // Days without a row are put on sale only with their prices (without them they stay off sale).
    const toCreate = missing;
    if (prices !== null && toCreate.length > 0) {
      await tx.execute(sql`
        insert into departures (opcd, usedate, zaikozan, adultbaika, middlebaika, childbaika, infantbaika)
        select ${opcd}, v.usedate, v.seats_left, ${prices.adultbaika}, ${prices.middlebaika ?? 0},
          ${prices.childbaika ?? 0}, ${prices.infantbaika ?? 0}
        from (values ${sql.join(
          toCreate.map((d) => sql`(${d.date}::date, ${left.get(d.date) ?? 0}::int)`),
          sql`, `,
        )}) as v(usedate, seats_left)
        on conflict do nothing`);
    }
    const existing = before.filter((d) => d.open);
    if (existing.length > 0 && (left.size > 0 || prices !== null)) {
      const values = sql.join(
        existing.map((d) => sql`(${d.date}::date, ${left.get(d.date) ?? d.left}::int)`),
        sql`, `,
      );
      // The prices given; a class the option does not sell (no price given) keeps what its days have.
      const given = AGE_CLASSES.flatMap((c) => {
        const value = prices?.[STOCK_PRICE_KEY[c]];
        return value === undefined ? [] : [sql`${sql.raw(STOCK_PRICE_KEY[c])} = ${value}`];
      });
      const priceSet = given.length === 0 ? sql`` : sql`, ${sql.join(given, sql`, `)}`;
      // Conditional to the last: the CHECK (zaikozan >= 0) and `v.seats_left >= 0` refuse what the reads above missed.
      const updated = await tx.execute(sql`
        update departures s set zaikozan = v.seats_left ${priceSet}
        from (values ${values}) as v(usedate, seats_left)
        where s.opcd = ${opcd} and s.usedate = v.usedate and v.seats_left >= 0
        returning s.usedate`);
      if (rowsOf(updated).length !== existing.length) throw AppError.conflict(ErrCd.noStock, Msg.noStock);
    }

    stockTouched(opcd);
    const after = [...(await daysOf(tx, opcd, days)).values()];
    await recordCatalogEvent(
      tx,
      ctx,
      staff,
      opcd,
      'stock.edited',
      { days: snapshot(before) },
      {
        edit,
        days: snapshot(after),
        ...(stopped.length > 0 ? { stopped } : {}),
      },
    );
    return { days: before.length, stopped };
  });
}
