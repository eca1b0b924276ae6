import { randomInt } from 'node:crypto';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** DESIGN §10: two capital letters and six digits, drawn at random (XX000000). */
export function randomRsvno(): string {
  const letters = LETTERS.charAt(randomInt(26)) + LETTERS.charAt(randomInt(26));
  return `${letters}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}
