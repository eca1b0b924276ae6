/**
 * A reseller's booking through OCTO (ADR 0170), in the one booking lifecycle (ADR 0100):
 * a hold is a booking in status 0 (仮予約) with nothing paid and its expiry in `payment_deadline_date`, so the
 * sweeper's lapsed-offer claim releases it like any offer left unpaid; confirmation makes it a booking paid on
 * account (the reseller is invoiced, no card); a change moves its seats; a release gives them back. Each runs in
 * the caller's transaction with the booking locked, and writes its event.
 */
import { normalisePhone } from '@tabi/contract/booking-rules';
import { AGE_CLASSES, type AgeClass, AgeClassCode } from '@tabi/contract/constants';
import { isoDateToYmd } from '@tabi/contract/dates';
import { emptyParty, headcount, type PartyCounts } from '@tabi/contract/party';
import { salesClosed } from '@tabi/contract/sales-cutoff';
import { eq, sql } from 'drizzle-orm';
import { type Actor, resellerActor } from '../../actor.ts';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bookingOptions, bookings } from '../../db/schema.ts';
import { retakeResources } from '../resources/take.ts';
import { policyForBooking } from './cancel-policy.ts';
import { eventRow, recordEvent, stateOf } from './events.ts';
import { effectiveLifecycle, startColumns, transition } from './lifecycle.ts';
import * as repo from './repository.ts';
import { randomRsvno } from './rsvno.ts';
import { moveSeats } from './seats.ts';
import { cancelUnpaid, priceOf } from './service.ts';
import { salesCutoffOf } from './validate.ts';

/** One traveller of a reseller's booking: the age class, and the name when the reseller gave it. */
export interface ResellerTraveller {
  ageClass: AgeClass;
  sei: string;
  mei: string;
}

export interface ResellerContact {
  sei: string;
  mei: string;
  tel: string;
  mail: string;
  /** The booking's language, when the reseller said it (the contact's locales). */
  lang?: string;
}

export interface ResellerLine {
  opcd: string;
  /** YYYY-MM-DD */
  usedate: string;
  /** The departure's start time (`HH:MM`), '' for a whole day (ADR 0196). */
  startTime: string;
  travellers: ResellerTraveller[];
}

export interface ResellerHold extends ResellerLine {
  resellerId: number;
  commissionBp: number;
  contact: ResellerContact;
  lang: string;
  expiresAt: Date;
}

/**
 * Why seats could not be had: no stock row for the day (not sold), too few seats left, the day called off
 * (催行中止), or the day's sales closed at the option's cutoff (ADR 0191).
 */
export type SeatRefusal = 'no_day' | 'sold_out' | 'stopped' | 'sales_closed';

/**
 * Whether sales of the option's day have closed (ADR 0191): the rule the site's booking and payment ask, so that a
 * reseller can neither hold nor confirm a day our own customers can no longer book.
 */
function salesClosedFor(
  option: Pick<repo.OptionRow, 'salesCutoffDaysBefore' | 'salesCutoffTime'> | undefined,
  usedate: string,
  now: Date,
): boolean {
  return option !== undefined && salesClosed(isoDateToYmd(usedate), salesCutoffOf(option), now);
}

/** The reseller's commission on one retail price, in whole yen (rounded down). */
export function commissionOf(retail: number, commissionBp: number): number {
  return Math.floor((retail * commissionBp) / 10_000);
}

/** What the reseller owes for one unit: the retail price less its commission. */
export function netPrice(retail: number, commissionBp: number): number {
  return retail - commissionOf(retail, commissionBp);
}

/**
 * The commission a reseller's booking was sold at. Every booking sold since it was stored keeps it; one sold before
 * takes the rate its own figures imply, by the rule migration 0033 filled the column with.
 */
export function bookingCommissionBp(booking: Pick<repo.BookingRow, 'commissionBp' | 'amountjp' | 'netAmount'>): number {
  if (booking.commissionBp !== null) return booking.commissionBp;
  if (booking.amountjp <= 0 || booking.netAmount === null) return 0;
  const implied = Math.ceil(((booking.amountjp - booking.netAmount) * 10_000) / booking.amountjp);
  return Math.min(10_000, Math.max(0, implied));
}

