import type { BookingResult } from '@tabi/contract/booking';
import { normalisePhone, requestWithdrawable, unpaidGraceCutoff } from '@tabi/contract/booking-rules';
import { AGE_CLASSES, ErrCd, REQUEST_PAYMENT_DEADLINE_HOURS } from '@tabi/contract/constants';
import { isoDateToYmd, tokyoDayStart, toTokyoIso, ymdToIsoDate } from '@tabi/contract/dates';
import type { PartyCounts } from '@tabi/contract/party';
import { say } from '@tabi/contract/said';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, customerActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CancelReason } from '../../db/schema.ts';
import { trackedStatement } from '../../db/stock-changes.ts';
import { AppError } from '../../errors.ts';
import { bookingsCreated } from '../../metrics.ts';
import { checkDiscount, recordDiscountUse } from '../discount/rules.ts';
import { enqueueMail } from '../mail/outbox.ts';
import {
  bookingPaidMail,
  konbiniExpiredMail,
  loadMailBooking,
  requestConfirmedMail,
  requestDeclinedMail,
  requestReceivedMail,
  requestWithdrawnMail,
} from '../mail/templates.ts';
import { markOfferBooked, useOffer } from '../waitlist/service.ts';
import { policyForBooking } from './cancel-policy.ts';
import { type BookingAction, eventRow, recordEvent, stateOf } from './events.ts';
import { unpaidHolders } from './holders.ts';
import { canMove, lifecycleOf, startColumns, transition } from './lifecycle.ts';
import { optionAndNationalities } from './option-reads.ts';
import { sizeGoneRefusal } from './rentals.ts';
import * as repo from './repository.ts';
import { randomRsvno } from './rsvno.ts';
import { returnAllSeats } from './seats.ts';
import { type BookingInput, memberRows, planBooking } from './validate.ts';

/** Booking creation per client address (DESIGN §4). */
export const BOOKING_WINDOW_SECONDS = 60;

/** The price the server charges: its own unit prices times the party (DESIGN §5). */
export function priceOf(row: repo.UnitPrices, counts: PartyCounts): number {
  return AGE_CLASSES.reduce((sum, c) => sum + row[repo.UNIT_PRICE_OF[c]] * counts[c], 0);
}

/** {@link priceOf} is `amount` on the day's stock row, as SQL for the statement that takes its seats (ADR 0189). */
function priceIsSql(counts: PartyCounts, amount: number): SQL {
  const terms = AGE_CLASSES.map((c) => sql`${sql.identifier(repo.UNIT_PRICE_OF[c])}::bigint * ${counts[c]}::int`);
  return sql`(${sql.join(terms, sql` + `)}) = ${amount}::bigint`;
}

function amountMismatch(): AppError {
  return AppError.conflict(ErrCd.generic, say('amountMismatch'));
}

/** POST /booking's rate limit per client address, counted before the body is read (a refused body counts too). */
export async function limitBookings(ctx: AppContext, clientIp: string): Promise<void> {
  const limit = await ctx.bookingLimiter.hit(
    `booking:ip:${clientIp}`,
    ctx.config.bookingLimitPerIp,
    BOOKING_WINDOW_SECONDS,
  );
  if (!limit.allowed) throw new AppError(ErrCd.generic, say('bookingRateLimited'), 429);
}

/** POST /booking after its rate limit ({@link limitBookings}): every rule again and the booking ({@link placeBooking}). */
export async function createBooking(
  ctx: AppContext,
  input: BookingInput,
  clientIp: string,
  origin: string | null = null,
): Promise<BookingResult> {
  const placed = await placeBooking(ctx, input, clientIp, origin);
  bookingsCreated.inc();
  return { rsvno: placed.rsvno, rsvdate: toTokyoIso(placed.at) };
}

/**
 * Every rule again, then the seats and the booking in one statement (a card booking to pay, ADR 0189), or that
 * statement and the mail in one transaction (a request, nothing to pay) or the booking of a キャンセル待ち offer's seats:
 * all the SQL a booking runs, and nothing else. PGlite's bench floor calls this very function in the process, so
 * the floor follows the code.
 */
