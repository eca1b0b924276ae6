/**
 * 在庫・料金カレンダー (admin only): an option's month with its departures (ADR 0196: whole days, or start
 * times) and their seats left, held and sold, the bulk edit of stock and prices by days and start times, and the edit
 * of one departure. `departures.zaikozan` is the seats LEFT: bookings take seats from it (DESIGN §5). A departure's
 * capacity is left + the seats live bookings and キャンセル待ち offers hold, so "capacity N" writes left = N − held,
 * and never below what they hold.
 *
 * Race safety: an edit takes the option's console lock (two edits of one option never interleave, so a day never
 * ends up with both kinds of departure), then locks the affected departure rows in the one order every mover of
 * seats takes (opcd, usedate, start_time), then reads what bookings hold with a fresh snapshot and writes. A booking
 * racing it either committed before the lock (and is counted) or waits for the edit and takes its seats from the
 * new number. Every change is a catalog event; the departures trigger notifies every instance's calendar cache
 * (ADR 0015).
 */
import {
  type DepartureState,
  type departureEditRequest,
  departureEnd,
  departureLabel,
  STOCK_EDIT_MAX_DAYS,
  STOCK_PRICE_KEY,
  type StockChange,
  type StockDay,
  type StockDeparture,
  type StockMonth,
  StockMsg,
  type StockPreview,
  stockDayIsAllDay,
  stockDayIsTimed,
  stockEditDays,
  type stockEditRequest,
  stockPricesMissing,
  stockSwitchInUse,
  stockSwitchStopped,
} from '@tabi/contract/admin-catalog';
import { AGE_CLASS_LABEL, AGE_CLASSES, type AgeClass, ErrCd } from '@tabi/contract/constants';
import { daysBetween, daysOfMonth, isoDateToYmd, ymdToIsoDate } from '@tabi/contract/dates';
import {
  CatalogMsg,
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
import { bookingIs } from '../booking/state-sql.ts';
import { writeDepartures } from '../departures/repository.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import { recordCatalogEvent } from './catalog.ts';

type Prices = Pick<StockDeparture, 'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika'>;
const PRICE_COLUMNS = AGE_CLASSES.map((c) => STOCK_PRICE_KEY[c]);

/** A departure as read for the grid and the edits: its figures, and whether anyone waits for it (キャンセル待ち). */
interface DepartureRow extends StockDeparture {
  date: string;
  waiting: number;
}

/** The departures of some days, and the days and the departures (`2026-12-05 10:00`) called off (催行中止). */
interface DaysRead {
  departures: DepartureRow[];
  stopped: Set<string>;
  stoppedDepartures: Set<string>;
}

const departureKey = (date: string, startTime: string) => (startTime === '' ? date : `${date} ${startTime}`);
/** Called off with its day or by itself: its seats stay closed whatever an edit says. */
const isStopped = (read: DaysRead, date: string, startTime: string) =>
  read.stopped.has(date) || read.stoppedDepartures.has(departureKey(date, startTime));

const slash = (iso: string) => iso.replaceAll('-', '/');
const dateList = (days: readonly string[]) =>
  sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  );

/**
 * The departures of `days` in (day, start time) order, with the seats taken from them: `held` by live unpaid or
 * requested bookings and by キャンセル待ち offers (seats moved out of the stock for whoever has the offer's link,
 * ADR 0167), `sold` by paid bookings; `waiting` counts the キャンセル待ち entries still waiting or offered.
 */
