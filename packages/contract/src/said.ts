/**
 * What the API and the shared rules say, by key (ADR 0206). A message travels as a reference to the contract's
 * catalog (`packages/contract/messages/<lang>/{api,rules}.json`), `§key` or `§key{"max":50}`, through errors, envelopes
 * and form rules alike, and is written in a language only where it is shown: the server's envelope, the page's
 * alert or field. A value may itself be a reference (an age class's name), written in the same language.
 */
import type { MessageParams } from './message-params.gen.ts';

/**
 * The API's own messages (`api.json`) and the shared rules' (`rules.json`: what the forms and the API both say, so the
 * pages load only these); one key names one message across both.
 */
type ApiParams = MessageParams['api'] & MessageParams['rules'];
export type ApiKey = keyof ApiParams;
/** A message that names no values. */
export type PlainKey = { [K in ApiKey]: ApiParams[K] extends null ? K : never }[ApiKey];
export type SaidValues = Record<string, string | number>;

const MARK = '§';

/** A message of the contract by its key, with the values it names. */
export function say<K extends ApiKey>(key: K, ...values: ApiParams[K] extends null ? [] : [ApiParams[K]]): string {
  const [given] = values;
  return given ? `${MARK}${key}${JSON.stringify(given)}` : `${MARK}${key}`;
}

export function isSaid(text: string): boolean {
  return text.startsWith(MARK);
}

/** A reference's key and values; null for a text that is not one (a customer's own words, a console message). */
export function heard(text: string): { key: ApiKey; values: SaidValues | undefined } | null {
  if (!isSaid(text)) return null;
  const brace = text.indexOf('{');
  const key = (brace < 0 ? text.slice(1) : text.slice(1, brace)) as ApiKey;
  if (brace < 0) return { key, values: undefined };
  try {
    return { key, values: JSON.parse(text.slice(brace)) as SaidValues };
  } catch {
    return null;
  }
}

/**
 * A text in a language: a reference written by `format` (the language's catalog), its values first, or any other
 * text as it is.
 */
export function writeSaid(text: string, format: (key: ApiKey, values: SaidValues | undefined) => string): string {
  const said = heard(text);
  if (!said) return text;
  const values = said.values
    ? Object.fromEntries(
        Object.entries(said.values).map(([name, value]) => [
          name,
          typeof value === 'string' ? writeSaid(value, format) : value,
        ]),
      )
    : undefined;
  return format(said.key, values);
}