export async function placeBooking(
  ctx: Pick<AppContextBase, 'db' | 'clock' | 'config' | 'notifications'>,
  input: BookingInput,
  clientIp: string,
  origin: string | null,
): Promise<{ rsvno: string; at: Date }> {
  // The option and the nationalities typed are read by one statement, or kept from an earlier booking; the
  // rules below still decide in their order.
  const { option, known } = await optionAndNationalities(
    ctx,
    input.opcd,
    input.memberList.map((m) => Number(m.nationality_id)),
  );
  // A draft (DESIGN §11 catalog) is never booked: it is as unknown to a visitor as a missing option.
  if (!option || !option.published) throw AppError.notFound(say('optionNotFound'));
  if (option.isCoupon) throw new AppError(ErrCd.generic, say('optionNotBookable'), 422);

  const plan = planBooking(input, option, ctx.clock.now());
  if (plan.nationalityIds.some((id) => !known.has(id)))
    throw new AppError(ErrCd.generic, say('nationalityInvalid'), 422);

  const usedate = ymdToIsoDate(plan.usedate);
  const claimed = Number(input.amountjp);
  const now = ctx.clock.now();
  const isRequest = option.flgRequestItem;
  const telNormalized = normalisePhone(input.tel);
  // A 割引コード (ADR 0210): checked here for its refusal before any seat is taken, and again, with its row locked,
  // in the booking's transaction. The discount is computed from the price the statement checks (`claimed`).
  const discountAsk = input.discount_code
    ? {
        code: input.discount_code,
        opcd: option.opcd,
        usedate,
        today: ymdToIsoDate(todayIn(ctx.clock)),
        list: claimed,
        tel: telNormalized,
      }
    : null;
  const quoted = discountAsk ? await checkDiscount(ctx.db, discountAsk) : null;
  if (quoted && input.discount_amount !== undefined && Number(input.discount_amount) !== quoted.discount) {
    throw AppError.conflict(ErrCd.generic, say('discount.changed'));
  }
  const amount = claimed - (quoted?.discount ?? 0);
  // Nothing to pay (a free activity, or a discount of all of it): never sent to the card form, whose providers refuse
  // ¥0 (ADR 0100).
  const nothingToPay = !isRequest && amount === 0;
  const booking: repo.NewBooking = {
    rsvno: '',
    ...startColumns(isRequest ? 'requested' : nothingToPay ? 'paid' : 'held'),
    rsvdate: now,
    fromdate: usedate,
    todate: usedate,
    sei: input.sei,
    mei: input.mei,
    tel: input.tel,
    telNormalized,
    mail: input.mail,
    amountjp: amount,
    md: input.md,
    lang: input.lang.slice(0, 2),
    meetpoint: option.meetpoint,
    cancelPolicy: policyForBooking(option.cancelPolicy),
    clientIp,
    origin,
  };
  const line = { opcd: option.opcd, usedate, startTime: input.start_time, seats: plan.seats };
  // Seats held without paying: each holder may hold only so many per option and day (ADR 0172),
  // checked by the statement that writes the booking, which then writes nothing.
  const holders = isRequest || nothingToPay ? [] : unpaidHolders(booking.telNormalized, clientIp, ctx.config);
  const cap = { holders, seats: plan.seats, since: unpaidGraceCutoff(now) };
  const rowsFor = (number: string): repo.NewBookingRows<repo.LineWithoutPrices> => ({
    booking: { ...booking, rsvno: number },
    line: {
      rsvno: number,
      ...line,
      adultqty: plan.counts.adult,
      middleqty: plan.counts.middle,
      childqty: plan.counts.child,
      infantqty: plan.counts.infant,
    },
    members: memberRows(number, plan.members),
    holds: holders.map((h) => ({
      holder: h.key,
      opcd: line.opcd,
      usedate,
      seats: plan.seats,
      rsvno: number,
      heldAt: now,
    })),
    rentals: plan.rentals.map((r) => ({
      rsvno: number,
      seq: r.seq,
      // Its shop and day, as the line's (migration 0053): a trigger cannot see the line this statement writes.
      facilityId: option.facilityId,
      usedate,
      model: r.model,
      bootsSize: r.bootsSize,
      wearSize: r.wearSize,
    })),
    event: eventRow(now, number, customerActor, 'created', {
      after: {
        status: booking.status,
        status_payment: booking.statusPayment,
        amountjp: amount,
        ...(quoted ? { discount_code: quoted.code, discount: quoted.discount } : {}),
        opcd: option.opcd,
        usedate,
        ...(line.startTime ? { start_time: line.startTime } : {}),
        seats: plan.seats,
      },
    }),
  });
  /**
   * Why the seats were not taken, in the order the rules answer: no such departure (a day of an option sold at start
   * times, asked without one), another amount, too few seats.
   */
  const refusal = async (db: DbOrTx, day: repo.DayPrices | undefined): Promise<AppError> => {
    if (!day) {
      const timed = line.startTime === '' && (await repo.hasStartTimes(db, line.opcd, usedate));
      return timed
        ? new AppError(ErrCd.generic, say('selectStartTime'), 422)
        : new AppError(ErrCd.nothingPrice, say('nothingPrice'), 422);
    }
    if (priceOf(day, plan.counts) !== claimed) return amountMismatch();
    return AppError.conflict(ErrCd.noStock, say('noStock'));
  };
  const overCap = (limit: number) => new AppError(ErrCd.generic, say('unpaidSeatsCapped', { max: limit }), 429);
  /** The seats taken and the booking written by one statement (ADR 0189), only at the amount the customer saw. */
  const takeAndWrite = async (db: DbOrTx, number: string): Promise<void> => {
    const written = await repo.takeSeatsAndInsertBooking(
      db,
      { line, priceIs: priceIsSql(plan.counts, claimed) },
      rowsFor(number),
      cap,
    );
    if ('overCap' in written) throw overCap(written.overCap);
    if ('resourceFull' in written) throw AppError.conflict(ErrCd.noStock, say('noStock'));
    if ('sizeGone' in written) throw sizeGoneRefusal(plan.rentals, written.sizeGone);
    if (!written.taken) throw await refusal(db, written.day);
  };
  const book = async (number: string): Promise<string> => {
    // A card booking to pay is that one statement alone: no transaction around it, so one round trip.
    if (!input.waitlist_token && !isRequest && !nothingToPay && !discountAsk) {
      await trackedStatement(ctx.db, () => takeAndWrite(ctx.db, number));
      return number;
    }
    return ctx.db.transaction(async (tx) => {
      // The code's row first (no other path locks it after a departure), then the seats.
      const taken = discountAsk ? await checkDiscount(tx, discountAsk, true) : null;
      if (taken && taken.discount !== quoted?.discount) throw AppError.conflict(ErrCd.generic, say('discount.changed'));
      // From a キャンセル待ち offer (ADR 0167): the seats it holds, not the day's stock.
      const offer = input.waitlist_token ? await useOffer(tx, now, input.waitlist_token, line) : null;
      if (offer) {
        if (priceOf(offer.day, plan.counts) !== claimed) throw amountMismatch();
        const rows = rowsFor(number);
        const written = await repo.insertNewBooking(
          tx,
          { ...rows, line: { ...rows.line, ...repo.unitPricesOf(offer.day) } },
          cap,
        );
        if (written.overCap !== null) throw overCap(written.overCap);
        if (written.resourceFull) throw AppError.conflict(ErrCd.noStock, say('noStock'));
        if (written.sizeGone) throw sizeGoneRefusal(plan.rentals, written.sizeGone);
        await markOfferBooked(tx, offer.entryId, number);
      } else {
        await takeAndWrite(tx, number);
      }
      if (taken) await recordDiscountUse(tx, number, taken, telNormalized);
      // A request, or nothing to pay: its mail is sent with the booking, or not at all.
      if (isRequest || nothingToPay) {
        const mail = await loadMailBooking(tx, ctx.config, number, { ticket: !isRequest });
        if (mail) await enqueueMail(tx, isRequest ? requestReceivedMail(mail) : bookingPaidMail(mail));
      }
      return number;
    });
  };
  // A number drawn twice fails the insert; the whole statement or transaction runs again with another (rare: 8 characters).
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { rsvno: await book(randomRsvno()), at: now };
    } catch (error) {
      if (attempt >= 20 || !repo.isBookingNumberTaken(error)) throw error;
    }
  }
}

