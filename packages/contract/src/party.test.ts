import { describe, expect, it } from 'vitest';
import {
  type AgeRules,
  ageBounds,
  classUpperBound,
  emptyParty,
  headcount,
  isPartyValid,
  offeredAgeClasses,
  type PartyCounts,
  type PartyPrices,
  partyBounds,
  partyTotal,
} from './party.ts';

const rules = (over: Partial<AgeRules> = {}): AgeRules => ({
  adult_age_min: 12,
  adult_age_max: null,
  middle_age_min: null,
  middle_age_max: null,
  child_age_min: null,
  child_age_max: null,
  infant_age_min: null,
  infant_age_max: null,
  ...over,
});
const counts = (over: Partial<PartyCounts>): PartyCounts => ({ ...emptyParty(), ...over });
const prices: PartyPrices = { adult: 9800, middle: 7800, child: 5900, infant: 0 };

describe('offeredAgeClasses', () => {
  it('always offers adults, and other classes only where their maximum age is set', () => {
    expect(offeredAgeClasses(rules())).toEqual(['adult']);
    expect(offeredAgeClasses(rules({ child_age_min: 6, child_age_max: 11 }))).toEqual(['adult', 'child']);
    expect(offeredAgeClasses(rules({ child_age_min: 6, child_age_max: 11, infant_age_max: 5 }))).toEqual([
      'adult',
      'child',
      'infant',
    ]);
    expect(offeredAgeClasses(rules({ middle_age_max: 17, child_age_max: 11, infant_age_max: 5 }))).toEqual([
      'adult',
      'middle',
      'child',
      'infant',
    ]);
    // A minimum alone does not offer the class.
    expect(offeredAgeClasses(rules({ child_age_min: 6 }))).toEqual(['adult']);
  });

  it('gives the bounds of a class', () => {
    expect(ageBounds('child', rules({ child_age_min: 6, child_age_max: 11 }))).toEqual({ min: 6, max: 11 });
    expect(ageBounds('adult', rules())).toEqual({ min: 12, max: null });
  });
});

describe('party size', () => {
  it('defaults to 1..1 when the option sets nothing', () => {
    expect(partyBounds({ min_people: null, max_people: null })).toEqual({ min: 1, max: 1 });
    expect(partyBounds({ min_people: 2, max_people: 8 })).toEqual({ min: 2, max: 8 });
  });

  it('offers each class up to the maximum less the other classes', () => {
    const c = counts({ adult: 2, child: 1 });
    expect(headcount(c)).toBe(3);
    expect(classUpperBound('adult', c, 8)).toBe(7);
    expect(classUpperBound('child', c, 8)).toBe(6);
    expect(classUpperBound('infant', c, 8)).toBe(5);
    expect(classUpperBound('infant', counts({ adult: 8 }), 8)).toBe(0);
    expect(classUpperBound('infant', counts({ adult: 9 }), 8)).toBe(0);
  });

  it('totals count times unit price, 0 until the price is loaded', () => {
    expect(partyTotal(counts({ adult: 2, child: 1, infant: 1 }), prices)).toBe(2 * 9800 + 5900);
    expect(partyTotal(counts({ adult: 1, middle: 1 }), prices)).toBe(9800 + 7800);
    expect(partyTotal(counts({ adult: 2 }), null)).toBe(0);
    expect(partyTotal(emptyParty(), prices)).toBe(0);
  });

  it('is valid only with a price and a headcount within min and max', () => {
    const limits = { min_people: 2, max_people: 4 };
    expect(isPartyValid(counts({ adult: 2 }), prices, limits)).toBe(true);
    expect(isPartyValid(counts({ adult: 1, child: 3 }), prices, limits)).toBe(true);
    expect(isPartyValid(counts({ adult: 1 }), prices, limits)).toBe(false);
    expect(isPartyValid(counts({ adult: 3, child: 2 }), prices, limits)).toBe(false);
    expect(isPartyValid(counts({ adult: 2 }), null, limits)).toBe(false);
    expect(isPartyValid(counts({ adult: 1 }), prices, { min_people: null, max_people: null })).toBe(true);
    expect(isPartyValid(counts({ adult: 2 }), prices, { min_people: null, max_people: null })).toBe(false);
    expect(isPartyValid(emptyParty(), prices, { min_people: null, max_people: 5 })).toBe(false);
  });
});
