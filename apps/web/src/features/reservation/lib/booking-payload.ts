import type { CreateBookingRequest, MemberInput, RentalInput } from '@tabi/contract/booking';
import { AgeClassCode } from '@tabi/contract/constants';
import { keepShownRental } from '@tabi/contract/rental';
import type { Leader, Person, ReservedOption } from '../../../stores/reservation-store.ts';

export interface BookingDraft {
  optionDetail: ReservedOption;
  /** YYYYMMDD */
  usedate: string;
  /** The departure's start time (`HH:MM`), '' for a whole day. */
  startTime: string;
  md: string;
  amount: number;
  leader: Leader;
  members: Person[];
  /** navigator.language */
  language: string;
  /** The token of the キャンセル待ち offer whose held seats this booking uses (ADR 0167). */
  waitlistToken?: string | undefined;
  /** The 割引コード applied, and the yen off the page showed for it (ADR 0210). */
  discount?: { code: string; discount: number } | null | undefined;
}

function isoToYmd(iso: string): string {
  return iso.replaceAll('-', '');
}

/** SPEC §5: passport number and vegetarian choice are sent only when the option lists them. */
function extendedFields(person: Person, listed: readonly string[]): MemberInput['extended_fields'] {
  const fields: { passport_number?: string; vegetarian_meals?: boolean } = {};
  if (listed.includes('passport_number')) fields.passport_number = person.passportNumber;
  if (listed.includes('vegetarian_meals')) fields.vegetarian_meals = person.vegetarianMeals;
  return Object.keys(fields).length > 0 ? { extended_participant_fields: fields } : undefined;
}

function memberInput(person: Person, index: number, listed: readonly string[]): MemberInput {
  const extended = extendedFields(person, listed);
  return {
    seq: String(index + 1),
    sei: person.lastName,
    mei: person.firstName,
    sex: person.sex,
    birthday: isoToYmd(person.birthday),
    ageclass: AgeClassCode[person.ageClass],
    nationality_id: person.nationalityId || '0',
    ...(extended ? { extended_fields: extended } : {}),
  };
}

function rentalInput(person: Person, index: number, rentalcd: string): RentalInput {
  const choice = { model: person.rentalType, boots_size: person.bootsSize, wear_size: person.wearSize };
  return { seq: String(index + 1), ...keepShownRental(choice, rentalcd), accessory: '' };
}

/** SPEC §7 POST /booking (the contract's createBookingRequest); rentskiList only for rental options. */
export function bookingPayload(draft: BookingDraft): CreateBookingRequest {
  const { optionDetail, leader, members } = draft;
  const listed = optionDetail.extended_fields;
  const { rentalcd } = optionDetail;
  return {
    opcd: optionDetail.opcd,
    usedate: draft.usedate,
    ...(draft.startTime ? { start_time: draft.startTime } : {}),
    md: draft.md,
    sei: leader.lastName,
    mei: leader.firstName,
    tel: leader.phoneNumber,
    mail: leader.email,
    amountjp: String(draft.amount),
    lang: draft.language.slice(0, 2) || 'ja',
    webname_localized: optionDetail.webname,
    memberList: members.map((m, i) => memberInput(m, i, listed)),
    ...(rentalcd ? { rentskiList: members.map((m, i) => rentalInput(m, i, rentalcd)) } : {}),
    ...(draft.waitlistToken ? { waitlist_token: draft.waitlistToken } : {}),
    ...(draft.discount ? { discount_code: draft.discount.code, discount_amount: String(draft.discount.discount) } : {}),
  };
}
