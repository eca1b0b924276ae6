/**
 * 催行中止 (ADR 0165): the company calls off days of options — weather, a minimum not reached, the facility — in one
 * action. A preview says what will happen (bookings, travellers, refunds, mails, seats, tickets issued elsewhere);
 * the start closes the days and writes every live booking down as an item of the stop, in one transaction; the run
 * cancels each through the booking lifecycle (no fee, full refund, the stop's mail) and is resumed by the worker
 * until none is left, after a crash too. The minimum number of travellers and 催行決定 are minimum.ts's.
 *
 * A stop is of whole days (day_stop_days: every departure of the day) or, for an option sold at start times, of one
 * departure (day_stop_departures, ADR 0196): then only that start time's seats are closed and only the bookings on it
 * canceled; the day's other departures stay on sale.
 */

import { channelLabel } from '@tabi/contract/admin-bookings';
import { statusLabel, unpaidGraceCutoff } from '@tabi/contract/booking-rules';
import { ErrCd } from '@tabi/contract/constants';
import { daysBetween, tokyoYmd, toTokyoIso, ymdToIsoDate } from '@tabi/contract/dates';
import {
  DAY_STOP_MAX_DAYS,
  DAY_STOP_REASON_LABEL,
  type DayStopBooking,
  type DayStopDepartureList,
  type DayStopDeparturesQuery,
  type DayStopLine,
  DayStopMsg,
  type DayStopPreview,
  type DayStopRequest,
  dayStopDeparturesQuery,
  dayStopRequest,
} from '@tabi/contract/day-stop';
import { type SQL, sql } from 'drizzle-orm';
import { staffActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { dayDecisions, dayStopDays, dayStopDepartures, dayStopItems, dayStops } from '../../db/schema.ts';
import { stockTouched } from '../../db/stock-changes.ts';
import { AppError } from '../../errors.ts';
import { recordCatalogEvent } from '../admin/catalog.ts';
import { cancelByCompany } from '../booking/company-cancel.ts';
import { bookingIs, holdsSeats } from '../booking/state-sql.ts';
import { closeDepartures } from '../departures/repository.ts';
import type { StaffPrincipal } from '../staff/service.ts';

type Input = ReturnType<typeof dayStopRequest.parse>;

interface Target {
  opcds: string[];
  from: string;
  to: string;
  /** One departure's start time (one option, one day), or null: whole days. */
  startTime: string | null;
}

/** The options and days a request names, from today on (a day already past cannot be called off). */
async function targetOf(ctx: AppContext, db: DbOrTx, input: Input): Promise<Target> {
  const today = tokyoYmd(ctx.clock.now());
  if (input.to < today) throw new AppError(ErrCd.generic, DayStopMsg.inPast, 422);
  const from = input.from < today ? today : input.from;
  if (daysBetween(from, input.to) + 1 > DAY_STOP_MAX_DAYS) throw new AppError(ErrCd.generic, DayStopMsg.tooLong, 422);
  const named = input.opcds.map((o) => o.normalize('NFKC').trim().toUpperCase());
  const ofFacility =
    input.facilityId === undefined
      ? []
      : rowsOf<{ opcd: string }>(
          await db.execute(sql`select opcd from options where facility_id = ${input.facilityId} order by opcd`),
        ).map((r) => r.opcd);
  const opcds = [...new Set([...named, ...ofFacility])];
  if (opcds.length === 0) throw new AppError(ErrCd.generic, DayStopMsg.noOption, 422);
  return { opcds, from: ymdToIsoDate(from), to: ymdToIsoDate(input.to), startTime: input.startTime ?? null };
}

/**
 * The target's departures (`departures s`) or booking lines (`booking_options bo`): on its options and days (or its
 * one departure), not on a day or a departure already called off.
 */
const inTarget = (t: Target, alias: string) => {
  const a = sql.raw(alias);
  return sql`${a}.opcd in (${sql.join(
    t.opcds.map((o) => sql`${o}`),
    sql`, `,
  )}) and ${a}.usedate between ${t.from}::date and ${t.to}::date
    ${t.startTime === null ? sql`` : sql`and ${a}.start_time = ${t.startTime}`}
    and not exists (select 1 from day_stop_days d where d.opcd = ${a}.opcd and d.usedate = ${a}.usedate)
    and not exists (select 1 from day_stop_departures x
      where x.opcd = ${a}.opcd and x.usedate = ${a}.usedate and x.start_time = ${a}.start_time)`;
};

/**
 * A day or a departure of an option as the queries here and in minimum.ts select it: the option's code and name,
 * the day as YYYYMMDD, and the departure's start and end ('' and '' for a whole day).
 */
export interface OptionDayRow {
  opcd: string;
  webname: string;
  usedate: string;
  start_time: string;
  end_time: string;
}

interface DayRow {
  opcd: string;
  webname: string;
  usedate: string;
  /** '' and '' for a whole day. */
  startTime: string;
  endTime: string;
  seats: number;
}

/**
 * The days' stock rows, locked when asked in the one order every change of several days' rows takes (option, day,
 * then start time: a reseller's change of day locks its old and new day so too), so that a stop and a change never
 * wait for each other; answered per day (the seats of its departures summed, ADR 0196) by day, then option.
 */
async function daysOf(db: DbOrTx, t: Target, lock: boolean): Promise<DayRow[]> {
  if (lock) {
    await db.execute(sql`select 1 from departures s where ${inTarget(t, 's')}
      order by s.opcd, s.usedate, s.start_time for update of s`);
  }
  // A departure's stop answers its one row; a whole day's, the day (its departures summed).
  const rows = rowsOf<OptionDayRow & Pick<DayRow, 'seats'>>(
    await db.execute(
      t.startTime === null
        ? sql`select s.opcd, o.webname, to_char(s.usedate, 'YYYYMMDD') as usedate, '' as start_time, '' as end_time,
            sum(s.zaikozan) as seats
          from departures s join options o on o.opcd = s.opcd
          where ${inTarget(t, 's')}
          group by s.opcd, o.webname, s.usedate
          order by s.opcd, s.usedate`
        : sql`select s.opcd, o.webname, to_char(s.usedate, 'YYYYMMDD') as usedate, s.start_time, s.end_time,
            s.zaikozan as seats
          from departures s join options o on o.opcd = s.opcd
          where ${inTarget(t, 's')}`,
    ),
  );
  return rows
    .map(({ start_time, end_time, ...r }) => ({
      ...r,
      startTime: start_time,
      endTime: end_time,
      seats: Number(r.seats),
    }))
    .sort((a, b) => a.usedate.localeCompare(b.usedate) || a.opcd.localeCompare(b.opcd));
}

interface BookingRow extends OptionDayRow {
  rsvno: string;
  sei: string;
  mei: string;
  status: number;
  status_payment: number;
  flg_request_rsv: number;
  rsvdate: Date | string;
  travellers: number;
  refund: number;
  external: boolean;
  reseller_name: string | null;
  net_amount: number | null;
}

/** The bookings that still hold seats on those days (not canceled, not claimed, not an expired unpaid card booking). */
async function liveBookingsOf(ctx: AppContext, db: DbOrTx, t: Target): Promise<DayStopBooking[]> {
  const cutoff = unpaidGraceCutoff(ctx.clock.now());
  const rows = rowsOf<BookingRow>(
    await db.execute(sql`select distinct on (b.rsvno) b.rsvno, b.sei, b.mei, b.status, b.status_payment,
        b.flg_request_rsv, b.rsvdate, bo.opcd, o.webname, to_char(bo.usedate, 'YYYYMMDD') as usedate,
        bo.start_time, bo.end_time,
        (select count(*) from booking_members m where m.rsvno = b.rsvno)::int as travellers,
        case when b.reseller_id is not null then 0
          when not ${bookingIs.unpaid} and not exists (select 1 from payments p where p.rsvno = b.rsvno and p.status in ('paid', 'refunded'))
          then b.amountjp
          else (select coalesce(sum(p.amount - p.refunded_amount), 0) from payments p
            where p.rsvno = b.rsvno and p.status in ('paid', 'refunded'))::int end as refund,
        exists (select 1 from booking_options x where x.rsvno = b.rsvno
          and (x.ex_rsvno is not null or x.ticket_url is not null or x.ex_url is not null)) as external,
        rs.name as reseller_name, case when b.reseller_id is not null then b.net_amount end as net_amount
      from booking_options bo join bookings b on b.rsvno = bo.rsvno join options o on o.opcd = bo.opcd
        left join resellers rs on rs.id = b.reseller_id
      where ${inTarget(t, 'bo')} and ${holdsSeats(cutoff)} and b.canceled_at is null
      order by b.rsvno, bo.usedate, bo.id`),
  );
  const servertime = toTokyoIso(ctx.clock.now());
  return rows
    .map((r) => ({
      rsvno: r.rsvno,
      name: `${r.sei} ${r.mei}`,
      opcd: r.opcd,
      webname: r.webname,
      usedate: r.usedate,
      startTime: r.start_time,
      endTime: r.end_time,
      travellers: Number(r.travellers),
      statusLabel: statusLabel(
        {
          status: r.status,
          status_payment: r.status_payment,
          rsvdate: toTokyoIso(new Date(r.rsvdate)),
        },
        servertime,
      ),
      channel: channelLabel(r.reseller_name),
      refund: Number(r.refund),
      // A reseller's booking is paid on account: no card refund and no mail from us; the reseller reads the
      // cancellation through OCTO and is not invoiced for it (ADR 0170).
      notice: r.reseller_name === null ? ('mail' as const) : ('reseller' as const),
      onAccount: r.net_amount === null ? 0 : Number(r.net_amount),
      external: r.external === true || String(r.external) === 't',
    }))
    .sort(
      (a, b) =>
        a.usedate.localeCompare(b.usedate) ||
        a.opcd.localeCompare(b.opcd) ||
        a.startTime.localeCompare(b.startTime) ||
        a.rsvno.localeCompare(b.rsvno),
    );
}

function reasonLabel(input: Pick<Input, 'reason' | 'reasonText'>): string {
  const label = DAY_STOP_REASON_LABEL[input.reason];
  return input.reasonText ? `${label}（${input.reasonText}）` : label;
}

function previewOf(input: Input, days: DayRow[], bookings: DayStopBooking[]): DayStopPreview {
  return {
    reasonLabel: reasonLabel(input),
    days: days.map((d) => ({
      opcd: d.opcd,
      webname: d.webname,
      usedate: d.usedate,
      startTime: d.startTime,
      endTime: d.endTime,
      seatsLeft: d.seats,
    })),
    bookings,
    totals: {
      days: days.length,
      bookings: bookings.length,
      travellers: bookings.reduce((n, b) => n + b.travellers, 0),
      refund: bookings.reduce((n, b) => n + b.refund, 0),
      mails: bookings.filter((b) => b.notice === 'mail').length,
      resellerBookings: bookings.filter((b) => b.notice === 'reseller').length,
      onAccount: bookings.reduce((n, b) => n + b.onAccount, 0),
      seatsClosed: days.reduce((n, d) => n + d.seats, 0),
      external: bookings.filter((b) => b.external).length,
    },
  };
}

/** What stopping those days would do, nothing changed. */
export async function previewStop(ctx: AppContext, body: DayStopRequest): Promise<DayStopPreview> {
  const input = dayStopRequest.parse(body);
  const target = await targetOf(ctx, ctx.db, input);
  const [days, bookings] = await Promise.all([daysOf(ctx.db, target, false), liveBookingsOf(ctx, ctx.db, target)]);
  if (days.length === 0) throw new AppError(ErrCd.generic, DayStopMsg.noDays, 422);
  return previewOf(input, days, bookings);
}

/**
 * The stop, in one transaction: the days' stock rows locked (a booking racing it either lands before, and is an
 * item, or finds no seat), closed, written down as the stop's days; every live booking an item; each day decided
 * 'stopped'; a catalog event per option. Then as many items as a few seconds allow are run; the worker does the
 * rest.
 */
export async function startStop(
  ctx: AppContext,
  staff: StaffPrincipal,
  body: DayStopRequest,
): Promise<{ stopId: number; bookings: number }> {
  const started = await beginStop(ctx, staff, body);
  await runStop(ctx, started.stopId, Date.now() + 8_000);
  return started;
}

/** The stop's one transaction (startStop's first half): after it, the run may be cut anywhere and resumed. */
export async function beginStop(
  ctx: AppContext,
  staff: Pick<StaffPrincipal, 'id'>,
  body: DayStopRequest,
): Promise<{ stopId: number; bookings: number }> {
  const input = dayStopRequest.parse(body);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const target = await targetOf(ctx, tx, input);
    const days = await daysOf(tx, target, true);
    if (days.length === 0) throw new AppError(ErrCd.generic, DayStopMsg.noDays, 422);
    const bookings = await liveBookingsOf(ctx, tx, target);
    const [stop] = await tx
      .insert(dayStops)
      .values({ createdAt: now, staffId: staff.id, reason: input.reason, reasonText: input.reasonText })
      .returning({ id: dayStops.id });
    if (!stop) throw new Error('day stop not inserted');
    const closed =
      target.startTime === null
        ? await tx
            .insert(dayStopDays)
            .values(days.map((d) => ({ stopId: stop.id, opcd: d.opcd, usedate: ymdToIsoDate(d.usedate) })))
            .onConflictDoNothing()
            .returning({ opcd: dayStopDays.opcd })
        : await tx
            .insert(dayStopDepartures)
            .values(
              days.map((d) => ({
                stopId: stop.id,
                opcd: d.opcd,
                usedate: ymdToIsoDate(d.usedate),
                startTime: d.startTime,
              })),
            )
            .onConflictDoNothing()
            .returning({ opcd: dayStopDepartures.opcd });
    if (closed.length !== days.length) throw AppError.conflict(ErrCd.generic, DayStopMsg.alreadyStopped);
    await closeDepartures(tx, inClosed(stop.id));
    for (const opcd of new Set(days.map((d) => d.opcd))) stockTouched(opcd);
    if (bookings.length > 0) {
      await tx
        .insert(dayStopItems)
        .values(bookings.map((b) => ({ stopId: stop.id, rsvno: b.rsvno, external: b.external, refund: b.refund })));
    }
    await tx
      .insert(dayDecisions)
      .values(
        days.map((d) => ({
          opcd: d.opcd,
          usedate: ymdToIsoDate(d.usedate),
          startTime: d.startTime,
          decision: 'stopped' as const,
          staffId: staff.id,
          at: now,
        })),
      )
      .onConflictDoUpdate({
        target: [dayDecisions.opcd, dayDecisions.usedate, dayDecisions.startTime],
        set: { decision: 'stopped', staffId: staff.id, at: now },
      });
    for (const opcd of new Set(days.map((d) => d.opcd))) {
      const mine = days.filter((d) => d.opcd === opcd);
      // A departure is named by its day and start time (「20261201 13:00」), a whole day by its day.
      const key = (d: DayRow) => (d.startTime ? `${d.usedate} ${d.startTime}` : d.usedate);
      await recordCatalogEvent(
        tx,
        ctx,
        staff,
        opcd,
        'day_stopped',
        { days: Object.fromEntries(mine.map((d) => [key(d), d.seats])) },
        { days: Object.fromEntries(mine.map((d) => [key(d), 0])), stop: stop.id, reason: reasonLabel(input) },
      );
    }
    return { stopId: stop.id, bookings: bookings.length };
  });
}

