/** The rental edit form's state, built from and turned back into SPEC §3's rentskiList. */
import type { Booking, Member, RentalInput } from '@tabi/contract/booking';
import {
  type AgeClass,
  ageClassFromCode,
  RENTAL_TYPES,
  type RentalTypeCode,
  rentalNeedsBoots,
  rentalNeedsType,
  rentalNeedsWear,
  SHOE_SIZES,
  wearSizesFor,
} from '@tabi/contract/constants';

export interface RentalRow {
  seq: string;
  model: RentalTypeCode;
  boots_size: string;
  wear_size: string;
}

export function memberAgeClass(member: Pick<Member, 'ageclass'>): AgeClass {
  return ageClassFromCode(member.ageclass) ?? 'adult';
}

function asRentalType(model: string): RentalTypeCode {
  return (RENTAL_TYPES as readonly string[]).includes(model) ? (model as RentalTypeCode) : '';
}

/** One row per participant, prefilled from the booking's rentskiList (matched by seq). */
export function initialRentalRows(booking: Pick<Booking, 'memberList' | 'rentskiList'>): RentalRow[] {
  return booking.memberList.map((m, i) => {
    const seq = m.seq || String(i + 1);
    const current = booking.rentskiList.find((r) => r.seq === seq);
    return {
      seq,
      model: asRentalType(current?.model ?? ''),
      boots_size: current && SHOE_SIZES.includes(current.boots_size) ? current.boots_size : '',
      wear_size: current && wearSizesFor(memberAgeClass(m)).includes(current.wear_size) ? current.wear_size : '',
    };
  });
}

/** Only the fields the option's rental code asks for are sent; accessories always blank. */
export function toRentskiList(rows: RentalRow[], rentalcd: string): RentalInput[] {
  return rows.map((r) => ({
    seq: r.seq,
    model: rentalNeedsType(rentalcd) ? r.model : '',
    boots_size: rentalNeedsBoots(rentalcd) ? r.boots_size : '',
    wear_size: rentalNeedsWear(rentalcd) ? r.wear_size : '',
    accessory: '',
  }));
}