async function daysOf(db: DbOrTx, opcd: string, days: readonly string[]): Promise<DaysRead> {
  if (days.length === 0) return { departures: [], stopped: new Set(), stoppedDepartures: new Set() };
  const list = dateList(days);
  const rows = rowsOf<{
    date: string;
    start_time: string;
    end_time: string;
    seats_left: number;
    held: number | string;
    sold: number | string;
    waiting: number | string;
    adultbaika: number;
    middlebaika: number;
    childbaika: number;
    infantbaika: number;
  }>(
    await db.execute(sql`
      select to_char(s.usedate, 'YYYY-MM-DD') as date, s.start_time, s.end_time, s.zaikozan as seats_left,
        s.adultbaika, s.middlebaika, s.childbaika, s.infantbaika,
        coalesce(t.held, 0) + coalesce(w.held, 0) as held, coalesce(t.sold, 0) as sold, coalesce(w.entries, 0) as waiting
      from departures s
      left join lateral (
        select sum(bo.seats) filter (where ${bookingIs.unpaid}) as held,
               sum(bo.seats) filter (where not ${bookingIs.unpaid}) as sold
        from booking_options bo join bookings b on b.rsvno = bo.rsvno
        where bo.opcd = s.opcd and bo.usedate = s.usedate and bo.start_time = s.start_time and ${bookingIs.notCanceled}
      ) t on true
      left join lateral (
        select sum(e.held) as held, count(*) as entries from waitlist_entries e
        where e.opcd = s.opcd and e.usedate = s.usedate and e.start_time = s.start_time
          and e.state in ('waiting', 'offered')
      ) w on true
      where s.opcd = ${opcd} and s.usedate in (${list})
      order by s.usedate, s.start_time`),
  );
  const stopped = rowsOf<{ date: string; start_time: string }>(
    await db.execute(sql`select to_char(usedate, 'YYYY-MM-DD') as date, '' as start_time from day_stop_days
      where opcd = ${opcd} and usedate in (${list})
      union all
      select to_char(usedate, 'YYYY-MM-DD'), start_time from day_stop_departures
      where opcd = ${opcd} and usedate in (${list})`),
  );
  const read: DaysRead = {
    departures: [],
    stopped: new Set(stopped.filter((r) => r.start_time === '').map((r) => r.date)),
    stoppedDepartures: new Set(
      stopped.filter((r) => r.start_time !== '').map((r) => departureKey(r.date, r.start_time)),
    ),
  };
  return {
    ...read,
    departures: rows.map((r) => ({
      date: r.date,
      startTime: r.start_time,
      endTime: r.end_time,
      left: Number(r.seats_left),
      held: Number(r.held),
      sold: Number(r.sold),
      waiting: Number(r.waiting),
      adultbaika: Number(r.adultbaika),
      middlebaika: Number(r.middlebaika),
      childbaika: Number(r.childbaika),
      infantbaika: Number(r.infantbaika),
      stopped: isStopped(read, r.date, r.start_time),
    })),
  };
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
      timed: sql<boolean>`exists (select 1 from departures d where d.opcd = ${opcd} and d.start_time <> '')`,
    })
    .from(options)
    .where(eq(options.opcd, opcd));
  if (!row) throw AppError.notFound(CatalogMsg.catalogNotFound);
  const { middleAgeMax, childAgeMax, infantAgeMax, timed, ...period } = row;
  // The classes the party form offers (adult always, another when its upper age is set: SPEC §2 Party-count form).
  const upper: Record<AgeClass, number | null> = {
    adult: 0,
    middle: middleAgeMax,
    child: childAgeMax,
    infant: infantAgeMax,
  };
  return { ...period, timed: Boolean(timed), ageClasses: AGE_CLASSES.filter((c) => upper[c] !== null) };
}

const figuresOf = ({ startTime, endTime, stopped, left, held, sold, ...rest }: DepartureRow): StockDeparture => ({
  startTime,
  endTime,
  stopped,
  left,
  held,
  sold,
  ...pricesOf(rest),
});
const pricesOf = (p: Prices): Prices => ({
  adultbaika: p.adultbaika,
  middlebaika: p.middlebaika,
  childbaika: p.childbaika,
  infantbaika: p.infantbaika,
});

/**
 * A day of the grid from its departures: their seats summed and, per age class, the lowest price among those with a
 * seat left (of them all when none has), as SPEC §7's day is made (ADR 0196). A day sold whole is its one row.
 */
function dayOf(date: string, departures: DepartureRow[], stopped: boolean): StockDay {
  const sum = (f: (d: DepartureRow) => number) => departures.reduce((n, d) => n + f(d), 0);
  const open = departures.filter((d) => d.left > 0);
  const priced = open.length > 0 ? open : departures;
  const lowest = (key: keyof Prices) => (priced.length === 0 ? 0 : Math.min(...priced.map((d) => d[key])));
  return {
    date,
    open: departures.length > 0,
    stopped,
    left: sum((d) => d.left),
    held: sum((d) => d.held),
    sold: sum((d) => d.sold),
    adultbaika: lowest('adultbaika'),
    middlebaika: lowest('middlebaika'),
    childbaika: lowest('childbaika'),
    infantbaika: lowest('infantbaika'),
    departures: departures.map(figuresOf),
  };
}

