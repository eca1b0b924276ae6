/** SPEC §5's rules, checked again on the server: a client that skips them gets a Japanese refusal. */
import type { createBookingRequest } from '@tabi/contract/booking';
import {
  birthdayProblem,
  bookingNameProblem,
  EMAIL_PATTERN,
  isYes,
  nameProblem,
  normalisePhone,
  phoneProblem,
} from '@tabi/contract/booking-rules';
import { type AgeClass, ageClassFromCode, ErrCd, RentalCode } from '@tabi/contract/constants';
import { isoDateToYmd, isValidYmd, tokyoYmd, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import {
  type AgeRules,
  emptyParty,
  headcount,
  infantsOnly,
  offeredAgeClasses,
  type PartyCounts,
  partyBounds,
} from '@tabi/contract/party';
import { checkRental, NO_RENTAL } from '@tabi/contract/rental';
import { say } from '@tabi/contract/said';
import { departed, type SalesCutoff, salesClosed } from '@tabi/contract/sales-cutoff';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { NewMember, OptionRow } from './repository.ts';

export type BookingInput = z.output<typeof createBookingRequest>;

export interface PlannedMember {
  seq: number;
  sei: string;
  mei: string;
  /** YYYY-MM-DD */
  birthday: string;
  sex: string;
  ageClass: AgeClass;
  ageclassCode: string;
  nationalityId: number;
  extended: Record<string, unknown>;
}

export interface PlannedRental {
  seq: number;
  model: string;
  bootsSize: string;
  wearSize: string;
}

/** A request that passed every rule: what the booking will hold. */
export interface BookingPlan {
  usedate: Ymd;
  counts: PartyCounts;
  seats: number;
  members: PlannedMember[];
  rentals: PlannedRental[];
  nationalityIds: number[];
}

function refuse(message: string): AppError {
  return new AppError('999', message, 422);
}

function ofMember(seq: number, message: string): string {
  return say('aboutField', { field: say('participantTitle', { n: seq }), problem: message });
}

export function ageRulesOf(option: OptionRow): AgeRules {
  return {
    adult_age_min: option.adultAgeMin,
    adult_age_max: option.adultAgeMax,
    middle_age_min: option.middleAgeMin,
    middle_age_max: option.middleAgeMax,
    child_age_min: option.childAgeMin,
    child_age_max: option.childAgeMax,
    infant_age_min: option.infantAgeMin,
    infant_age_max: option.infantAgeMax,
  };
}

function checkApplicant(input: BookingInput): void {
  const nameIssue = bookingNameProblem(input.sei) ?? bookingNameProblem(input.mei);
  if (nameIssue) throw refuse(say('aboutField', { field: say('leader'), problem: nameIssue }));
  checkContact(input);
}

/** The booking form's rule for the participants' names (the console's edit keeps planMembers' own). */
function checkMemberNames(input: BookingInput): void {
  for (const [index, m] of input.memberList.entries()) {
    const nameIssue = bookingNameProblem(m.sei) ?? bookingNameProblem(m.mei);
    if (nameIssue) throw refuse(ofMember(index + 1, nameIssue));
  }
}

/** The applicant's phone and mail, by the booking form's rules (also when staff correct them). */
export function checkContact(input: { tel: string; mail: string }): void {
  const phoneIssue = phoneProblem(input.tel);
  if (phoneIssue) throw refuse(say('aboutField', { field: say('leader'), problem: phoneIssue }));
  // The phone is the login secret: it must keep enough digits to be compared later (DESIGN §4).
  if (normalisePhone(input.tel).length < 6) throw refuse(say('invalidPhone'));
  if (!EMAIL_PATTERN.test(input.mail)) throw refuse(say('invalidEmail'));
}

/** The day (and departure) can be booked now: in the option's period, not past, its sales open, not left yet. */
export function checkDepartureOnSale(usedate: Ymd, startTime: string, option: OptionRow, now: Date): void {
  if (!isValidYmd(usedate)) throw refuse(say('invalidDate'));
  const from = isoDateToYmd(option.useFrom);
  const to = isoDateToYmd(option.useTo);
  if (usedate < tokyoYmd(now) || usedate < from || usedate > to) throw refuse(say('useDateUnavailable'));
  if (salesClosed(usedate, salesCutoffOf(option), now) || departed(usedate, startTime, now)) {
    throw AppError.conflict(ErrCd.generic, say('salesClosed'));
  }
}

/** The option's sales cutoff (ADR 0191). */
export function salesCutoffOf(option: Pick<OptionRow, 'salesCutoffDaysBefore' | 'salesCutoffTime'>): SalesCutoff {
  return { daysBefore: option.salesCutoffDaysBefore, time: option.salesCutoffTime };
}

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** Passport number and vegetarian choice only when the option lists them (SPEC §5); the passport is then required. */
function extendedOf(member: BookingInput['memberList'][number], seq: number, listed: ReadonlySet<string>) {
  const given = member.extended_fields?.extended_participant_fields ?? {};
  const extended: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    if (isGiven(value) && !listed.has(name)) throw refuse(ofMember(seq, say('extendedFieldNotAllowed')));
  }
  if (listed.has('passport_number')) {
    // Stored as printed in the passport: full-width letters and digits read as ASCII, upper case, no spaces.
    const passport =
      typeof given.passport_number === 'string'
        ? given.passport_number.normalize('NFKC').replace(/\s/g, '').toUpperCase()
        : '';
    if (!passport) throw refuse(ofMember(seq, say('passportRequired')));
    extended.passport_number = passport;
  }
  if (listed.has('vegetarian_meals')) extended.vegetarian_meals = isYes(given.vegetarian_meals);
  return extended;
}