/** What the reseller owes for a party on a day: each unit's net price, summed. */
export function netOf(day: repo.UnitPrices, counts: PartyCounts, commissionBp: number): number {
  return AGE_CLASSES.reduce((sum, c) => sum + counts[c] * netPrice(day[repo.UNIT_PRICE_OF[c]], commissionBp), 0);
}

export function countsOf(travellers: readonly ResellerTraveller[]): PartyCounts {
  const counts = emptyParty();
  for (const t of travellers) counts[t.ageClass] += 1;
  return counts;
}

function memberRowsOf(rsvno: string, travellers: readonly ResellerTraveller[]): repo.NewMember[] {
  // Participant details may come later or never (DESIGN §13): the birthday stays empty, the name may too.
  return travellers.map((t, i) => ({
    rsvno,
    seq: i + 1,
    sei: t.sei,
    mei: t.mei,
    birthday: null,
    sex: '',
    ageclass: AgeClassCode[t.ageClass],
    nationalityId: 0,
    extended: {},
  }));
}

function lineRow(rsvno: string, line: ResellerLine, day: repo.DayPrices, counts: PartyCounts): repo.NewBookingOption {
  return {
    rsvno,
    opcd: line.opcd,
    usedate: line.usedate,
    startTime: line.startTime,
    endTime: day.endTime,
    adultqty: counts.adult,
    middleqty: counts.middle,
    childqty: counts.child,
    infantqty: counts.infant,
    ...repo.unitPricesOf(day),
    seats: headcount(counts),
  };
}

const RESOURCE_FULL = new Error('a resource of the option has no room');

/**
 * Holds seats for a reseller: the same conditional update of the day's stock as a booking on our site, so the
 * two never sell the same seat. Returns the booking number, or why there were no seats.
 */
export async function holdForReseller(
  ctx: Pick<AppContextBase, 'clock'>,
  tx: DbOrTx,
  hold: ResellerHold,
): Promise<{ ok: true; rsvno: string; amount: number; net: number } | { ok: false; why: SeatRefusal }> {
  const counts = countsOf(hold.travellers);
  const seats = headcount(counts);
  const option = await repo.findOption(tx, hold.opcd);
  const now = ctx.clock.now();
  if (salesClosedFor(option, hold.usedate, now)) return { ok: false, why: 'sales_closed' };
  const take = await repo.takeSeatsOrSayWhy(tx, {
    opcd: hold.opcd,
    usedate: hold.usedate,
    startTime: hold.startTime,
    seats,
  });
  if (!take.day) return { ok: false, why: 'no_day' };
  if (!take.taken) return { ok: false, why: 'sold_out' };
  const day = take.day;
  const amount = priceOf(day, counts);
  const net = netOf(day, counts, hold.commissionBp);
  // A number drawn twice fails its insert: tried again with another inside a savepoint (rare: 8 characters).
  for (let attempt = 1; ; attempt += 1) {
    const rsvno = randomRsvno();
    try {
      await tx.transaction(async (sp) => {
        const written = await repo.insertNewBooking(sp, {
          booking: {
            rsvno,
            ...startColumns('reserved'),
            rsvdate: now,
            paymentDeadline: hold.expiresAt,
            fromdate: hold.usedate,
            todate: hold.usedate,
            ...contactColumns(hold.contact),
            amountjp: amount,
            lang: hold.lang,
            meetpoint: option?.meetpoint ?? null,
            cancelPolicy: policyForBooking(option?.cancelPolicy ?? null),
            resellerId: hold.resellerId,
            netAmount: net,
            // Kept with the booking: what it owes is fixed at this sale, whatever the reseller's commission later.
            commissionBp: hold.commissionBp,
          },
          line: lineRow(rsvno, hold, day, counts),
          members: memberRowsOf(rsvno, hold.travellers),
          rentals: [],
          event: eventRow(now, rsvno, resellerActor(hold.resellerId), 'created', {
            after: {
              ...stateOf(startColumns('reserved')),
              amountjp: amount,
              net_amount: net,
              commission_bp: hold.commissionBp,
              opcd: hold.opcd,
              usedate: hold.usedate,
              ...(hold.startTime ? { start_time: hold.startTime } : {}),
              seats,
              hold_expires_at: hold.expiresAt,
            },
          }),
        });
        // The statement that failed left the savepoint to roll back.
        if (written.resourceFull) throw RESOURCE_FULL;
      });
      return { ok: true, rsvno, amount, net };
    } catch (error) {
      // A resource the option uses has no room (ADR 0209): sold out for the reseller as for our site; the caller's
      // rollback gives the seats back.
      if (error === RESOURCE_FULL) return { ok: false, why: 'sold_out' };
      if (attempt >= 20 || !repo.isBookingNumberTaken(error)) throw error;
    }
  }
}