export async function stockMonth(ctx: AppContext, opcd: string, month: string): Promise<StockMonth> {
  const option = await periodOf(ctx.db, opcd);
  const days = daysOfMonth(isoDateToYmd(`${month}-01`)).map(ymdToIsoDate);
  const read = await daysOf(ctx.db, opcd, days);
  return {
    ...option,
    month,
    days: days.map((d) =>
      dayOf(
        d,
        read.departures.filter((r) => r.date === d),
        read.stopped.has(d),
      ),
    ),
  };
}

/** A bulk edit as POST /options/{opcd}/stock's entry parses it. */
export type StockEdit = z.output<typeof stockEditRequest>;
type Option = Awaited<ReturnType<typeof periodOf>>;

const stateOf = (d: Omit<DepartureRow, 'date' | 'startTime' | 'waiting' | 'stopped'>): DepartureState => ({
  endTime: d.endTime,
  left: d.left,
  capacity: d.left + d.held + d.sold,
  ...pricesOf(d),
});
const sameState = (a: DepartureState, b: DepartureState) =>
  a.endTime === b.endTime &&
  a.left === b.left &&
  a.capacity === b.capacity &&
  PRICE_COLUMNS.every((c) => a[c] === b[c]);
/** Seats are on it or someone waits for it: it cannot be removed. */
const inUse = (d: DepartureRow) => d.held + d.sold + d.waiting > 0;

/** The prices a departure has after an edit: those given; a class the option does not sell keeps its own (or 0). */
function pricesAfter(given: StockEdit['prices'], current: Prices | undefined): Prices {
  const price = (c: keyof Prices) => given?.[c] ?? current?.[c] ?? 0;
  return {
    adultbaika: price('adultbaika'),
    middlebaika: price('middlebaika'),
    childbaika: price('childbaika'),
    infantbaika: price('infantbaika'),
  };
}

/** What an edit writes: each departure changed, and the answer it gives. */
interface Plan {
  days: number;
  stopped: string[];
  changes: StockChange[];
}

function checkEdit(option: Option, edit: StockEdit): string[] {
  const missingPrice = edit.prices ? stockPricesMissing(edit.prices, option.ageClasses)[0] : undefined;
  if (missingPrice) throw new AppError(ErrCd.generic, stockPriceRequired(AGE_CLASS_LABEL[missingPrice]), 422);
  if (edit.from < option.useFrom || edit.to > option.useTo) {
    throw new AppError(ErrCd.generic, CatalogMsg.stockOutsidePeriod, 422);
  }
  if (daysBetween(isoDateToYmd(edit.from), isoDateToYmd(edit.to)) + 1 > STOCK_EDIT_MAX_DAYS)
    throw new AppError(ErrCd.generic, CatalogMsg.stockRangeTooLong, 422);
  const days = stockEditDays(edit);
  if (days.length === 0) throw new AppError(ErrCd.generic, CatalogMsg.stockNoDays, 422);
  return days;
}

/**
 * The bulk edit worked out on what was read, every refusal before anything is written. Each day gets the change on
 * its whole day, or on each start time given; a day sold the other way is switched only when prices are given (a
 * departure is made only with its prices) and nothing holds a seat on, or waits for, what it drops. A day called
 * off keeps its seats closed: only its prices change, and a departure made on it has no seat.
 */
