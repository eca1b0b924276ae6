/**
 * 最少催行人員 (ADR 0165): the days of options with a minimum number of travellers that have too few, shown on the
 * dashboard before their decision time, and 催行決定, the decision that such a day goes ahead. Calling a day off is
 * a 催行中止 (service.ts). For an option sold at start times (ADR 0196) each departure is counted and decided on its
 * own: the 10:00 boat may go with 8 aboard while the 16:00 one, with 2, is called off.
 */
import { unpaidGraceCutoff } from '@tabi/contract/booking-rules';
import { ErrCd } from '@tabi/contract/constants';
import { addDays, isoDateToYmd, tokyoDayStart, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { DayStopMsg, type MinimumDay } from '@tabi/contract/day-stop';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { dayDecisions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordCatalogEvent } from '../admin/catalog.ts';
import { holdsSeats } from '../booking/state-sql.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import type { OptionDayRow } from './service.ts';

/** How long before its decision time a day under its minimum shows on the dashboard. */
export const MINIMUM_NOTICE_HOURS = 48;
/** How far ahead the dashboard looks for such days. */
const MINIMUM_HORIZON_DAYS = 60;

/** When a day is to be decided: `daysBefore` days before it at `time` (HH:MM), Tokyo. */
export function decisionTimeOf(usedate: string, daysBefore: number, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  return new Date(tokyoDayStart(addDays(usedate, -daysBefore)).getTime() + ((h ?? 0) * 60 + (m ?? 0)) * 60_000);
}

interface MinimumRow extends OptionDayRow {
  travellers: number;
  min_travellers: number;
  decision_days_before: number;
  decision_time: string;
}

/**
 * Days (departures, for an option sold at start times) of options with a minimum whose travellers are fewer, with at
 * least one booking, not decided yet (neither 催行決定 nor stopped, the day or the departure), from
 * MINIMUM_NOTICE_HOURS before their decision time on; overdue once it has passed. The decision time is the day's,
 * whatever the departure's start time.
 */
export async function minimumDays(ctx: AppContext, limit: number): Promise<{ rows: MinimumDay[]; total: number }> {
  const now = ctx.clock.now();
  const today = tokyoYmd(now);
  const cutoff = unpaidGraceCutoff(now);
  const rows = rowsOf<MinimumRow>(
    await ctx.db.execute(sql`select o.opcd, o.webname, to_char(bo.usedate, 'YYYYMMDD') as usedate, bo.start_time,
        max(bo.end_time) as end_time,
        coalesce(sum(bo.seats), 0)::int as travellers, o.min_travellers, o.decision_days_before, o.decision_time
      from options o join booking_options bo on bo.opcd = o.opcd join bookings b on b.rsvno = bo.rsvno
      where o.min_travellers is not null and o.decision_days_before is not null and o.decision_time is not null
        and bo.usedate between ${ymdToIsoDate(today)}::date and ${ymdToIsoDate(addDays(today, MINIMUM_HORIZON_DAYS))}::date
        and ${holdsSeats(cutoff)} and b.canceled_at is null
        and not exists (select 1 from day_decisions dd
          where dd.opcd = bo.opcd and dd.usedate = bo.usedate and dd.start_time in ('', bo.start_time))
        and not exists (select 1 from day_stop_days d where d.opcd = bo.opcd and d.usedate = bo.usedate)
        and not exists (select 1 from day_stop_departures x
          where x.opcd = bo.opcd and x.usedate = bo.usedate and x.start_time = bo.start_time)
      group by o.opcd, o.webname, bo.usedate, bo.start_time, o.min_travellers, o.decision_days_before, o.decision_time
      having coalesce(sum(bo.seats), 0) < o.min_travellers
      order by bo.usedate, o.opcd, bo.start_time`),
  );
  const due = rows
    .map((r) => {
      const decideAt = decisionTimeOf(r.usedate, Number(r.decision_days_before), r.decision_time);
      return {
        opcd: r.opcd,
        webname: r.webname,
        usedate: r.usedate,
        startTime: r.start_time,
        endTime: r.end_time ?? '',
        travellers: Number(r.travellers),
        minTravellers: Number(r.min_travellers),
        decideAt: decideAt.toISOString(),
        overdue: decideAt <= now,
        show: decideAt.getTime() - MINIMUM_NOTICE_HOURS * 3_600_000 <= now.getTime(),
      };
    })
    .filter((r) => r.show)
    .map(({ show: _show, ...r }) => r);
  return { rows: due.slice(0, limit), total: due.length };
}

/**
 * 催行決定: the day (or one departure of it) goes ahead whatever its number; it leaves the dashboard's card. A whole
 * day's decision also decides each of its departures.
 */
export async function decideToGo(
  ctx: AppContext,
  staff: Pick<StaffPrincipal, 'id'>,
  input: { opcd: string; usedate: string; startTime?: string | undefined },
): Promise<void> {
  const opcd = input.opcd.normalize('NFKC').trim().toUpperCase();
  const usedate = ymdToIsoDate(input.usedate);
  const startTime = input.startTime ?? '';
  const [option] = rowsOf<{ min_travellers: number | null }>(
    await ctx.db.execute(sql`select min_travellers from options where opcd = ${opcd}`),
  );
  if (!option) throw AppError.notFound(DayStopMsg.noOption);
  if (option.min_travellers === null) throw new AppError(ErrCd.generic, DayStopMsg.noMinimum, 422);
  await ctx.db.transaction(async (tx) => {
    if (startTime !== '') {
      const [departure] = rowsOf<{ whole: boolean | string }>(
        await tx.execute(sql`select exists (select 1 from day_decisions dd
            where dd.opcd = ${opcd} and dd.usedate = ${usedate}::date and dd.start_time = '') as whole
          from departures s where s.opcd = ${opcd} and s.usedate = ${usedate}::date and s.start_time = ${startTime}`),
      );
      if (!departure) throw AppError.notFound(DayStopMsg.noDeparture);
      if (departure.whole === true || departure.whole === 't') {
        throw AppError.conflict(ErrCd.generic, DayStopMsg.decided);
      }
    }
    const made = await tx
      .insert(dayDecisions)
      .values({ opcd, usedate, startTime, decision: 'go', staffId: staff.id, at: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ opcd: dayDecisions.opcd });
    if (made.length === 0) throw AppError.conflict(ErrCd.generic, DayStopMsg.decided);
    await recordCatalogEvent(tx, ctx, staff, opcd, 'day_decided', null, {
      usedate: isoDateToYmd(usedate),
      ...(startTime ? { startTime } : {}),
      decision: 'go',
    });
  });
}
