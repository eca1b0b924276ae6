/** Rental sizes changed after booking (POST /booking/edit, and staff in the console), with the event. */
import { isDeepStrictEqual } from 'node:util';
import { rentalEditAllowed } from '@tabi/contract/booking-rules';
import { ageClassFromCode, ErrCd, type RentalTypeCode } from '@tabi/contract/constants';
import { toTokyoIso } from '@tabi/contract/dates';
import { checkRental, keepShownRental, missingRentalFields } from '@tabi/contract/rental';
import { say } from '@tabi/contract/said';
import type { Actor } from '../../actor.ts';
import type { AppContextBase } from '../../context-base.ts';
import { AppError } from '../../errors.ts';
import { holdRentalSizes, lockRentalSizes, type RentalSizeGone, rentalSizeGone } from '../resources/take.ts';
import { recordEvent } from './events.ts';
import * as repo from './repository.ts';

export interface RentalEntry {
  seq: string;
  model: RentalTypeCode;
  boots_size: string;
  wear_size: string;
}

function rentalInvalid(message: string): AppError {
  return new AppError(ErrCd.generic, message, 422);
}

type RentalValues = { seq: number; model: string; bootsSize: string; wearSize: string };

/**
 * The contract's one rental rule (ADR 0100): only the selects the rental code shows count, each
 * value must be offered to the participant's age class, and the edit needs the sizes (boots and wear).
 */
function checkEntries(rentalcd: string, members: repo.MemberRow[], entries: RentalEntry[]): RentalValues[] {
  const bySeq = new Map(members.map((m) => [String(m.seq), m]));
  const seen = new Set<string>();
  const rows = entries.map((entry) => {
    const seq = entry.seq.trim();
    const member = bySeq.get(seq);
    if (!member || seen.has(seq)) throw rentalInvalid(say('rentalMembersMismatch'));
    seen.add(seq);
    const checked = checkRental(
      keepShownRental(entry, rentalcd),
      rentalcd,
      ageClassFromCode(member.ageclass) ?? 'adult',
    );
    if (!checked.ok)
      throw rentalInvalid(say('rentalFieldInvalid', { participant: seq, item: say(`rentalField.${checked.field}`) }));
    const [missing] = missingRentalFields(checked.rental, rentalcd).filter((field) => field !== 'model');
    if (missing)
      throw rentalInvalid(say('rentalFieldInvalid', { participant: seq, item: say(`rentalField.${missing}`) }));
    const { model, boots_size: bootsSize, wear_size: wearSize } = checked.rental;
    return { seq: member.seq, model, bootsSize, wearSize };
  });
  if (seen.size !== members.length) throw rentalInvalid(say('rentalMembersMismatch'));
  return rows;
}

function asHistory(rows: RentalValues[]): Record<string, unknown> {
  return { rentals: rows.map((r) => ({ seq: r.seq, model: r.model, boots: r.bootsSize, wear: r.wearSize })) };
}

function assertEditable(ctx: AppContextBase, booking: repo.BookingRow | undefined): asserts booking {
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  const facts = {
    status: booking.status,
    status_payment: booking.statusPayment,
    flg_request_rsv: booking.flgRequestRsv,
    rsvdate: toTokyoIso(booking.rsvdate),
  };
  if (!rentalEditAllowed(facts, toTokyoIso(ctx.clock.now())) || booking.canceledAt) {
    throw AppError.conflict(ErrCd.generic, say('canceledNotEditable'));
  }
}

/** Replaces the rental sizes, checked against the rental code's lists; refused once the booking is canceled. */
export async function editRentals(
  ctx: AppContextBase,
  rsvno: string,
  entries: RentalEntry[],
  actor: Actor,
): Promise<void> {
  const lines = await repo.findBookingOptions(ctx.db, rsvno);
  const rentalcd = lines.find(({ option }) => option.rentalcd !== '')?.option.rentalcd;
  if (!rentalcd) throw new AppError(ErrCd.generic, say('noRental'), 400);
  assertEditable(ctx, await repo.findBooking(ctx.db, rsvno));
  const rows = checkEntries(rentalcd, await repo.findMembers(ctx.db, rsvno), entries);

  await ctx.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, rsvno);
    assertEditable(ctx, booking);
    const history = { before: asHistory(await repo.findRentals(tx, rsvno)), after: asHistory(rows) };
    // Saved unchanged (or sent twice): nothing to write, and no empty event in the history.
    if (isDeepStrictEqual(history.before, history.after)) return;
    await lockRentalSizes(tx, rsvno, rows);
    await repo.replaceRentals(tx, rsvno, rows);
    // The shop must still have the sizes chosen now (ADR 0209); the refusal names whose size ran out.
    try {
      await holdRentalSizes(tx, rsvno);
    } catch (error) {
      const gone = rentalSizeGone(error);
      if (!gone) throw error;
      throw sizeGoneRefusal(rows, gone);
    }
    await recordEvent(tx, ctx.clock.now(), rsvno, actor, 'rentals_changed', history);
  });
}

const ITEM_FIELD = { model: 'model', boots: 'bootsSize', wear: 'wearSize' } as const;
const ITEM_LABEL = { model: 'model', boots: 'boots_size', wear: 'wear_size' } as const;

/**
 * The refusal when a shop ran out of a size while the visitor chose (ADR 0209): it names the first traveller who chose
 * it, so that they pick another and send again.
 */
export function sizeGoneRefusal(
  rentals: readonly { seq: number; model: string; bootsSize: string; wearSize: string }[],
  gone: RentalSizeGone,
): AppError {
  const who = rentals.find((r) => r[ITEM_FIELD[gone.item]] === gone.size);
  // A type is named in the caller's language; a size is a size in every language.
  const size =
    gone.item === 'model' && (gone.size === '1' || gone.size === '2') ? say(`rentalType.${gone.size}`) : gone.size;
  return AppError.conflict(
    ErrCd.generic,
    say('rentalSizeGone', { participant: who?.seq ?? 1, item: say(`rentalField.${ITEM_LABEL[gone.item]}`), size }),
  );
}
