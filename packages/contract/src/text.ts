/** Text checks shared by the contract's schemas and the forms, without zod (the index route loads none). */

/**
 * C0 controls (tab, CR and LF included), DEL, C1 controls, and the bidirectional controls (ALM, LRM, RLM,
 * LRE–RLO, LRI–PDI): none belongs in a name, phone, code or any other field of a request, and in a name they
 * reach mail headers and bodies or reorder what staff read.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** The controls a text of several lines may hold: tab and its line ends. */
const LINE_BREAKS_AND_TABS = /[\t\r\n]/g;

/**
 * The same rule for a text of several lines (a staff note, a fee's reason, an option's HTML): tab, CR and LF
 * are its line breaks and indents; every other control is refused as in a one-line field.
 */
export function hasControlCharactersInLines(text: string): boolean {
  return hasControlCharacters(text.replace(LINE_BREAKS_AND_TABS, ''));
}

/**
 * What a person's name may not hold beyond the controls: the line and paragraph separators (U+2028, U+2029),
 * which break a mail header or a CSV line in some readers, and the invisible zero-width space (U+200B) and soft
 * hyphen (U+00AD), which make two names that look the same differ (search, the manifest, a ticket's name).
 * Zero-width joiners stay allowed (emoji and some scripts need them).
 */
export const NAME_INVISIBLE_CHARACTERS = /[\u2028\u2029\u200B\u00AD]/;

export function hasInvisibleNameCharacters(text: string): boolean {
  return NAME_INVISIBLE_CHARACTERS.test(text);
}
