/** The party-count form's arithmetic (SPEC §2 Party-count form, §4, §5), shared by both sides. */
import { AGE_CLASSES, type AgeClass, DEFAULT_MAX_PEOPLE, DEFAULT_MIN_PEOPLE } from './constants.ts';

export type PartyCounts = Record<AgeClass, number>;
export type PartyPrices = Record<AgeClass, number>;

export interface AgeRules {
  adult_age_min: number | null;
  adult_age_max: number | null;
  middle_age_min: number | null;
  middle_age_max: number | null;
  child_age_min: number | null;
  child_age_max: number | null;
  infant_age_min: number | null;
  infant_age_max: number | null;
}

export interface PartyLimits {
  min_people: number | null;
  max_people: number | null;
}

export function emptyParty(): PartyCounts {
  return { adult: 0, middle: 0, child: 0, infant: 0 };
}

export function headcount(counts: PartyCounts): number {
  return AGE_CLASSES.reduce((sum, c) => sum + counts[c], 0);
}

/** Adults always; middle, child and infant only where the option sets the class's maximum age. */
export function offeredAgeClasses(rules: AgeRules): AgeClass[] {
  return AGE_CLASSES.filter((c) => c === 'adult' || rules[`${c}_age_max`] !== null);
}

export function partyBounds(limits: PartyLimits): { min: number; max: number } {
  return { min: limits.min_people ?? DEFAULT_MIN_PEOPLE, max: limits.max_people ?? DEFAULT_MAX_PEOPLE };
}

/** The highest count a class's drop-down offers: the maximum less the other classes' counts. */
export function classUpperBound(ageClass: AgeClass, counts: PartyCounts, max: number): number {
  const others = headcount(counts) - counts[ageClass];
  return Math.max(0, max - others);
}

export function partyTotal(counts: PartyCounts, prices: PartyPrices | null): number {
  if (!prices) return 0;
  return AGE_CLASSES.reduce((sum, c) => sum + counts[c] * prices[c], 0);
}

/** Infants travel with someone older: a party of infants only is refused (ADR 0100). */
export function infantsOnly(counts: PartyCounts): boolean {
  return counts.infant > 0 && headcount(counts) === counts.infant;
}

export function isPartyValid(counts: PartyCounts, prices: PartyPrices | null, limits: PartyLimits): boolean {
  if (!prices || infantsOnly(counts)) return false;
  const { min, max } = partyBounds(limits);
  const n = headcount(counts);
  return n >= min && n <= max;
}

export function ageBounds(ageClass: AgeClass, rules: AgeRules): { min: number | null; max: number | null } {
  return { min: rules[`${ageClass}_age_min`], max: rules[`${ageClass}_age_max`] };
}

/** A departure's (or a day's) unit prices by age class, numbers or SPEC §7's numeric strings, as the party form reads them. */
export function unitPricesOf(
  d: Record<'adultbaika' | 'middlebaika' | 'childbaika' | 'infantbaika', number | string>,
): PartyPrices {
  return {
    adult: Number(d.adultbaika),
    middle: Number(d.middlebaika),
    child: Number(d.childbaika),
    infant: Number(d.infantbaika),
  };
}