function planEdit(edit: StockEdit, days: string[], read: DaysRead): Plan {
  const { stock: change, prices } = edit;
  const times = edit.times ?? [];
  const toTimed = times.length > 0;
  const minutes = edit.durationMinutes ?? null;
  const stopped = change === null ? [] : days.filter((d) => read.stopped.has(d));
  // Departures called off by themselves keep their seats closed too, and are named as the days are.
  const stoppedAlone: string[] = [];
  // A stopped day keeps its closed seats; its prices may still change (they are what its bookings were sold at).
  const inPlay = prices === null ? days.filter((d) => !read.stopped.has(d)) : days;
  if (inPlay.length === 0) throw AppError.conflict(ErrCd.noStock, stockDaysStopped(stopped.map(slash)));

  const changes: StockChange[] = [];
  for (const date of inPlay) {
    const dayStopped = read.stopped.has(date);
    const existing = read.departures.filter((d) => d.date === date);
    const otherKind = existing.filter((d) => (d.startTime !== '') !== toTimed);
    if (otherKind.length > 0) {
      if (prices === null) {
        throw new AppError(ErrCd.generic, toTimed ? stockDayIsAllDay(slash(date)) : stockDayIsTimed(slash(date)), 422);
      }
      const called = otherKind.find((d) => d.stopped && !dayStopped);
      if (called) throw AppError.conflict(ErrCd.noStock, stockSwitchStopped(departureLabel(date, called.startTime)));
      const used = otherKind.find(inUse);
      if (used) throw AppError.conflict(ErrCd.noStock, stockSwitchInUse(departureLabel(date, used.startTime), toTimed));
      for (const d of otherKind) {
        changes.push({ date, startTime: d.startTime, before: stateOf(d), after: null, stopped: dayStopped });
      }
    }
    for (const startTime of toTimed ? times : ['']) {
      const row = existing.find((d) => d.startTime === startTime);
      const label = departureLabel(date, startTime);
      // A departure is put on sale only with its prices (without them it stays off sale).
      if (!row && prices === null) {
        if (change?.mode === 'close') continue;
        const needed = toTimed ? StockMsg.departurePricesNeeded : CatalogMsg.stockPricesNeeded;
        throw new AppError(ErrCd.generic, `${needed}（${label}）`, 422);
      }
      const held = row?.held ?? 0;
      const sold = row?.sold ?? 0;
      const was = row?.left ?? 0;
      const closed = isStopped(read, date, startTime);
      if (closed && !dayStopped && change !== null) stoppedAlone.push(departureKey(date, startTime));
      let left = was;
      if (!closed && change?.mode === 'set') {
        if (change.seats < held + sold) {
          throw AppError.conflict(ErrCd.noStock, stockBelowHeld(label, held + sold, change.seats));
        }
        left = change.seats - held - sold;
      } else if (!closed && change?.mode === 'add') {
        if (was + change.seats < 0) throw AppError.conflict(ErrCd.noStock, stockBelowZero(label, was, -change.seats));
        left = was + change.seats;
      } else if (change?.mode === 'close') {
        left = 0;
      }
      const endTime =
        minutes !== null && startTime !== '' ? (departureEnd(startTime, minutes) ?? '') : (row?.endTime ?? '');
      const after = stateOf({ endTime, left, held, sold, ...pricesAfter(prices, row) });
      const before = row ? stateOf(row) : null;
      if (before && sameState(before, after)) continue;
      changes.push({ date, startTime, before, after, stopped: closed });
    }
  }
  return { days: inPlay.length, stopped: [...stopped, ...stoppedAlone].sort(), changes };
}

/** Two console edits of one option never interleave (a day never gets both kinds of departure). */
async function lockOption(tx: DbOrTx, opcd: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock:${opcd}`}))`);
}

/** The rows of the days' departures, locked in the order every mover of seats takes (opcd, usedate, start_time). */
async function lockDays(tx: DbOrTx, opcd: string, days: readonly string[]): Promise<void> {
  await tx.execute(sql`select 1 from departures where opcd = ${opcd} and usedate in (${dateList(days)})
    order by opcd, usedate, start_time for update`);
}

/** What a catalog event keeps of a departure: seats left, its end when it has one, and prices. */
type Kept = Prices & { left: number; endTime?: string };

/** What a catalog event keeps of some days: each departure (`2026-12-05`, `2026-12-05 10:00`), or the day as null. */
function snapshot(days: readonly string[], read: DaysRead): Record<string, Kept | null> {
  const out: Record<string, Kept | null> = {};
  for (const date of days) {
    const departures = read.departures.filter((d) => d.date === date);
    if (departures.length === 0) out[date] = null;
    for (const d of departures) {
      out[d.startTime === '' ? date : `${date} ${d.startTime}`] = {
        left: d.left,
        ...(d.endTime === '' ? {} : { endTime: d.endTime }),
        ...pricesOf(d),
      };
    }
  }
  return out;
}

/** The bulk edit's preview: what it would change, per day and start time, or the refusal it would answer. */
export async function previewStock(ctx: AppContext, opcd: string, edit: StockEdit): Promise<StockPreview> {
  const option = await periodOf(ctx.db, opcd);
  const days = checkEdit(option, edit);
  return planEdit(edit, days, await daysOf(ctx.db, opcd, days));
}

/**
 * The bulk edit, all departures or none. Answers how many days were changed, and the days called off (催行中止) whose
 * seats it left closed: a stop is undone only by its own action, never by a change of seats over a range that
 * includes it.
 */
