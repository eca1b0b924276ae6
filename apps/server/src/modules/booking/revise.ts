/**
 * The purchase flow's corrections to a booking it made and has not paid yet: back from the
 * card checkout, the visitor may change the applicant, the participants or the rental sizes, and what the
 * confirm page shows is what is booked. The option, the day, the party and so the price and the seats
 * stay: changing those starts a new booking. Every rule of the booking form applies again, under the
 * booking's lock, and a payment that landed first closes the booking to changes.
 */
import { isDeepStrictEqual } from 'node:util';
import { cardPaymentOpen, normalisePhone } from '@tabi/contract/booking-rules';
import { AGE_CLASSES, ErrCd } from '@tabi/contract/constants';
import { isoDateToYmd, toTokyoIso } from '@tabi/contract/dates';
import { say } from '@tabi/contract/said';
import type { Actor } from '../../actor.ts';
import type { AppContextBase } from '../../context-base.ts';
import { AppError } from '../../errors.ts';
import { discountOfBooking } from '../discount/rules.ts';
import { cancellationPending } from './cancel.ts';
import { recordEvent } from './events.ts';
import { wasPaid } from './lifecycle.ts';
import { optionAndNationalities } from './option-reads.ts';
import * as repo from './repository.ts';
import { type BookingInput, memberRows, planBooking } from './validate.ts';

function applicantOf(b: Pick<repo.BookingRow, 'sei' | 'mei' | 'tel' | 'mail'>) {
  return { sei: b.sei, mei: b.mei, tel: b.tel, mail: b.mail };
}

function membersOf(rows: { seq: number; sei: string; mei: string; birthday: string | null; sex: string }[]) {
  return rows.map((m) => ({ seq: m.seq, sei: m.sei, mei: m.mei, birthday: m.birthday, sex: m.sex }));
}

type Detail = { nationalityId: number; extended: unknown };
type Rental = { seq: number; model: string; bootsSize: string; wearSize: string };

function rentalsOf(rows: Rental[]) {
  return rows.map((r) => ({ seq: r.seq, model: r.model, boots: r.bootsSize, wear: r.wearSize }));
}

/** Applies `input` to the unpaid card booking `rsvno`; writes nothing (and no event) when nothing changed. */
export async function reviseUnpaidBooking(
  ctx: AppContextBase,
  rsvno: string,
  input: BookingInput,
  actor: Actor,
): Promise<void> {
  const { option, known } = await optionAndNationalities(
    ctx,
    input.opcd,
    input.memberList.map((m) => Number(m.nationality_id)),
  );
  if (!option) throw AppError.notFound(say('bookingNotFound'));
  const plan = planBooking(input, option, ctx.clock.now());
  if (plan.nationalityIds.some((id) => !known.has(id)))
    throw new AppError(ErrCd.generic, say('nationalityInvalid'), 422);

  await ctx.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, rsvno);
    if (!booking) throw AppError.notFound(say('bookingNotFound'));
    if (wasPaid(booking)) {
      throw AppError.conflict(ErrCd.generic, say('bookingPaidNotRevisable'));
    }
    // The purchase flow's own rule for a card booking it may still pay (contract), and no cancellation under way.
    const facts = {
      status: booking.status,
      status_payment: booking.statusPayment,
      flg_request_rsv: booking.flgRequestRsv,
      rsvdate: toTokyoIso(booking.rsvdate),
    };
    if (!cardPaymentOpen(facts, toTokyoIso(ctx.clock.now())) || cancellationPending(booking)) {
      throw AppError.conflict(ErrCd.generic, say('bookingNotRevisable'));
    }
    const lines = await repo.findBookingOptions(tx, rsvno);
    const line = lines[0]?.line;
    // With a 割引コード the page sends the price before it, and the same code (ADR 0210).
    const discount = await discountOfBooking(tx, rsvno);
    const sameBooking =
      lines.length === 1 &&
      line !== undefined &&
      line.opcd === input.opcd &&
      isoDateToYmd(line.usedate) === plan.usedate &&
      AGE_CLASSES.every((c) => line[`${c}qty`] === plan.counts[c]) &&
      Number(input.amountjp) === (discount?.list_amount ?? booking.amountjp) &&
      (input.discount_code ?? '') === (discount?.code ?? '');
    if (!sameBooking) throw new AppError(ErrCd.generic, say('bookingPartyNotRevisable'), 422);

    const beforeMembers = await repo.findMembers(tx, rsvno);
    const beforeRentals = await repo.findRentals(tx, rsvno);
    const afterRentals = plan.rentals;
    const before = {
      applicant: applicantOf(booking),
      members: membersOf(beforeMembers),
      rentals: rentalsOf(beforeRentals),
    };
    const after = {
      applicant: applicantOf(input),
      members: membersOf(plan.members),
      rentals: rentalsOf(afterRentals),
    };
    const details = (rows: Detail[]) => rows.map((m) => [m.nationalityId, m.extended]);
    const unchanged =
      isDeepStrictEqual(before, after) && isDeepStrictEqual(details(beforeMembers), details(plan.members));
    if (unchanged) return;

    await repo.updateBooking(tx, rsvno, { ...after.applicant, telNormalized: normalisePhone(input.tel) });
    await repo.replaceMembers(tx, rsvno, memberRows(rsvno, plan.members));
    await repo.replaceRentals(tx, rsvno, afterRentals);
    await recordEvent(tx, ctx.clock.now(), rsvno, actor, 'details_changed', { before, after });
  });
}
