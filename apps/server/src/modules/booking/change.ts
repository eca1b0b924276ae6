/**
 * 日時を変更 (ADR 0197): a paid booking moved to another departure of its option, the same party, while its
 * cancellation policy charges nothing yet. The seats move in one transaction (`moveSeats`, the one move resellers'
 * changes make too); the price is the new departure's. A cheaper departure: moved at once and the difference refunded.
 * A dearer one: the difference is paid through the provider's checkout first, and the booking moves when that payment
 * is fulfilled — or, when the departure filled meanwhile, stays and the difference goes back.
 */

import type { ChangeDepartureAnswer } from '@tabi/contract/booking';
import { cancelPercent } from '@tabi/contract/cancel-policy';
import { ErrCd } from '@tabi/contract/constants';
import { daysBetween, formatDeparture, isoDateToYmd, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { discountOf } from '@tabi/contract/discounts';
import { normaliseLang } from '@tabi/contract/i18n';
import type { PartyCounts } from '@tabi/contract/party';
import { say } from '@tabi/contract/said';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bookingChanges, bookingOptions, bookings, departures } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { discountOfBooking, moveDiscount } from '../discount/rules.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { bookingChangedMail, changeFailedMail, loadMailBooking } from '../mail/templates.ts';
import {
  changeOfCheckout,
  createCheckoutForDifference,
  findPaidPayments,
  planRefunds,
  sendPendingRefunds,
} from '../payment/index.ts';
import { retakeResources } from '../resources/take.ts';
import { recordEvent } from './events.ts';
import { lifecycleOf } from './lifecycle.ts';
import * as repo from './repository.ts';
import { moveSeats } from './seats.ts';
import { priceOf } from './service.ts';
import { checkDepartureOnSale } from './validate.ts';

/** The departure a booking is moved to: a day (YYYYMMDD) and a start time ('' for an option sold by the day). */
export interface ChangeTarget {
  usedate: Ymd;
  startTime: string;
}

/** Where the customer comes back to after paying a difference (my page, in the page's language). */
export interface ChangeCheckout {
  origin: string;
  successPath: string;
  cancelPath: string;
}

interface Planned {
  booking: repo.BookingRow;
  line: repo.BookingLineRow;
  to: repo.SeatLine;
  amount: number;
  difference: number;
}

const refuse = (message: string) => AppError.conflict(ErrCd.generic, message);

/** The party a line was booked for, by age class. */
function partyOf(line: repo.BookingLineRow): PartyCounts {
  return { adult: line.adultqty, middle: line.middleqty, child: line.childqty, infant: line.infantqty };
}

/** The booking's day and time as its mails say them (the booking's language). */
function whenOf(line: repo.BookingLineRow, lang: string): string {
  return formatDeparture(isoDateToYmd(line.usedate), line.startTime, line.endTime, normaliseLang(lang));
}

/**
 * Why the booking's date and time cannot be changed today, or null when they can (ADR 0197): only a paid booking of
 * our own site with one line of an option (not a coupon package), before its day and while a cancellation would cost
 * nothing.
 */
export function changeRefusal(booking: repo.BookingRow, lines: Pick<repo.BookingLineRow, 'pkcd'>[], today: Ymd) {
  const single = lines.length === 1 && lines[0]?.pkcd === 'X';
  if (lifecycleOf(booking) !== 'paid' || booking.resellerId !== null || !single) return say('changeNotAllowed');
  const first = isoDateToYmd(booking.fromdate);
  if (first <= today) return say('changeTooLate');
  const fee = cancelPercent(booking.cancelPolicy, daysBetween(today, first));
  return fee > 0 ? say('changeFeeApplies', { percent: fee }) : null;
}

/**
 * Every rule of a change, under the booking's lock: a paid booking of our own site (a reseller changes its bookings
 * through OCTO), before its day and while a cancellation would cost nothing, to a departure of the same option that
 * is on sale and differs from the booking's, at the amount the customer was shown.
 */
