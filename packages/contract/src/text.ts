/** Text checks shared by the contract's schemas and the forms, without zod (the index route loads none). */

/**
 * C0 controls (tab, CR and LF included), DEL, C1 controls, and the bidirectional controls (ALM, LRM, RLM,
 * LRE–RLO, LRI–PDI): none belongs in a name, phone, code or any other field of a request, and in a name they
 * reach mail headers and bodies or reorder what staff read (issue 11, item 6).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