function planRentals(input: BookingInput, option: OptionRow, members: PlannedMember[]): PlannedRental[] {
  const rentalcd = option.rentalcd;
  const entries = input.rentskiList.filter((r) => r.model !== '' || r.boots_size !== '' || r.wear_size !== '');
  if (rentalcd === RentalCode.none) {
    if (entries.length > 0) throw refuse(say('rentalNotAllowed'));
    return [];
  }
  const bySeq = new Map<number, (typeof input.rentskiList)[number]>();
  for (const entry of input.rentskiList) {
    const seq = Number(entry.seq);
    if (!members.some((m) => m.seq === seq) || bySeq.has(seq)) throw refuse(say('rentalInvalid'));
    bySeq.set(seq, entry);
  }
  return members.map((member) => {
    // A select left at "none" is allowed here; the purchase form asks for every one (ADR 0051).
    const checked = checkRental(bySeq.get(member.seq) ?? NO_RENTAL, rentalcd, member.ageClass);
    if (!checked.ok) throw refuse(ofMember(member.seq, say('rentalInvalid')));
    const { model, boots_size, wear_size } = checked.rental;
    return { seq: member.seq, model, bootsSize: boots_size, wearSize: wear_size };
  });
}

/**
 * The participants checked against the option (age classes offered, names, birthdays for the use date,
 * extended fields): the booking's and the console's participant edit's one set of rules.
 */
export function planMembers(
  memberList: BookingInput['memberList'],
  option: OptionRow,
  usedate: Ymd,
  today: Ymd,
): { members: PlannedMember[]; counts: PartyCounts } {
  const rules = ageRulesOf(option);
  const offered = new Set(offeredAgeClasses(rules));
  const listed = new Set(option.extendedFields);
  const counts = emptyParty();
  const members = memberList.map((m, index): PlannedMember => {
    const seq = index + 1;
    if (Number(m.seq) !== seq || !/^\d+$/.test(m.seq)) throw refuse(say('memberListInvalid'));
    const ageClass = ageClassFromCode(m.ageclass);
    if (!ageClass || !offered.has(ageClass)) throw refuse(ofMember(seq, say('ageClassNotOffered')));
    const nameIssue = nameProblem(m.sei) ?? nameProblem(m.mei);
    if (nameIssue) throw refuse(ofMember(seq, nameIssue));
    const birthdayIssue = birthdayProblem(m.birthday, ageClass, usedate, today, rules);
    if (birthdayIssue) throw refuse(ofMember(seq, birthdayIssue));
    counts[ageClass] += 1;
    return {
      seq,
      sei: m.sei,
      mei: m.mei,
      birthday: ymdToIsoDate(m.birthday),
      sex: m.sex,
      ageClass,
      ageclassCode: m.ageclass,
      nationalityId: Number(m.nationality_id),
      extended: extendedOf(m, seq, listed),
    };
  });

  return { members, counts };
}

/** The rows a booking's planned participants are stored as. */
export function memberRows(rsvno: string, members: PlannedMember[]): NewMember[] {
  return members.map((m) => ({
    rsvno,
    seq: m.seq,
    sei: m.sei,
    mei: m.mei,
    birthday: m.birthday,
    sex: m.sex,
    ageclass: m.ageclassCode,
    nationalityId: m.nationalityId,
    extended: m.extended,
  }));
}

/** Every SPEC §5 rule that needs no database; throws the first problem as a Japanese AppError. */
export function planBooking(input: BookingInput, option: OptionRow, now: Date): BookingPlan {
  checkApplicant(input);
  checkMemberNames(input);
  const usedate = input.usedate;
  checkDepartureOnSale(usedate, input.start_time, option, now);
  const today = tokyoYmd(now);

  const { members, counts } = planMembers(input.memberList, option, usedate, today);
  const { min, max } = partyBounds({ min_people: option.minPeople, max_people: option.maxPeople });
  const seats = headcount(counts);
  if (seats < min || seats > max) throw refuse(say('partyOutOfRange', { min, max }));
  if (infantsOnly(counts)) throw refuse(say('infantsNeedCompanion'));

  return {
    usedate,
    counts,
    seats,
    members,
    rentals: planRentals(input, option, members),
    nationalityIds: [...new Set(members.map((m) => m.nationalityId).filter((id) => id !== 0))],
  };
}
