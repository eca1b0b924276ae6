import type { Ymd } from '@tabi/contract/dates';
import { type AgeRules, ageBounds } from '@tabi/contract/party';
import { blankPerson, type Leader, type Person } from '../../../stores/reservation-store.ts';
import { birthdayTextFromIso, isoFromBirthdayText } from './birthday-text.ts';
import type { LeaderFormValues, PersonFormValues } from './member-schema.ts';

export function personToForm(person: Person): PersonFormValues {
  return {
    lastName: person.lastName,
    firstName: person.firstName,
    birthday: birthdayTextFromIso(person.birthday),
    sex: person.sex,
    nationalityId: person.nationalityId,
    passportNumber: person.passportNumber,
    vegetarianMeals: person.vegetarianMeals,
    ageClass: person.ageClass,
  };
}

export function leaderToForm(leader: Leader | null): LeaderFormValues {
  const base = leader ?? { ...blankPerson('adult'), phoneNumber: '', email: '' };
  return { ...personToForm(base), ageClass: 'adult', phoneNumber: base.phoneNumber, email: base.email };
}

interface Listed {
  needsPassport: boolean;
  needsVegetarian: boolean;
}

/** The form's answers laid over what the store held (rental choices survive a trip back to this screen). */
export function personFromForm(values: PersonFormValues, previous: Person, listed: Listed): Person {
  return {
    ...previous,
    lastName: values.lastName.trim(),
    firstName: values.firstName.trim(),
    birthday: isoFromBirthdayText(values.birthday),
    sex: values.sex,
    nationalityId: values.nationalityId,
    passportNumber: listed.needsPassport ? values.passportNumber.trim() : '',
    vegetarianMeals: listed.needsVegetarian ? values.vegetarianMeals : false,
    ageClass: values.ageClass,
  };
}

export function leaderFromForm(values: LeaderFormValues, previous: Leader | null, listed: Listed): Leader {
  const base = previous ?? { ...blankPerson('adult'), phoneNumber: '', email: '' };
  return {
    ...personFromForm(values, base, listed),
    ageClass: 'adult',
    phoneNumber: values.phoneNumber.trim(),
    email: values.email.trim(),
  };
}

const ADULT_CALENDAR_AGE = 30;

/**
 * The month a birthday calendar opens on: the middle of the class's age range on the use date
 * (30 years back for adults with no upper bound), so few clicks reach a plausible year.
 */
export function calendarStart(ageClass: PersonFormValues['ageClass'], rules: AgeRules, usedate: Ymd): Ymd {
  const { min, max } = ageBounds(ageClass, rules);
  const years = max === null ? Math.max(min ?? 0, ADULT_CALENDAR_AGE) : Math.round(((min ?? 0) + max) / 2);
  const year = Number(usedate.slice(0, 4)) - years;
  return `${year}${usedate.slice(4, 6)}01`;
}