// --- answering requests, and expiry ---

/** How an unpaid booking ends: its cancel reason and the history's action. */
const UNPAID_ENDS = {
  expired: { reason: 'expired', action: 'expired' },
  declined: { reason: 'declined', action: 'request_declined' },
  // The customer withdrew the request from my page before it was answered.
  withdrawn: { reason: 'customer', action: 'request_withdrawn' },
  // The company called the day off (催行中止) before anything was paid.
  company: { reason: 'company', action: 'day_stopped' },
  // The reseller canceled its hold through OCTO before confirming it (ADR 0170).
  released: { reason: 'reseller', action: 'hold_released' },
} as const satisfies Record<string, { reason: CancelReason; action: BookingAction }>;
export type UnpaidEnd = keyof typeof UNPAID_ENDS;

/** Cancels a locked booking that was never paid and returns its seats (expired, declined or withdrawn); answers it as it is now. */
export async function cancelUnpaid(
  ctx: AppContextBase,
  tx: DbOrTx,
  booking: repo.BookingRow,
  end: UnpaidEnd,
  actor: Actor,
): Promise<repo.BookingRow> {
  const now = ctx.clock.now();
  const { reason, action } = UNPAID_ENDS[end];
  // A konbini slip's deadline passed (ADR 0213): the customer, who may still mean to pay, is told.
  const slipLapsed = end === 'expired' && lifecycleOf(booking) === 'awaiting';
  await returnAllSeats(tx, booking.rsvno);
  const after = await transition(tx, booking, end === 'expired' ? 'expire' : 'endUnpaid', {
    canceledAt: now,
    cancelReason: reason,
  });
  await recordEvent(tx, now, booking.rsvno, actor, slipLapsed ? 'konbini_expired' : action, {
    before: stateOf(booking),
    after: stateOf(after),
  });
  if (slipLapsed) {
    const mail = await loadMailBooking(tx, ctx.config, booking.rsvno);
    if (mail) await enqueueMail(tx, konbiniExpiredMail(mail));
  }
  return after;
}