/** The stop's days and departures, as a condition on `departures s`. */
const inClosed = (stopId: number): SQL =>
  sql`(exists (select 1 from day_stop_days d where d.stop_id = ${stopId} and d.opcd = s.opcd and d.usedate = s.usedate)
    or exists (select 1 from day_stop_departures x where x.stop_id = ${stopId} and x.opcd = s.opcd
      and x.usedate = s.usedate and x.start_time = s.start_time))`;

/**
 * Whether a booking is on a stopped day or departure now. Asked under the booking's lock before the stop cancels
 * it: the stop listed its bookings when it began, and a reseller (or the customer) may have moved one to another day
 * or departure since (a move onto a stopped one finds no seat, so one that left stays off).
 */
async function onStoppedDay(tx: DbOrTx, booking: { rsvno: string }): Promise<boolean> {
  const [row] = rowsOf<{ stopped: boolean | string }>(
    await tx.execute(sql`select exists (select 1 from booking_options bo
        where bo.rsvno = ${booking.rsvno}
          and (exists (select 1 from day_stop_days d where d.opcd = bo.opcd and d.usedate = bo.usedate)
            or exists (select 1 from day_stop_departures x
              where x.opcd = bo.opcd and x.usedate = bo.usedate and x.start_time = bo.start_time))) as stopped`),
  );
  return row?.stopped === true || row?.stopped === 't';
}

