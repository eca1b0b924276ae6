/**
 * The rental rule (SPEC §2 Rental entry / Rental edit, §5's lists), one for the purchase form, the my-page
 * edit and the server: which selects a rental code needs, which values each offers to an age class, and
 * how a value is written when stored.
 */
import {
  type AgeClass,
  RENTAL_TYPE_LABEL,
  RENTAL_TYPES,
  type RentalTypeCode,
  rentalNeedsBoots,
  rentalNeedsType,
  rentalNeedsWear,
  SHOE_SIZES,
  wearSizesFor,
} from './constants.ts';

function isRentalType(value: string): value is RentalTypeCode {
  return (RENTAL_TYPES as readonly string[]).includes(value);
}

/** The selects of a rental entry, named as SPEC §7's rentskiList fields. */
export type RentalField = 'model' | 'boots_size' | 'wear_size';
export const RENTAL_FIELDS: readonly RentalField[] = ['model', 'boots_size', 'wear_size'];

export const RENTAL_FIELD_LABEL: Record<RentalField, string> = {
  model: 'レンタル',
  boots_size: 'ブーツ',
  wear_size: 'ウェア',
};

/** One participant's choice; '' is "none". */
export interface RentalChoice {
  model: string;
  boots_size: string;
  wear_size: string;
}

export const NO_RENTAL: RentalChoice = { model: '', boots_size: '', wear_size: '' };

const NEEDS: Record<RentalField, (rentalcd: string) => boolean> = {
  model: rentalNeedsType,
  boots_size: rentalNeedsBoots,
  wear_size: rentalNeedsWear,
};

/** The selects a rental code shows, in screen order (type for ski-snowboard; boots; wear). */
export function rentalFields(rentalcd: string): RentalField[] {
  return RENTAL_FIELDS.filter((field) => NEEDS[field](rentalcd));
}

const RENTAL_MODELS = RENTAL_TYPES.filter((t) => t !== '');

/** The values a select offers to a participant of this age class, "none" not included. */
export function rentalChoices(field: RentalField, ageClass: AgeClass): readonly string[] {
  if (field === 'model') return RENTAL_MODELS;
  return field === 'boots_size' ? SHOE_SIZES : wearSizesFor(ageClass);
}

/** A rental type code, or none for anything else. */
export function rentalTypeOf(value: string): RentalTypeCode {
  return RENTAL_TYPES.find((t) => t === value) ?? '';
}

/** How an offered value reads in a select and on the confirm screen (`typeName`: in the page's language). */
export function rentalValueLabel(
  field: RentalField,
  value: string,
  typeName: (code: RentalTypeCode) => string = (code) => RENTAL_TYPE_LABEL[code],
): string {
  if (field === 'model') return isRentalType(value) ? typeName(value) : value;
  return field === 'boots_size' ? `${value}cm` : value;
}

/** '25', '25.0' and '２５．０' are the same shoe size: the list's spelling of it, or undefined off the list. */
export function normaliseShoeSize(size: string): string | undefined {
  const text = size.normalize('NFKC').trim();
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) return undefined;
  return SHOE_SIZES.find((s) => Number(s) === n);
}

/**
 * A value in its stored form: '' for none, the list's spelling of an offered value, or undefined when
 * the value is not offered to this age class.
 */
export function canonicalRentalValue(field: RentalField, value: string, ageClass: AgeClass): string | undefined {
  const text = value.normalize('NFKC').trim();
  if (text === '') return '';
  if (field === 'boots_size') return normaliseShoeSize(text);
  return rentalChoices(field, ageClass).includes(text) ? text : undefined;
}

export type RentalCheck = { ok: true; rental: RentalChoice } | { ok: false; field: RentalField };

/**
 * One participant's rental checked against the option's rental code and the participant's age class:
 * every value is offered (or none), and the selects the code does not show are left empty. The result
 * is the stored form; a failure names the first select that is wrong.
 */
export function checkRental(choice: RentalChoice, rentalcd: string, ageClass: AgeClass): RentalCheck {
  const shown = new Set(rentalFields(rentalcd));
  const rental: RentalChoice = { ...NO_RENTAL };
  for (const field of RENTAL_FIELDS) {
    const value = canonicalRentalValue(field, choice[field], ageClass);
    if (value === undefined || (value !== '' && !shown.has(field))) return { ok: false, field };
    rental[field] = value;
  }
  return { ok: true, rental };
}

/** The selects the rental code shows that are still at "none". */
export function missingRentalFields(choice: RentalChoice, rentalcd: string): RentalField[] {
  return rentalFields(rentalcd).filter((field) => choice[field].trim() === '');
}

/** Only what the rental code asks for is kept (the rest is sent empty). */
export function keepShownRental<T extends RentalChoice>(
  choice: T,
  rentalcd: string,
): { model: T['model'] | ''; boots_size: string; wear_size: string } {
  const shown = new Set(rentalFields(rentalcd));
  return {
    model: shown.has('model') ? choice.model : '',
    boots_size: shown.has('boots_size') ? choice.boots_size : '',
    wear_size: shown.has('wear_size') ? choice.wear_size : '',
  };
}
