import type { Booking, BookingOption, Member, Rental } from '@tabi/contract/booking';
import { cancelAllowed, statusLabel } from '@tabi/contract/booking-rules';
import {
  ageClassFromCode,
  BookingStatus,
  ErrCd,
  PaymentStatus,
  RENTAL_TYPES,
  type RentalTypeCode,
  rentalNeedsBoots,
  rentalNeedsType,
  rentalNeedsWear,
  SHOE_SIZES,
  wearSizesFor,
} from '@tabi/contract/constants';
import { isoDateToYmd, type Ymd } from '@tabi/contract/dates';
import { Msg, rentalFieldInvalid } from '@tabi/contract/messages';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { cancellationMail, loadMailBooking } from '../mail/templates.ts';
import { requireSession } from '../session/service.ts';
import { cancelQuote } from './cancel-fee.ts';
import * as repo from './repository.ts';
import { toTokyoIso } from './tokyo-time.ts';

function bookingNotFound(): AppError {
  return AppError.notFound(Msg.bookingNotFound);
}

async function loadBooking(ctx: AppContext, rsvno: string): Promise<repo.BookingRow> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking) throw bookingNotFound();
  return booking;
}

function isoOrNull(instant: Date | null): string | null {
  return instant ? toTokyoIso(instant) : null;
}

/** Forms send booleans as '1', 'true', 1 or true; the booking answer carries a real boolean. */
function toBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
  return false;
}

function participantFields(extended: Record<string, unknown>): Member['extended_datas']['extended_participant_fields'] {
  const nested = extended.extended_participant_fields;
  const fields = nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : extended;
  const result: Member['extended_datas']['extended_participant_fields'] = {};
  if (typeof fields.passport_number === 'string' && fields.passport_number !== '') {
    result.passport_number = fields.passport_number;
  }
  if (fields.vegetarian_meals !== undefined && fields.vegetarian_meals !== null) {
    result.vegetarian_meals = toBoolean(fields.vegetarian_meals);
  }
  return result;
}

function toMember(row: repo.MemberRow): Member {
  return {
    seq: String(row.seq),
    sei: row.sei,
    mei: row.mei,
    birthday: isoDateToYmd(row.birthday),
    sex: row.sex,
    ageclass: row.ageclass,
    nationality_id: row.nationalityId,
    nationality_nm: row.nationalityNm ?? '',
    extended_datas: { extended_participant_fields: participantFields(row.extended) },
  };
}

function toBookingOption({ line, option }: repo.BookingOptionRow): BookingOption {
  return {
    pkcd: line.pkcd,
    opcd: line.opcd,
    webname: option.webname,
    usedate: isoDateToYmd(line.usedate),
    contents: option.contents,
    cancel_note: option.cancelNote,
    adultbaika: line.adultbaika,
    childbaika: line.childbaika,
    paxadultqty: line.adultqty,
    paxchildqty: line.childqty,
    middlebaika: line.middlebaika,
    paxmiddleqty: line.middleqty,
    infantbaika: line.infantbaika,
    paxinfantqty: line.infantqty,
    companyname: option.companyname,
    hours: option.hours,
    address: option.address,
    tel: option.tel,
    lat: option.lat,
    lon: option.lon,
    meetpoint: option.meetpoint,
    serviceno: option.serviceno,
    departure_point: option.departurePoint,
    departure_time: option.departureTime,
    arrival_point: option.arrivalPoint,
    arrival_time: option.arrivalTime,
    ticket_url: line.ticketUrl,
    ex_cd: option.exCd,
    ex_rsvno: line.exRsvno,
    ex_confirmno: line.exConfirmno,
    ex_url: line.exUrl,
    ex_issue_method: option.exIssueMethod,
  };
}

function toRental(row: { seq: number; model: string; bootsSize: string; wearSize: string }): Rental {
  return { seq: String(row.seq), model: row.model, boots_size: row.bootsSize, wear_size: row.wearSize, accessory: '' };
}

/** POST /booking/{rsvno}: the booking as my page shows it (SPEC §3). */
export async function getBooking(ctx: AppContext, input: { session: string; rsvno: string }): Promise<Booking> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  const booking = await loadBooking(ctx, rsvno);
  const [members, lines, rentals] = await Promise.all([
    repo.findMembers(ctx.db, rsvno),
    repo.findBookingOptions(ctx.db, rsvno),
    repo.findRentals(ctx.db, rsvno),
  ]);
  return {
    rsvno: booking.rsvno,
    status: booking.status,
    status_payment: booking.statusPayment,
    flg_request_rsv: booking.flgRequestRsv,
    rsvdate: toTokyoIso(booking.rsvdate),
    servertime: toTokyoIso(ctx.clock.now()),
    payment_deadline_date: isoOrNull(booking.paymentDeadline),
    fromdate: isoDateToYmd(booking.fromdate),
    todate: isoDateToYmd(booking.todate),
    sei: booking.sei,
    mei: booking.mei,
    mail: booking.mail,
    amountjp: booking.amountjp,
    meetpoint: booking.meetpoint,
    memberList: members.map(toMember),
    optionList: lines.map(toBookingOption),
    rentskiList: rentals.map(toRental),
  };
}

