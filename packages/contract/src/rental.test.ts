import { describe, expect, it } from 'vitest';
import { RentalCode, SHOE_SIZES, WEAR_SIZES_ADULT, WEAR_SIZES_CHILD } from './constants.ts';
import {
  canonicalRentalValue,
  checkRental,
  keepShownRental,
  missingRentalFields,
  NO_RENTAL,
  normaliseShoeSize,
  rentalChoices,
  rentalFields,
  rentalValueLabel,
} from './rental.ts';

describe('rental rule', () => {
  it('shows the selects each rental code needs, in screen order', () => {
    expect(rentalFields(RentalCode.none)).toEqual([]);
    expect(rentalFields(RentalCode.skiSnowboard)).toEqual(['model', 'boots_size', 'wear_size']);
    expect(rentalFields(RentalCode.wear)).toEqual(['wear_size']);
    expect(rentalFields(RentalCode.boots)).toEqual(['boots_size']);
    expect(rentalFields(RentalCode.wearAndBoots)).toEqual(['boots_size', 'wear_size']);
  });

  it('offers adult wear to adults and middles, children wear to children and infants, shoes 18 to 29', () => {
    expect(rentalChoices('wear_size', 'adult')).toEqual(WEAR_SIZES_ADULT);
    expect(rentalChoices('wear_size', 'middle')).toEqual(WEAR_SIZES_ADULT);
    expect(rentalChoices('wear_size', 'child')).toEqual(WEAR_SIZES_CHILD);
    expect(rentalChoices('wear_size', 'infant')).toEqual(WEAR_SIZES_CHILD);
    expect(rentalChoices('boots_size', 'child')).toBe(SHOE_SIZES);
    expect(SHOE_SIZES[0]).toBe('18.0');
    expect(SHOE_SIZES.at(-1)).toBe('29.0');
    expect(rentalChoices('model', 'adult')).toEqual(['1', '2']);
    expect(rentalValueLabel('model', '2')).toBe('スノーボード');
    expect(rentalValueLabel('boots_size', '25.5')).toBe('25.5cm');
  });

  it('has one shoe-size normaliser: the list spelling, full-width digits accepted, off-list sizes refused', () => {
    expect(normaliseShoeSize('25')).toBe('25.0');
    expect(normaliseShoeSize(' 25.50 ')).toBe('25.5');
    expect(normaliseShoeSize('２６．５')).toBe('26.5');
    expect(normaliseShoeSize('25.25')).toBeUndefined();
    expect(normaliseShoeSize('17.5')).toBeUndefined();
    expect(normaliseShoeSize('abc')).toBeUndefined();
    expect(normaliseShoeSize('')).toBeUndefined();
    expect(canonicalRentalValue('boots_size', '', 'adult')).toBe('');
    expect(canonicalRentalValue('wear_size', 'ＸＬ', 'adult')).toBe('XL');
    expect(canonicalRentalValue('wear_size', 'XL', 'child')).toBeUndefined();
  });

  it('checks a choice against the rental code and age class and gives its stored form', () => {
    expect(checkRental({ model: '1', boots_size: '26', wear_size: ' L ' }, RentalCode.skiSnowboard, 'adult')).toEqual({
      ok: true,
      rental: { model: '1', boots_size: '26.0', wear_size: 'L' },
    });
    expect(checkRental(NO_RENTAL, RentalCode.skiSnowboard, 'adult')).toEqual({ ok: true, rental: NO_RENTAL });
    expect(checkRental({ model: '1', boots_size: '', wear_size: '' }, RentalCode.boots, 'adult')).toEqual({
      ok: false,
      field: 'model',
    });
    expect(checkRental({ model: '', boots_size: '24.0', wear_size: 'M' }, RentalCode.wearAndBoots, 'child')).toEqual({
      ok: false,
      field: 'wear_size',
    });
    expect(checkRental({ model: '', boots_size: '30', wear_size: '' }, RentalCode.boots, 'adult')).toEqual({
      ok: false,
      field: 'boots_size',
    });
  });

  it('names the shown selects still at none, and keeps only what the code asks for', () => {
    const choice = { model: '1', boots_size: '26.0', wear_size: '' };
    expect(missingRentalFields(choice, RentalCode.skiSnowboard)).toEqual(['wear_size']);
    expect(missingRentalFields(choice, RentalCode.boots)).toEqual([]);
    expect(keepShownRental(choice, RentalCode.wear)).toEqual(NO_RENTAL);
    expect(keepShownRental(choice, RentalCode.boots)).toEqual({ model: '', boots_size: '26.0', wear_size: '' });
  });
});