async function plan(
  ctx: AppContextBase,
  tx: DbOrTx,
  rsvno: string,
  target: ChangeTarget,
  claimed: number,
): Promise<Planned> {
  const booking = await repo.lockBooking(tx, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  const lines = await repo.bookingLines(tx, rsvno);
  const why = changeRefusal(booking, lines, todayIn(ctx.clock));
  if (why) throw refuse(why);
  const [line] = lines;
  const option = line && (await repo.findOption(tx, line.opcd));
  if (!line || !option) throw AppError.notFound(say('optionNotFound'));
  if (option.isCoupon) throw refuse(say('changeNotAllowed'));
  checkDepartureOnSale(target.usedate, target.startTime, option, ctx.clock.now());
  const usedate = ymdToIsoDate(target.usedate);
  if (usedate === line.usedate && target.startTime === line.startTime) throw refuse(say('changeSameDeparture'));
  const [day] = await tx
    .select()
    .from(departures)
    .where(
      and(eq(departures.opcd, line.opcd), eq(departures.usedate, usedate), eq(departures.startTime, target.startTime)),
    );
  if (!day) throw new AppError(ErrCd.nothingPrice, say('nothingPrice'), 422);
  const list = priceOf(day, partyOf(line));
  if (list !== claimed) throw refuse(say('amountMismatch'));
  // A booking with a 割引コード: the same code discounts the new price (ADR 0210).
  const held = await discountOfBooking(tx, rsvno);
  const amount = list - (held ? discountOf(held, list) : 0);
  if (day.zaikozan < line.seats) throw refuse(say('noStock'));
  const to = { opcd: line.opcd, usedate, startTime: target.startTime, seats: line.seats };
  return { booking, line, to, amount, difference: amount - booking.amountjp };
}

/** Moves the booking's seats and line to `to` at `amount`, with its history and mail; false when the seats are gone. */
async function apply(ctx: AppContextBase, tx: DbOrTx, p: Planned, actor: Actor, paid: number): Promise<boolean> {
  const moved = await moveSeats(tx, p.line, p.to);
  if (!moved.ok) return false;
  // The resources its option uses, for the new departure (ADR 0209); without room there, the seats go back.
  if (!(await retakeResources(tx, p.booking.rsvno, [p.to]))) {
    await moveSeats(tx, p.to, p.line);
    return false;
  }
  const now = ctx.clock.now();
  await tx
    .update(bookingOptions)
    .set({
      usedate: p.to.usedate,
      startTime: p.to.startTime,
      endTime: moved.day.endTime,
      ...repo.unitPricesOf(moved.day),
    })
    .where(eq(bookingOptions.id, p.line.id));
  await tx
    .update(bookings)
    .set({ fromdate: p.to.usedate, todate: p.to.usedate, amountjp: p.amount })
    .where(eq(bookings.rsvno, p.booking.rsvno));
  await moveDiscount(tx, p.booking.rsvno, priceOf(moved.day, partyOf(p.line)), p.amount);
  const before = whenOf(p.line, p.booking.lang);
  await recordEvent(tx, now, p.booking.rsvno, actor, 'departure_changed', {
    before: { usedate: p.line.usedate, start_time: p.line.startTime, amountjp: p.booking.amountjp },
    after: { usedate: p.to.usedate, start_time: p.to.startTime, amountjp: p.amount, difference: p.difference },
  });
  if (p.difference < 0) {
    const payments = await findPaidPayments(tx, p.booking.rsvno, true);
    await planRefunds(tx, p.booking.rsvno, payments, -p.difference, 'change', now);
  }
  const mail = await loadMailBooking(tx, ctx.config, p.booking.rsvno);
  if (mail) await enqueueMail(tx, bookingChangedMail(mail, before, paid > 0 ? paid : p.difference));
  return true;
}

/**
 * POST /booking/change and the console's 日時を変更: the change made (the same price or cheaper, its refund sent), or
 * the checkout of the difference to pay first.
 */
export async function changeDeparture(
  ctx: AppContext,
  rsvno: string,
  target: ChangeTarget,
  claimed: number,
  actor: Actor,
  checkout: ChangeCheckout,
): Promise<ChangeDepartureAnswer> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const p = await plan(ctx, tx, rsvno, target, claimed);
    if (p.difference <= 0) {
      if (!(await apply(ctx, tx, p, actor, 0))) throw refuse(say('noStock'));
      return { changed: true as const, difference: p.difference };
    }
    const [row] = await tx
      .insert(bookingChanges)
      .values({
        rsvno,
        toUsedate: p.to.usedate,
        toStartTime: p.to.startTime,
        amountBefore: p.booking.amountjp,
        amountAfter: p.amount,
        createdAt: now,
      })
      .returning({ id: bookingChanges.id });
    if (!row) throw new Error('booking change not written');
    return { changed: false as const, difference: p.difference, changeId: row.id };
  });
  if (outcome.changed) {
    if (outcome.difference < 0) await sendPendingRefunds(ctx, rsvno, ['change'], actor);
    return { changed: true, difference: outcome.difference, checkout_url: null };
  }
  const session = await createCheckoutForDifference(
    ctx,
    { id: outcome.changeId, rsvno, amount: outcome.difference },
    checkout,
  );
  await ctx.db
    .update(bookingChanges)
    .set({ checkoutSessionId: session.id })
    .where(eq(bookingChanges.id, outcome.changeId));
  return { changed: false, difference: outcome.difference, checkout_url: session.url };
}

