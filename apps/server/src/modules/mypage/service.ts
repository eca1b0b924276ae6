/** My page's calls (SPEC §7): the shape of the booking answer; every change is the booking lifecycle's. */
import type { Booking, BookingOption, ChangeDepartureAnswer, Member, Rental } from '@tabi/contract/booking';
import {
  bookingState,
  cancelAllowed,
  cardPaymentOpen,
  isYes,
  paymentAllowed,
  requestWithdrawable,
} from '@tabi/contract/booking-rules';
import { isoDateToYmd, toTokyoIso } from '@tabi/contract/dates';
import { DEFAULT_LANG, LANG_BASE, type Lang } from '@tabi/contract/i18n';
import { say } from '@tabi/contract/said';
import { customerActor } from '../../actor.ts';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppContextBase } from '../../context-base.ts';
import { AppError } from '../../errors.ts';
import { type CancelQuote, cancelBooking as cancel, quoteCancellation } from '../booking/cancel.ts';
import { changeDeparture, changeRefusal } from '../booking/change.ts';
import { isEnded, lifecycleOf, specStateFields } from '../booking/lifecycle.ts';
import { editRentals as editBookingRentals, type RentalEntry } from '../booking/rentals.ts';
import * as repo from '../booking/repository.ts';
import { findBooking } from '../booking/repository.ts';
import { withdrawRequest as withdraw } from '../booking/service.ts';
import { discountOfBooking } from '../discount/rules.ts';
import { openSlipOf } from '../payment/index.ts';
import { requireSession } from '../session/service.ts';
import { ticketOf } from '../ticket/service.ts';

function bookingNotFound(): AppError {
  return AppError.notFound(say('bookingNotFound'));
}

async function loadBooking(ctx: AppContextBase, rsvno: string): Promise<repo.BookingRow> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking) throw bookingNotFound();
  return booking;
}

function isoOrNull(instant: Date | null): string | null {
  return instant ? toTokyoIso(instant) : null;
}

function participantFields(extended: Record<string, unknown>): Member['extended_datas']['extended_participant_fields'] {
  const nested = extended.extended_participant_fields;
  const fields = nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : extended;
  const result: Member['extended_datas']['extended_participant_fields'] = {};
  if (typeof fields.passport_number === 'string' && fields.passport_number !== '') {
    result.passport_number = fields.passport_number;
  }
  if (fields.vegetarian_meals !== undefined && fields.vegetarian_meals !== null) {
    result.vegetarian_meals = isYes(fields.vegetarian_meals);
  }
  return result;
}

