/** The rental edit form's state, built from and turned back into SPEC §3's rentskiList. */
import type { Booking, Member, RentalInput } from '@tabi/contract/booking';
import { type AgeClass, ageClassFromCode, type RentalTypeCode } from '@tabi/contract/constants';
import { canonicalRentalValue, keepShownRental, rentalTypeOf } from '@tabi/contract/rental';

export interface RentalRow {
  seq: string;
  model: RentalTypeCode;
  boots_size: string;
  wear_size: string;
}

export function memberAgeClass(member: Pick<Member, 'ageclass'>): AgeClass {
  return ageClassFromCode(member.ageclass) ?? 'adult';
}

/** One row per participant, prefilled from the booking's rentskiList (matched by seq); sizes not offered are dropped. */
export function initialRentalRows(booking: Pick<Booking, 'memberList' | 'rentskiList'>): RentalRow[] {
  return booking.memberList.map((m, i) => {
    const seq = m.seq || String(i + 1);
    const current = booking.rentskiList.find((r) => r.seq === seq);
    const ageClass = memberAgeClass(m);
    const offered = (field: 'model' | 'boots_size' | 'wear_size') =>
      canonicalRentalValue(field, current?.[field] ?? '', ageClass) ?? '';
    return {
      seq,
      model: rentalTypeOf(offered('model')),
      boots_size: offered('boots_size'),
      wear_size: offered('wear_size'),
    };
  });
}

/** Only the fields the option's rental code asks for are sent; accessories always blank. */
export function toRentskiList(rows: RentalRow[], rentalcd: string): RentalInput[] {
  return rows.map((r) => ({ seq: r.seq, ...keepShownRental(r, rentalcd), accessory: '' }));
}