/**
 * Cancels the stop's pending bookings, one by one, until none is left or `until` (ms since epoch) has passed.
 * Idempotent: each booking's cancellation resumes where it is; an item is done once its booking is canceled, and
 * skipped (left as it is) when the booking was no longer on a stopped day.
 */
export async function runStop(ctx: AppContext, stopId: number, until = Number.POSITIVE_INFINITY): Promise<boolean> {
  const [stop] = rowsOf<{ staff_id: number; reason: string; reason_text: string; state: string }>(
    await ctx.db.execute(sql`select staff_id, reason, reason_text, state from day_stops where id = ${stopId}`),
  );
  if (!stop || stop.state === 'done') return true;
  const actor = staffActor(stop.staff_id);
  const note = `催行中止：${reasonLabel({ reason: stop.reason as Input['reason'], reasonText: stop.reason_text })}`;
  const pending = rowsOf<{ rsvno: string }>(
    await ctx.db.execute(
      sql`select rsvno from day_stop_items where stop_id = ${stopId} and state = 'pending' order by rsvno`,
    ),
  );
  for (const { rsvno } of pending) {
    if (Date.now() > until) return false;
    const outcome = await cancelByCompany(ctx, rsvno, actor, note, onStoppedDay);
    if (outcome === 'canceled' || outcome === 'skipped') {
      const state = outcome === 'canceled' ? 'done' : 'skipped';
      await ctx.db.execute(sql`update day_stop_items set state = ${state}, done_at = ${ctx.clock.now()}
        where stop_id = ${stopId} and rsvno = ${rsvno} and state = 'pending'`);
    }
  }
  const [left] = rowsOf<{ n: number }>(
    await ctx.db.execute(
      sql`select count(*)::int as n from day_stop_items where stop_id = ${stopId} and state = 'pending'`,
    ),
  );
  if (Number(left?.n ?? 0) > 0) return false;
  await ctx.db.execute(
    sql`update day_stops set state = 'done', finished_at = ${ctx.clock.now()} where id = ${stopId} and state = 'running'`,
  );
  return true;
}