/**
 * A paid checkout of a change's difference, in the fulfilment's transaction (the booking locked): the booking moves
 * ('paid'), or its departure filled meanwhile and the difference goes back ('change': refunded, the change's own mail
 * says so). Null: the checkout was not a change's.
 */
export async function changePaid(
  ctx: AppContextBase,
  tx: DbOrTx,
  checkout: { rsvno: string; checkoutSessionId: string; amount: number },
  actor: Actor,
): Promise<'paid' | 'change' | null> {
  // The change learns its session id after the provider answers; a crash before that leaves the change's id in the
  // checkout's written-down call, which is found by the session.
  const changeId = await changeOfCheckout(tx, checkout);
  const [change] = await tx
    .select()
    .from(bookingChanges)
    .where(
      and(
        changeId === null
          ? eq(bookingChanges.checkoutSessionId, checkout.checkoutSessionId)
          : eq(bookingChanges.id, changeId),
        eq(bookingChanges.state, 'awaiting_payment'),
      ),
    )
    .for('update');
  if (!change) return null;
  const booking = await repo.findBooking(tx, checkout.rsvno);
  const [line] = await repo.bookingLines(tx, checkout.rsvno);
  const done = async (state: 'done' | 'failed') =>
    tx
      .update(bookingChanges)
      .set({ state, doneAt: ctx.clock.now(), checkoutSessionId: checkout.checkoutSessionId })
      .where(eq(bookingChanges.id, change.id));
  // The booking moved, was canceled or its amount changed since the checkout opened: the payment is not this change's.
  if (!booking || !line || lifecycleOf(booking) !== 'paid' || booking.amountjp !== change.amountBefore) {
    await done('failed');
    return 'change';
  }
  const p: Planned = {
    booking,
    line,
    to: { opcd: line.opcd, usedate: change.toUsedate, startTime: change.toStartTime, seats: line.seats },
    amount: change.amountAfter,
    difference: change.amountAfter - change.amountBefore,
  };
  if (await apply(ctx, tx, p, actor, checkout.amount)) {
    await done('done');
    return 'paid';
  }
  await done('failed');
  await recordEvent(tx, ctx.clock.now(), booking.rsvno, actor, 'change_failed', {
    after: { usedate: change.toUsedate, start_time: change.toStartTime, refund: checkout.amount },
  });
  const mail = await loadMailBooking(tx, ctx.config, booking.rsvno);
  if (mail) await enqueueMail(tx, changeFailedMail(mail, checkout.amount));
  return 'change';
}