// --- cancellation ---

/** What has been paid and not yet refunded. Paid bookings without a payment record were paid elsewhere. */
function paidAmount(booking: repo.BookingRow, paidPayments: repo.PaymentRow[]): number {
  if (paidPayments.length > 0) return paidPayments.reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);
  return booking.statusPayment === PaymentStatus.completed ? booking.amountjp : 0;
}

/** Refuses, with the reason, a booking the customer may not cancel (SPEC §4 and its status label). */
function assertCancellable(booking: repo.BookingRow, ctx: AppContext): void {
  const today = todayIn(ctx.clock);
  const servertime = toTokyoIso(ctx.clock.now());
  const facts = { status: booking.status, status_payment: booking.statusPayment, rsvdate: toTokyoIso(booking.rsvdate) };
  if (booking.status === BookingStatus.canceled || statusLabel(facts, servertime) === Msg.statusCanceled) {
    throw AppError.conflict(ErrCd.generic, Msg.alreadyCanceled);
  }
  const fromdate: Ymd = isoDateToYmd(booking.fromdate);
  if (booking.status === BookingStatus.completed && fromdate <= today) {
    throw AppError.conflict(ErrCd.generic, Msg.cancelTooLate);
  }
  if (!cancelAllowed({ status: booking.status, fromdate }, today)) {
    throw AppError.conflict(ErrCd.generic, Msg.cancelNotAllowed);
  }
}

function quoteFor(ctx: AppContext, booking: repo.BookingRow, paidPayments: repo.PaymentRow[]) {
  return cancelQuote({
    policy: booking.cancelPolicy,
    fromdate: isoDateToYmd(booking.fromdate),
    today: todayIn(ctx.clock),
    amount: booking.amountjp,
    paid: paidAmount(booking, paidPayments),
  });
}

/** POST /booking/cancelprice: the fee under the booking's policy today, and what would be refunded. */
export async function getCancelPrice(
  ctx: AppContext,
  input: { session: string; rsvno: string },
): Promise<{ cancelfee: number; refund: number }> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  const booking = await loadBooking(ctx, rsvno);
  assertCancellable(booking, ctx);
  return quoteFor(ctx, booking, await repo.findPaidPayments(ctx.db, rsvno));
}

interface RefundPlanItem {
  paymentId: number;
  chargeId: string;
  amount: number;
}

/** Spreads a refund over the paid payments, oldest first; payments without a charge id are settled by hand. */
function planRefunds(paidPayments: repo.PaymentRow[], refund: number): RefundPlanItem[] {
  const plan: RefundPlanItem[] = [];
  let left = refund;
  for (const p of paidPayments) {
    if (left <= 0) break;
    const amount = Math.min(left, p.amount - p.refundedAmount);
    if (amount <= 0 || !p.chargeId) continue;
    plan.push({ paymentId: p.id, chargeId: p.chargeId, amount });
    left -= amount;
  }
  return plan;
}

/**
 * POST /booking/cancel in three steps (ADR 0031): (1) under the booking's row lock, check it, compare
 * the refund the customer saw, and claim the cancellation (`canceled_at` set while status is still 1),
 * so that of two concurrent cancels exactly one goes on; (2) refund through the provider with no lock
 * held; (3) status 4, fee and refund, seats back and the mail, in one transaction. A refund the provider
 * refuses releases the claim and changes nothing else.
 */