/** DESIGN §10: 72 hours from now, and never after the day before the use date (its end, Tokyo). */
export function requestPaymentDeadline(now: Date, fromdate: string): Date {
  // The last second of the day before the use date (23:59:59 in Tokyo): payable all that day.
  const endOfDayBefore = new Date(tokyoDayStart(isoDateToYmd(fromdate)).getTime() - 1000);
  const in72h = new Date(now.getTime() + REQUEST_PAYMENT_DEADLINE_HOURS * 3_600_000);
  return in72h < endOfDayBefore ? in72h : endOfDayBefore;
}

export interface TransitionResult {
  rsvno: string;
  status: number;
  paymentDeadline: Date | null;
}

async function lockOrNotFound(tx: DbOrTx, rsvno: string): Promise<repo.BookingRow> {
  const booking = await repo.lockBooking(tx, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  return booking;
}

/** The operator confirms a request: tmp reservation, payable until the deadline; the customer is mailed. */
export async function confirmRequest(ctx: AppContextBase, rsvno: string, actor: Actor): Promise<TransitionResult> {
  return ctx.db.transaction(async (tx) => {
    const booking = await lockOrNotFound(tx, rsvno);
    if (!canMove(booking, 'confirmRequest')) throw AppError.conflict(ErrCd.generic, say('requestNotPending'));
    const now = ctx.clock.now();
    const deadline = requestPaymentDeadline(now, booking.fromdate);
    if (deadline <= now) throw AppError.conflict(ErrCd.generic, say('paymentDeadlineUnavailable'));
    const after = await transition(tx, booking, 'confirmRequest', { paymentDeadline: deadline });
    await recordEvent(tx, now, rsvno, actor, 'request_confirmed', {
      before: stateOf(booking),
      after: { ...stateOf(after), payment_deadline: deadline },
    });
    const mail = await loadMailBooking(tx, ctx.config, rsvno);
    if (mail) await enqueueMail(tx, requestConfirmedMail(mail));
    return { rsvno, status: after.status, paymentDeadline: deadline };
  });
}

/**
 * A request ends unpaid (ADR 0100): locked, checked by `refuse` (an AppError when it may not end so), canceled
 * with its seats back and its event, and the customer mailed, in one transaction.
 */
async function endRequest(
  ctx: AppContextBase,
  rsvno: string,
  actor: Actor,
  end: 'declined' | 'withdrawn',
  refuse: (booking: repo.BookingRow) => AppError | null,
): Promise<TransitionResult> {
  return ctx.db.transaction(async (tx) => {
    const booking = await lockOrNotFound(tx, rsvno);
    const refusal = refuse(booking);
    if (refusal) throw refusal;
    const after = await cancelUnpaid(ctx, tx, booking, end, actor);
    const mail = await loadMailBooking(tx, ctx.config, rsvno);
    if (mail) await enqueueMail(tx, end === 'declined' ? requestDeclinedMail(mail) : requestWithdrawnMail(mail));
    return { rsvno, status: after.status, paymentDeadline: booking.paymentDeadline };
  });
}

/** The operator declines a request (or withdraws an unpaid confirmation): canceled, seats back, mailed. */
export async function declineRequest(ctx: AppContextBase, rsvno: string, actor: Actor): Promise<TransitionResult> {
  return endRequest(ctx, rsvno, actor, 'declined', (booking) =>
    canMove(booking, 'endUnpaid') ? null : AppError.conflict(ErrCd.generic, say('requestNotPending')),
  );
}

/**
 * The customer withdraws a request not answered yet: canceled, seats back, mailed. Refused once it
 * was answered (confirmed, declined) or canceled, and after its use date.
 */
export async function withdrawRequest(ctx: AppContextBase, rsvno: string, actor: Actor): Promise<TransitionResult> {
  return endRequest(ctx, rsvno, actor, 'withdrawn', (booking) => {
    const today = todayIn(ctx.clock);
    const fromdate = isoDateToYmd(booking.fromdate);
    if (lifecycleOf(booking) !== 'requested') return AppError.conflict(ErrCd.generic, say('requestAlreadyAnswered'));
    if (!requestWithdrawable({ status: booking.status, fromdate }, today)) {
      return AppError.conflict(ErrCd.generic, say('requestWithdrawPastUseDate'));
    }
    return null;
  });
}