function toMember(row: repo.MemberRow): Member {
  return {
    seq: String(row.seq),
    sei: row.sei,
    mei: row.mei,
    // Erased after the stay: an empty birthday rather than a made-up one.
    birthday: row.birthday === null ? '' : isoDateToYmd(row.birthday),
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
    start_time: line.startTime,
    end_time: line.endTime,
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
export async function getBooking(
  ctx: AppContext,
  input: { session: string; rsvno: string },
  lang: Lang = DEFAULT_LANG,
): Promise<Booking> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  return bookingView(ctx, rsvno, lang);
}

/**
 * The booking as my page shows it, without a session: my page's answer (the option's texts and the nationalities in
 * the page's language), and the console's 予約詳細 (Japanese).
 */
export async function bookingView(ctx: AppContextBase, rsvno: string, lang: Lang = DEFAULT_LANG): Promise<Booking> {
  const booking = await loadBooking(ctx, rsvno);
  const [members, lines, rentals, discount] = await Promise.all([
    repo.findMembers(ctx.db, rsvno, lang),
    repo.findBookingOptions(ctx.db, rsvno, lang),
    repo.findRentals(ctx.db, rsvno),
    discountOfBooking(ctx.db, rsvno),
  ]);
  // The booking keeps a copy of its option's meeting point: shown in the page's language where it is that one.
  const meetpoint = lines.find((l) => l.meetpointJa === booking.meetpoint)?.option.meetpoint ?? booking.meetpoint;
  // A booking that holds its seats and is paid (or confirmed on account) has its ticket for the door (ADR 0212).
  const ticket = lifecycleOf(booking) === 'paid' ? await ticketOf(ctx.db, rsvno) : null;
  // A konbini slip waiting at the store (ADR 0213): its numbers and deadline, what the customer must act on.
  const konbini = lifecycleOf(booking) === 'awaiting' ? await openSlipOf(ctx, rsvno) : null;
  const spec = specStateFields(booking);
  const servertime = toTokyoIso(ctx.clock.now());
  const paymentDeadline = isoOrNull(booking.paymentDeadline);
  const fromdate = isoDateToYmd(booking.fromdate);
  return {
    rsvno: booking.rsvno,
    ...spec,
    servertime,
    payment_deadline_date: paymentDeadline,
    fromdate,
    todate: isoDateToYmd(booking.todate),
    sei: booking.sei,
    mei: booking.mei,
    mail: booking.mail,
    amountjp: booking.amountjp,
    ...(discount ? { discount } : {}),
    ...(ticket ? { ticket: { code: ticket.code, qr_svg: ticket.svg, wallet: ctx.config.walletPass !== null } } : {}),
    ...(konbini ? { konbini } : {}),
    meetpoint,
    memberList: members.map(toMember),
    optionList: lines.map(toBookingOption),
    rentskiList: rentals.map(toRental),
    changeable:
      changeRefusal(
        booking,
        lines.map((l) => l.line),
        todayIn(ctx.clock),
      ) === null,
    // SPEC §4's rules, decided here at the edge from the fields above, once for every page that shows the booking.
    state: bookingState(spec, servertime),
    payable: paymentAllowed({ ...spec, payment_deadline_date: paymentDeadline }, servertime),
    card_payable: cardPaymentOpen(spec, servertime),
    cancellable: cancelAllowed({ ...spec, fromdate }, todayIn(ctx.clock)),
    withdrawable: requestWithdrawable({ status: spec.status, fromdate }, todayIn(ctx.clock)),
    // What the cancellation charged and gave back: my page shows it beside the original total.
    ...(isEnded(lifecycleOf(booking)) && booking.cancelFee !== null
      ? { cancelfee: booking.cancelFee, refund: booking.refundAmount ?? 0 }
      : {}),
  };
}

// --- cancellation and rental edit: the booking lifecycle's, behind the customer's session ---

/** POST /booking/cancelprice: the fee under the booking's policy today, and what would be refunded. */
export async function getCancelPrice(ctx: AppContext, input: { session: string; rsvno: string }): Promise<CancelQuote> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  return quoteCancellation(ctx, rsvno, customerActor);
}

/** POST /booking/cancel: the refund the customer saw must still be the refund (else cancelPriceChanged). */
export async function cancelBooking(
  ctx: AppContext,
  input: { session: string; rsvno: string; refund: string },
): Promise<CancelQuote> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  return cancel(ctx, rsvno, { actor: customerActor, expectedRefund: Number(input.refund) });
}

/**
 * POST /booking/change (ADR 0197): the customer moves their booking to another departure; a difference to pay is paid
 * on the provider's checkout, which comes back to my page in the page's language.
 */
export async function changeBookingDeparture(
  ctx: AppContext,
  input: { session: string; rsvno: string; usedate: string; start_time: string; amountjp: string; lang: Lang },
  origin: string,
): Promise<ChangeDepartureAnswer> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  const page = `${LANG_BASE[input.lang]}/mypage`;
  return changeDeparture(
    ctx,
    rsvno,
    { usedate: input.usedate, startTime: input.start_time },
    Number(input.amountjp),
    customerActor,
    { origin, successPath: `${page}?change=paid`, cancelPath: `${page}?change=canceled` },
  );
}

/** POST /booking/withdraw: the customer withdraws a request not answered yet. */
export async function withdrawRequest(ctx: AppContext, input: { session: string; rsvno: string }): Promise<null> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  await withdraw(ctx, rsvno, customerActor);
  return null;
}

export interface RentalEditInput {
  session: string;
  rsvno: string;
  rentskiList: (RentalEntry & { accessory: '' })[];
}

/** POST /booking/edit. */
export async function editRentals(ctx: AppContext, input: RentalEditInput): Promise<null> {
  const { rsvno } = await requireSession(ctx, input.session, input.rsvno);
  if (!(await findBooking(ctx.db, rsvno))) throw bookingNotFound();
  await editBookingRentals(ctx, rsvno, input.rentskiList, customerActor);
  return null;
}