export async function cancelBooking(
  ctx: AppContext,
  input: { session: string; rsvno: string; refund: string },
): Promise<{ cancelfee: number; refund: number }> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  const now = ctx.clock.now();
  const { quote, plan } = await ctx.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, rsvno);
    if (!booking) throw bookingNotFound();
    if (booking.status === BookingStatus.completed && booking.canceledAt) {
      throw AppError.conflict(ErrCd.generic, Msg.cancelInProgress);
    }
    assertCancellable(booking, ctx);
    const paidPayments = await repo.findPaidPayments(tx, rsvno, true);
    const quote = quoteFor(ctx, booking, paidPayments);
    if (Number(input.refund) !== quote.refund) throw AppError.conflict(ErrCd.generic, Msg.cancelPriceChanged);
    if (!(await repo.claimCancellation(tx, rsvno, now))) throw AppError.conflict(ErrCd.generic, Msg.cancelInProgress);
    return { quote, plan: planRefunds(paidPayments, quote.refund) };
  });

  try {
    await executeRefunds(ctx, plan);
  } catch {
    await repo.releaseCancellation(ctx.db, rsvno, now);
    throw new AppError(ErrCd.generic, Msg.refundFailed, 502);
  }

  await ctx.db.transaction(async (tx) => {
    const changed = await repo.markCanceled(tx, rsvno, {
      canceledAt: now,
      cancelFee: quote.cancelfee,
      refundAmount: quote.refund,
    });
    if (!changed) throw AppError.conflict(ErrCd.generic, Msg.alreadyCanceled);
    const lines = await repo.findBookingOptions(tx, rsvno);
    await repo.returnSeats(
      tx,
      lines.map(({ line }) => ({ opcd: line.opcd, usedate: line.usedate, seats: line.seats })),
    );
    const mailBooking = await loadMailBooking(tx, ctx.config, rsvno);
    if (mailBooking) await enqueueMail(tx, cancellationMail(mailBooking, quote.cancelfee, quote.refund));
  });
  return quote;
}

/** Each refund is recorded as soon as the provider confirms it, so a later failure never hides it. */
async function executeRefunds(ctx: AppContext, plan: RefundPlanItem[]): Promise<void> {
  for (const item of plan) {
    await ctx.payment.refund(item.chargeId, item.amount);
    await repo.recordRefund(ctx.db, item.paymentId, item.amount);
  }
}

// --- rental edit ---

function rentalInvalid(message: string): AppError {
  return new AppError(ErrCd.generic, message, 422);
}

/** '25' and '25.0' are the same shoe size; the stored form is the list's. */
function canonicalShoeSize(size: string): string | undefined {
  const n = Number(size.normalize('NFKC').trim());
  if (size.trim() === '' || !Number.isFinite(n)) return undefined;
  return SHOE_SIZES.find((s) => Number(s) === n);
}

export interface RentalEditInput {
  session: string;
  rsvno: string;
  rentskiList: { seq: string; model: RentalTypeCode; boots_size: string; wear_size: string; accessory: '' }[];
}

/** POST /booking/edit: replaces the rental sizes, checked against the rental code's lists. */
export async function editRentals(ctx: AppContext, input: RentalEditInput): Promise<null> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  const booking = await loadBooking(ctx, rsvno);
  const lines = await repo.findBookingOptions(ctx.db, rsvno);
  const rentalcd = lines.find(({ option }) => option.rentalcd !== '')?.option.rentalcd;
  if (!rentalcd) throw new AppError(ErrCd.generic, Msg.noRental, 400);
  const facts = { status: booking.status, status_payment: booking.statusPayment, rsvdate: toTokyoIso(booking.rsvdate) };
  if (statusLabel(facts, toTokyoIso(ctx.clock.now())) === Msg.statusCanceled) {
    throw AppError.conflict(ErrCd.generic, Msg.canceledNotEditable);
  }

  const members = await repo.findMembers(ctx.db, rsvno);
  const bySeq = new Map(members.map((m) => [String(m.seq), m]));
  const seen = new Set<string>();
  const rows = input.rentskiList.map((entry) => {
    const seq = entry.seq.trim();
    const member = bySeq.get(seq);
    if (!member || seen.has(seq)) throw rentalInvalid(Msg.rentalMembersMismatch);
    seen.add(seq);
    let model = '';
    let bootsSize = '';
    let wearSize = '';
    if (rentalNeedsType(rentalcd)) {
      if (!RENTAL_TYPES.includes(entry.model)) throw rentalInvalid(rentalFieldInvalid(seq, 'レンタル'));
      model = entry.model;
    }
    if (rentalNeedsBoots(rentalcd)) {
      const size = canonicalShoeSize(entry.boots_size);
      if (!size) throw rentalInvalid(rentalFieldInvalid(seq, 'ブーツ'));
      bootsSize = size;
    }
    if (rentalNeedsWear(rentalcd)) {
      const ageClass = ageClassFromCode(member.ageclass) ?? 'adult';
      const size = entry.wear_size.normalize('NFKC').trim();
      if (!wearSizesFor(ageClass).includes(size)) throw rentalInvalid(rentalFieldInvalid(seq, 'ウェア'));
      wearSize = size;
    }
    return { seq: member.seq, model, bootsSize, wearSize };
  });
  if (seen.size !== members.length) throw rentalInvalid(Msg.rentalMembersMismatch);

  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockBooking(tx, rsvno);
    if (!locked || locked.status === BookingStatus.canceled) {
      throw AppError.conflict(ErrCd.generic, Msg.canceledNotEditable);
    }
    await repo.replaceRentals(tx, rsvno, rows);
  });
  return null;
}
