import { AGE_CLASSES, type AgeClass } from '@tabi/contract/constants';
import { type PartyCounts, type PartyPrices, partyTotal } from '@tabi/contract/party';

export interface PartyLine {
  ageClass: AgeClass;
  count: number;
  unitPrice: number;
  subtotal: number;
}

/** The classes that travel, with their unit prices (SPEC §2 Confirm: party by class, unit prices, total). */
export function partyLines(party: PartyCounts, prices: PartyPrices): PartyLine[] {
  return AGE_CLASSES.filter((c) => party[c] > 0).map((c) => ({
    ageClass: c,
    count: party[c],
    unitPrice: prices[c],
    subtotal: party[c] * prices[c],
  }));
}

/** The amount shown and sent: recomputed from the party and its prices, the stored amount as a fallback. */
export function reservationAmount(party: PartyCounts | null, prices: PartyPrices | null, stored: number): number {
  return party && prices ? partyTotal(party, prices) : stored;
}