/** The worker's turn (every instance): every running stop, each for a while. */
export async function runStops(ctx: AppContext, budgetMs = 20_000): Promise<number> {
  const running = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`select id from day_stops where state = 'running' order by id`),
  );
  const until = Date.now() + budgetMs;
  for (const { id } of running) await runStop(ctx, Number(id), until);
  return running.length;
}

/** The stops, newest first (running ones always; done ones of the last 30 days). */
export async function listStops(ctx: AppContext, onlyRunning = false): Promise<DayStopLine[]> {
  const since = new Date(ctx.clock.now().getTime() - 30 * 86_400_000);
  const stops = rowsOf<{
    id: number;
    created_at: Date | string;
    mail: string | null;
    reason: string;
    reason_text: string;
    state: 'running' | 'done';
    finished_at: Date | string | null;
    bookings: number;
    done: number;
    refund: number;
    external: number;
  }>(
    await ctx.db.execute(sql`select s.id, s.created_at, a.mail, s.reason, s.reason_text, s.state, s.finished_at,
        (select count(*) from day_stop_items i where i.stop_id = s.id and i.state <> 'skipped')::int as bookings,
        (select count(*) from day_stop_items i where i.stop_id = s.id and i.state = 'done')::int as done,
        (select coalesce(sum(i.refund), 0) from day_stop_items i
          where i.stop_id = s.id and i.state <> 'skipped')::int as refund,
        (select count(*) from day_stop_items i
          where i.stop_id = s.id and i.external and i.state <> 'skipped')::int as external
      from day_stops s left join staff_accounts a on a.id = s.staff_id
      where s.state = 'running' ${onlyRunning ? sql`` : sql`or s.created_at >= ${since}`}
      order by s.id desc limit 50`),
  );
  if (stops.length === 0) return [];
  const ids = sql.join(
    stops.map((s) => sql`${s.id}`),
    sql`, `,
  );
  const days = rowsOf<{
    stop_id: number;
    opcd: string;
    webname: string;
    usedate: string;
    start_time: string;
    end_time: string | null;
  }>(
    await ctx.db.execute(sql`select * from (
        select d.stop_id, d.opcd, o.webname, to_char(d.usedate, 'YYYYMMDD') as usedate, '' as start_time,
          '' as end_time
        from day_stop_days d join options o on o.opcd = d.opcd where d.stop_id in (${ids})
        union all
        select x.stop_id, x.opcd, o.webname, to_char(x.usedate, 'YYYYMMDD'), x.start_time, s.end_time
        from day_stop_departures x join options o on o.opcd = x.opcd
          left join departures s on s.opcd = x.opcd and s.usedate = x.usedate and s.start_time = x.start_time
        where x.stop_id in (${ids})) t
      order by t.usedate, t.opcd, t.start_time`),
  );
  return stops.map((s) => ({
    id: Number(s.id),
    createdAt: new Date(s.created_at).toISOString(),
    staff: s.mail ?? '',
    reasonLabel: reasonLabel({ reason: s.reason as Input['reason'], reasonText: s.reason_text }),
    state: s.state,
    days: days
      .filter((d) => Number(d.stop_id) === Number(s.id))
      .map((d) => ({
        opcd: d.opcd,
        webname: d.webname,
        usedate: d.usedate,
        startTime: d.start_time,
        endTime: d.end_time ?? '',
      })),
    bookings: Number(s.bookings),
    done: Number(s.done),
    refund: Number(s.refund),
    external: Number(s.external),
    finishedAt: s.finished_at ? new Date(s.finished_at).toISOString() : null,
  }));
}

