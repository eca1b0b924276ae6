/** OCTO availability (ADR 0170, ADR 0196): a day per option, or a departure per start time, with its vacancies. */
import { addDays, isoDateToYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { offeredAgeClasses } from '@tabi/contract/party';
import { departed, salesClosed } from '@tabi/contract/sales-cutoff';
import type { AppContext } from '../../context.ts';
import { isoToday, type OctoCaller } from './caller.ts';
import { OctoError } from './errors.ts';
import {
  ageClassOfUnit,
  availabilityOf,
  calendarDayOf,
  closedDay,
  type DepartureKey,
  dayOfDepartures,
  departureKey,
  departureOfAvailabilityId,
  OCTO_OPTION_ID,
  type OctoDay,
  salesCutoffOfFacts,
  type UnitAsk,
} from './mapping.ts';
import { sellableOrUnknown } from './products.ts';
import * as repo from './repository.ts';
import { availabilityBody, calendarBody, FIRST_OCTO_DAY, isOctoDay, LAST_OCTO_DAY, parseBody } from './schemas.ts';

/** Days one availability call may span (a year and a day). */
const MAX_RANGE_DAYS = 366;

/** A day a reseller may name: within the option's use period, today or later (Tokyo). */
export function bookable(option: repo.SellableOption, usedate: string, today: string): boolean {
  return usedate >= today && usedate >= option.useFrom && usedate <= option.useTo;
}

/**
 * A day open for sale now: one a reseller may name whose sales cutoff has not passed (ADR 0191). A day that is
 * bookable but past its cutoff is shown CLOSED; reserving it is refused by the booking module's own check.
 */
function onSale(option: repo.SellableOption, usedate: string, today: string, now: Date): boolean {
  return bookable(option, usedate, today) && !salesClosed(isoDateToYmd(usedate), salesCutoffOfFacts(option), now);
}

/** A departure open for sale now: its day on sale, and (a timed one) not left yet. */
export function departureOnSale(option: repo.SellableOption, d: DepartureKey, today: string, now: Date): boolean {
  return onSale(option, d.usedate, today, now) && !departed(d.usedate, d.startTime, now);
}

export function checkOption(optionId: unknown): void {
  if (optionId !== OCTO_OPTION_ID) throw OctoError.invalidOption(optionId);
}

export function checkRange(start: string, end: string): void {
  if (!isOctoDay(start) || !isOctoDay(end)) {
    throw OctoError.badRequest(
      `localDateStart and localDateEnd must be real dates between ${FIRST_OCTO_DAY} and ${LAST_OCTO_DAY}`,
    );
  }
  const to = isoDateToYmd(end);
  if (end < start) throw OctoError.badRequest('localDateEnd is before localDateStart');
  if (start < ymdToIsoDate(addDays(to, -MAX_RANGE_DAYS))) {
    throw OctoError.badRequest(`A range of at most ${MAX_RANGE_DAYS} days may be asked at once`);
  }
}

/** The units asked for, checked against the option's: an unknown or not offered unit is INVALID_UNIT_ID. */
function unitAsks(
  option: repo.SellableOption,
  units: readonly { id: string; quantity: number }[] | null | undefined,
): UnitAsk[] {
  const offered = new Set(offeredAgeClasses(option));
  return (units ?? []).map((u) => {
    const ageClass = ageClassOfUnit(u.id);
    if (!ageClass || !offered.has(ageClass)) throw OctoError.invalidUnit(u.id);
    return { ageClass, quantity: u.quantity };
  });
}

function everyDay(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = isoDateToYmd(start); ymdToIsoDate(d) <= end; d = addDays(d, 1)) out.push(ymdToIsoDate(d));
  return out;
}

export async function availabilityCalendar(ctx: AppContext, caller: OctoCaller, body: unknown) {
  const input = parseBody(calendarBody, body, ['productId', 'optionId']);
  const option = await sellableOrUnknown(ctx, input.productId);
  checkOption(input.optionId);
  checkRange(input.localDateStart, input.localDateEnd);
  unitAsks(option, input.units);
  const today = isoToday(ctx);
  const now = ctx.clock.now();
  const byDay = new Map<string, OctoDay[]>();
  for (const d of await repo.departuresOf(
    ctx.db,
    option.opcd,
    input.localDateStart,
    input.localDateEnd,
    option.timed,
  )) {
    // A timed option's day counts only the departures still to be sold (one that has left is CLOSED on its own).
    const open = !option.timed || !departed(d.usedate, d.startTime, now);
    byDay.set(d.usedate, [...(byDay.get(d.usedate) ?? []), ...(open ? [d] : [])]);
  }
  return everyDay(input.localDateStart, input.localDateEnd).map((usedate) => {
    const departures = byDay.get(usedate) ?? [];
    // One entry a day: a timed option's departures summed (SPEC §7's day), an all-day option's one row.
    const day = dayOfDepartures(departures);
    return calendarDayOf(
      option,
      day ?? closedDay(usedate),
      day !== undefined && onSale(option, usedate, today, now),
      caller.pricing ? caller.reseller.commissionBp : null,
      departures,
    );
  });
}

export async function availability(ctx: AppContext, caller: OctoCaller, body: unknown) {
  const input = parseBody(availabilityBody, body, ['productId', 'optionId']);
  const option = await sellableOrUnknown(ctx, input.productId);
  checkOption(input.optionId);
  const asks = unitAsks(option, input.units);
  let wanted: Set<string> | null = null;
  let start = input.localDateStart;
  let end = input.localDateEnd;
  if (input.availabilityIds && (input.localDateStart || input.localDateEnd)) {
    throw OctoError.badRequest('Send localDateStart and localDateEnd, or availabilityIds, not both');
  }
  if (input.availabilityIds && input.availabilityIds.length > 0) {
    const ids = input.availabilityIds.map((id) => {
      const departure = departureOfAvailabilityId(id, option.timed);
      if (!departure) throw OctoError.invalidAvailability(id);
      return { id, departure };
    });
    wanted = new Set(ids.map((i) => departureKey(i.departure)));
    const days = ids.map((i) => i.departure.usedate);
    start = days.reduce((a, b) => (a < b ? a : b));
    end = days.reduce((a, b) => (a > b ? a : b));
    checkRange(start, end);
    if (option.timed) {
      // A time that is not one of the option's departures names no availability: the id is not one of ours.
      const known = new Set(
        (await repo.departuresOf(ctx.db, option.opcd, start, end, true)).map((d) => departureKey(d)),
      );
      const unknown = ids.find((i) => !known.has(departureKey(i.departure)));
      if (unknown) throw OctoError.invalidAvailability(unknown.id);
    }
  } else if (!start || !end) {
    throw OctoError.badRequest('localDateStart and localDateEnd, or availabilityIds, are required');
  }
  if (!start || !end) throw OctoError.badRequest('localDateStart and localDateEnd are required');
  checkRange(start, end);
  const today = isoToday(ctx);
  const now = ctx.clock.now();
  const pricing = caller.pricing ? { commissionBp: caller.reseller.commissionBp, units: asks } : null;
  const departures = await repo.departuresOf(ctx.db, option.opcd, start, end, option.timed);
  // A day past its cutoff (or a departure that has left) is still listed, CLOSED with the instant it closed, so the
  // reseller sees why. A timed option answers one availability per departure, in day and time order.
  return departures
    .filter((d) => (wanted ? wanted.has(departureKey(d)) : bookable(option, d.usedate, today)))
    .map((d) => availabilityOf(option, d, departureOnSale(option, d, today, now), pricing));
}