function contactColumns(contact: ResellerContact) {
  return { ...contact, telNormalized: normalisePhone(contact.tel) };
}

/**
 * Locks a reseller's booking for a change, confirm or cancel from OCTO. Two of them on one booking wait for each
 * other as under `lockBooking`, and so does the lifecycle's own lock (FOR UPDATE), but a row that only refers to
 * the booking can still be written: a 催行中止 holds its days' stock rows while it writes its items, whose foreign
 * key takes a KEY SHARE lock on the booking, and a change of day waits for those stock rows while holding the
 * booking; under FOR UPDATE each would wait for the other.
 */
export async function lockResellerBooking(tx: DbOrTx, rsvno: string): Promise<repo.BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.rsvno, rsvno)).for('no key update');
  return row;
}

/** A hold of a reseller that has not lapsed: reserved, its expiry still ahead. */
export function holdLive(booking: repo.BookingRow, now: Date): boolean {
  return booking.resellerId !== null && effectiveLifecycle(booking, now) === 'reserved';
}

/** The hold moves its expiry (OCTO extend, or a change that asks for more time). */
export async function extendHold(
  ctx: Pick<AppContextBase, 'clock'>,
  tx: DbOrTx,
  booking: repo.BookingRow,
  expiresAt: Date,
  actor: Actor,
): Promise<void> {
  await repo.updateBooking(tx, booking.rsvno, { paymentDeadline: expiresAt });
  await recordEvent(tx, ctx.clock.now(), booking.rsvno, actor, 'hold_extended', {
    before: { hold_expires_at: booking.paymentDeadline },
    after: { hold_expires_at: expiresAt },
  });
}

/**
 * Confirmation: the hold becomes a booking paid on account (the reseller is invoiced), with the final contact. A
 * hold is a sale not yet made: it is confirmed only while its day is still on sale, so one made before the cutoff
 * is confirmed until the cutoff and refused after it (its seats stay held until it lapses or is released).
 */
export async function confirmOnAccount(
  ctx: Pick<AppContextBase, 'clock'>,
  tx: DbOrTx,
  booking: repo.BookingRow,
  contact: ResellerContact,
  actor: Actor,
): Promise<{ ok: true } | { ok: false; why: 'sales_closed' }> {
  const now = ctx.clock.now();
  for (const line of await repo.seatLines(tx, booking.rsvno)) {
    if (salesClosedFor(await repo.findOption(tx, line.opcd), line.usedate, now))
      return { ok: false, why: 'sales_closed' };
  }
  const after = await transition(tx, booking, 'confirmOnAccount', {
    paymentDeadline: null,
    ...contactColumns(contact),
  });
  await recordEvent(tx, now, booking.rsvno, actor, 'reseller_confirmed', {
    before: stateOf(booking),
    after: { ...stateOf(after), paid_on_account: booking.netAmount },
  });
  return { ok: true };
}

/** The reseller's contact and traveller names change (a confirm or a change with new details), party unchanged. */
export async function renameTravellers(
  ctx: Pick<AppContextBase, 'clock'>,
  tx: DbOrTx,
  booking: repo.BookingRow,
  contact: ResellerContact,
  names: readonly { sei: string; mei: string }[],
  actor: Actor,
): Promise<void> {
  const members = await repo.findMembers(tx, booking.rsvno);
  const before = {
    ...pickContact(booking),
    ...(contact.lang ? { lang: booking.lang } : {}),
    names: members.map((m) => `${m.sei} ${m.mei}`.trim()),
  };
  const after = { ...contact, names: names.map((n) => `${n.sei} ${n.mei}`.trim()) };
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await repo.updateBooking(tx, booking.rsvno, contactColumns(contact));
  for (const [i, name] of names.entries()) {
    await tx.execute(
      sql`update booking_members set sei = ${name.sei}, mei = ${name.mei} where rsvno = ${booking.rsvno} and seq = ${i + 1}`,
    );
  }
  await recordEvent(tx, ctx.clock.now(), booking.rsvno, actor, 'reseller_changed', { before, after });
}