/**
 * The departures of one day of one option, for the stop's form: each with its seats left, the bookings and
 * travellers on it that a stop would cancel, and whether it is already called off (alone, or with its whole day).
 */
export async function dayDepartures(ctx: AppContext, query: DayStopDeparturesQuery): Promise<DayStopDepartureList> {
  const { opcd: named, date } = dayStopDeparturesQuery.parse(query);
  const opcd = named.normalize('NFKC').trim().toUpperCase();
  const usedate = ymdToIsoDate(date);
  const cutoff = unpaidGraceCutoff(ctx.clock.now());
  const rows = rowsOf<{
    start_time: string;
    end_time: string;
    seats: number;
    travellers: number;
    bookings: number;
    stopped: boolean | string;
  }>(
    await ctx.db.execute(sql`select s.start_time, s.end_time, s.zaikozan as seats,
        (select coalesce(sum(bo.seats), 0) from booking_options bo join bookings b on b.rsvno = bo.rsvno
          where bo.opcd = s.opcd and bo.usedate = s.usedate and bo.start_time = s.start_time
            and ${holdsSeats(cutoff)} and b.canceled_at is null)::int as travellers,
        (select count(distinct bo.rsvno) from booking_options bo join bookings b on b.rsvno = bo.rsvno
          where bo.opcd = s.opcd and bo.usedate = s.usedate and bo.start_time = s.start_time
            and ${holdsSeats(cutoff)} and b.canceled_at is null)::int as bookings,
        exists (select 1 from day_stop_departures x
          where x.opcd = s.opcd and x.usedate = s.usedate and x.start_time = s.start_time) as stopped
      from departures s where s.opcd = ${opcd} and s.usedate = ${usedate}::date
      order by s.start_time`),
  );
  const [day] = rowsOf<{ stopped: boolean | string }>(
    await ctx.db.execute(sql`select exists (select 1 from day_stop_days d
      where d.opcd = ${opcd} and d.usedate = ${usedate}::date) as stopped`),
  );
  const yes = (v: boolean | string | undefined) => v === true || v === 't';
  return {
    dayStopped: yes(day?.stopped),
    departures: rows.map((r) => ({
      startTime: r.start_time,
      endTime: r.end_time,
      seatsLeft: Number(r.seats),
      travellers: Number(r.travellers),
      bookings: Number(r.bookings),
      stopped: yes(r.stopped),
    })),
  };
}