export async function editStock(
  ctx: AppContext,
  staff: StaffPrincipal,
  opcd: string,
  edit: StockEdit,
): Promise<{ days: number; stopped: string[] }> {
  const option = await periodOf(ctx.db, opcd);
  const days = checkEdit(option, edit);

  return ctx.db.transaction(async (tx) => {
    await lockOption(tx, opcd);
    // From here no seat moves on these days, and the reads below see every booking and stop committed before.
    await lockDays(tx, opcd, days);
    const before = await daysOf(tx, opcd, days);
    const plan = planEdit(edit, days, before);
    await writeDepartures(tx, opcd, plan.changes);
    stockTouched(opcd);
    const inPlay = days.filter((d) => edit.prices !== null || !before.stopped.has(d));
    const after = await daysOf(tx, opcd, inPlay);
    await recordCatalogEvent(
      tx,
      ctx,
      staff,
      opcd,
      'stock.edited',
      { days: snapshot(inPlay, before) },
      {
        edit,
        days: snapshot(inPlay, after),
        ...(plan.stopped.length > 0 ? { stopped: plan.stopped } : {}),
      },
    );
    return { days: plan.days, stopped: plan.stopped };
  });
}

/** An edit of one departure as POST /options/{opcd}/stock/departure's entry parses it. */
export type DepartureEdit = z.output<typeof departureEditRequest>;

/**
 * One departure alone, with the bulk edit's rules: its capacity never below what is held on it, a day called off
 * keeps its seats closed (its prices may change). Closing it removes it when nothing holds a seat on it and no one
 * waits for it (it leaves the calendar, the detail page and OCTO); otherwise its seats left become 0 and it stays
 * listed, its bookings keeping their seats.
 */
export async function editDeparture(
  ctx: AppContext,
  staff: StaffPrincipal,
  opcd: string,
  edit: DepartureEdit,
): Promise<{ outcome: 'changed' | 'closed' | 'removed' }> {
  const option = await periodOf(ctx.db, opcd);
  const missingPrice = edit.prices ? stockPricesMissing(edit.prices, option.ageClasses)[0] : undefined;
  if (missingPrice) throw new AppError(ErrCd.generic, stockPriceRequired(AGE_CLASS_LABEL[missingPrice]), 422);
  const { date, startTime, stock: change, prices } = edit;
  const label = departureLabel(date, startTime);

  return ctx.db.transaction(async (tx) => {
    await lockOption(tx, opcd);
    await tx.execute(sql`select 1 from departures where opcd = ${opcd} and usedate = ${date}::date
      and start_time = ${startTime} for update`);
    const read = await daysOf(tx, opcd, [date]);
    const row = read.departures.find((d) => d.startTime === startTime);
    if (!row) throw AppError.notFound(StockMsg.departureNotFound);
    if (change !== null && row.stopped) {
      // A day called off is named as a day; a departure called off alone, with its time.
      throw AppError.conflict(ErrCd.noStock, stockDaysStopped([read.stopped.has(date) ? slash(date) : label]));
    }
    const taken = row.held + row.sold;
    let outcome: 'changed' | 'closed' | 'removed' = 'changed';
    let left = row.left;
    if (change?.mode === 'set') {
      if (change.seats < taken) throw AppError.conflict(ErrCd.noStock, stockBelowHeld(label, taken, change.seats));
      left = change.seats - taken;
    } else if (change?.mode === 'close') {
      outcome = inUse(row) ? 'closed' : 'removed';
      left = 0;
    }
    const after = stateOf({ ...row, left, ...pricesAfter(prices, row) });
    const change1: StockChange = {
      date,
      startTime,
      before: stateOf(row),
      after: outcome === 'removed' ? null : after,
      stopped: row.stopped,
    };
    await writeDepartures(tx, opcd, [change1]);
    stockTouched(opcd);
    const key = startTime === '' ? date : `${date} ${startTime}`;
    const kept = (s: DepartureState | null) => {
      if (s === null) return null;
      const { capacity: _capacity, endTime, ...rest } = s;
      return { ...rest, ...(endTime === '' ? {} : { endTime }) };
    };
    await recordCatalogEvent(
      tx,
      ctx,
      staff,
      opcd,
      'departure.edited',
      { departures: { [key]: kept(change1.before) } },
      { edit, outcome, departures: { [key]: kept(change1.after) } },
    );
    return { outcome };
  });
}