function pickContact(booking: repo.BookingRow): ResellerContact {
  return { sei: booking.sei, mei: booking.mei, tel: booking.tel, mail: booking.mail };
}

/**
 * A change of day, option or party: the old seats back and the new ones taken in one transaction, both stock
 * rows locked first in one fixed order (so two changes in opposite directions never deadlock). The price is the
 * new day's, less the commission the booking was sold at (not the reseller's commission of today); a booking paid
 * on account stays so (the invoice follows the new amount). A day whose sales closed (ADR 0191) is not sold by a
 * change either: a booking is not moved onto it, nor given more seats on it; fewer seats, or other names or age
 * classes for the same seats, stay possible on the booking's own day.
 */
export async function rebookForReseller(
  ctx: Pick<AppContextBase, 'clock'>,
  tx: DbOrTx,
  booking: repo.BookingRow,
  line: ResellerLine,
  actor: Actor,
): Promise<{ ok: true } | { ok: false; why: SeatRefusal }> {
  const [old] = await repo.seatLines(tx, booking.rsvno);
  if (!old) throw new Error(`booking ${booking.rsvno} has no line`);
  const counts = countsOf(line.travellers);
  const seats = headcount(counts);
  const option = await repo.findOption(tx, line.opcd);
  const sameDay = old.opcd === line.opcd && old.usedate === line.usedate && old.startTime === line.startTime;
  if ((!sameDay || seats > old.seats) && salesClosedFor(option, line.usedate, ctx.clock.now())) {
    return { ok: false, why: 'sales_closed' };
  }
  const to = { opcd: line.opcd, usedate: line.usedate, startTime: line.startTime, seats };
  const take = await moveSeats(tx, old, to);
  if (!take.ok) return take;
  // The resources its option uses, for the new departure and party (ADR 0209); the caller's rollback undoes the move.
  if (!(await retakeResources(tx, booking.rsvno, [to]))) return { ok: false, why: 'sold_out' };
  const amount = priceOf(take.day, counts);
  const commissionBp = bookingCommissionBp(booking);
  const net = netOf(take.day, counts, commissionBp);
  await tx.execute(sql`delete from ${bookingOptions} where rsvno = ${booking.rsvno}`);
  await tx.insert(bookingOptions).values(lineRow(booking.rsvno, line, take.day, counts));
  await repo.replaceMembers(tx, booking.rsvno, memberRowsOf(booking.rsvno, line.travellers));
  await tx
    .update(bookings)
    .set({
      fromdate: line.usedate,
      todate: line.usedate,
      amountjp: amount,
      netAmount: net,
      commissionBp,
      meetpoint: option?.meetpoint ?? null,
      cancelPolicy: policyForBooking(option?.cancelPolicy ?? null),
    })
    .where(sql`${bookings.rsvno} = ${booking.rsvno}`);
  await recordEvent(tx, ctx.clock.now(), booking.rsvno, actor, 'reseller_changed', {
    before: {
      opcd: old.opcd,
      usedate: old.usedate,
      // The departure's time when either side has one (ADR 0196): a move from 13:00 to 16:00 is seen in the history.
      ...(old.startTime || line.startTime ? { start_time: old.startTime } : {}),
      seats: old.seats,
      amountjp: booking.amountjp,
      net_amount: booking.netAmount,
    },
    after: {
      opcd: line.opcd,
      usedate: line.usedate,
      ...(old.startTime || line.startTime ? { start_time: line.startTime } : {}),
      seats,
      amountjp: amount,
      net_amount: net,
    },
  });
  return { ok: true };
}

/** The reseller cancels a hold before confirming it: canceled, its seats back. */
export async function releaseHold(
  ctx: AppContextBase,
  tx: DbOrTx,
  booking: repo.BookingRow,
  actor: Actor,
): Promise<void> {
  await cancelUnpaid(ctx, tx, booking, 'released', actor);
}
